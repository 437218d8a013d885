import { describe, expect, it } from 'vitest';
import {
  changedIndicators,
  IMPACT_EXAMPLES,
  impactQuerySchema,
  impactTally,
  type ReplayedCondition,
} from '../../src/catalog/impact.ts';

const name = (en: string) => ({ en, cn_traditional: `${en}（中）` });
const condition = (
  uuid: string,
  before: Record<string, string>,
  after: Record<string, string>,
  removed = false,
): ReplayedCondition => ({ uuid, name: name(uuid), before, after, removed });
const disclosure = (n: number) => ({
  id: `d${n}`,
  applicationNumber: `APP${n}`,
  insurerCode: 'phkl',
});

describe('K-09 impact tally', () => {
  it('K-09 a decision changes when its value differs, appears or disappears; the same decision is no change', () => {
    expect(changedIndicators({ LIFE: '25', CI: '0' }, { LIFE: '25', CI: '0' })).toEqual([]);
    expect(changedIndicators({ LIFE: '25', CI: '0' }, { LIFE: '50', CI: '0' })).toEqual(['LIFE']);
    expect(changedIndicators({ LIFE: '25' }, {})).toEqual(['LIFE']);
    expect(changedIndicators({}, { CI: 'EX1' })).toEqual(['CI']);
  });

  it('K-09 counts per condition and indicator, a disclosure once however many of its decisions change, most changes first', () => {
    const tally = impactTally('draft 3', 90, '2026-08-30T00:00:00.000Z');
    tally.add(disclosure(1), [
      condition('gallstones', { LIFE: '25', CI: '0' }, { LIFE: '50', CI: '25' }),
      condition('asthma', { LIFE: '0' }, { LIFE: '0' }),
    ]);
    tally.add(disclosure(2), [condition('asthma', { LIFE: '0' }, { LIFE: '0' })]);
    tally.add(disclosure(3), [condition('gout', { LIFE: 'D' }, {}, true)]);
    tally.fail();
    const result = tally.result();
    expect(result).toMatchObject({ target: 'draft 3', days: 90, replayed: 3, changed: 2, failed: 1 });
    expect(result.cells.map((c) => [c.uuid, c.indicator, c.replayed, c.changed])).toEqual([
      ['gallstones', 'CI', 1, 1],
      ['gallstones', 'LIFE', 1, 1],
      ['gout', 'LIFE', 1, 1],
      ['asthma', 'LIFE', 2, 0],
    ]);
    expect(result.examples).toContainEqual(
      expect.objectContaining({ applicationNumber: 'APP3', before: 'D', after: null, removed: true }),
    );
  });

  it(`K-09 keeps at most ${IMPACT_EXAMPLES} examples while counting every change`, () => {
    const tally = impactTally('2', 90, '2026-08-30T00:00:00.000Z');
    for (let i = 0; i < IMPACT_EXAMPLES + 10; i++) {
      tally.add(disclosure(i), [condition('gallstones', { LIFE: '25' }, { LIFE: '50' })]);
    }
    const result = tally.result();
    expect(result.examples).toHaveLength(IMPACT_EXAMPLES);
    expect(result.changed).toBe(IMPACT_EXAMPLES + 10);
    expect(result.cells[0]?.changed).toBe(IMPACT_EXAMPLES + 10);
  });

  it('K-09 the days default to 90 and stay between 1 and 3660', () => {
    expect(impactQuerySchema.parse({})).toEqual({ days: 90 });
    expect(impactQuerySchema.parse({ days: '30' })).toEqual({ days: 30 });
    for (const days of ['0', '3661', 'x', '2.5']) {
      expect(impactQuerySchema.safeParse({ days }).success).toBe(false);
    }
  });
});
