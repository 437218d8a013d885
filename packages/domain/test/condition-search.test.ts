import { describe, expect, it } from 'vitest';
import '../src/simplified.ts';
import {
  conditionForEnter,
  searchConditions,
  searchTerms,
  type SearchableCondition,
} from '../src/condition-search.ts';

function entry(
  uuid: string,
  en: string,
  cn: string,
  synonyms: { en?: string[]; cn_traditional?: string[] } = {},
): SearchableCondition {
  return { uuid, name: { en, cn_traditional: cn }, synonyms };
}

const hypertension = entry('hypertension', 'Hypertension', '高血壓', {
  en: ['high blood pressure', 'HTN'],
  cn_traditional: ['血壓高'],
});
const glaucoma = entry('glaucoma', 'Glaucoma', '青光眼', { en: ['ocular hypertension'] });
const pulmonary = entry('pulmonary', 'Pulmonary hypertension', '肺動脈高壓');
const diabetes = entry('diabetes', 'Type 2 diabetes', '第二型糖尿病', {
  en: ['sugar', 'diabetes'],
  cn_traditional: ['糖尿', '血糖高'],
});
const sugarIntolerance = entry('sugar-intolerance', 'Sugar intolerance', '糖不耐');
const haemorrhoids = entry('haemorrhoids', 'Haemorrhoids', '痔瘡', {
  en: ['piles', 'hemorrhoids'],
  cn_traditional: ['痔'],
});
const piles = entry('piles', 'Piles', '樁');
const hepatitis = entry('hepatitis-b', 'Hepatitis B carrier', '乙型肝炎帶菌者', {
  en: ['hep B'],
  cn_traditional: ['乙肝', 'B肝'],
});
const fattyLiver = entry('fatty-liver', 'Fatty liver', '脂肪肝');

const LIST = [
  hypertension,
  glaucoma,
  pulmonary,
  diabetes,
  sugarIntolerance,
  haemorrhoids,
  piles,
  hepatitis,
  fattyLiver,
];

const uuids = (typed: string, list: readonly SearchableCondition[] = LIST) =>
  searchConditions(list, typed).map((match) => match.entry.uuid);

describe('condition search: ranking', () => {
  it('I-02 an exact name comes first, then names and synonyms holding the word', () => {
    expect(uuids('hypertension')).toEqual(['hypertension', 'pulmonary', 'glaucoma']);
  });

  it('I-02 an exact name ranks before an exact synonym of another condition', () => {
    expect(uuids('piles').slice(0, 2)).toEqual(['piles', 'haemorrhoids']);
  });

  it('I-02 an exact synonym ranks before a name it begins', () => {
    expect(uuids('sugar')).toEqual(['diabetes', 'sugar-intolerance']);
  });

  it('I-02 a name the text begins ranks before one merely holding the word', () => {
    expect(uuids('pulmonary hyp')[0]).toBe('pulmonary');
  });

  it('I-02 exact matches ignore case, width and spaces', () => {
    const [first] = searchConditions(LIST, '  High   Blood Pressure ');
    expect(first).toMatchObject({
      entry: hypertension,
      exact: true,
      matched: { kind: 'synonym', term: 'high blood pressure' },
    });
    expect(searchConditions(LIST, 'ＨＴＮ')[0]?.entry).toBe(hypertension);
  });

  it('I-02 typos are tolerated, and rank after an exact match', () => {
    expect(uuids('hypertention')[0]).toBe('hypertension');
    expect(uuids('diabetis')[0]).toBe('diabetes');
    expect(uuids('hemorroids')[0]).toBe('haemorrhoids');
    const [exact, typo] = [
      searchConditions(LIST, 'diabetes')[0],
      searchConditions(LIST, 'diabetis')[0],
    ];
    expect(exact?.score).toBeGreaterThan(typo?.score ?? Infinity);
  });

  it('I-02 text that matches nothing finds nothing; blank text too', () => {
    expect(uuids('xyzzy')).toEqual([]);
    expect(uuids('  ')).toEqual([]);
    expect(uuids('!!')).toEqual([]);
  });

  it('I-02 at most `limit` suggestions come back', () => {
    expect(searchConditions(LIST, 'hypertension', 2)).toHaveLength(2);
  });
});

describe('condition search: what matched', () => {
  it('I-03 a suggestion found through a synonym names that synonym', () => {
    expect(searchConditions(LIST, 'hep b')[0]).toMatchObject({
      entry: hepatitis,
      matched: { kind: 'synonym', term: 'hep B' },
    });
  });

  it('I-03 a suggestion found through its name says so', () => {
    expect(searchConditions(LIST, 'fatty')[0]).toMatchObject({
      entry: fattyLiver,
      matched: { kind: 'name', term: 'Fatty liver' },
      exact: false,
    });
  });
});

describe('condition search: both languages whatever the interface', () => {
  it('I-02 Chinese text is cut into characters and pairs of characters', () => {
    expect(searchTerms('血壓高 HTN')).toEqual(['血', '血壓', '壓', '壓高', '高', 'htn']);
    expect(searchTerms('B肝')).toEqual(['b', '肝']);
  });

  it('I-02 Chinese colloquial terms find their condition among English ones', () => {
    expect(searchConditions(LIST, '血壓高')[0]).toMatchObject({
      entry: hypertension,
      matched: { kind: 'synonym', term: '血壓高' },
    });
    expect(uuids('乙肝')[0]).toBe('hepatitis-b');
    expect(uuids('B肝')[0]).toBe('hepatitis-b');
    expect(uuids('肝')).toEqual(expect.arrayContaining(['hepatitis-b', 'fatty-liver']));
  });

  it('I-02 a Chinese name and an English name find the same condition', () => {
    expect(searchConditions(LIST, '高血壓')[0]).toMatchObject({
      entry: hypertension,
      exact: true,
      matched: { kind: 'name', term: '高血壓' },
    });
    expect(searchConditions(LIST, 'Hypertension')[0]?.entry).toBe(hypertension);
  });

  it('I-02 Simplified Chinese finds the Traditional names and synonyms', () => {
    expect(searchConditions(LIST, '血压高')[0]).toMatchObject({
      entry: hypertension,
      exact: true,
      matched: { kind: 'synonym', term: '血压高' },
    });
    expect(uuids('高血压')[0]).toBe('hypertension');
  });
});

describe('condition search: the index', () => {
  it('I-25 is built once per list: another list is searched on its own', () => {
    expect(uuids('hep b', [fattyLiver])).toEqual([]);
    expect(uuids('hep b', LIST)[0]).toBe('hepatitis-b');
    expect(uuids('hep b', [hepatitis])).toEqual(['hepatitis-b']);
  });
});

describe('condition search: Enter', () => {
  it('T-04 I-04 Enter on a name in any language, any case, chooses it', () => {
    expect(conditionForEnter(LIST, ' gLAUcoma ')).toBe(glaucoma);
    expect(conditionForEnter(LIST, '青光眼')).toBe(glaucoma);
  });

  it('I-04 Enter on an exact synonym in either language chooses its condition', () => {
    expect(conditionForEnter(LIST, 'High blood pressure')).toBe(hypertension);
    expect(conditionForEnter(LIST, '乙肝')).toBe(hepatitis);
    expect(conditionForEnter(LIST, '血糖高')).toBe(diabetes);
  });

  it('I-04 Enter on a misspelt name or synonym chooses the one condition it fits', () => {
    expect(conditionForEnter(LIST, 'hypertention')).toBe(hypertension);
    expect(conditionForEnter(LIST, 'hemorroids')).toBe(haemorrhoids);
  });

  it('I-04 Enter on text found in several conditions, or in none, chooses nothing', () => {
    expect(conditionForEnter(LIST, 'hyper')).toBeUndefined();
    expect(conditionForEnter(LIST, 'heart murmur')).toBeUndefined();
    expect(conditionForEnter(LIST, '')).toBeUndefined();
  });
});
