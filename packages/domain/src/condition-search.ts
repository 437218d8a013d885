/**
 * The condition search (requirements I-02..I-04, design §12): finds catalogue conditions by
 * their names and synonyms in every language, whatever the interface language, ranked
 * exact name, exact synonym, prefix, word, then partial and fuzzy matches (typos). Chinese
 * has no spaces, so Han text is indexed as single characters and pairs of characters. Built
 * on MiniSearch; the index is built once per disease list (memoised on the list object).
 */
import MiniSearch from 'minisearch';
import { catalogueConditionNamed } from './impairments.ts';
import {
  LANGUAGE_CODES,
  LANGUAGE_TABLE,
  deriveText,
  deriversVersion,
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
  /**
   * A strong match: the matched text begins with or holds the typed text, or is it misspelt
   * (every word of each found in the other, typos tolerated).
   */
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
 * each character and each pair of neighbours ('血壓高' → 血, 血壓, 壓, 壓高, 高).
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

/**
 * The terms a typed text is searched by: as {@link searchTerms}, but a run of several Han
 * characters by its pairs only, since single characters match too much to rank by.
 */
function queryTerms(text: string): string[] {
  const terms: string[] = [];
  for (const [run] of fold(text).matchAll(RUNS)) {
    const chars = [...run];
    if (!HAN.test(run) || chars.length === 1) terms.push(run);
    else for (let i = 0; i + 1 < chars.length; i++) terms.push(chars[i]! + chars[i + 1]!);
  }
  return [...new Set(terms)];
}

interface IndexedText {
  kind: ConditionMatchedText['kind'];
  term: string;
  compact: string;
  terms: readonly string[];
}

interface ConditionIndex {
  /** Each condition's names and synonyms, by the condition's position in the list. */
  texts: IndexedText[][];
  /** Condition positions and text positions by compact text, for exact matches. */
  exact: Map<string, [number, number][]>;
  search: MiniSearch<{ id: number; names: string; synonyms: string }>;
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
  const exact = new Map<string, [number, number][]>();
  const texts = entries.map((entry, index) => {
    const own: IndexedText[] = [];
    const keys = new Set<string>();
    const add = (kind: IndexedText['kind'], term: string) => {
      const key = compact(term);
      if (key === '' || keys.has(key)) return;
      keys.add(key);
      own.push({ kind, term, compact: key, terms: searchTerms(term) });
      const same = exact.get(key);
      if (same) same.push([index, own.length - 1]);
      else exact.set(key, [[index, own.length - 1]]);
    };
    for (const name of new Set(LANGUAGE_CODES.map((language) => textIn(entry.name, language)))) {
      add('name', name);
    }
    const synonyms: Partial<Record<LanguageCode, readonly string[]>> = entry.synonyms ?? {};
    for (const synonym of inEveryLanguage((language) => synonyms[language] ?? [])) {
      add('synonym', synonym);
    }
    return own;
  });
  const search = new MiniSearch<{ id: number; names: string; synonyms: string }>({
    fields: ['names', 'synonyms'],
    // The documents hold the texts' terms already cut (searchTerms), joined by spaces.
    tokenize: (terms) => terms.split(' '),
    processTerm: (term) => term,
    searchOptions: { tokenize: queryTerms, processTerm: (term) => term },
  });
  // One document per condition.
  const joined = (own: IndexedText[], kind: IndexedText['kind']) =>
    own
      .filter((text) => text.kind === kind)
      .flatMap((text) => text.terms)
      .join(' ');
  search.addAll(
    texts.map((own, id) => ({ id, names: joined(own, 'name'), synonyms: joined(own, 'synonym') })),
  );
  return { texts, exact, search };
}

/** Each list's index, with the derivers it was built with (Simplified Chinese loads later). */
const indexes = new WeakMap<
  readonly SearchableCondition[],
  { index: ConditionIndex; derivers: number }
>();

function indexOf(entries: readonly SearchableCondition[]): ConditionIndex {
  const known = indexes.get(entries);
  if (known && known.derivers === deriversVersion()) return known.index;
  const index = buildIndex(entries);
  indexes.set(entries, { index, derivers: deriversVersion() });
  return index;
}

/** Prefix search for words being typed (never Han characters, indexed whole). */
function prefixFor(term: string, position: number, terms: string[]): boolean {
  if (HAN.test(term)) return false;
  return term.length >= 3 || (position === terms.length - 1 && term.length >= 2);
}

/** Typos tolerated: one edit in a word of 4 to 9 letters, two from 10; none in Chinese. */
function fuzzyFor(term: string): number | false {
  if (HAN.test(term) || term.length < 4) return false;
  return term.length >= 10 ? 2 : 1;
}

/** How many of the best MiniSearch results are ranked by tier (the exact ones always are). */
const RERANKED = 200;

/** One text's match of the typed text. */
function rankText(
  text: IndexedText,
  query: string,
  terms: readonly string[],
  found: readonly string[],
): { tier: number; coverage: number; whole: boolean } {
  const here = found.filter((term) => text.terms.includes(term)).length;
  const coverage = Math.min(1, here / terms.length);
  let tier: number = TIER.other;
  if (text.compact === query) tier = text.kind === 'name' ? TIER.exactName : TIER.exactSynonym;
  else if (text.compact.startsWith(query)) tier = TIER.prefix;
  else if (text.compact.includes(query) || terms.every((term) => text.terms.includes(term))) {
    tier = TIER.word;
  }
  // A typo changes a word's length by an edit or two; a beginning typed is shorter.
  const whole =
    coverage === 1 &&
    here >= new Set(text.terms).size &&
    Math.abs(text.compact.length - query.length) <= 2 * terms.length;
  return { tier, coverage: tier >= TIER.word ? 1 : coverage, whole: tier >= TIER.word || whole };
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
  const terms = queryTerms(typed);
  if (query === '' || terms.length === 0) return [];
  const index = indexOf(entries);
  const candidates = new Map<number, { found: readonly string[]; score: number }>();
  for (const [position] of index.exact.get(query) ?? []) {
    candidates.set(position, { found: terms, score: 0 });
  }
  const results = index.search.search(typed, {
    combineWith: 'OR',
    prefix: prefixFor,
    fuzzy: fuzzyFor,
    boost: { names: NAME_BOOST },
  });
  for (const result of results.slice(0, RERANKED)) {
    const position = result.id as number;
    candidates.set(position, { found: result.terms, score: result.score });
  }
  const matches: ConditionMatch<T>[] = [];
  for (const [position, { found, score }] of candidates) {
    const entry = entries[position];
    const own = index.texts[position];
    if (!entry || !own) continue;
    let best: { text: IndexedText; rank: number; whole: boolean; coverage: number } | undefined;
    for (const text of own) {
      const { tier, coverage, whole } = rankText(text, query, terms, found);
      const rank =
        tier * TIER_WEIGHT +
        coverage * COVERAGE_WEIGHT +
        (whole ? WHOLE_WEIGHT : 0) +
        (text.kind === 'name' ? 1 : 0);
      if (!best || rank > best.rank) best = { text, rank, whole, coverage };
    }
    if (!best || best.coverage === 0) continue;
    matches.push({
      entry,
      score: best.rank + score,
      matched: { kind: best.text.kind, term: best.text.term },
      exact: best.rank >= TIER.exactSynonym * TIER_WEIGHT,
      allWords: best.coverage === 1,
      whole: best.whole,
    });
  }
  return matches.sort((a, b) => b.score - a.score).slice(0, limit);
}

/**
 * The condition Enter on a typed text chooses (I-04, T-04), or undefined: a condition named so
 * in any language; else the best match when it is an exact name or synonym in any language;
 * else the only condition whose name or synonym the text is, misspelt (every word of both
 * found in the other, typos tolerated), or failing that the only one every typed word finds.
 * Otherwise the text names no catalogue condition, and the caller asks before making it a
 * self-defined one.
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
