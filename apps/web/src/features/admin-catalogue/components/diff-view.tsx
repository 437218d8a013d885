import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { CatalogDiff } from '@vmer/domain/api/catalog-diff-schema';
import { textIn } from '@vmer/domain/languages';
import type { Language } from '@vmer/domain/model';
import { useTranslation } from 'react-i18next';
import { changeInWords, partInWords, type Words } from '../diff-words.ts';

/** Up to this many changed conditions open at once; more start closed, their counts in view. */
const OPEN_AT_MOST = 5;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * What changed between two versions, in words (requirements K-02): a summary with its counts,
 * the catalogue-wide parts, the conditions added and removed, and each changed condition
 * under its own collapsible heading with the number of its changes.
 */
export function DiffView({ diff }: { diff: CatalogDiff }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const words: Words = { t, language };
  const name = (text: Parameters<typeof textIn>[0]) => textIn(text, language);
  const { added, removed, changed } = diff.impairments;
  const nothing = diff.parts.length + added.length + removed.length + changed.length === 0;

  return (
    <Stack spacing={2} data-testid="catalogue-diff">
      <Typography role="status" sx={{ fontWeight: 600 }}>
        {nothing
          ? t('adminCatalogue.noChanges', { from: diff.from, to: diff.to })
          : t('adminCatalogue.summary', {
              from: diff.from,
              to: diff.to,
              changed: changed.length,
              added: added.length,
              removed: removed.length,
              parts: diff.parts.length,
            })}
      </Typography>
      {diff.parts.length > 0 && (
        <Section title={t('adminCatalogue.partsTitle')}>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {diff.parts.map((part) => (
              <li key={part.part}>{partInWords(words, part)}</li>
            ))}
          </Box>
        </Section>
      )}
      {added.length > 0 && (
        <Section title={t('adminCatalogue.addedTitle')}>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {added.map((condition) => (
              <li key={condition.uuid}>{name(condition.name)}</li>
            ))}
          </Box>
        </Section>
      )}
      {removed.length > 0 && (
        <Section title={t('adminCatalogue.removedTitle')}>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {removed.map((condition) => (
              <li key={condition.uuid}>{name(condition.name)}</li>
            ))}
          </Box>
        </Section>
      )}
      {changed.length > 0 && (
        <Section title={t('adminCatalogue.changedTitle')}>
          {changed.map((condition) => (
            <Accordion
              key={condition.uuid}
              defaultExpanded={changed.length <= OPEN_AT_MOST}
              disableGutters
              slotProps={{ heading: { component: 'h4' } }}
            >
              <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}
                >
                  <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {name(condition.name)}
                  </Typography>
                  <Chip
                    size="small"
                    label={t('adminCatalogue.changeCount', { count: condition.changes.length })}
                  />
                </Stack>
              </AccordionSummary>
              <AccordionDetails>
                <Box component="ul" sx={{ m: 0, pl: 3, '& li': { mb: 0.75 } }}>
                  {condition.changes.map((change, index) => (
                    <Typography component="li" variant="body2" key={index}>
                      {changeInWords(words, change)}
                    </Typography>
                  ))}
                </Box>
              </AccordionDetails>
            </Accordion>
          ))}
        </Section>
      )}
    </Stack>
  );
}
