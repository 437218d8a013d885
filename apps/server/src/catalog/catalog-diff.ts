import type { z } from 'zod';
import type { catalogDiffSchema } from '@vmer/domain/api';
import type { Catalog, Impairment, Question } from '@vmer/domain';

export type CatalogDiff = z.infer<typeof catalogDiffSchema>;

const PARTS = [
  'notes',
  'indicators',
  'exclusions',
  'ruleAgeList',
  'smokingLists',
  'settings',
  'insurers',
] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A question compared without its position numbers, which shift whenever one is inserted above it. */
function comparable({ index: _index, c_index: _cIndex, ...question }: Question) {
  return question;
}

function diffQuestions(from: Impairment, to: Impairment) {
  const before = new Map(from.questionList.map((q) => [q.uuid, q]));
  const after = new Map(to.questionList.map((q) => [q.uuid, q]));
  return {
    added: [...after.keys()].filter((uuid) => !before.has(uuid)),
    removed: [...before.keys()].filter((uuid) => !after.has(uuid)),
    changed: [...after.values()].flatMap((q) => {
      const old = before.get(q.uuid);
      return old && !same(comparable(old), comparable(q)) ? [q.uuid] : [];
    }),
  };
}

/** What changed between two versions: catalogue-wide parts, impairments and their questions. */
export function diffCatalogs(
  fromVersion: string,
  from: Catalog,
  toVersion: string,
  to: Catalog,
): CatalogDiff {
  const before = new Map(from.impairments.map((i) => [i.uuid, i]));
  const after = new Map(to.impairments.map((i) => [i.uuid, i]));
  const named = (i: Impairment) => ({ uuid: i.uuid, name: i.name.en });
  return {
    from: fromVersion,
    to: toVersion,
    parts: PARTS.filter((part) => !same(from[part], to[part])),
    impairments: {
      added: to.impairments.filter((i) => !before.has(i.uuid)).map(named),
      removed: from.impairments.filter((i) => !after.has(i.uuid)).map(named),
      changed: to.impairments.flatMap((impairment) => {
        const old = before.get(impairment.uuid);
        if (!old) return [];
        const { questionList: _a, ...oldFields } = old;
        const { questionList: _b, ...newFields } = impairment;
        const fields = Object.keys({ ...oldFields, ...newFields }).filter(
          (key) =>
            !same(
              oldFields[key as keyof typeof oldFields],
              newFields[key as keyof typeof newFields],
            ),
        );
        const questions = diffQuestions(old, impairment);
        const unchanged =
          fields.length === 0 &&
          questions.added.length + questions.removed.length + questions.changed.length === 0;
        return unchanged ? [] : [{ ...named(impairment), fields, questions }];
      }),
    },
  };
}
