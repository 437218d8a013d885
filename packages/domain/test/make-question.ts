/** A single question of a given type, for the pure-rule tests that need no whole catalogue. */
import type { Question, QuestionType } from '../src/model.ts';

export function makeQuestion(type: QuestionType, overrides: Partial<Question> = {}): Question {
  return {
    uuid: 'q1',
    index: 1,
    type,
    question: { en: 'Question', cn_traditional: '問題' },
    parentUuid: 'imp',
    uuidPath: 'imp',
    level: 1,
    group: { uuid: 'g1', index: 1, header: { en: 'Group', cn_traditional: '組別' } },
    answerList: [],
    answer: null,
    choiceList: [],
    decision: null,
    ...overrides,
  };
}

/** A choice question offering options 'a', 'b' and 'c'. */
export function makeChoiceQuestion(type: 'S' | 'R' | 'C' | 'M', overrides: Partial<Question> = {}) {
  return makeQuestion(type, {
    answerList: ['a', 'b', 'c'].map((uuid) => ({
      uuid,
      label: { en: uuid, cn_traditional: uuid },
      decision: { LIFE: '0' },
      hasDecision: true,
      parentUuid: 'q1',
    })),
    ...overrides,
  });
}
