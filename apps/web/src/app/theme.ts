import { createTheme, keyframes } from '@mui/material/styles';
import type { Localization } from '@mui/material/locale';

/**
 * Material UI's indeterminate progress bar moves its bars by animating `left` and `right`, which
 * the browser counts as a layout shift on every frame (Lighthouse's CLS): about 0.001 a frame,
 * enough over a second's loading to cost a page its score. The same motion as a transform (each
 * bar spans the track, moved and scaled from its left edge) is drawn alike and moves no layout.
 */
const bar1Motion = keyframes`
  0% { transform: translateX(-35%) scaleX(0.35); }
  60%, 100% { transform: translateX(100%) scaleX(0.9); }
`;
const bar2Motion = keyframes`
  0% { transform: translateX(-200%) scaleX(2); }
  60%, 100% { transform: translateX(107%) scaleX(0.01); }
`;
const INDETERMINATE = '&.MuiLinearProgress-indeterminate, &.MuiLinearProgress-query';
const transformedBar = { left: 0, right: 'auto', width: '100%', transformOrigin: 'left' } as const;

/**
 * Material UI's inputs tell the browser's autofill by an animation: each input's text starts
 * `mui-auto-fill-cancel`, an autofilled one `mui-auto-fill`, and the input reads the name when
 * it starts. Left to itself every input also rendered the two keyframes in a global style of
 * its own, five components and a `<style>` element each: on the bench's opened disclosure 145
 * of the first screen's 4,368 fibers and 29 of its 33 style sheets (issue 19). Here the
 * keyframes are written once, with the page's baseline, and every input keeps the animations
 * (the names are Material UI's, which its inputs compare).
 */
const AUTOFILL = 'mui-auto-fill';
const AUTOFILL_CANCEL = 'mui-auto-fill-cancel';
const AUTOFILL_KEYFRAMES = {
  [`@keyframes ${AUTOFILL}`]: { from: { animationName: AUTOFILL } },
  [`@keyframes ${AUTOFILL_CANCEL}`]: { from: { animationName: AUTOFILL_CANCEL } },
};
const AUTOFILL_ANIMATIONS = {
  animationName: AUTOFILL_CANCEL,
  animationDuration: '10ms',
  '&:-webkit-autofill': { animationDuration: '5000s', animationName: AUTOFILL },
};

/** The app theme, with Material UI's own texts (pagination, close buttons) from `locale`. */
export function themeFor(locale: Localization) {
  return createTheme(
    {
      palette: {
        primary: { main: '#0b5394' },
        secondary: { main: '#00796b' },
        error: { main: '#c62828' },
        background: { default: '#f4f6f9' },
      },
      shape: { borderRadius: 8 },
      components: {
        MuiCssBaseline: { styleOverrides: AUTOFILL_KEYFRAMES },
        MuiInputBase: {
          defaultProps: { disableInjectingGlobalStyles: true },
          styleOverrides: { input: AUTOFILL_ANIMATIONS },
        },
        // Spec §9: a listbox is at most 40vh high; longer lists scroll.
        MuiMenu: { styleOverrides: { paper: { maxHeight: '40vh' } } },
        // Buttons read as the requirements names them ('Sign In', 'Create An Account'), not in capitals.
        MuiButton: {
          defaultProps: { disableElevation: true },
          styleOverrides: { root: { textTransform: 'none' } },
        },
        MuiLinearProgress: {
          styleOverrides: {
            root: {
              [INDETERMINATE]: {
                '& .MuiLinearProgress-bar1': {
                  ...transformedBar,
                  animation: `${bar1Motion} 2.1s cubic-bezier(0.65, 0.815, 0.735, 0.395) infinite both`,
                },
                '& .MuiLinearProgress-bar2': {
                  ...transformedBar,
                  animation: `${bar2Motion} 2.1s cubic-bezier(0.165, 0.84, 0.44, 1) 1.15s infinite both`,
                },
              },
            },
          },
        },
      },
    },
    locale,
  );
}
