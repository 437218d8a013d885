import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkboxSelection,
  chooseOption,
  forEachVisibleUnder,
  pruneHiddenAnswers,
  questionnaireIndex,
  questionnaireIssues,
  setAnswer,
  toggleOption,
  unansweredMandatory,
  visibleQuestions,
} from '../src/questionnaire.ts';
import type { AnswerMap } from '../src/answers.ts';
import { hypertension, longForm, thyroid } from './fixtures.ts';
import { makeChoiceQuestion } from './make-question.ts';

const uuids = (qs: { uuid: string }[]): string[] => qs.map((q) => q.uuid);
const question = (uuid: string) => questionnaireIndex(thyroid).questions.get(uuid)!;

describe('visible questions', () => {
  it('shows only top-level questions, by index, before any answer', () => {
    expect(uuids(visibleQuestions(hypertension, {}))).toEqual([
      'htn-diagnosed',
      'htn-controlled',
      'htn-smoking',
      'htn-notes',
    ]);
  });

  it('S-35 choosing an option without a decision shows its children right after the parent', () => {
    const answers = chooseOption(hypertension, {}, 'htn-controlled', 'htn-controlled-no');
    expect(uuids(visibleQuestions(hypertension, answers))).toEqual([
      'htn-diagnosed',
      'htn-controlled',
      'htn-systolic',
      'htn-medication',
      'htn-smoking',
      'htn-notes',
    ]);
  });

  it('S-35 an option with a decision opens nothing', () => {
    const answers = chooseOption(hypertension, {}, 'htn-controlled', 'htn-controlled-yes');
    expect(visibleQuestions(hypertension, answers)).toHaveLength(4);
  });

  it('nests children of children depth first', () => {
    let answers: AnswerMap = chooseOption(thyroid, {}, 'thy-symptoms', 'thy-sym-eyes');
    answers = chooseOption(thyroid, answers, 'thy-eyes-surgery', 'thy-eyes-surgery-yes');
    expect(uuids(visibleQuestions(thyroid, answers)).slice(0, 5)).toEqual([
      'thy-symptoms',
      'thy-eyes-since',
      'thy-eyes-surgery',
      'thy-eyes-surgery-when',
      'thy-treatment',
    ]);
  });

  it('ignores an answer that is not a list of choices and inherited object keys', () => {
    const answers: AnswerMap = { 'htn-controlled': 'htn-controlled-no' };
    expect(visibleQuestions(hypertension, answers)).toHaveLength(4);
    expect(
      visibleQuestions(
        hypertension,
        Object.create({ 'htn-controlled': ['htn-controlled-no'] }) as AnswerMap,
      ),
    ).toHaveLength(4);
  });

  it('reads a choice written as JSON text as the answer formats do', () => {
    expect(
      visibleQuestions(hypertension, { 'htn-controlled': '["htn-controlled-no"]' }),
    ).toHaveLength(6);
  });

  it('walks the shown subtree under one question', () => {
    const answers = chooseOption(hypertension, {}, 'htn-controlled', 'htn-controlled-no');
    const seen: string[] = [];
    const q = questionnaireIndex(hypertension).questions.get('htn-controlled')!;
    forEachVisibleUnder(hypertension, q, answers, (child) => seen.push(child.uuid));
    expect(seen).toEqual(['htn-controlled', 'htn-systolic', 'htn-medication']);
  });

  it('builds the index once per impairment object', () => {
    expect(questionnaireIndex(hypertension)).toBe(questionnaireIndex(hypertension));
  });
});

describe('answering', () => {
  const opened = (): AnswerMap => {
    let answers = chooseOption(hypertension, {}, 'htn-controlled', 'htn-controlled-no');
    answers = setAnswer(hypertension, answers, 'htn-systolic', [{ value: '150', unit: 'mmHg' }]);
    return chooseOption(hypertension, answers, 'htn-medication', 'htn-medication-one');
  };

  it('S-36 removing the choice removes the children and their answers', () => {
    const answers = chooseOption(
      hypertension,
      opened(),
      'htn-controlled',
      'htn-controlled-no',
      false,
    );
    expect(answers).toEqual({});
    expect(visibleQuestions(hypertension, answers)).toHaveLength(4);
  });

  it('S-36 switching a radio to an option with a decision drops the old children', () => {
    const answers = chooseOption(hypertension, opened(), 'htn-controlled', 'htn-controlled-yes');
    expect(answers).toEqual({ 'htn-controlled': ['htn-controlled-yes'] });
  });

  it('S-36 removing a choice removes grandchildren too', () => {
    let answers: AnswerMap = chooseOption(thyroid, {}, 'thy-symptoms', 'thy-sym-eyes');
    answers = chooseOption(thyroid, answers, 'thy-eyes-surgery', 'thy-eyes-surgery-yes');
    answers = setAnswer(thyroid, answers, 'thy-eyes-surgery-when', [
      { value: '2', unit: 'years ago' },
    ]);
    answers = toggleOption(thyroid, answers, 'thy-symptoms', 'thy-sym-eyes');
    expect(answers).toEqual({});
  });

  it('does not change the answers it is given', () => {
    const before = opened();
    const copy = JSON.parse(JSON.stringify(before)) as AnswerMap;
    chooseOption(hypertension, before, 'htn-controlled', 'htn-controlled-yes');
    expect(before).toEqual(copy);
  });

  it('clears an answer set to undefined and ignores unknown questions and options', () => {
    const answers = setAnswer(hypertension, opened(), 'htn-systolic', undefined);
    expect(answers['htn-systolic']).toBeUndefined();
    const same = opened();
    expect(setAnswer(hypertension, same, 'nope', ['x'])).toBe(same);
    expect(chooseOption(hypertension, same, 'htn-controlled', 'nope')).toBe(same);
    expect(chooseOption(hypertension, same, 'htn-systolic', 'htn-controlled-no')).toBe(same);
  });

  it('keeps the same object when pruning finds nothing hidden', () => {
    const answers = opened();
    expect(pruneHiddenAnswers(hypertension, answers)).toBe(answers);
    expect(pruneHiddenAnswers(hypertension, { ...answers, stray: ['x'] })).toEqual(answers);
  });

  it('toggles a radio option off and on', () => {
    const on = toggleOption(hypertension, {}, 'htn-smoking', 'htn-smoking-never');
    expect(on).toEqual({ 'htn-smoking': ['htn-smoking-never'] });
    expect(toggleOption(hypertension, on, 'htn-smoking', 'htn-smoking-never')).toEqual({});
  });
});

describe('checkbox rules', () => {
  const symptoms = question('thy-symptoms');

  it('S-39 choosing the unique option clears every other choice', () => {
    expect(
      checkboxSelection(symptoms, ['thy-sym-goitre', 'thy-sym-weight'], 'thy-sym-none', true),
    ).toEqual(['thy-sym-none']);
  });

  it('S-39 choosing the unique option removes the children of the cleared ones', () => {
    let answers: AnswerMap = chooseOption(thyroid, {}, 'thy-symptoms', 'thy-sym-eyes');
    answers = setAnswer(thyroid, answers, 'thy-eyes-since', {
      value: '2020-01-01',
      exact: true,
      zoneId: 'UTC',
    });
    answers = chooseOption(thyroid, answers, 'thy-symptoms', 'thy-sym-none');
    expect(answers).toEqual({ 'thy-symptoms': ['thy-sym-none'] });
  });

  it('S-40 choosing a non-unique option clears the unique one', () => {
    expect(checkboxSelection(symptoms, ['thy-sym-none'], 'thy-sym-weight', true)).toEqual([
      'thy-sym-weight',
    ]);
  });

  it('S-40 choosing a second non-unique option keeps the first, in list order', () => {
    expect(checkboxSelection(symptoms, ['thy-sym-weight'], 'thy-sym-goitre', true)).toEqual([
      'thy-sym-goitre',
      'thy-sym-weight',
    ]);
  });

  it('T-27 on a multi-select, an exclusive option clears the others and another option clears it', () => {
    const q = makeChoiceQuestion('M');
    q.answerList[2] = { ...q.answerList[2]!, exclusive: true };
    expect(checkboxSelection(q, ['a', 'b'], 'c', true)).toEqual(['c']);
    expect(checkboxSelection(q, ['c'], 'a', true)).toEqual(['a']);
    expect(checkboxSelection(q, ['a'], 'b', true)).toEqual(['a', 'b']);
  });

  it('S-41 unchecking removes just that option', () => {
    expect(
      checkboxSelection(
        symptoms,
        ['thy-sym-goitre', 'thy-sym-weight', 'thy-sym-eyes'],
        'thy-sym-weight',
        false,
      ),
    ).toEqual(['thy-sym-goitre', 'thy-sym-eyes']);
  });

  it('S-41 unchecking the last option leaves the question unanswered', () => {
    const answers = toggleOption(
      thyroid,
      { 'thy-symptoms': ['thy-sym-goitre'] },
      'thy-symptoms',
      'thy-sym-goitre',
    );
    expect(answers).toEqual({});
  });

  it('an unknown option leaves the choice as it was', () => {
    expect(checkboxSelection(symptoms, ['thy-sym-goitre'], 'nope', true)).toEqual([
      'thy-sym-goitre',
    ]);
  });

  it('a multi-select keeps several choices', () => {
    let answers = chooseOption(thyroid, {}, 'thy-treatment', 'thy-treat-tablets');
    answers = chooseOption(thyroid, answers, 'thy-treatment', 'thy-treat-iodine');
    expect(answers['thy-treatment']).toEqual(['thy-treat-tablets', 'thy-treat-iodine']);
  });
});

describe('completeness', () => {
  it('V-20 lists shown mandatory questions without an answer, skipping optional ones', () => {
    expect(uuids(unansweredMandatory(hypertension, {}))).toEqual([
      'htn-diagnosed',
      'htn-controlled',
      'htn-smoking',
    ]);
    const answers = chooseOption(hypertension, {}, 'htn-controlled', 'htn-controlled-no');
    expect(uuids(unansweredMandatory(hypertension, answers))).toContain('htn-systolic');
  });

  it('V-32 reports an optional T line with only a unit as an issue', () => {
    const issues = questionnaireIssues(hypertension, {
      'htn-diagnosed': { value: '2020-01-01', exact: true, zoneId: 'UTC' },
      'htn-controlled': ['htn-controlled-yes'],
      'htn-smoking': ['htn-smoking-never'],
    });
    expect(issues).toEqual([]);
    const thyIssues = questionnaireIssues(thyroid, {
      'thy-symptoms': ['thy-sym-none'],
      'thy-treatment': ['thy-treat-tablets'],
      'thy-dose': [{ value: '', unit: 'mcg' }],
    });
    expect(thyIssues.map((i) => i.path)).toContain('thy-dose[0]');
  });
});

describe('properties', () => {
  const parents = longForm.questionList.filter((q) => q.level === 1 && q.uuid.startsWith('lf-a'));

  it('S-35 S-36 removing a choice and adding it back restores the same visible questions', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...parents), fc.boolean()), { maxLength: 10 }),
        fc.constantFrom(...parents),
        (picks, target) => {
          let answers: AnswerMap = {};
          for (const [q, yes] of picks) {
            answers = chooseOption(longForm, answers, q.uuid, q.answerList[yes ? 0 : 1]!.uuid);
          }
          answers = chooseOption(longForm, answers, target.uuid, target.answerList[0]!.uuid);
          const before = uuids(visibleQuestions(longForm, answers));
          const removed = chooseOption(
            longForm,
            answers,
            target.uuid,
            target.answerList[0]!.uuid,
            false,
          );
          const restored = chooseOption(longForm, removed, target.uuid, target.answerList[0]!.uuid);
          expect(uuids(visibleQuestions(longForm, restored))).toEqual(before);
        },
      ),
    );
  });

  it('S-39 S-40 a checkbox never holds the unique option with another one', () => {
    const options = question('thy-symptoms').answerList.map((o) => o.uuid);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...options), fc.boolean())), (clicks) => {
        let chosen: string[] = [];
        for (const [uuid, checked] of clicks) {
          chosen = checkboxSelection(question('thy-symptoms'), chosen, uuid, checked);
        }
        expect(chosen.includes('thy-sym-none') && chosen.length > 1).toBe(false);
      }),
    );
  });
});
