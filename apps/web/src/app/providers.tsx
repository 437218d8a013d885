import { useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Provider } from 'react-redux';
import { selectLanguage } from '../features/language/language-slice.ts';
import { useAppSelector } from './hooks.ts';
import type { AppStore } from './store.ts';
import { useMuiLocale } from './mui-locale.ts';
import { themeFor } from './theme.ts';

function ThemedApp({ children }: { children: ReactNode }) {
  const language = useAppSelector(selectLanguage);
  const locale = useMuiLocale(language);
  const theme = useMemo(() => themeFor(locale), [locale]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

/** The store and theme every part of the app relies on. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemedApp>{children}</ThemedApp>
    </Provider>
  );
}
