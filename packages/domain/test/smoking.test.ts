import { describe, expect, it } from 'vitest';
import {
  needsSmokingStatus,
  presetSmokingAnswer,
  presetSmokingAnswers,
  smokingListFor,
  smokingListIdFor,
  smokingStatusIssue,
} from '../src/smoking.ts';
import { asthma, catalog, hypertension, others, thyroid } from './fixtures.ts';

const list = (code: string) => smokingListFor(code, catalog.insurers, catalog.smokingLists);

describe('smoking lists', () => {
  it('E-48 phkl uses list B (12-month look-back)', () => {
    expect(list('phkl')).toMatchObject({ id: 'B', lookbackMonths: 12 });
  });

  it('E-48 other insurers use list A (6-month look-back)', () => {
    expect(list('slhk')).toMatchObject({ id: 'A', lookbackMonths: 6 });
  });

  it('E-48 follows the insurer code in any case, and the default for unlisted insurers', () => {
    expect(smokingListIdFor('PHKL', catalog.insurers)).toBe('B');
    expect(smokingListIdFor('phkl', [])).toBe('B');
    expect(smokingListIdFor('demo', [])).toBe('A');
  });

  it('E-48 reads the list from the insurer setting, not the code', () => {
    const swapped = catalog.insurers.map((i) => ({
      ...i,
      smokingList: i.smokingList === 'A' ? ('B' as const) : ('A' as const),
    }));
    expect(smokingListIdFor('phkl', swapped)).toBe('A');
  });

  it('finds no list the catalogue lacks', () => {
    expect(smokingListFor('phkl', catalog.insurers, [])).toBeUndefined();
  });
});

describe('smoking status required', () => {
  it('V-15 asthma or hypertension need a smoking status', () => {
    expect(needsSmokingStatus([thyroid, asthma])).toBe(true);
    expect(needsSmokingStatus([thyroid, others])).toBe(false);
    expect(smokingStatusIssue('', [hypertension])).toEqual({
      code: 'smoking_required',
      path: 'smokingStatus',
    });
    expect(smokingStatusIssue(undefined, [hypertension])?.code).toBe('smoking_required');
    expect(smokingStatusIssue('never', [hypertension])).toBeNull();
    expect(smokingStatusIssue('', [thyroid])).toBeNull();
  });
});

describe('smoking answer preset', () => {
  it('S-64 presets the option matching the smoking status', () => {
    const preset = presetSmokingAnswer(hypertension, {}, 'never');
    expect(preset).toEqual({
      status: 'preset',
      answers: { 'htn-smoking': ['htn-smoking-never'] },
      questionUuid: 'htn-smoking',
      optionUuid: 'htn-smoking-never',
    });
  });

  it('S-64 a new status replaces the earlier answer; the same one changes nothing', () => {
    const first = presetSmokingAnswer(hypertension, {}, 'never').answers;
    expect(presetSmokingAnswer(hypertension, first, 'never').answers).toBe(first);
    expect(presetSmokingAnswer(hypertension, first, 'current-over-1-pack').answers).toEqual({
      'htn-smoking': ['htn-smoking-current-over-1-pack'],
    });
  });

  it('S-65 without a matching option the answers stay and the miss is reported', () => {
    const answers = { 'ast-attacks': ['ast-attacks-rare'] };
    const preset = presetSmokingAnswer(asthma, answers, 'never');
    expect(preset).toEqual({
      status: 'no-match',
      answers,
      questionUuid: 'ast-smoking',
      smokingStatus: 'never',
    });
    expect(preset.answers).toBe(answers);
  });

  it('does nothing without a status or a smoking question', () => {
    expect(presetSmokingAnswer(hypertension, {}, '  ').status).toBe('no-status');
    expect(presetSmokingAnswer(thyroid, {}, 'never').status).toBe('no-question');
  });

  it('uses the user-info smoking question when the condition names none', () => {
    const unnamed = { ...hypertension, smokingQuestionUuid: undefined };
    expect(presetSmokingAnswer(unnamed, {}, 'never').status).toBe('no-question');
    expect(presetSmokingAnswer(unnamed, {}, 'never', 'htn-smoking').status).toBe('preset');
  });

  it('S-64 S-65 presets every chosen condition and lists the misses', () => {
    const thyroidEntry = { impairment: thyroid, answers: {} };
    const { chosen, misses } = presetSmokingAnswers(
      [
        { impairment: hypertension, answers: {} },
        { impairment: asthma, answers: {} },
        thyroidEntry,
      ],
      'never',
    );
    expect(chosen[0]!.answers).toEqual({ 'htn-smoking': ['htn-smoking-never'] });
    expect(chosen[2]).toBe(thyroidEntry);
    expect(misses).toEqual([
      { impairmentUuid: 'asthma', questionUuid: 'ast-smoking', smokingStatus: 'never' },
    ]);
  });
});
