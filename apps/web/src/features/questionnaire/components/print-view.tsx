import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import coverUrl from '../assets/print-cover.svg';
import { usePrinting } from '../../../lib/use-printing.ts';
import { useScreenContext } from '../use-screen-context.ts';
import { PrintedDisclosure } from './printed-disclosure.tsx';

// Paper shows the printed disclosure in place of the app's chrome and the screen; the screen
// never shows it.
const PRINT_STYLES = {
  '.print-only': { display: 'none' },
  '@media print': {
    'header, footer, nav, .no-print, .MuiSnackbar-root, .notistack-SnackbarContainer': {
      display: 'none !important',
    },
    '.print-only': { display: 'block' },
  },
} as const;

/**
 * What prints (requirements §1, M-23, M-24): the insurer's cover image first, alone on its page (slhk),
 * then the whole disclosure. The disclosure renders only while printing, so the screen pays
 * nothing for it; the cover stays in the page, hidden, so that it has loaded when paper needs it.
 */
export function PrintView() {
  const { insurerEntry } = useScreenContext();
  const printing = usePrinting();
  return (
    <>
      <GlobalStyles styles={PRINT_STYLES} />
      <Box component="article" className="print-only">
        {insurerEntry?.printCover && (
          <Box
            component="img"
            src={coverUrl}
            alt=""
            sx={{ display: 'block', width: '100%', breakAfter: 'page' }}
          />
        )}
        {printing && <PrintedDisclosure />}
      </Box>
    </>
  );
}
