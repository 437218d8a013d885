import { parseChoices, parseDateAnswer, parseTextAnswer } from '@vmer/domain/answers';
import type { AnswerMap } from '@vmer/domain/answers';
import type { Impairment } from '@vmer/domain/model';
import { questionType } from '@vmer/domain/question-types';
import { answerOf, visibleQuestions } from '@vmer/domain/questionnaire';
import type { CaseAnswer } from '@vmer/domain/catalog/source-schema';

/**
 * The preview's answers as a regression case writes them (docs/catalogue.md "Regression
 * cases"): S R C M the chosen option uuids, T the text, N the number (or the text typed when it
 * is not one), D the ISO date, H `{ cm }`, W `{ kg }`. Only shown, answered questions count.
 */
export function caseAnswersOf(
  impairment: Impairment,
  answers: AnswerMap,
): Record<string, CaseAnswer> {
  const out: Record<string, CaseAnswer> = {};
  for (const q of visibleQuestions(impairment, answers)) {
    const raw = answerOf(answers, q.uuid);
    if (raw === undefined) continue;
    const type = questionType(q.type);
    if (type.options) {
      const chosen = parseChoices(raw);
      if (chosen.length > 0) out[q.uuid] = chosen;
    } else if (q.type === 'T') {
      const text = parseTextAnswer(raw)[0]?.value ?? '';
      if (text.trim() !== '') out[q.uuid] = text;
    } else if (q.type === 'N') {
      const typed = parseTextAnswer(raw)[0]?.value ?? '';
      const measured = type.measure(q, raw, '');
      if (measured !== null) out[q.uuid] = measured;
      else if (typed.trim() !== '') out[q.uuid] = typed;
    } else if (q.type === 'D') {
      const date = parseDateAnswer(raw);
      if (date?.value) out[q.uuid] = date.value;
    } else {
      const measured = type.measure(q, raw, '');
      if (measured !== null) out[q.uuid] = q.type === 'H' ? { cm: measured } : { kg: measured };
    }
  }
  return out;
}
