import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const SECTIONS = [
  { id: 'basic-information', title: 'questionnaire.basicInformation' },
  { id: 'questionnaire', title: 'questionnaire.questionnaire' },
  { id: 'video-mer-disclosure', title: 'questionnaire.disclosure' },
] as const;

/**
 * The main questionnaire screen (spec §2): basic information, questionnaire and Video MER
 * disclosure sections, in that order. `requestId` names the disclosure request being answered.
 */
export function QuestionnaireScreen({ requestId }: { requestId?: string }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
        {t('questionnaire.title')}
        {requestId && (
          <Typography
            component="span"
            variant="body2"
            color="text.secondary"
            sx={{ display: 'block' }}
          >
            {t('questionnaire.requestLabel', { requestId })}
          </Typography>
        )}
      </Typography>
      {SECTIONS.map((section) => (
        <Paper
          key={section.id}
          component="section"
          aria-labelledby={`${section.id}-title`}
          sx={{ p: { xs: 2, md: 3 } }}
        >
          <Typography id={`${section.id}-title`} component="h2" variant="h6">
            {t(section.title)}
          </Typography>
        </Paper>
      ))}
    </Stack>
  );
}
