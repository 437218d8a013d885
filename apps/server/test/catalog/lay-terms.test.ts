/**
 * The lay-term data set (requirements I-05) against the shipped sample catalogue, read the way
 * the server seeds it: the search itself is the domain's (packages/domain/src/condition-search.ts);
 * this file lives on the server side because reading the catalogue's YAML does.
 */
import type { DiseaseListEntry } from '@vmer/domain';
import { searchConditions } from '@vmer/domain/condition-search';
import { beforeAll, describe, expect, it } from 'vitest';
import layTerms from '../../../../packages/domain/test/lay-terms.json' with { type: 'json' };
import {
  checkSourceTexts,
  readSourceDir,
  SHIPPED_CATALOG_DIR,
} from '../../src/catalog/source-files.ts';

interface LayTerm {
  term: string;
  language: string;
  uuid: string;
}

const TERMS: readonly LayTerm[] = layTerms;

describe('the lay-term data set', () => {
  let list: DiseaseListEntry[];

  beforeAll(async () => {
    const check = checkSourceTexts(await readSourceDir(SHIPPED_CATALOG_DIR));
    if (!check.catalog)
      throw new Error(`the shipped catalogue has problems: ${JSON.stringify(check.problems)}`);
    list = check.catalog.impairments.map(({ questionList: _questions, ...entry }) => entry);
  });

  it('I-05 holds 100 terms of both languages, each naming a sample condition', () => {
    expect(TERMS).toHaveLength(100);
    expect(TERMS.filter((t) => t.language === 'cn_traditional').length).toBeGreaterThanOrEqual(30);
    expect(new Set(TERMS.map((t) => t.language))).toEqual(new Set(['en', 'cn_traditional']));
    const uuids = new Set(list.map((entry) => entry.uuid));
    expect(TERMS.filter((t) => !uuids.has(t.uuid))).toEqual([]);
  });

  it('I-01 every sample condition carries synonyms', () => {
    expect(list.filter((entry) => (entry.synonyms?.en ?? []).length === 0)).toEqual([]);
    expect(list.filter((entry) => (entry.synonyms?.cn_traditional ?? []).length === 0)).toEqual(
      [],
    );
  });

  it('I-05 at least 90 of the 100 find their condition among the first three suggestions', () => {
    const misses = TERMS.filter(
      ({ term, uuid }) =>
        !searchConditions(list, term, 3).some((match) => match.entry.uuid === uuid),
    );
    const rate = (TERMS.length - misses.length) / TERMS.length;
    console.log(
      `I-05 lay terms found among the first three: ${TERMS.length - misses.length}/${TERMS.length} (${Math.round(rate * 100)}%)` +
        misses
          .map(({ term, uuid }) => {
            const found = searchConditions(list, term, 3).map((match) => match.entry.uuid);
            return `\n  missed "${term}" (${uuid}): ${found.join(', ') || 'nothing'}`;
          })
          .join(''),
    );
    expect(rate).toBeGreaterThanOrEqual(0.9);
  });
});
