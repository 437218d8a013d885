import { createTheme } from '@mui/material/styles';
import { enUS, zhCN, zhHK } from '@mui/material/locale';
import { LANGUAGE_TABLE } from '@vmer/domain/languages';
import type { Language } from '@vmer/domain/model';

/** Material UI's own texts, by the name the language table gives them. */
const MUI_LOCALES = { enUS, zhHK, zhCN };

/** The app theme, with Material UI's own texts (pagination, close buttons) in the language. */
export function themeFor(language: Language) {
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
        // Spec §9: a listbox is at most 40vh high; longer lists scroll.
        MuiMenu: { styleOverrides: { paper: { maxHeight: '40vh' } } },
        // Buttons read as the requirements names them ('Sign In', 'Create An Account'), not in capitals.
        MuiButton: {
          defaultProps: { disableElevation: true },
          styleOverrides: { root: { textTransform: 'none' } },
        },
      },
    },
    MUI_LOCALES[LANGUAGE_TABLE[language].muiLocale],
  );
}
