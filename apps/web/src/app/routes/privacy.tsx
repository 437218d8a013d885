import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useGetAuthConfigQuery } from '../../features/auth/api/auth-config-api.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useFormatters } from '../../lib/use-formatters.ts';

/** When this notice last changed; shown in the reader's date format. */
const LAST_UPDATED = new Date(2026, 0, 15);

const SECTIONS = [
  ['privacy.collectTitle', 'privacy.collect'],
  ['privacy.useTitle', 'privacy.use'],
  ['privacy.keepTitle', 'privacy.keep'],
] as const;

/** /privacy (design §5): the privacy policy the footer links to. */
export function Component() {
  const { data: config } = useGetAuthConfigQuery();
  const { formatDate } = useFormatters();
  const { t } = useTranslation();
  const company = config?.companyName ?? t('app.name');
  useDocumentTitle(t('privacy.title'));
  return (
    <Paper
      component="article"
      aria-labelledby="privacy-title"
      sx={{ p: { xs: 3, md: 4 }, width: '100%', maxWidth: 800 }}
    >
      <Stack spacing={2}>
        <Typography id="privacy-title" component="h1" variant="h4">
          {t('privacy.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('privacy.updated', { date: formatDate(LAST_UPDATED) })}
        </Typography>
        <Typography>{t('privacy.intro', { company })}</Typography>
        {SECTIONS.map(([title, body]) => (
          <section key={title}>
            <Typography component="h2" variant="h6" gutterBottom>
              {t(title)}
            </Typography>
            <Typography>{t(body)}</Typography>
          </section>
        ))}
        <section>
          <Typography component="h2" variant="h6" gutterBottom>
            {t('privacy.rightsTitle')}
          </Typography>
          <Typography>
            {t('privacy.rights')}{' '}
            {config && <Link href={`mailto:${config.helpDeskEmail}`}>{config.helpDeskEmail}</Link>}
          </Typography>
        </section>
      </Stack>
    </Paper>
  );
}
