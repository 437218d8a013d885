import {
  CATALOG_PARTS,
  type CatalogChange,
  type CatalogDiff,
} from '@vmer/domain/api/catalog-diff-schema';
import type { AnswerOption, Bilingual, Catalog, Decision, Impairment, Question } from '@vmer/domain';

export type { CatalogDiff };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** English and Traditional Chinese only: the Simplified text is derived where not written. */
const text = ({ en, cn_traditional }: Bilingual): Bilingual => ({ en, cn_traditional });

/** A setting written out as text: lists joined, yes/no as true/false; null when unset. */
function written(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The key each entry of a catalogue-wide part is known by. */
function keyOf(part: (typeof CATALOG_PARTS)[number], entry: unknown, index: number): string {
  const record = entry as Record<string, unknown>;
  if (part === 'indicators' || part === 'exclusions' || part === 'insurers') {
    return String(record.code);
  }
  if (part === 'smokingLists') return String(record.id);
  if (part === 'ruleAgeList') return `${record.gender} ${record.lower}–${record.upper}`;
  return String(index);
}

/** Which entries of a catalogue-wide part were added, removed or changed, by their key. */
function diffPart(part: (typeof CATALOG_PARTS)[number], from: Catalog, to: Catalog) {
  if (part === 'notes' || part === 'settings') {
    const before = (part === 'notes' ? { notes: from.notes } : from.settings) as Record<
      string,
      unknown
    >;
    const after = (part === 'notes' ? { notes: to.notes } : to.settings) as Record<string, unknown>;
    return keyedDiff(new Map(Object.entries(before)), new Map(Object.entries(after)));
  }
  const keyed = (list: unknown[]) =>
    new Map(list.map((entry, index) => [keyOf(part, entry, index), entry]));
  return keyedDiff(keyed(from[part]), keyed(to[part]));
}

function keyedDiff(before: Map<string, unknown>, after: Map<string, unknown>) {
  return {
    added: [...after.keys()].filter((key) => !before.has(key)),
    removed: [...before.keys()].filter((key) => !after.has(key)),
    changed: [...after.keys()].filter(
      (key) => before.has(key) && !same(before.get(key), after.get(key)),
    ),
  };
}

/**
 * Decision values per indicator that differ, both sides' indicators together, in the order of
 * the catalogue's indicators (`indicatorOrder`).
 */
function decisionChanges(
  indicatorOrder: string[],
  before: Decision | null,
  after: Decision | null,
) {
  const rank = (code: string) => {
    const at = indicatorOrder.indexOf(code);
    return at < 0 ? indicatorOrder.length : at;
  };
  const indicators = [
    ...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]),
  ].sort((a, b) => rank(a) - rank(b));
  return indicators.flatMap((indicator) => {
    const old = before?.[indicator] ?? null;
    const now = after?.[indicator] ?? null;
    return old === now ? [] : [{ indicator, before: old, after: now }];
  });
}

const QUESTION_FIELDS = ['placeholder', 'units', 'min', 'max', 'c_type'] as const;
const OPTION_FIELDS = ['unique', 'exclusive', 'smokingValue'] as const;
const CONDITION_FIELDS = [
  'group',
  'needsSmoking',
  'exNoList',
  'smokingQuestionUuid',
  'selfDefined',
] as const;

function fieldText(value: unknown): string | null {
  if (value && typeof value === 'object' && 'en' in value) return (value as Bilingual).en;
  return written(value);
}

/** Where a question hangs in a version: top level, or under an option of another question. */
function placeIn(impairment: Impairment, question: Question) {
  for (const parent of impairment.questionList) {
    const option = parent.answerList.find((o) => o.uuid === question.parentUuid);
    if (option) {
      return {
        question: { uuid: parent.uuid, text: text(parent.question) },
        option: { uuid: option.uuid, label: text(option.label) },
      };
    }
  }
  return { question: null, option: null };
}

function diffOptions(
  indicatorOrder: string[],
  ref: { uuid: string; text: Bilingual },
  before: AnswerOption[],
  after: AnswerOption[],
): CatalogChange[] {
  const old = new Map(before.map((o) => [o.uuid, o]));
  const now = new Set(after.map((o) => o.uuid));
  const optionRef = (o: AnswerOption) => ({ uuid: o.uuid, label: text(o.label) });
  return [
    ...before
      .filter((o) => !now.has(o.uuid))
      .map((o): CatalogChange => ({ kind: 'optionRemoved', question: ref, option: optionRef(o) })),
    ...after.flatMap((o): CatalogChange[] => {
      const previous = old.get(o.uuid);
      const on = { question: ref, option: optionRef(o) };
      if (!previous) return [{ kind: 'optionAdded', ...on }];
      return [
        ...(same(text(previous.label), text(o.label))
          ? []
          : [
              {
                kind: 'optionLabel' as const,
                ...on,
                before: text(previous.label),
                after: text(o.label),
              },
            ]),
        ...decisionChanges(indicatorOrder, previous.decision, o.decision).map((change) => ({
          kind: 'optionDecision' as const,
          ...on,
          ...change,
        })),
        ...OPTION_FIELDS.filter((field) => !same(previous[field], o[field])).map((field) => ({
          kind: 'optionField' as const,
          ...on,
          field,
          before: written(previous[field]),
          after: written(o[field]),
        })),
      ];
    }),
  ];
}

function diffQuestion(
  indicatorOrder: string[],
  fromImpairment: Impairment,
  old: Question,
  toImpairment: Impairment,
  q: Question,
): CatalogChange[] {
  const ref = { uuid: q.uuid, text: text(q.question) };
  const changes: CatalogChange[] = [];
  if (!same(text(old.question), text(q.question))) {
    changes.push({
      kind: 'questionText',
      question: ref,
      before: text(old.question),
      after: text(q.question),
    });
  }
  if (old.type !== q.type) {
    changes.push({ kind: 'questionType', question: ref, before: old.type, after: q.type });
  }
  const mandatory = (question: Question) => question.mandatory !== 'N';
  if (mandatory(old) !== mandatory(q)) {
    changes.push({
      kind: 'questionMandatory',
      question: ref,
      before: mandatory(old),
      after: mandatory(q),
    });
  }
  if (old.parentUuid !== q.parentUuid) {
    changes.push({
      kind: 'questionMoved',
      question: ref,
      before: placeIn(fromImpairment, old),
      after: placeIn(toImpairment, q),
    });
  }
  if (old.group.uuid !== q.group.uuid) {
    changes.push({
      kind: 'questionGroup',
      question: ref,
      before: text(old.group.header),
      after: text(q.group.header),
    });
  }
  if (!same(old.bands ?? [], q.bands ?? [])) {
    changes.push({
      kind: 'questionBands',
      question: ref,
      before: old.bands ?? [],
      after: q.bands ?? [],
    });
  }
  for (const change of decisionChanges(indicatorOrder, old.decision, q.decision)) {
    changes.push({ kind: 'questionDecision', question: ref, ...change });
  }
  for (const field of QUESTION_FIELDS) {
    if (!same(old[field], q[field])) {
      changes.push({
        kind: 'questionField',
        question: ref,
        field,
        before: fieldText(old[field]),
        after: fieldText(q[field]),
      });
    }
  }
  return [...changes, ...diffOptions(indicatorOrder, ref, old.answerList, q.answerList)];
}

/** A group header reworded, said once for the group rather than for each of its questions. */
function groupHeaderChanges(from: Impairment, to: Impairment): CatalogChange[] {
  const headers = (impairment: Impairment) =>
    new Map(impairment.questionList.map((q) => [q.group.uuid, text(q.group.header)]));
  const before = headers(from);
  return [...headers(to)].flatMap(([group, after]): CatalogChange[] => {
    const old = before.get(group);
    return old && !same(old, after) ? [{ kind: 'groupHeader', group, before: old, after }] : [];
  });
}

function synonymChanges(from: Impairment, to: Impairment): CatalogChange[] {
  return (['en', 'cn_traditional'] as const).flatMap((language): CatalogChange[] => {
    const before = from.synonyms?.[language] ?? [];
    const after = to.synonyms?.[language] ?? [];
    const added = after.filter((word) => !before.includes(word));
    const removed = before.filter((word) => !after.includes(word));
    return added.length + removed.length > 0
      ? [{ kind: 'synonyms', language, added, removed }]
      : [];
  });
}

/** Every change of one condition, in words' worth of data: its own fields first, then its questions in order. */
function diffImpairment(indicatorOrder: string[], from: Impairment, to: Impairment): CatalogChange[] {
  const changes: CatalogChange[] = [];
  if (!same(text(from.name), text(to.name))) {
    changes.push({ kind: 'name', before: text(from.name), after: text(to.name) });
  }
  if (from.gender !== to.gender) {
    changes.push({ kind: 'gender', before: from.gender, after: to.gender });
  }
  changes.push(...synonymChanges(from, to));
  const indicatorsAdded = to.decision.filter((code) => !from.decision.includes(code));
  const indicatorsRemoved = from.decision.filter((code) => !to.decision.includes(code));
  if (indicatorsAdded.length + indicatorsRemoved.length > 0) {
    changes.push({ kind: 'indicators', added: indicatorsAdded, removed: indicatorsRemoved });
  }
  for (const field of CONDITION_FIELDS) {
    if (!same(from[field], to[field])) {
      changes.push({
        kind: 'conditionField',
        field,
        before: written(from[field]),
        after: written(to[field]),
      });
    }
  }
  changes.push(...groupHeaderChanges(from, to));
  const before = new Map(from.questionList.map((q) => [q.uuid, q]));
  const after = new Set(to.questionList.map((q) => q.uuid));
  for (const q of from.questionList) {
    if (!after.has(q.uuid)) {
      changes.push({
        kind: 'questionRemoved',
        question: { uuid: q.uuid, text: text(q.question) },
      });
    }
  }
  for (const q of to.questionList) {
    const old = before.get(q.uuid);
    if (!old) {
      changes.push({ kind: 'questionAdded', question: { uuid: q.uuid, text: text(q.question) } });
    } else {
      changes.push(...diffQuestion(indicatorOrder, from, old, to, q));
    }
  }
  return changes;
}

/** What changed between two versions: catalogue-wide parts, conditions, and within a condition each question and option (requirements K-02). */
export function diffCatalogs(
  fromVersion: string,
  from: Catalog,
  toVersion: string,
  to: Catalog,
): CatalogDiff {
  const before = new Map(from.impairments.map((i) => [i.uuid, i]));
  const after = new Map(to.impairments.map((i) => [i.uuid, i]));
  const named = (i: Impairment) => ({ uuid: i.uuid, name: text(i.name) });
  const indicatorOrder = [...to.indicators, ...from.indicators].map((i) => i.code);
  return {
    from: fromVersion,
    to: toVersion,
    parts: CATALOG_PARTS.flatMap((part) => {
      if (same(from[part], to[part])) return [];
      return [{ part, ...diffPart(part, from, to) }];
    }),
    impairments: {
      added: to.impairments.filter((i) => !before.has(i.uuid)).map(named),
      removed: from.impairments.filter((i) => !after.has(i.uuid)).map(named),
      changed: to.impairments.flatMap((impairment) => {
        const old = before.get(impairment.uuid);
        if (!old) return [];
        const changes = diffImpairment(indicatorOrder, old, impairment);
        return changes.length === 0 ? [] : [{ ...named(impairment), changes }];
      }),
    },
  };
}
