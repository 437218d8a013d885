import { afterEach, describe, expect, it } from 'vitest';
import { searchConditions, type SearchableCondition } from '../src/condition-search.ts';
import { registerDeriver } from '../src/languages.ts';
import { toSimplified } from '../src/simplified.ts';

const LIST: SearchableCondition[] = [
  { uuid: 'gallstones', name: { en: 'Gallstones', cn_traditional: '膽石' } },
  { uuid: 'asthma', name: { en: 'Asthma', cn_traditional: '哮喘' } },
];
const found = (text: string) => searchConditions(LIST, text, 5).map((match) => match.entry.uuid);

describe('I-02 the condition search and languages that arrive later', () => {
  afterEach(() => registerDeriver('cn_simplified', toSimplified));

  it('I-02 finds a condition by its Simplified Chinese name derived from the Traditional one', () => {
    expect(found('胆石')).toEqual(['gallstones']);
    expect(found('膽石')).toEqual(['gallstones']);
  });

  it('I-02 a list searched before a language deriver is registered is searched with it after: its index is built again', () => {
    expect(found('胆石')).toEqual(['gallstones']);
    // The browser registers Simplified Chinese only when someone chooses it, after the list
    // has been searched in another language: a changed deriver stands for that moment.
    registerDeriver('cn_simplified', (text) => toSimplified(text).replace('胆', '淡'));
    expect(found('淡石')).toEqual(['gallstones']);
  });
});
