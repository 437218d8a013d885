import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';

/** The id of each layout's main landmark, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/** A keyboard user's first stop: jumps past the header to the page content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.tooltip + 2,
        p: 1,
        bgcolor: 'background.paper',
        borderRadius: 1,
        '&:focus': { top: 8 },
      }}
    >
      {t('app.skipToContent')}
    </Link>
  );
}
