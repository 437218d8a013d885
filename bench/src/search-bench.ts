/**
 * The condition search over a large catalogue (requirements I-25): 5,000 generated conditions
 * with 20 synonyms each (12 English, 8 Chinese) drawn from a vocabulary of 4,000 made-up
 * words and 60 Han characters, the index built once, then mixed queries
 * (names, synonyms, beginnings, typos, Chinese, nonsense) timed one by one. The target is one
 * frame, 16 ms, at the 95th percentile; the baseline, in the same run, is a plain
 * `Array.filter` testing `includes` on every name and synonym, which ranks nothing and
 * tolerates no typo.
 */
import type { SearchableCondition } from '@vmer/domain/condition-search';
import { searchConditions } from '@vmer/domain/condition-search';
import { formatRatio, formatUs } from './harness.ts';
import type { Row } from './harness.ts';

const CONDITIONS = 5_000;
const ENGLISH_SYNONYMS = 12;
const CHINESE_SYNONYMS = 8;
const QUERIES = 600;
const TARGET_US = 16_000;

/** A small deterministic generator (mulberry32), so every run searches the same catalogue. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = [
  'car',
  'dio',
  'neph',
  'ro',
  'hep',
  'at',
  'itis',
  'osis',
  'gast',
  'ric',
  'pul',
  'mon',
  'ary',
  'derm',
  'ma',
  'neu',
  'ral',
  'gia',
  'thy',
  'oid',
  'hyper',
  'hypo',
  'ten',
  'sion',
  'lip',
  'id',
  'aem',
  'ia',
  'arth',
  'cyst',
  'ic',
  'col',
  'on',
  'ure',
  'ter',
  'spin',
  'al',
];
const HAN = [
  ...'心肝脾肺腎胃腸血壓糖尿病炎症痛骨關節皮膚眼耳鼻喉頭腰背高低慢性急結石瘤囊腫甲狀腺乳房子宮卵巢前列腺',
];

/** Distinct English words of the generated catalogue, about a medical vocabulary's size. */
const VOCABULARY = 4_000;

function generate(): SearchableCondition[] {
  const next = random(17);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const vocabulary = [
    ...new Set(
      Array.from({ length: VOCABULARY * 2 }, () =>
        Array.from({ length: 2 + Math.floor(next() * 3) }, () => pick(SYLLABLES)).join(''),
      ),
    ),
  ].slice(0, VOCABULARY);
  // Common words are used more often, as in any language (roughly Zipf's law).
  const word = () => vocabulary[Math.floor(vocabulary.length * next() ** 2)]!;
  const words = (n: number) => Array.from({ length: n }, word).join(' ');
  const han = (n: number) => Array.from({ length: n }, () => pick(HAN)).join('');
  return Array.from({ length: CONDITIONS }, (_, index) => ({
    uuid: `condition-${index}`,
    name: { en: words(1 + Math.floor(next() * 3)), cn_traditional: han(3 + (index % 3)) },
    synonyms: {
      en: Array.from({ length: ENGLISH_SYNONYMS }, () => words(1 + Math.floor(next() * 3))),
      cn_traditional: Array.from({ length: CHINESE_SYNONYMS }, () =>
        han(2 + Math.floor(next() * 4)),
      ),
    },
  }));
}

/** Mixed queries: whole names and synonyms, beginnings, one-letter typos, Chinese, nonsense. */
function queries(list: readonly SearchableCondition[]): string[] {
  const next = random(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const typo = (text: string) => {
    const at = 1 + Math.floor(next() * Math.max(1, text.length - 2));
    return text.slice(0, at) + pick([...'aeioux']) + text.slice(at + 1);
  };
  return Array.from({ length: QUERIES }, (_, index) => {
    const entry = pick(list);
    const english = pick(entry.synonyms?.en ?? [entry.name.en]);
    const chinese = pick(entry.synonyms?.cn_traditional ?? [entry.name.cn_traditional]);
    switch (index % 6) {
      case 0:
        return english;
      case 1:
        return english.slice(0, 3 + Math.floor(next() * 4));
      case 2:
        return typo(english);
      case 3:
        return chinese;
      case 4:
        return entry.name.cn_traditional.slice(0, 2);
      default:
        return `qz${index}xv`;
    }
  });
}

/** The baseline: every entry whose name or synonym holds the typed text, unranked. */
function filterSearch(list: readonly SearchableCondition[], typed: string) {
  const needle = typed.trim().toLowerCase();
  return list.filter(
    (entry) =>
      entry.name.en.toLowerCase().includes(needle) ||
      entry.name.cn_traditional.includes(needle) ||
      (entry.synonyms?.en ?? []).some((s) => s.toLowerCase().includes(needle)) ||
      (entry.synonyms?.cn_traditional ?? []).some((s) => s.includes(needle)),
  );
}

function elapsedUs(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1000;
}

/** Times each query once, after one untimed pass; answers the sorted times. */
function timeEach(all: readonly string[], run: (typed: string) => unknown): Float64Array {
  for (const typed of all) run(typed);
  const times = new Float64Array(all.length);
  all.forEach((typed, index) => {
    const start = process.hrtime.bigint();
    run(typed);
    times[index] = elapsedUs(start);
  });
  return times.sort();
}

const at = (sorted: Float64Array, q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

export function searchRows(): Row[] {
  const list = generate();
  const typed = queries(list);
  const start = process.hrtime.bigint();
  searchConditions(list, 'warm');
  const buildUs = elapsedUs(start);
  const search = timeEach(typed, (text) => searchConditions(list, text));
  const filter = timeEach(typed, (text) => filterSearch(list, text));
  const p95 = at(search, 0.95);
  const scale = `${CONDITIONS.toLocaleString('en')} conditions × ${ENGLISH_SYNONYMS + CHINESE_SYNONYMS} synonyms`;
  return [
    {
      benchmark: `condition search: index built once (${scale})`,
      result: formatUs(buildUs),
      baseline: '',
      ratio: '',
      target: '',
      ok: null,
    },
    {
      benchmark: `condition search: one query, median (${QUERIES} mixed queries)`,
      result: formatUs(at(search, 0.5)),
      baseline: `Array.filter with includes ${formatUs(at(filter, 0.5))}`,
      ratio: formatRatio(at(search, 0.5), at(filter, 0.5)),
      target: '',
      ok: null,
    },
    {
      benchmark: `condition search: one query, p95 (${QUERIES} mixed queries)`,
      result: formatUs(p95),
      baseline: `Array.filter with includes ${formatUs(at(filter, 0.95))}`,
      ratio: formatRatio(p95, at(filter, 0.95)),
      target: '< 16 ms',
      ok: p95 < TARGET_US,
    },
  ];
}
