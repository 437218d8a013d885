import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { textIn } from '@vmer/domain/languages';
import type { AnswerValue, Language, Question } from '@vmer/domain/model';
import { answerLines } from '@vmer/domain/question-types';
import { answerOf } from '@vmer/domain/questionnaire';
import { profileFacts } from '../profile-facts.ts';
import { useDisclosureModel } from '../use-disclosure-model.ts';
import { ReviewableDecisions } from './reviewable-decisions.tsx';
import { PrintedOutcome, PrintedSection } from './printed-disclosure.tsx';
import { QUESTION_TEXT, QuestionLabel } from './questions/question-field.tsx';

/**
 * Label and text pairs as a description list: side by side from a tablet up, the text below
 * its label on a phone.
 */
const DESCRIPTION_LIST = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: 'minmax(12rem, 2fr) 3fr' },
  columnGap: 2,
  rowGap: { xs: 0, sm: 1 },
  m: 0,
  '& dt': { fontWeight: 500, color: 'text.secondary' },
  '& dd': { m: 0, mb: { xs: 1.5, sm: 0 }, overflowWrap: 'anywhere' },
} as const;

function ReadableAnswer({
  question,
  answer,
  language,
}: {
  question: Question;
  answer: AnswerValue | undefined;
  language: Language;
}) {
  const { t } = useTranslation();
  const lines = answerLines(question, answer, language);
  if (lines.length === 0)
    return (
      <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
        {t('mer.print.unanswered')}
      </Typography>
    );
  return lines.map((line, i) => (
    <Typography key={i} variant="body2" sx={{ fontWeight: 600, whiteSpace: 'pre-wrap' }}>
      {line}
    </Typography>
  ));
}

/** The readable disclosure's questions' labels; on paper, no section breaks across pages. */
const READABLE = {
  ...QUESTION_TEXT,
  '@media print': { '& section': { breakInside: 'avoid' } },
} as const;

/**
 * A disclosure as readable text for its reviewer (requirements W-11): the basic information;
 * per condition, each shown question with the number the screen gives it and its answer in
 * words with its unit; each condition's decision per benefit with what drove it, and the
 * exclusions' wordings. The questions shown, their numbers and the decisions are the domain's,
 * as on screen and on paper.
 */
export function ReadableDisclosure() {
  const { t } = useTranslation();
  const model = useDisclosureModel();
  const { questionnaire, pages, language } = model;
  const { chosen } = questionnaire;
  const conditionTitle = useId();

  return (
    <Stack spacing={3} sx={READABLE}>
      <PrintedSection title={t('mer.basic.title')}>
        <Box component="dl" sx={DESCRIPTION_LIST}>
          {profileFacts(model, t).map(([label, text]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2">
                {label}
              </Typography>
              <Typography component="dd" variant="body2">
                {text || '–'}
              </Typography>
            </Box>
          ))}
        </Box>
      </PrintedSection>
      <PrintedSection title={t('mer.disclosure.title')}>
        <Stack spacing={3}>
          {chosen.map(({ impairment, answers }, c) => {
            const titleId = `${conditionTitle}-${c}`;
            const shown = pages
              .filter((page) => page.impairmentUuid === impairment.uuid)
              .flatMap((page) =>
                page.questionList.map((question, i) => ({
                  question,
                  number: page.firstQuestionNumber + i,
                })),
              );
            return (
              <Box
                key={impairment.uuid}
                component="section"
                aria-labelledby={titleId}
                data-condition={impairment.uuid}
              >
                <Typography
                  id={titleId}
                  component="h3"
                  variant="subtitle1"
                  sx={{ fontWeight: 600, mb: 1 }}
                >
                  {textIn(impairment.name, language)}
                </Typography>
                <Box component="dl" sx={{ m: 0 }}>
                  {shown.map(({ question, number }) => (
                    <Box
                      key={question.uuid}
                      data-question={question.uuid}
                      sx={{ pl: (question.level - 1) * 2, py: 0.75, breakInside: 'avoid' }}
                    >
                      <Box component="dt">
                        <QuestionLabel
                          id={`${titleId}-${question.uuid}`}
                          question={question}
                          number={number}
                          language={language}
                        />
                      </Box>
                      <Box component="dd" sx={{ m: 0, pl: 2.5 }}>
                        <ReadableAnswer
                          question={question}
                          answer={answerOf(answers, question.uuid)}
                          language={language}
                        />
                      </Box>
                    </Box>
                  ))}
                </Box>
              </Box>
            );
          })}
          <PrintedOutcome model={model} Decisions={ReviewableDecisions} />
        </Stack>
      </PrintedSection>
    </Stack>
  );
}
