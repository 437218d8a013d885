/**
 * Smoking status (requirements §3, §4, §5, design §8): which list an insurer uses, whether the
 * chosen conditions need a status, and the smoking question's answer preset from it.
 */
import type { AnswerMap } from './answers.ts';
import { answerOf, questionnaireIndex, setAnswer } from './questionnaire.ts';
import type { ChosenImpairment } from './questionnaire.ts';
import type { Impairment, InsurerConfig, Issue, SmokingList } from './model.ts';

/** The insurer that uses list B when the catalogue does not say (design §8). */
const LIST_B_INSURER = 'phkl';

/**
 * The id of the smoking list an insurer uses: its catalogue setting (InsurerConfig.smokingList);
 * for an insurer the catalogue does not list, B for phkl and A for every other (design §8).
 */
export function smokingListIdFor(
  insurerCode: string,
  insurers: readonly InsurerConfig[],
): 'A' | 'B' {
  const code = insurerCode.toLowerCase();
  const insurer = insurers.find((i) => i.code === code);
  if (insurer) return insurer.smokingList;
  return code === LIST_B_INSURER ? 'B' : 'A';
}

/**
 * The smoking list an insurer uses (list A looks back 6 months, list B 12), or undefined when
 * the catalogue lacks it.
 */
export function smokingListFor(
  insurerCode: string,
  insurers: readonly InsurerConfig[],
  lists: readonly SmokingList[],
): SmokingList | undefined {
  const id = smokingListIdFor(insurerCode, insurers);
  return lists.find((l) => l.id === id);
}

/** Whether any chosen condition needs a smoking status (asthma, hypertension in the sample). */
export function needsSmokingStatus(chosen: readonly Pick<Impairment, 'needsSmoking'>[]): boolean {
  return chosen.some((i) => i.needsSmoking === true);
}

/**
 * 'Smoking status is required for selected impairment(s)' (requirements §5) when a chosen condition
 * needs a status and none is given; null otherwise.
 */
export function smokingStatusIssue(
  smokingStatus: string | null | undefined,
  chosen: readonly Pick<Impairment, 'needsSmoking'>[],
): Issue | null {
  if (!needsSmokingStatus(chosen) || (smokingStatus ?? '').trim() !== '') return null;
  return { code: 'smoking_required', path: 'smokingStatus' };
}

/** What presetting the smoking question did. */
export type SmokingPreset =
  /** The matching option is now the answer. */
  | { status: 'preset'; answers: AnswerMap; questionUuid: string; optionUuid: string }
  /** No smoking status given, or the condition has no smoking question: nothing to do. */
  | { status: 'no-status' | 'no-question'; answers: AnswerMap }
  /**
   * The question has no option for this status: answers unchanged; the caller logs a console
   * error and shows nothing (requirements §4).
   */
  | { status: 'no-match'; answers: AnswerMap; questionUuid: string; smokingStatus: string };

/**
 * Presets a condition's smoking question from the smoking status (requirements §4): the option whose
 * smokingValue is the status becomes the answer, replacing any earlier one (children of the
 * old choice go with it). The question is the impairment's smokingQuestionUuid, else
 * `fallbackQuestionUuid` (userInfo.smokingQuestion) when the impairment has that question.
 */
export function presetSmokingAnswer(
  impairment: Impairment,
  answers: AnswerMap,
  smokingStatus: string | null | undefined,
  fallbackQuestionUuid?: string,
): SmokingPreset {
  const status = (smokingStatus ?? '').trim();
  if (status === '') return { status: 'no-status', answers };
  const questions = questionnaireIndex(impairment).questions;
  const question =
    questions.get(impairment.smokingQuestionUuid ?? '') ??
    questions.get(fallbackQuestionUuid ?? '');
  if (!question) return { status: 'no-question', answers };
  const option = question.answerList.find((o) => o.smokingValue === status);
  if (!option)
    return { status: 'no-match', answers, questionUuid: question.uuid, smokingStatus: status };
  const current = answerOf(answers, question.uuid);
  const already = Array.isArray(current) && current.length === 1 && current[0] === option.uuid;
  return {
    status: 'preset',
    answers: already ? answers : setAnswer(impairment, answers, question.uuid, [option.uuid]),
    questionUuid: question.uuid,
    optionUuid: option.uuid,
  };
}

/** A smoking question with no option for the status, for the caller's console error. */
export interface SmokingMiss {
  impairmentUuid: string;
  questionUuid: string;
  smokingStatus: string;
}

/**
 * Presets the smoking question of every chosen condition ({@link presetSmokingAnswer}),
 * returning the new list and the questions that had no matching option.
 */
export function presetSmokingAnswers(
  chosen: readonly ChosenImpairment[],
  smokingStatus: string | null | undefined,
  fallbackQuestionUuid?: string,
): { chosen: ChosenImpairment[]; misses: SmokingMiss[] } {
  const misses: SmokingMiss[] = [];
  const next = chosen.map((c) => {
    const preset = presetSmokingAnswer(
      c.impairment,
      c.answers,
      smokingStatus,
      fallbackQuestionUuid,
    );
    if (preset.status === 'no-match') {
      misses.push({
        impairmentUuid: c.impairment.uuid,
        questionUuid: preset.questionUuid,
        smokingStatus: preset.smokingStatus,
      });
    }
    return preset.answers === c.answers ? c : { ...c, answers: preset.answers };
  });
  return { chosen: next, misses };
}
