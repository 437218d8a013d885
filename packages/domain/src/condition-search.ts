/**
 * The condition search (requirements I-02..I-04, design §12): finds catalogue conditions by
 * their names and synonyms in every language, whatever the interface language, ranked
 * exact name, exact synonym, prefix, word, then partial and fuzzy matches (typos). Chinese
 * has no spaces, so Han text is indexed as single characters and pairs of characters. Built
 * on MiniSearch; the index is built once per disease list (memoised on the list object).
 */
import MiniSearch, { type SearchResult } from 'minisearch';
import { catalogueConditionNamed } from './impairments.ts';
import {
  LANGUAGE_CODES,
  LANGUAGE_TABLE,
  deriveText,
  textIn,
  type LanguageCode,
} from './languages.ts';
import type { DiseaseListEntry } from './model.ts';

/** What the search reads of a condition. */
export type SearchableCondition = Pick<DiseaseListEntry, 'uuid' | 'name' | 'synonyms'>;

/** Which text of a condition a search found it by. */
export interface ConditionMatchedText {
  kind: 'name' | 'synonym';
  /** The name or synonym as written in the catalogue (or derived, e.g. Simplified Chinese). */
  term: string;
}

/** One suggestion of the search, best first. */
export interface ConditionMatch<T> {
  entry: T;
  /** Higher is better; the tier (exact name, exact synonym, prefix, word, other) dominates. */
  score: number;
  matched: ConditionMatchedText;
  /** Exact name or exact synonym (case, width and spaces ignored). */
  exact: boolean;
  /** Every typed word (or a typo or beginning of it) was found in the matched text. */
  allWords: boolean;
  /** Besides, every word of the matched text was typed (or a typo of it): the text, misspelt. */
  whole: boolean;
}

/** The tiers of I-02, best first; a result's score is its tier times TIER plus the rest. */
const TIER = { exactName: 6, exactSynonym: 5, prefix: 4, word: 3, other: 1 } as const;
const TIER_WEIGHT = 10_000;
const COVERAGE_WEIGHT = 1_000;
const WHOLE_WEIGHT = 100;
/** A name found as well as a synonym of the same tier ranks first. */
const NAME_BOOST = 1.5;

const HAN = /\p{Script=Han}/u;
const RUNS = /\p{Script=Han}+|(?:(?!\p{Script=Han})[\p{L}\p{N}])+/gu;
const NON_WORD = /[^\p{L}\p{N}]+/gu;

/** Case, width and accents folded: what every comparison and the index read. */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFKC').toLowerCase();
}

/** A text as an exact match compares it: folded, without spaces or punctuation. */
function compact(text: string): string {
  return fold(text).replace(NON_WORD, '');
}

/**
 * The terms of a text: Latin and other spaced words as they are; a run of Han characters as
 * each character and each pair of neighbours ('血壓高' → 血, 壓, 高, 血壓, 壓高).
 */
export function searchTerms(text: string): string[] {
  const terms: string[] = [];
  for (const [run] of fold(text).matchAll(RUNS)) {
    if (!HAN.test(run)) {
      terms.push(run);
      continue;
    }
    const chars = [...run];
    chars.forEach((char, index) => {
      terms.push(char);
      const next = chars[index + 1];
      if (next !== undefined) terms.push(char + next);
    });
  }
  return terms;
}

interface IndexedText {
  entry: number;
  kind: ConditionMatchedText['kind'];
  term: string;
  compact: string;
  /** How many distinct terms the text has, to tell a whole match from a part. */
  termCount: number;
}

interface ConditionIndex {
  texts: IndexedText[];
  search: MiniSearch<{ id: number; text: string }>;
}

/** Every text of a language list, written and derived (Simplified from Traditional), once. */
function inEveryLanguage(written: (language: LanguageCode) => readonly string[]): string[] {
  const all = new Set<string>();
  for (const language of LANGUAGE_CODES) {
    const source = LANGUAGE_TABLE[language].derivedFrom;
    const own = written(language);
    for (const text of own) all.add(text);
    if (own.length === 0 && source !== undefined) {
      for (const text of written(source)) all.add(deriveText(language, text));
    }
  }
  return [...all];
}

function buildIndex(entries: readonly SearchableCondition[]): ConditionIndex {
  const texts: IndexedText[] = [];
  entries.forEach((entry, index) => {
    const seen = new Set<string>();
    const add = (kind: IndexedText['kind'], term: string) => {
      const key = compact(term);
      if (key === '' || seen.has(key)) return;
      seen.add(key);
      texts.push({
        entry: index,
        kind,
        term,
        compact: key,
        termCount: new Set(searchTerms(term)).size,
      });
    };
    for (const name of new Set(LANGUAGE_CODES.map((language) => textIn(entry.name, language)))) {
      add('name', name);
    }
    const synonyms: Partial<Record<LanguageCode, readonly string[]>> = entry.synonyms ?? {};
    for (const synonym of inEveryLanguage((language) => synonyms[language] ?? [])) {
      add('synonym', synonym);
    }
  });
  const search = new MiniSearch<{ id: number; text: string }>({
    fields: ['text'],
    tokenize: searchTerms,
    processTerm: (term) => term,
  });
  search.addAll(texts.map((text, id) => ({ id, text: text.term })));
  return { texts, search };
}

const indexes = new WeakMap<readonly SearchableCondition[], ConditionIndex>();

function indexOf(entries: readonly SearchableCondition[]): ConditionIndex {
  let index = indexes.get(entries);
  if (!index) {
    index = buildIndex(entries);
    indexes.set(entries, index);
  }
  return index;
}

/** Prefix search for words being typed (never single Han characters, indexed whole). */
function prefixFor(term: string, position: number, terms: string[]): boolean {
  if (HAN.test(term)) return false;
  return term.length >= 3 || (position === terms.length - 1 && term.length >= 2);
}

/** Typos tolerated: one edit in a word of 4 to 7 letters, two from 8; none in Chinese. */
function fuzzyFor(term: string): number | false {
  if (HAN.test(term) || term.length < 4) return false;
  return term.length >= 8 ? 2 : 1;
}

function tierOf(text: IndexedText, query: string, result: SearchResult, terms: string[]): number {
  if (text.compact === query) return text.kind === 'name' ? TIER.exactName : TIER.exactSynonym;
  if (text.compact.startsWith(query)) return TIER.prefix;
  const words = new Set(result.terms);
  if (text.compact.includes(query) || terms.every((term) => words.has(term))) return TIER.word;
  return TIER.other;
}

/**
 * The conditions a typed text finds, best first, at most `limit`: names and synonyms in every
 * language (I-02), each with what matched (I-03). An empty text finds nothing.
 */
export function searchConditions<T extends SearchableCondition>(
  entries: readonly T[],
  typed: string,
  limit = 20,
): ConditionMatch<T>[] {
  const query = compact(typed);
  const terms = [...new Set(searchTerms(typed))];
  if (query === '' || terms.length === 0) return [];
  const index = indexOf(entries);
  const results = index.search.search(typed, {
    combineWith: 'OR',
    prefix: prefixFor,
    fuzzy: fuzzyFor,
    boostDocument: (id: number) => (index.texts[id]?.kind === 'name' ? NAME_BOOST : 1),
  });
  const best = new Map<number, ConditionMatch<T>>();
  for (const result of results) {
    const text = index.texts[result.id as number];
    const entry = text && entries[text.entry];
    if (!text || !entry) continue;
    const tier = tierOf(text, query, result, terms);
    const coverage = new Set(result.queryTerms).size / terms.length;
    const covered = Math.min(1, new Set(result.terms).size / text.termCount);
    const score =
      tier * TIER_WEIGHT + coverage * COVERAGE_WEIGHT + covered * WHOLE_WEIGHT + result.score;
    const current = best.get(text.entry);
    if (current && current.score >= score) continue;
    best.set(text.entry, {
      entry,
      score,
      matched: { kind: text.kind, term: text.term },
      exact: tier >= TIER.exactSynonym,
      allWords: coverage === 1,
      // A typo changes a word's length by an edit or two; a beginning typed is shorter.
      whole:
        coverage === 1 &&
        covered === 1 &&
        Math.abs(text.compact.length - query.length) <= 2 * terms.length,
    });
  }
  return [...best.values()].sort((a, b) => b.score - a.score).slice(0, limit);
}

/**
 * The condition Enter on a typed text chooses (I-04, T-04), or undefined: a condition named so
 * in any language; else the best match when it is an exact name or synonym in any language;
 * else the only condition whose name or synonym the text is, misspelt (every word of both
 * found in the other, typos tolerated), or failing that the only one every typed word finds. Otherwise the text names
 * no catalogue condition, and the caller asks before making it a self-defined one.
 */
export function conditionForEnter<T extends SearchableCondition>(
  entries: readonly T[],
  typed: string,
): T | undefined {
  const named = catalogueConditionNamed(entries, typed);
  if (named) return named;
  const matches = searchConditions(entries, typed, Number.POSITIVE_INFINITY);
  const [first] = matches;
  if (!first) return undefined;
  if (first.exact) return first.entry;
  const whole = matches.filter((match) => match.whole);
  if (whole.length === 1) return whole[0]?.entry;
  const full = matches.filter(({ allWords }) => allWords);
  return whole.length === 0 && full.length === 1 ? full[0]?.entry : undefined;
}
