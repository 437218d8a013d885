import { describe, expect, it } from 'vitest';
import { checkCatalog } from '../../src/catalog/check.ts';
import { compileImpairment } from '../../src/catalog/compile.ts';
import { impairmentFileSchema } from '../../src/catalog/source-schema.ts';
import { catalogSchema, impairmentSchema, type Catalog, type Question } from '../../src/model.ts';
import { catalogYaml, hypertensionYaml, sampleFiles } from './sample-sources.ts';

function compiled(): Catalog {
  const check = checkCatalog(sampleFiles());
  expect(check.problems).toEqual([]);
  if (!check.catalog) throw new Error('the sample catalogue does not compile');
  return check.catalog;
}

function hypertension() {
  return compileImpairment(
    impairmentFileSchema.parse(hypertensionYaml()),
    catalogYaml().indicators,
  );
}

function question(uuid: string): Question {
  const found = hypertension().questionList.find((q) => q.uuid === uuid);
  if (!found) throw new Error(`no question ${uuid}`);
  return found;
}

describe('compileCatalog', () => {
  it('the compiled sample satisfies the catalogue schema of model.ts', () => {
    expect(catalogSchema.safeParse(compiled()).success).toBe(true);
  });

  it('keeps the catalogue-wide parts and sorts impairments by English name', () => {
    const catalog = compiled();
    expect(catalog.indicators.map((i) => i.code)).toEqual(['LIFE', 'CI']);
    expect(catalog.smokingLists.map((l) => [l.id, l.lookbackMonths])).toEqual([
      ['A', 6],
      ['B', 12],
    ]);
    expect(catalog.impairments.map((i) => i.name.en)).toEqual([
      'Abnormal BMI',
      'High / Low BMI',
      'Hypertension',
      'Others',
      'Ovarian cyst',
    ]);
  });

  it('E-03 E-04 settings left out take the required defaults', () => {
    const files = sampleFiles().map((file) => {
      if (file.path !== 'catalog.yaml') return file;
      const { settings: _settings, ...rest } = catalogYaml();
      return { path: file.path, data: rest };
    });
    const check = checkCatalog(files);
    expect(check.catalog?.settings).toEqual({
      highLowBmiImpairmentName: 'High / Low BMI',
      abnormalBmiImpairmentName: 'Abnormal BMI',
      otherImpairment: 'other-impairment',
    });
  });
});

describe('compileImpairment', () => {
  it('E-11 an impairment carries uuid, name, gender, decision list, exNoList, questionList, selfDefined and group', () => {
    const impairment = hypertension();
    expect(impairmentSchema.safeParse(impairment).success).toBe(true);
    expect(impairment).toMatchObject({
      uuid: 'hypertension',
      name: { en: 'Hypertension', cn_traditional: '高血壓' },
      gender: 'Both',
      decision: ['LIFE', 'CI'],
      exNoList: ['EX1'],
      selfDefined: false,
      group: 'cardiovascular',
      needsSmoking: true,
      smokingQuestionUuid: 'htn-smoking',
    });
  });

  it('numbers questions depth-first, each child right after the question opening it', () => {
    expect(hypertension().questionList.map((q) => [q.index, q.uuid, q.level])).toEqual([
      [1, 'htn-diagnosed', 1],
      [2, 'htn-controlled', 1],
      [3, 'htn-systolic', 2],
      [4, 'htn-medication', 2],
      [5, 'htn-med-names', 3],
      [6, 'htn-smoking', 1],
    ]);
  });

  it('E-16 a top-level parentUuid is the impairment, a child the option opening it, uuidPath every ancestor', () => {
    expect(question('htn-controlled')).toMatchObject({
      parentUuid: 'hypertension',
      uuidPath: 'hypertension',
    });
    expect(question('htn-systolic')).toMatchObject({
      parentUuid: 'htn-controlled-no',
      uuidPath: 'hypertension,htn-controlled,htn-controlled-no',
    });
    expect(question('htn-med-names')).toMatchObject({
      parentUuid: 'htn-med-more',
      uuidPath: 'hypertension,htn-controlled,htn-controlled-no,htn-medication,htn-med-more',
      level: 3,
    });
  });

  it('E-17 a group carries uuid, index (its position), header and description; children inherit it', () => {
    expect(question('htn-diagnosed').group).toEqual({
      uuid: 'htn-history',
      index: 0,
      header: { en: 'History', cn_traditional: '病歷' },
    });
    const control = {
      uuid: 'htn-control',
      index: 1,
      header: { en: 'Control', cn_traditional: '控制' },
      description: { en: 'Readings', cn_traditional: '讀數' },
    };
    expect(question('htn-controlled').group).toEqual(control);
    expect(question('htn-med-names').group).toEqual(control);
  });

  it('E-13 E-15 a question carries every field the requirements give it, answer null', () => {
    const q = question('htn-controlled');
    for (const field of [
      'uuid',
      'index',
      'type',
      'question',
      'parentUuid',
      'uuidPath',
      'level',
      'group',
      'answerList',
      'answer',
      'choiceList',
      'decision',
      'placeholder',
      'c_index',
      'c_type',
    ]) {
      expect(q).toHaveProperty(field);
    }
    expect(question('htn-systolic').units).toEqual(['mmHg']);
    expect(question('htn-med-names').mandatory).toBe('N');
    expect(q.mandatory).toBeUndefined();
    expect(q.answer).toBeNull();
  });

  it('E-19 an option carries uuid, label, decision, hasDecision and parentUuid; checkbox options unique', () => {
    const [yes, no] = question('htn-controlled').answerList;
    expect(yes).toEqual({
      uuid: 'htn-controlled-yes',
      label: { en: 'Yes', cn_traditional: '是' },
      decision: { LIFE: '0', CI: '25' },
      hasDecision: true,
      parentUuid: 'htn-controlled',
    });
    expect(no).toMatchObject({ decision: null, hasDecision: false, parentUuid: 'htn-controlled' });
    expect(question('htn-medication').answerList.map((o) => o.unique)).toEqual(['N', 'N', 'Y']);
  });

  it('T-27 an exclusive option (exclusive: true, or unique: Y on a checkbox) compiles as exclusive', () => {
    expect(question('htn-medication').answerList.map((o) => o.exclusive)).toEqual([
      undefined,
      undefined,
      true,
    ]);
  });

  it('choiceList names the options that open children', () => {
    expect(question('htn-controlled').choiceList).toEqual(['htn-controlled-no']);
    expect(question('htn-medication').choiceList).toEqual(['htn-med-more']);
    expect(question('htn-diagnosed').choiceList).toEqual([]);
  });

  it('a free-form question without bands decides U for every indicator; with bands it keeps them', () => {
    expect(question('htn-med-names').decision).toEqual({ LIFE: 'U', CI: 'U' });
    expect(question('htn-systolic').decision).toBeNull();
    expect(question('htn-systolic').bands).toHaveLength(2);
    expect(question('htn-controlled').decision).toBeNull();
  });

  it('a smoking option keeps its smoking value', () => {
    expect(question('htn-smoking').answerList.map((o) => o.smokingValue)).toEqual([
      'current-over-1-pack',
      'current-under-1-pack',
      'quit-within-period',
      'quit-before-period',
      'never',
    ]);
  });

  it('the Others template keeps uuid other-impairment with its questions under it', () => {
    const others = compiled().impairments.find((i) => i.uuid === 'other-impairment');
    expect(others?.name.en).toBe('Others');
    expect(others?.questionList.every((q) => q.parentUuid === 'other-impairment')).toBe(true);
  });
});
