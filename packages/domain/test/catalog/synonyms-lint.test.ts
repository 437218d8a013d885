import { describe, expect, it } from 'vitest';
import { checkCatalog } from '../../src/catalog/check.ts';
import type { CatalogProblem } from '../../src/catalog/rules.ts';
import { filesWith, type hypertensionYaml } from './sample-sources.ts';

type Hypertension = ReturnType<typeof hypertensionYaml>;

const HTN = 'impairments/hypertension.yaml';

function withSynonyms(synonyms: Record<string, string[]>): CatalogProblem[] {
  return checkCatalog(filesWith<Hypertension>(HTN, (data) => ({ ...data, synonyms }))).problems;
}

describe('lint: synonyms', () => {
  it('I-01 synonyms in both languages, or in one, are accepted', () => {
    expect(
      withSynonyms({ en: ['high blood pressure', 'HTN'], cn_traditional: ['血壓高'] }),
    ).toEqual([]);
    expect(withSynonyms({ cn_traditional: ['血壓高'] })).toEqual([]);
  });

  it('I-01 a synonym that is only spaces is reported at the synonym', () => {
    expect(withSynonyms({ en: ['HTN', '   '], cn_traditional: ['血壓高'] })).toEqual([
      { file: HTN, path: ['synonyms', 'en', 1], message: 'a synonym is empty' },
    ]);
  });

  it('I-01 a synonym repeated in one language, in another case or with spaces, is reported', () => {
    expect(
      withSynonyms({ en: ['High BP', 'HTN', ' high bp '], cn_traditional: ['血壓高', '血壓高'] }),
    ).toEqual([
      {
        file: HTN,
        path: ['synonyms', 'en', 2],
        message: 'synonym "high bp" is already listed (item 1)',
      },
      {
        file: HTN,
        path: ['synonyms', 'cn_traditional', 1],
        message: 'synonym "血壓高" is already listed (item 1)',
      },
    ]);
  });

  it('I-01 the same synonym in two languages is not a repetition', () => {
    expect(withSynonyms({ en: ['HTN'], cn_traditional: ['HTN'] })).toEqual([]);
  });
});
