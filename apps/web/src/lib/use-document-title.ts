import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Names the browser tab after the screen, in the user's language ('Questionnaire 12345 – Video
 * MER'), so that several open tabs and the history can be told apart. Without a screen name,
 * and again when the screen goes, the tab reads 'Video MER'.
 */
export function useDocumentTitle(screen: string | null): void {
  const { t } = useTranslation();
  const appName = t('app.name');
  const title = screen ? t('app.documentTitle', { screen }) : appName;
  useEffect(() => {
    document.title = title;
    return () => {
      document.title = appName;
    };
  }, [title, appName]);
}
