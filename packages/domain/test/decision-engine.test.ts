import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  consolidate,
  decideAll,
  decideImpairment,
  exclusionCodesOf,
  formatDecision,
  matchBand,
  todayIso,
  formatIndicatorResult,
  readIndicatorResult,
} from '../src/decision-engine.ts';
import { runCase } from '../src/catalog/cases.ts';
import { monthsBetween } from '../src/answers.ts';
import { measureAnswer } from '../src/question-types.ts';
import type { ImpairmentDecision } from '../src/decision-engine.ts';
import { questionnaireIndex } from '../src/questionnaire.ts';
import type { AnswerMap } from '../src/answers.ts';
import type { Decision, Impairment, Question } from '../src/model.ts';
import {
  abnormalBmi,
  all,
  bi,
  hypertension,
  impairment,
  INDICATORS,
  longForm,
  others,
  prostate,
  thyroid,
} from './fixtures.ts';

const asOf = '2026-01-01';
const decide = (imp: Impairment, answers: AnswerMap, extra?: Decision | null) =>
  decideImpairment(imp, answers, INDICATORS, { asOf, extra });
const flat = (imp: Impairment, answers: AnswerMap) => formatDecision(decide(imp, answers));
const date = (value: string) => ({ value, exact: true, zoneId: 'Asia/Hong_Kong' });

/** Hypertension answered in full, controlled; overrides replace answers. */
const htn = (overrides: AnswerMap = {}): AnswerMap => ({
  'htn-diagnosed': date('2015-03-01'),
  'htn-controlled': ['htn-controlled-yes'],
  'htn-smoking': ['htn-smoking-never'],
  ...overrides,
});

/** Thyroid answered with the given symptom and treatment choices. */
const thy = (symptoms: string[], treatment: string[] = ['thy-treat-tablets']): AnswerMap => ({
  'thy-symptoms': symptoms,
  'thy-treatment': treatment,
});

describe('precedence per indicator', () => {
  it('S-42 decides each indicator on its own', () => {
    expect(flat(hypertension, htn())).toEqual({ LIFE: '0', CI: '25', MED: '0' });
  });

  it('S-43 any D gives D', () => {
    const answers = htn({
      'htn-controlled': ['htn-controlled-no'],
      'htn-systolic': [{ value: '180', unit: 'mmHg' }],
      'htn-medication': ['htn-medication-many'],
    });
    expect(flat(hypertension, answers)).toEqual({ LIFE: 'D', CI: 'D', MED: 'D' });
  });

  it('S-44 no D but a P gives P', () => {
    expect(flat(hypertension, htn({ 'htn-diagnosed': date('2025-10-01') }))).toEqual(all('P'));
  });

  it('S-45 no D or P but a U gives U, over exclusions and points', () => {
    const answers = htn({
      'htn-controlled': ['htn-controlled-no'],
      'htn-systolic': [{ value: '150', unit: 'mmHg' }],
      'htn-medication': ['htn-medication-many'],
    });
    expect(flat(hypertension, answers)).toEqual({ LIFE: '100', CI: 'U', MED: 'EX2,EX3' });
  });

  it('S-46 a free-form answer without bands gives U', () => {
    expect(flat(hypertension, htn({ 'htn-notes': [{ value: 'on tablets', unit: '' }] }))).toEqual(
      all('U'),
    );
  });

  it('S-46 number, height and weight answers fall in their bands', () => {
    const base = thy(['thy-sym-none'], ['thy-treat-tablets']);
    expect(flat(thyroid, { ...base, 'thy-height': '{"cm":149,"ft":4,"inch":10.66}' })).toEqual(
      all('U'),
    );
    expect(flat(thyroid, { ...base, 'thy-height': '{"cm":150,"ft":4,"inch":11.06}' })).toEqual(
      all('25'),
    );
    expect(flat(thyroid, { ...base, 'thy-weight': '{"kg":39.9,"lb":87.96}' })).toEqual(all('D'));
    expect(flat(thyroid, { ...base, 'thy-weight': '{"kg":40,"lb":88.18}' })).toEqual(all('25'));
  });

  it('S-46 an answer no band takes is referred (U)', () => {
    const base = thy(['thy-sym-none'], ['thy-treat-tablets']);
    expect(flat(thyroid, { ...base, 'thy-weight': '{"kg":100,"lb":220.46}' })).toEqual(all('U'));
  });

  it('S-46 a free-form date without bands counts as U', () => {
    const answers = {
      ...thy(['thy-sym-eyes']),
      'thy-eyes-since': date('2020-01-01'),
      'thy-eyes-surgery': ['thy-eyes-surgery-no'],
    };
    expect(flat(thyroid, answers)).toEqual(all('U'));
  });

  it('S-47 exclusions are all collected, unique and by number', () => {
    const answers = thy(['thy-sym-goitre', 'thy-sym-weight'], ['thy-treat-tablets']);
    expect(flat(thyroid, answers)).toEqual({ LIFE: '50', CI: 'EX1,EX3', MED: 'EX1' });
    const result = decide(thyroid, answers).indicators!['CI']!;
    expect(result.value).toBe('EX');
    expect(result.exclusions).toEqual(['EX1', 'EX3']);
  });

  it('S-47 exclusions win over points', () => {
    const answers = htn({
      'htn-controlled': ['htn-controlled-no'],
      'htn-systolic': [{ value: '120', unit: 'mmHg' }],
      'htn-medication': ['htn-medication-one'],
    });
    expect(flat(hypertension, answers).MED).toBe('EX1,EX2');
  });

  it('S-48 debit points are added: 25 and 50 give 75', () => {
    const answers = thy(['thy-sym-weight'], ['thy-treat-iodine']);
    expect(flat(thyroid, answers).LIFE).toBe('75');
  });

  it('gives "0" when no answer contributes to an indicator', () => {
    const noDecisions = impairment({
      uuid: 'opens-only',
      name: 'Opens only',
      groups: [{ uuid: 'g', header: 'G' }],
      questions: [
        {
          uuid: 'oo-q',
          type: 'R',
          options: [
            { uuid: 'oo-a', questions: [{ uuid: 'oo-child', type: 'T', mandatory: 'N' }] },
            { uuid: 'oo-b', decision: all('0') },
          ],
        },
      ],
    });
    expect(flat(noDecisions, { 'oo-q': ['oo-a'] })).toEqual(all('0'));
  });

  it('an option without a value for an indicator gives nothing for it', () => {
    const partial = impairment({
      uuid: 'partial',
      name: 'Partial',
      groups: [{ uuid: 'g', header: 'G' }],
      questions: [
        {
          uuid: 'p-q',
          type: 'R',
          options: [
            { uuid: 'p-a', decision: { LIFE: 'D' } },
            { uuid: 'p-b', decision: all('0') },
          ],
        },
      ],
    });
    expect(flat(partial, { 'p-q': ['p-a'] })).toEqual({ LIFE: 'D', CI: '0', MED: '0' });
  });
});

describe('completeness', () => {
  it('S-49 an unanswered mandatory question leaves the decision empty', () => {
    const d = decide(hypertension, { 'htn-controlled': ['htn-controlled-yes'] });
    expect(d.indicators).toBeNull();
    expect(d.unanswered).toEqual(['htn-diagnosed', 'htn-smoking']);
    expect(formatDecision(d)).toEqual({});
  });

  it('S-49 an unanswered mandatory child blocks the decision as well', () => {
    const d = decide(hypertension, htn({ 'htn-controlled': ['htn-controlled-no'] }));
    expect(d.unanswered).toEqual(['htn-systolic', 'htn-medication']);
  });

  it('V-20 an optional question may stay unanswered', () => {
    expect(decide(hypertension, htn()).indicators).not.toBeNull();
  });

  it('V-28 a blank T line does not answer a mandatory question', () => {
    const answers = Object.fromEntries(
      others.questionList.map((q) => [q.uuid, [{ value: 'x', unit: '' }]]),
    );
    expect(decide(others, answers).indicators).not.toBeNull();
    answers['other-diagnosis'] = [{ value: '  ', unit: '' }];
    expect(decide(others, answers).unanswered).toEqual(['other-diagnosis']);
  });

  it('answers to hidden questions do not count', () => {
    expect(flat(hypertension, htn({ 'htn-systolic': [{ value: '200', unit: 'mmHg' }] }))).toEqual({
      LIFE: '0',
      CI: '25',
      MED: '0',
    });
  });
});

describe('drivers', () => {
  it('names the option behind each value', () => {
    const d = decide(hypertension, htn());
    expect(d.indicators!['CI']!.drivers).toEqual([
      { kind: 'band', questionUuid: 'htn-diagnosed', bandIndex: 1, measured: 130, value: '0' },
      {
        kind: 'option',
        questionUuid: 'htn-controlled',
        optionUuid: 'htn-controlled-yes',
        value: '25',
      },
      { kind: 'option', questionUuid: 'htn-smoking', optionUuid: 'htn-smoking-never', value: '0' },
    ]);
  });

  it('keeps only the drivers of the deciding kind', () => {
    const answers = htn({
      'htn-controlled': ['htn-controlled-no'],
      'htn-systolic': [{ value: '180', unit: 'mmHg' }],
      'htn-medication': ['htn-medication-many'],
    });
    expect(decide(hypertension, answers).indicators!['LIFE']!.drivers).toEqual([
      { kind: 'band', questionUuid: 'htn-systolic', bandIndex: 1, measured: 180, value: 'D' },
    ]);
  });

  it('names a free-form answer without bands', () => {
    const d = decide(hypertension, htn({ 'htn-notes': [{ value: 'x', unit: '' }] }));
    expect(d.indicators!['LIFE']!.drivers).toEqual([
      { kind: 'free-form', questionUuid: 'htn-notes', value: 'U' },
    ]);
  });
});

describe('bands', () => {
  const q = (uuid: string): Question => questionnaireIndex(thyroid).questions.get(uuid)!;
  const systolic = questionnaireIndex(hypertension).questions.get('htn-systolic')!;

  it('below is exclusive and the first match applies', () => {
    const bands = [
      { below: 160, decision: all('50') },
      { below: 160, decision: all('0') },
      { decision: all('D') },
    ];
    expect(matchBand(bands, 159.9)).toBe(0);
    expect(matchBand(bands, 160)).toBe(2);
    expect(matchBand([{ below: 1, decision: all('0') }], null)).toBe(-1);
  });

  it('T-29 from and to are inclusive, above and below exclusive, on either side of a band', () => {
    const bands = [
      { to: 140, decision: all('0') },
      { above: 140, below: 160, decision: all('50') },
      { from: 160, decision: all('D') },
    ];
    expect([139.9, 140, 140.1, 159.9, 160, 200].map((v) => matchBand(bands, v))).toEqual([
      0, 0, 1, 1, 2, 2,
    ]);
    const bounded = [
      { from: 1, to: 3, decision: all('0') },
      { above: 3, decision: all('25') },
    ];
    expect(matchBand(bounded, 0.5)).toBe(-1);
    expect(matchBand(bounded, 1)).toBe(0);
    expect(matchBand(bounded, 3.5)).toBe(1);
  });

  it('maxMonths is inclusive', () => {
    const bands = [{ maxMonths: 6, decision: all('P') }, { decision: all('0') }];
    expect(matchBand(bands, 6)).toBe(0);
    expect(matchBand(bands, 7)).toBe(1);
  });

  it('counts whole months, a month once its day is reached', () => {
    expect(monthsBetween('2025-07-15', '2026-01-14')).toBe(5);
    expect(monthsBetween('2025-07-15', '2026-01-15')).toBe(6);
    expect(monthsBetween('2026-03-01', '2026-01-01')).toBe(-2);
    expect(monthsBetween('soon', '2026-01-01')).toBeNull();
  });

  it('S-44 six whole months back still postpones; the seventh month does not', () => {
    const at = (d: string) =>
      decideImpairment(hypertension, htn({ 'htn-diagnosed': date(d) }), INDICATORS, {
        asOf: '2026-01-15',
      });
    expect(formatDecision(at('2025-07-15')).LIFE).toBe('P');
    expect(formatDecision(at('2025-06-16')).LIFE).toBe('P');
    expect(formatDecision(at('2025-06-15')).LIFE).toBe('0');
  });

  it('measures N on the first line, H in cm, W in kg and T not at all', () => {
    expect(
      measureAnswer(
        systolic,
        [
          { value: '142.5', unit: 'mmHg' },
          { value: '9', unit: 'mmHg' },
        ],
        asOf,
      ),
    ).toBe(142.5);
    expect(measureAnswer(systolic, [{ value: 'high', unit: 'mmHg' }], asOf)).toBeNull();
    expect(measureAnswer(systolic, [], asOf)).toBeNull();
    expect(measureAnswer(q('thy-height'), '{"cm":170,"ft":5,"inch":6.93}', asOf)).toBe(170);
    expect(measureAnswer(q('thy-weight'), '{"kg":70,"lb":154.32}', asOf)).toBe(70);
    expect(measureAnswer(q('thy-eyes-since'), date('2025-01-01'), asOf)).toBe(12);
    expect(measureAnswer(q('thy-eyes-since'), 'not a date', asOf)).toBeNull();
    expect(
      measureAnswer(q('thy-eyes-surgery-when'), [{ value: '3', unit: 'years ago' }], asOf),
    ).toBeNull();
  });

  it('T-28 a number answer that cannot be read ("-") falls in no band and leaves no decision', () => {
    const answers = (v: string): AnswerMap => ({ 'pr-psa': [{ value: v, unit: 'ng/mL' }] });
    for (const unreadable of ['-', '.', '1.', ' 5', '5-']) {
      const decision = decide(prostate, answers(unreadable));
      expect(decision.indicators, unreadable).toBeNull();
      expect(decision.unanswered, unreadable).toEqual(['pr-psa']);
    }
    expect(matchBand(prostate.questionList[0]!.bands!, null)).toBe(-1);
    expect(flat(prostate, answers('12')).LIFE).toBe('D');
  });

  it('T-28 an optional number answer that cannot be read also leaves no decision', () => {
    const optional = impairment({
      uuid: 'opt',
      name: 'Optional number',
      groups: [{ uuid: 'opt-g', header: 'Details' }],
      questions: [
        { uuid: 'opt-pick', type: 'R', options: [{ uuid: 'opt-yes', decision: all('25') }] },
        {
          uuid: 'opt-n',
          type: 'N',
          mandatory: 'N',
          bands: [{ below: 5, decision: all('0') }, { decision: all('D') }],
        },
      ],
    });
    expect(decide(optional, { 'opt-pick': ['opt-yes'] }).indicators?.LIFE?.value).toBe('25');
    const unreadable = decide(optional, {
      'opt-pick': ['opt-yes'],
      'opt-n': [{ value: '-', unit: '' }],
    });
    expect(unreadable.indicators).toBeNull();
  });

  it('a prostate PSA of 4 is no longer in the first band', () => {
    const psa = (v: string) => flat(prostate, { 'pr-psa': [{ value: v, unit: 'ng/mL' }] }).LIFE;
    expect([psa('3.9'), psa('4'), psa('9.99'), psa('10')]).toEqual(['0', 'U', 'U', 'D']);
  });
});

describe('BMI and the whole disclosure', () => {
  const bmiDecision = { LIFE: '50', CI: '0', MED: 'U' };

  it('S-55 the Abnormal BMI impairment includes the BMI rule decision', () => {
    const d = decide(abnormalBmi, { 'bmi-stable': ['bmi-stable-no'] }, bmiDecision);
    expect(formatDecision(d)).toEqual({ LIFE: '75', CI: '25', MED: 'U' });
    expect(d.indicators!['MED']!.drivers).toEqual([{ kind: 'bmi', value: 'U' }]);
  });

  it('decideAll adds the BMI decision to the Abnormal BMI impairment only', () => {
    const decisions = decideAll(
      [
        { impairment: abnormalBmi, answers: { 'bmi-stable': ['bmi-stable-yes'] } },
        { impairment: hypertension, answers: htn() },
      ],
      {
        indicators: INDICATORS,
        asOf,
        bmi: { impairmentName: 'Abnormal BMI', decision: bmiDecision },
      },
    );
    expect(decisions.map(formatDecision)).toEqual([
      { LIFE: '50', CI: '0', MED: 'U' },
      { LIFE: '0', CI: '25', MED: '0' },
    ]);
  });

  it('consolidates across impairments with the same precedence', () => {
    const decisions = decideAll(
      [
        { impairment: hypertension, answers: htn() },
        {
          impairment: thyroid,
          answers: thy(['thy-sym-goitre', 'thy-sym-weight'], ['thy-treat-iodine']),
        },
        { impairment: prostate, answers: { 'pr-psa': [{ value: '5', unit: 'ng/mL' }] } },
      ],
      { indicators: INDICATORS, asOf },
    );
    const consolidated = consolidate(decisions, INDICATORS);
    expect(consolidated.complete).toBe(true);
    expect(consolidated.indicators).toEqual({
      LIFE: { value: 'U', exclusions: [] },
      CI: { value: 'U', exclusions: [] },
      MED: { value: 'U', exclusions: [] },
    });
    const withoutProstate = consolidate(decisions.slice(0, 2), INDICATORS).indicators;
    expect(withoutProstate['LIFE']).toEqual({ value: '75', exclusions: [] });
    expect(withoutProstate['CI']).toEqual({ value: 'EX', exclusions: ['EX1', 'EX3'] });
  });

  it('leaves incomplete impairments out of the consolidated decision', () => {
    const decisions = decideAll(
      [
        { impairment: hypertension, answers: {} },
        { impairment: thyroid, answers: thy(['thy-sym-weight']) },
      ],
      { indicators: INDICATORS, asOf },
    );
    const consolidated = consolidate(decisions, INDICATORS);
    expect(consolidated.complete).toBe(false);
    expect(consolidated.indicators['LIFE']).toEqual({ value: '50', exclusions: [] });
  });
});

describe('regression cases', () => {
  it('passes a case written as in docs/catalogue.md', () => {
    const outcome = runCase(hypertension, INDICATORS, {
      asOf: '2026-01-01',
      answers: {
        'htn-diagnosed': '2015-03-01',
        'htn-controlled': ['htn-controlled-yes'],
        'htn-smoking': ['htn-smoking-never'],
      },
      expect: { LIFE: '0', CI: '25', MED: '0' },
    });
    expect(outcome).toEqual({ ok: true, actual: { LIFE: '0', CI: '25', MED: '0' }, problems: [] });
  });

  it('reads N numbers, T texts, H cm and W kg, and compares exclusions written "EX3,EX1"', () => {
    const outcome = runCase(thyroid, INDICATORS, {
      answers: {
        'thy-symptoms': ['thy-sym-goitre', 'thy-sym-weight'],
        'thy-treatment': ['thy-treat-tablets'],
        'thy-height': { cm: 170 },
        'thy-weight': { kg: 70 },
        'thy-dose': 100,
      },
      expect: { LIFE: 'U', CI: 'U' },
    });
    expect(outcome.ok).toBe(true);
    const ex = runCase(thyroid, INDICATORS, {
      answers: {
        'thy-symptoms': ['thy-sym-goitre', 'thy-sym-weight'],
        'thy-treatment': ['thy-treat-tablets'],
      },
      expect: { CI: 'EX3,EX1' },
    });
    expect(ex.ok).toBe(true);
    const text = runCase(others, INDICATORS, {
      answers: Object.fromEntries(others.questionList.map((q) => [q.uuid, 'none'])),
      expect: { LIFE: 'U' },
    });
    expect(text.ok).toBe(true);
  });

  it('fails with the actual decision when it differs', () => {
    const outcome = runCase(hypertension, INDICATORS, {
      asOf: '2026-01-01',
      answers: {
        'htn-diagnosed': '2025-12-01',
        'htn-controlled': ['htn-controlled-yes'],
        'htn-smoking': ['htn-smoking-never'],
      },
      expect: { LIFE: '0' },
    });
    expect(outcome.ok).toBe(false);
    expect(outcome.actual).toEqual(all('P'));
    expect(outcome.problems).toEqual(['LIFE: expected 0, got P']);
  });

  it('names unknown questions and indicators, unreadable, hidden and missing answers', () => {
    const outcome = runCase(hypertension, INDICATORS, {
      asOf: '1 Jan',
      answers: {
        nope: 1,
        'htn-diagnosed': 'yesterday',
        'htn-controlled': ['htn-controlled-yes'],
        'htn-systolic': 150,
      },
      expect: { TPD: '0' },
    });
    expect(outcome.ok).toBe(false);
    expect(outcome.actual).toEqual({});
    expect(outcome.problems).toEqual([
      'unknown question nope',
      'answer to htn-diagnosed is not a D answer',
      'question htn-systolic is not shown for these answers',
      'asOf 1 Jan is not YYYY-MM-DD',
      'mandatory questions unanswered: htn-diagnosed, htn-smoking',
      'unknown indicator TPD',
    ]);
  });

  it('refuses answers of the wrong form for each type', () => {
    const outcome = runCase(thyroid, INDICATORS, {
      answers: {
        'thy-symptoms': 'thy-sym-none',
        'thy-treatment': [1],
        'thy-height': 170,
        'thy-weight': { lb: 1 },
        'thy-dose': -1,
      },
      expect: {},
    });
    expect(outcome.problems.slice(0, 5)).toEqual([
      'answer to thy-symptoms is not a C answer',
      'answer to thy-treatment is not a M answer',
      'answer to thy-height is not a H answer',
      'answer to thy-weight is not a W answer',
      'answer to thy-dose is not a N answer',
    ]);
    expect(
      runCase(others, INDICATORS, { answers: { 'other-diagnosis': 3 }, expect: {} }).problems[0],
    ).toBe('answer to other-diagnosis is not a T answer');
  });

  it('measures dates from today without asOf', () => {
    expect(todayIso(new Date(2026, 0, 5))).toBe('2026-01-05');
    const outcome = runCase(hypertension, INDICATORS, {
      answers: {
        'htn-diagnosed': todayIso(),
        'htn-controlled': ['htn-controlled-yes'],
        'htn-smoking': ['htn-smoking-never'],
      },
      expect: { LIFE: 'P' },
    });
    expect(outcome.ok).toBe(true);
  });
});

describe('properties', () => {
  const values = fc.oneof(
    fc.constantFrom('D', 'P', 'U', 'EX1', 'EX2', 'EX10'),
    fc.integer({ min: 0, max: 500 }).map(String),
  );
  /** An impairment of n optional radio questions, each with one option per generated value. */
  const generated = (decisions: string[][]): Impairment => ({
    uuid: 'gen',
    name: bi('Generated'),
    gender: 'Both',
    decision: ['LIFE'],
    exNoList: [],
    selfDefined: false,
    questionList: decisions.map((options, i): Question => ({
      uuid: `q${i}`,
      index: i,
      type: 'M',
      question: bi(`q${i}`),
      mandatory: 'N',
      parentUuid: 'gen',
      uuidPath: 'gen',
      level: 1,
      group: { uuid: 'g', index: 1, header: bi('G') },
      answerList: options.map((value, j) => ({
        uuid: `q${i}-o${j}`,
        label: bi(value),
        decision: { LIFE: value },
        hasDecision: true,
        parentUuid: `q${i}`,
      })),
      answer: null,
      choiceList: [],
      decision: null,
    })),
  });
  const answersFor = (imp: Impairment): Record<string, string[]> =>
    Object.fromEntries(imp.questionList.map((q) => [q.uuid, q.answerList.map((o) => o.uuid)]));
  const lifeOf = (d: ImpairmentDecision) => formatDecision(d)['LIFE'];
  const grid = fc.array(fc.array(values, { minLength: 1, maxLength: 3 }), {
    minLength: 1,
    maxLength: 8,
  });

  it('S-42 the decision does not depend on answer order', () => {
    fc.assert(
      fc.property(grid, fc.array(fc.nat(), { minLength: 3, maxLength: 3 }), (decisions, keys) => {
        const imp = generated(decisions);
        const answers = answersFor(imp);
        // Each choice list permuted by the generated keys, and the questions answered in reverse.
        const shuffled = Object.entries(answers)
          .map(([k, v]) => {
            const order = v.map((uuid, i) => ({ uuid, key: keys[i]! }));
            return [k, order.sort((a, b) => a.key - b.key).map((o) => o.uuid)] as const;
          })
          .reverse();
        const again = decideImpairment(imp, Object.fromEntries(shuffled), ['LIFE'], { asOf });
        expect(lifeOf(again)).toEqual(lifeOf(decideImpairment(imp, answers, ['LIFE'], { asOf })));
      }),
    );
  });

  it('S-43 one D answer always gives D', () => {
    fc.assert(
      fc.property(grid, (decisions) => {
        const imp = generated([...decisions, ['D']]);
        expect(lifeOf(decideImpairment(imp, answersFor(imp), ['LIFE'], { asOf }))).toBe('D');
      }),
    );
  });

  it('S-48 debit points add up', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 0, max: 300 }), { minLength: 1, maxLength: 3 }), {
          minLength: 1,
          maxLength: 8,
        }),
        (points) => {
          const imp = generated(points.map((row) => row.map(String)));
          const sum = points.flat().reduce((a, b) => a + b, 0);
          expect(lifeOf(decideImpairment(imp, answersFor(imp), ['LIFE'], { asOf }))).toBe(
            String(sum),
          );
        },
      ),
    );
  });

  it('S-47 the exclusions kept are exactly the codes chosen, when nothing outranks them', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(
            fc.integer({ min: 1, max: 20 }).map((n) => `EX${n}`),
            { minLength: 1, maxLength: 3 },
          ),
          { minLength: 1, maxLength: 6 },
        ),
        (codes) => {
          const imp = generated(codes);
          const expected = [...new Set(codes.flat())].sort(
            (a, b) => Number(a.slice(2)) - Number(b.slice(2)),
          );
          expect(lifeOf(decideImpairment(imp, answersFor(imp), ['LIFE'], { asOf }))).toBe(
            expected.join(','),
          );
        },
      ),
    );
  });

  it('consolidating a single impairment gives its own decision', () => {
    fc.assert(
      fc.property(grid, (decisions) => {
        const imp = generated(decisions);
        const d = decideImpairment(imp, answersFor(imp), ['LIFE'], { asOf });
        const { drivers: _drivers, ...own } = d.indicators!['LIFE']!;
        expect(consolidate([d], ['LIFE']).indicators['LIFE']).toEqual(own);
      }),
    );
  });
});

it('keeps up with a long questionnaire', () => {
  const answers: AnswerMap = {};
  for (const q of longForm.questionList) {
    answers[q.uuid] = [q.answerList[0]!.uuid];
  }
  expect(flat(longForm, answers)).toEqual(all(String(5 * 25 + 7 * 10)));
});

describe('exclusion codes of a disclosure', () => {
  const decided = (indicators: ImpairmentDecision['indicators']): ImpairmentDecision => ({
    impairmentUuid: 'x',
    indicators,
    unanswered: [],
  });
  const exclusion = (...codes: string[]) => ({ value: 'EX', exclusions: codes, drivers: [] });

  it('lists every code once, in number order (EX2 before EX10), across conditions and indicators', () => {
    const codes = exclusionCodesOf([
      decided({ LIFE: exclusion('EX10', 'EX2'), CI: exclusion('EX2') }),
      decided(null),
      decided({ LIFE: { value: '25', exclusions: [], drivers: [] }, MED: exclusion('EX3') }),
    ]);
    expect(codes).toEqual(['EX2', 'EX3', 'EX10']);
  });

  it('is empty when no decision excludes anything', () => {
    expect(
      exclusionCodesOf([decided({ LIFE: { value: 'D', exclusions: [], drivers: [] } })]),
    ).toEqual([]);
  });
});

describe('readIndicatorResult', () => {
  it('W-18 reads back what formatIndicatorResult writes: D, P, U, points and exclusions', () => {
    const result = fc.oneof(
      fc.constantFrom('D', 'P', 'U').map((value) => ({ value, exclusions: [] as string[] })),
      fc.nat(500).map((n) => ({ value: String(n), exclusions: [] as string[] })),
      fc
        .uniqueArray(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 4 })
        .map((ns) => ({ value: 'EX', exclusions: ns.map((n) => `EX${n}`) })),
    );
    fc.assert(
      fc.property(result, (r) => {
        expect(readIndicatorResult(formatIndicatorResult(r))).toEqual(r);
      }),
    );
  });
});
