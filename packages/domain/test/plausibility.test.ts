import { describe, expect, it } from 'vitest';
import type { AnswerMap } from '../src/answers.ts';
import { checkCatalog } from '../src/catalog/check.ts';
import { runCase } from '../src/catalog/cases.ts';
import { decideImpairment } from '../src/decision-engine.ts';
import { evaluateDisclosure, evaluationContext } from '../src/evaluation.ts';
import { issueText } from '../src/messages.ts';
import type { Profile, Question } from '../src/model.ts';
import {
  AGE_MAX,
  answerPlausibility,
  HEIGHT_CM_MAX,
  profilePlausibility,
  WEIGHT_KG_MIN,
} from '../src/plausibility.ts';
import { abnormalBmi, catalog, hypertension, INDICATORS } from './fixtures.ts';
import { makeChoiceQuestion, makeQuestion } from './make-question.ts';
import { filesWith, type hypertensionYaml } from './catalog/sample-sources.ts';

const asOf = '2026-06-15';
const date = (value: string, exact = true) => ({ value, exact, zoneId: 'Asia/Hong_Kong' });
const height = (cm: number) => JSON.stringify({ cm, ft: 0, inch: 0 });
const weight = (kg: number) => JSON.stringify({ kg, lb: 0 });
const line = (value: string) => [{ value, unit: '' }];
const codeOf = (q: Question, raw: Parameters<typeof answerPlausibility>[1], birthDate?: string) =>
  answerPlausibility(q, raw, { asOf, birthDate: birthDate ?? null })?.code ?? null;

describe('plausibility of an answer', () => {
  const d = makeQuestion('D');

  it('I-16 a date after today is refused; today and earlier are taken', () => {
    expect(codeOf(d, date('2026-06-16'))).toBe('answer_date_future');
    expect(codeOf(d, date('2090-01-01'))).toBe('answer_date_future');
    expect(codeOf(d, date('2026-06-15'))).toBeNull();
    expect(codeOf(d, date(''))).toBeNull();
  });

  it('I-16 a month-and-year date is compared by month: this month is not in the future, next month is', () => {
    expect(codeOf(d, date('2026-06-01', false))).toBeNull();
    expect(codeOf(d, date('2026-07-01', false))).toBe('answer_date_future');
  });

  it('I-16 a date before the birth date is refused, by month when not exact', () => {
    expect(codeOf(d, date('1979-12-31'), '01011980')).toBe('answer_date_before_birth');
    expect(codeOf(d, date('1980-01-01'), '01011980')).toBeNull();
    expect(codeOf(d, date('1980-03-01', false), '20031980')).toBeNull();
    expect(codeOf(d, date('1980-02-01', false), '20031980')).toBe('answer_date_before_birth');
    // No readable birth date: only the future is held against.
    expect(codeOf(d, date('1901-01-01'), '99999999')).toBeNull();
  });

  it('I-18 an H or W answer outside 50–250 cm or 20–350 kg is refused, the bounds in the message', () => {
    const h = makeQuestion('H');
    const w = makeQuestion('W');
    expect(codeOf(h, height(1701))).toBe('height_out_of_range');
    expect(codeOf(h, height(49))).toBe('height_out_of_range');
    expect(codeOf(h, height(50))).toBeNull();
    expect(codeOf(h, height(HEIGHT_CM_MAX))).toBeNull();
    expect(codeOf(w, weight(351))).toBe('weight_out_of_range');
    expect(codeOf(w, weight(WEIGHT_KG_MIN))).toBeNull();
    const issue = answerPlausibility(h, height(1701), { asOf });
    expect(issue && issueText(issue, 'en')).toBe('Height must be between 50 and 250 cm');
    expect(issue && issueText(issue, 'cn_traditional')).toBe('身高必須介乎 50 至 250 厘米');
  });

  it("I-18 I-19 a W question with its own min/max (a weight lost) is held to them instead of the body's", () => {
    const lost = makeQuestion('W', { min: 0, max: 200 });
    expect(codeOf(lost, weight(6))).toBeNull();
    expect(codeOf(lost, weight(201))).toBe('weight_out_of_range');
  });

  it("I-19 an N line outside its question's min/max is refused; inclusive bounds; one-sided bounds", () => {
    const both = makeQuestion('N', { min: 50, max: 300 });
    expect(codeOf(both, line('1850'))).toBe('answer_number_out_of_range');
    expect(codeOf(both, line('49.9'))).toBe('answer_number_out_of_range');
    expect(codeOf(both, line('50'))).toBeNull();
    expect(codeOf(both, line('300'))).toBeNull();
    expect(codeOf(makeQuestion('N', { min: 3 }), line('2'))).toBe('answer_number_below_min');
    expect(codeOf(makeQuestion('N', { max: 20 }), line('21'))).toBe('answer_number_above_max');
    expect(codeOf(makeQuestion('N'), line('99999'))).toBeNull();
    // An unreadable line is the unreadable-number rule's (T-28), not this one's.
    expect(codeOf(both, line('-'))).toBeNull();
  });

  it('I-21 a choice standing for another smoking status than the applicant’s is refused', () => {
    const q = makeChoiceQuestion('R');
    const smoking: Question = {
      ...q,
      answerList: q.answerList.map((o, i) => ({
        ...o,
        smokingValue: ['never', 'current-over-1-pack', 'quit-before-period'][i] ?? 'never',
      })),
    };
    const check = (status: string | null) =>
      answerPlausibility(smoking, ['a'], { asOf, smokingStatus: status })?.code ?? null;
    expect(check('current-over-1-pack')).toBe('answer_smoking_contradiction');
    expect(check('never')).toBeNull();
    expect(check(null)).toBeNull();
    // An option that stands for no status contradicts nothing.
    expect(answerPlausibility(q, ['a'], { asOf, smokingStatus: 'never' })).toBeNull();
  });
});

describe('plausibility of the basic information', () => {
  const base: Profile = { age: 40, gender: 'Male', rsmScore: 'A' };
  const codes = (profile: Profile) => profilePlausibility(profile, asOf).map((i) => i.code);

  it('I-17 a birth date disagreeing with the age is refused, naming the age it gives', () => {
    const issues = profilePlausibility({ ...base, birthDate: '16061990', age: 40 }, asOf);
    expect(issues).toEqual([
      { code: 'birth_date_age_mismatch', path: 'birthDate', params: { age: 35 } },
    ]);
    expect(issueText(issues[0]!, 'cn_traditional')).toBe(
      '按出生日期計算，年齡應為 35 歲：請核對出生日期或年齡',
    );
  });

  it("I-17 the insurer's last-age option: the age at the last or next birthday as the basis says", () => {
    // Born 16 June 1990: on 15 June 2026 the last birthday gives 35, the next 36.
    expect(codes({ ...base, birthDate: '16061990', age: 35, ageBasis: 'last' })).toEqual([]);
    expect(codes({ ...base, birthDate: '16061990', age: 36, ageBasis: 'next' })).toEqual([]);
    expect(codes({ ...base, birthDate: '16061990', age: 36, ageBasis: 'last' })).toEqual([
      'birth_date_age_mismatch',
    ]);
    // An age typed by hand (no basis) may count either way.
    expect(codes({ ...base, birthDate: '16061990', age: 35 })).toEqual([]);
    expect(codes({ ...base, birthDate: '16061990', age: 36 })).toEqual([]);
    expect(codes({ ...base, birthDate: '16061990', age: 37 })).toEqual(['birth_date_age_mismatch']);
  });

  it('I-17 a birth date in the future or unreadable is left to validateBirthDate (T-09)', () => {
    expect(codes({ ...base, birthDate: '01012090' })).toEqual([]);
    expect(codes({ ...base, birthDate: '3102' })).toEqual([]);
  });

  it('I-18 the applicant’s height and weight outside 50–250 cm and 20–350 kg, and an age over 100', () => {
    expect(codes({ ...base, height: height(1701), weight: weight(19) })).toEqual([
      'height_out_of_range',
      'weight_out_of_range',
    ]);
    expect(codes({ ...base, height: height(170), weight: weight(70) })).toEqual([]);
    expect(codes({ ...base, age: AGE_MAX })).toEqual([]);
    expect(codes({ ...base, age: AGE_MAX + 1 })).toEqual(['age_max']);
  });
});

describe('an implausible answer decides nothing (I-22)', () => {
  const htn = (overrides: AnswerMap = {}): AnswerMap => ({
    'htn-diagnosed': date('2015-03-01'),
    'htn-controlled': ['htn-controlled-yes'],
    'htn-smoking': ['htn-smoking-never'],
    ...overrides,
  });
  const decide = (answers: AnswerMap, facts = {}) =>
    decideImpairment(hypertension, answers, INDICATORS, { asOf, facts });

  it('I-22 I-16 a diagnosis dated 2090 gives the condition no decision, the question keeping it back', () => {
    expect(decide(htn()).indicators).not.toBeNull();
    const d = decide(htn({ 'htn-diagnosed': date('2090-01-01') }));
    expect(d.indicators).toBeNull();
    expect(d.unanswered).toEqual(['htn-diagnosed']);
  });

  it('I-22 I-21 a smoking answer contradicting the status gives no decision', () => {
    expect(decide(htn(), { smokingStatus: 'never' }).indicators).not.toBeNull();
    expect(decide(htn(), { smokingStatus: 'current-over-1-pack' }).indicators).toBeNull();
  });

  it('I-22 the evaluation lists each issue at its condition and question, holds back Save and Submit', () => {
    const context = evaluationContext(catalog, asOf);
    const profile: Profile = { age: 40, gender: 'Male', rsmScore: 'A' };
    const evaluate = (answers: AnswerMap, p: Profile = profile) =>
      evaluateDisclosure(
        { profile: p, chosen: [{ impairment: hypertension, answers }], applicationNumber: 'A1' },
        context,
      );
    expect(evaluate(htn()).enabled.save).toBe(true);
    const bad = evaluate(htn({ 'htn-diagnosed': date('2090-01-01') }));
    expect(bad.plausibilityIssues).toEqual([
      {
        code: 'answer_date_future',
        path: 'impairments[0]',
        params: { impairment: 'hypertension', question: 'htn-diagnosed' },
      },
    ]);
    expect(bad.decisions[0]?.indicators).toBeNull();
    expect(bad.enabled).toMatchObject({ save: false, submit: false });
    const tall = evaluate(htn(), { ...profile, height: height(1701) });
    expect(tall.plausibilityIssues.map((i) => i.path)).toEqual(['height']);
    expect(tall.enabled.save).toBe(false);
  });

  it('I-22 I-18 a BMI from an implausible height gives the Abnormal BMI condition no decision', () => {
    const context = evaluationContext(catalog, asOf);
    const profile: Profile = {
      age: 40,
      gender: 'Male',
      rsmScore: 'A',
      height: height(1701),
      weight: weight(70),
    };
    const evaluation = evaluateDisclosure(
      { profile, chosen: [{ impairment: abnormalBmi, answers: {} }], applicationNumber: 'A1' },
      context,
    );
    expect(evaluation.decisions[0]?.indicators).toBeNull();
  });

  it('I-22 I-19 a regression case with an implausible answer is refused, never decided', () => {
    const systolic = makeQuestion('N', { uuid: 'sys', parentUuid: 'bp', uuidPath: 'bp', max: 300 });
    const bp = { ...hypertension, uuid: 'bp', questionList: [systolic] };
    const refused = runCase(bp, INDICATORS, { answers: { sys: 1850 }, expect: 'refused' });
    expect(refused.problems).toEqual([]);
    const decided = runCase(bp, INDICATORS, { answers: { sys: 1850 }, expect: { LIFE: 'U' } });
    expect(decided.problems).toContain('answer to sys is refused: The number must be 300 or less');
  });
});

describe('lint: min and max (I-19)', () => {
  type Hypertension = ReturnType<typeof hypertensionYaml>;
  const HTN = 'impairments/hypertension.yaml';
  const withQuestion = (index: number, extra: Record<string, number>) =>
    checkCatalog(
      filesWith<Hypertension>(HTN, (data) => ({
        ...data,
        questions: data.questions.map((q, i) => (i === index ? { ...q, ...extra } : q)),
      })),
    ).problems;

  it('I-19 min or max on a question type that takes no bounds is reported at the key', () => {
    // Question 0 is a D question.
    expect(withQuestion(0, { max: 10 })).toEqual([
      {
        file: HTN,
        path: ['questions', 0, 'max'],
        message: 'min and max apply to N, H and W questions only, not D',
      },
    ]);
  });

  it('I-19 min above max is reported at min; min equal to max is accepted', () => {
    const withBounds = (min: number, max: number) =>
      checkCatalog(
        filesWith<Hypertension>(HTN, (data) => ({
          ...data,
          questions: [
            ...data.questions,
            {
              uuid: 'htn-pulse',
              type: 'N',
              group: 'htn-control',
              question: { en: 'Pulse', cn_traditional: '脈搏' },
              mandatory: 'N',
              min,
              max,
            },
          ],
        })),
      ).problems;
    expect(withBounds(200, 30)).toEqual([
      { file: HTN, path: ['questions', 3, 'min'], message: 'min 200 is above max 30' },
    ]);
    expect(withBounds(60, 60)).toEqual([]);
  });
});
