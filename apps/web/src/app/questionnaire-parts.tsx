import type { ReactNode } from 'react';
import { PreviewPartsContext } from '../features/admin-catalogue/preview/preview-parts.tsx';
import { DecisionSummary } from '../features/questionnaire/components/decision-summary.tsx';
import {
  QuestionField,
  QuestionList,
} from '../features/questionnaire/components/questions/question-field.tsx';
import { questionnaireTexts } from '../features/questionnaire/locales.ts';
import { addScreenTexts } from '../lib/i18n.ts';

// The questionnaire's texts come with its components, whichever screen shows them.
addScreenTexts(questionnaireTexts);

const PARTS = {
  Question: QuestionField,
  QuestionList,
  Decisions: DecisionSummary,
};

/**
 * Hands the questionnaire's own question and decision components to the catalogue studio's
 * condition preview (requirements K-07): features do not import each other, the app composes
 * them (design §9.3).
 */
export function WithQuestionnaireParts({ children }: { children: ReactNode }) {
  return <PreviewPartsContext value={PARTS}>{children}</PreviewPartsContext>;
}
