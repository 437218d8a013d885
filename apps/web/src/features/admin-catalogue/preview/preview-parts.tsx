import type { SxProps, Theme } from '@mui/material/styles';
import { createContext, use, type ComponentProps, type ComponentType } from 'react';
import type { ConsolidatedDecision, ImpairmentDecision } from '@vmer/domain/decision-engine';
import type { AnswerValue, Indicator, Language, Question } from '@vmer/domain/model';
import type { QuestionNumbers } from '@vmer/domain/paging';
import type { ChosenImpairment } from '@vmer/domain/questionnaire';

/** What the preview gives the questionnaire's question component: one controlled question. */
interface PreviewQuestionProps {
  question: Question;
  number: number;
  answer: AnswerValue | undefined;
  language: Language;
  readOnly: boolean;
  checked: boolean;
  onChange: (answer: AnswerValue | undefined) => void;
}

/** What the preview gives the questionnaire's decision table. */
interface PreviewDecisionsProps {
  chosen: readonly ChosenImpairment[];
  decisions: readonly ImpairmentDecision[];
  consolidated: ConsolidatedDecision;
  indicators: readonly Indicator[];
  numbers: QuestionNumbers;
  language: Language;
  /** False where a region around the table scrolls it instead (the preview's narrow column). */
  scrolls?: boolean;
}

/**
 * The questionnaire's own question and decision components. A feature imports no other
 * feature (design §9.3), so the app, which composes features, hands them to the preview
 * (requirements K-07: the preview is the questionnaire, not a copy of it).
 */
export interface PreviewParts {
  Question: ComponentType<PreviewQuestionProps>;
  /** The questionnaire's list of questions, which styles them (their labels, options, rules). */
  QuestionList: ComponentType<ComponentProps<'div'> & { as?: 'section'; sx?: SxProps<Theme> }>;
  Decisions: ComponentType<PreviewDecisionsProps>;
}

export const PreviewPartsContext = createContext<PreviewParts | null>(null);

/** The questionnaire's components the app provided; null outside a provider. */
export function usePreviewParts(): PreviewParts | null {
  return use(PreviewPartsContext);
}
