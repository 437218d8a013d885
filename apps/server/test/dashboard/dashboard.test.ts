import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DisclosureDocument } from '@vmer/domain';
import {
  DECISION_CATEGORIES,
  decisionCategory,
  type CategoryCounts,
  type Dashboard,
} from '@vmer/domain/dashboard';
import type { DisclosureSaved } from '@vmer/domain/lifecycle';
import { api, DATABASES } from '../helpers.ts';
import {
  answersFor,
  DEMO,
  disclosureFields,
  documentFor,
  impairmentOf,
  PHKL,
  PHKL_BANCA,
  SLHK,
} from '../disclosures/fixtures.ts';
import { reviewSuite, type User } from '../workbench/review-support.ts';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A disclosure as the database holds it, times in microseconds since the epoch. */
interface Stored {
  id: string;
  insurer: string;
  channel: string;
  status: number;
  createdUs: bigint;
  submittedUs: bigint | null;
  validatedUs: bigint | null;
  decisions: Record<string, string>;
  document: DisclosureDocument;
}

const zero = (): CategoryCounts =>
  Object.fromEntries(DECISION_CATEGORIES.map((c) => [c, 0])) as CategoryCounts;

/** The nearest-rank percentile of sorted values: the smallest that at least p of them do not exceed. */
const nearestRank = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? null : sorted[Math.ceil(p * sorted.length) - 1]!;

describe.each(DATABASES)('the dashboard on %s', (database) => {
  const s = reviewSuite(database);
  let counter = 0;
  const startedAt = Date.now();

  const dashboard = (user: User, query = '') =>
    api<Dashboard>(s.t.baseUrl, `/api/dashboard${query ? `?${query}` : ''}`, {
      token: s.token(user),
    });
  const read = async (user: User, query = '') => {
    const answer = await dashboard(user, query);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.body!;
  };
  const logSearch = async (user: User, insurerCode: string, keyword: string, type: number) => {
    const answer = await api(s.t.baseUrl, '/api/search/disease/create', {
      token: s.token(user),
      body: { keyword, type, insurerCode },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };
  const review = async (
    user: User,
    operation: 'validate' | 'reject',
    id: string,
    reason?: string,
  ) => {
    const answer = await s.call(user, `/${operation}/${id}`, {
      method: 'POST',
      body: reason === undefined ? {} : { reason },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };
  /** A new disclosure of a product saved or submitted by a user. */
  async function store(
    operation: 'save' | 'submit',
    user: User,
    product: Record<string, string>,
    doc: DisclosureDocument,
  ): Promise<DisclosureSaved> {
    const answer = await s.call<DisclosureSaved>(user, `/disclosure/${operation}`, {
      body: {
        applicationNumber: `DB${String(++counter).padStart(4, '0')}`,
        ...disclosureFields(doc),
        ...product,
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.body!;
  }
  /** Arrhythmia answered with the first options: debit points only, nothing to review. */
  const standard = () => {
    const arrhythmia = impairmentOf(s.catalog, 'arrhythmia');
    return documentFor(s.version, [
      { impairment: arrhythmia, answers: answersFor(arrhythmia, 'first') },
    ]);
  };

  /** Moves a disclosure's creation and last submission back, for durations of known size. */
  const backdate = (id: string, requestHours: number, reviewHours: number) =>
    sql`update disclosures set
          created_at = created_at - make_interval(hours => ${requestHours + reviewHours}),
          submitted_at = submitted_at - make_interval(hours => ${reviewHours})
        where id = ${id}`.execute(s.t.app.db);

  /** Every disclosure of these insurers as stored, with its last validation's time. */
  async function stored(insurers: readonly string[]): Promise<Stored[]> {
    const { rows } = await sql<{
      id: string;
      insurer_code: string;
      channel: string;
      status: number;
      created: string;
      submitted: string | null;
      validated: string | null;
      decisions: Record<string, string>;
      document: DisclosureDocument;
    }>`select d.id, d.insurer_code, d.channel, d.status, d.decisions, d.document,
          to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as created,
          to_char(d.submitted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as submitted,
          (select to_char(max(a.at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')
           from disclosure_audit a where a.disclosure_id = d.id and a.operation = 'validate')
            as validated
        from disclosures d where d.insurer_code in (${sql.join(insurers)})`.execute(s.t.app.db);
    const micros = (text: string | null) => {
      if (text === null) return null;
      const [whole, fraction] = text.split('.');
      return BigInt(Date.parse(`${whole}Z`)) * 1000n + BigInt(fraction!.padEnd(6, '0'));
    };
    return rows.map((r) => ({
      id: r.id,
      insurer: r.insurer_code,
      channel: r.channel,
      status: r.status,
      createdUs: micros(r.created)!,
      submittedUs: micros(r.submitted),
      validatedUs: r.status === 4 ? micros(r.validated) : null,
      decisions: r.decisions,
      document: r.document,
    }));
  }

  /** The figures of disclosures (not the logs) computed here from the stored rows. */
  function expected(rows: readonly Stored[]) {
    const dayOf = (us: bigint) => isoDay(Number(us / 1000n));
    const weekOf = (us: bigint) => {
      const ms = Number(us / 1000n);
      const weekday = (new Date(ms).getUTCDay() + 6) % 7;
      return isoDay(ms - weekday * DAY_MS);
    };
    const tally = <K extends string>(keys: K[]) => {
      const counts = new Map<K, number>();
      for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
      return counts;
    };
    const perDay = [...tally(rows.map((r) => `${dayOf(r.createdUs)} ${r.status}`))]
      .map(([key, count]) => ({
        day: key.split(' ')[0]!,
        status: Number(key.split(' ')[1]),
        count,
      }))
      .sort((a, b) => a.day.localeCompare(b.day) || a.status - b.status);
    const submitted = rows.filter((r) => r.status >= 3);
    const review = new Set(['refer', 'postpone', 'decline']);
    const weeks = new Map<string, { submitted: number; straightThrough: number }>();
    for (const r of submitted) {
      const week = weeks.get(weekOf(r.submittedUs!)) ?? { submitted: 0, straightThrough: 0 };
      week.submitted += 1;
      if (!Object.values(r.decisions).some((d) => review.has(decisionCategory(d)))) {
        week.straightThrough += 1;
      }
      weeks.set(weekOf(r.submittedUs!), week);
    }
    const indicators = s.catalog.indicators.map((i) => i.code);
    const mix = new Map<string, CategoryCounts>();
    for (const r of submitted) {
      for (const [indicator, decision] of Object.entries(r.decisions)) {
        const counts = mix.get(indicator) ?? zero();
        counts[decisionCategory(decision)] += 1;
        mix.set(indicator, counts);
      }
    }
    const conditions = new Map<
      string,
      { uuid: string; name: string; disclosures: number; counts: CategoryCounts }
    >();
    for (const r of submitted) {
      for (const impairment of r.document.impairments) {
        const entry = conditions.get(impairment.uuid) ?? {
          uuid: impairment.uuid,
          name: impairment.name,
          disclosures: 0,
          counts: zero(),
        };
        entry.disclosures += 1;
        for (const decision of Object.values(impairment.decision ?? {})) {
          entry.counts[decisionCategory(decision)] += 1;
        }
        conditions.set(impairment.uuid, entry);
      }
    }
    /** Whole seconds to three significant figures, as the dashboard keeps them. */
    const seconds = (from: bigint, to: bigint) => {
      const whole = Number((to - from) / 1_000_000n);
      if (whole < 1000) return whole;
      const unit = 10 ** (Math.floor(Math.log10(whole)) - 2);
      return Math.floor(whole / unit + 0.5) * unit;
    };
    const durationOf = (values: number[]) => {
      const sorted = values.sort((a, b) => a - b);
      return {
        count: sorted.length,
        medianSeconds: nearestRank(sorted, 0.5),
        p90Seconds: nearestRank(sorted, 0.9),
      };
    };
    return {
      perDay,
      straightThrough: [...weeks]
        .map(([week, counts]) => ({ week, ...counts }))
        .sort((a, b) => a.week.localeCompare(b.week)),
      decisionMix: [...mix]
        .sort(([a], [b]) => indicators.indexOf(a) - indicators.indexOf(b))
        .map(([indicator, counts]) => ({ indicator, counts })),
      topConditions: [...conditions.values()]
        .sort((a, b) => b.disclosures - a.disclosures || a.uuid.localeCompare(b.uuid))
        .slice(0, 20),
      durations: {
        requestToSubmit: durationOf(submitted.map((r) => seconds(r.createdUs, r.submittedUs!))),
        submitToValidate: durationOf(
          submitted
            .filter((r) => r.validatedUs !== null)
            .map((r) => seconds(r.submittedUs!, r.validatedUs!)),
        ),
      },
    };
  }

  let overridden: DisclosureSaved;

  beforeAll(async () => {
    // phkl, agency: validated with an override, rejected twice (one reason written twice),
    // saved, submitted straight through, validated without a claim.
    overridden = await store('submit', 'interviewer1', PHKL, s.complete());
    expect(
      (await s.call('uw1', `/disclosure/${overridden.id}/claim`, { method: 'POST' })).status,
    ).toBe(200);
    const override = await s.call(`uw1`, `/disclosure/${overridden.id}/override`, {
      method: 'PUT',
      body: {
        version: overridden.version,
        impairmentUuid: 'hypertension',
        indicator: 'LIFE',
        decision: 'D',
        reason: 'medical_evidence',
      },
    });
    expect(override.status, JSON.stringify(override.body)).toBe(200);
    await review('uw1', 'validate', overridden.id);
    const rejected = await store('submit', 'interviewer1', PHKL, s.complete());
    await review('uw3', 'reject', rejected.id, '  Needs more DETAIL ');
    const rejectedAgain = await store('submit', 'interviewer1', PHKL, s.complete());
    await review('uw1', 'reject', rejectedAgain.id, 'needs more detail');
    await store('save', 'interviewer1', PHKL, s.complete());
    const straight = await store('submit', 'interviewer1', PHKL, standard());
    const validated = await store('submit', 'interviewer1', PHKL, s.complete());
    await review('uw3', 'validate', validated.id);
    // phkl, bank channel; slhk; and demo, which uw1 and uw3 do not hold.
    const banca = await store('submit', 'interviewer1', PHKL_BANCA, s.complete());
    const slhk = await store('submit', 'agent1', SLHK, s.complete());
    await review('uw1', 'validate', slhk.id);
    const demo = await store('submit', 'uw2', DEMO, s.complete());

    // Durations of known hours: request to submit, then submit to validate.
    await backdate(overridden.id, 1, 30);
    await backdate(rejected.id, 5, 0);
    await backdate(rejectedAgain.id, 2, 0);
    await backdate(straight.id, 3, 0);
    await backdate(validated.id, 4, 2);
    await backdate(banca.id, 10, 0);
    await backdate(slhk.id, 7, 50);
    await backdate(demo.id, 1, 0);

    // Searches: three misses of one term however written, one of another, and found ones.
    await logSearch('uw1', 'phkl', 'Knee pain', 3);
    await logSearch('uw1', 'phkl', ' knee pain ', 3);
    await logSearch('uw1', 'slhk', 'KNEE PAIN', 3);
    await logSearch('uw1', 'phkl', 'xyz', 3);
    await logSearch('uw1', 'phkl', 'asth', 1);
    await logSearch('uw1', 'phkl', 'my knee', 2);
    for (let i = 0; i < 5; i += 1) await logSearch('uw2', 'demo', 'demo only', 3);
  });

  it('O-12 an underwriter reads every figure of their insurers as seeded, and none of another insurer', async () => {
    const figures = await read('uw1');
    const today = isoDay(Date.now());
    expect(figures.to).toBe(today);
    expect(figures.from).toBe(isoDay(Date.now() - 89 * DAY_MS));
    expect(Date.parse(figures.asOf)).toBeGreaterThanOrEqual(startedAt - 1000);

    const rows = await stored(['phkl', 'slhk']);
    expect(rows).toHaveLength(8);
    expect(figures).toMatchObject(expected(rows));
    // What was seeded, said plainly: each condition carries its own decisions (migration 0410).
    expect(figures.topConditions.map((c) => c.uuid).sort()).toEqual([
      'arrhythmia',
      'asthma',
      'hypertension',
    ]);
    for (const condition of figures.topConditions) {
      expect(Object.values(condition.counts).reduce((sum, n) => sum + n, 0)).toBeGreaterThan(0);
    }
    expect(figures.perDay.reduce((sum, d) => sum + d.count, 0)).toBe(8);
    expect(figures.straightThrough.reduce((sum, w) => sum + w.submitted, 0)).toBe(7);
    expect(figures.straightThrough.reduce((sum, w) => sum + w.straightThrough, 0)).toBe(1);
    expect(figures.searchMisses).toEqual([
      { term: 'knee pain', count: 3 },
      { term: 'xyz', count: 1 },
    ]);
    expect(figures.rejections).toEqual({
      reviewed: 5,
      rejected: 2,
      reasons: [{ reason: 'needs more detail', count: 2 }],
    });
    expect(figures.overrides).toEqual([
      {
        catalogVersion: s.version,
        conditionUuid: 'hypertension',
        name: (JSON.parse(overridden.disclosureJson) as DisclosureDocument).impairments.find(
          (i) => i.uuid === 'hypertension',
        )!.name,
        count: 1,
      },
    ]);
    expect(figures.durations.requestToSubmit).toMatchObject({ count: 7 });
    expect(figures.durations.submitToValidate).toEqual({
      count: 3,
      medianSeconds: expect.any(Number),
      p90Seconds: expect.any(Number),
    });
    expect(figures.durations.submitToValidate.p90Seconds).toBeGreaterThanOrEqual(50 * 3600);
  });

  it('O-12 the insurer, channel, product and range filters narrow every figure', async () => {
    const phkl = await read('uw1', 'insurer=phkl');
    const phklRows = await stored(['phkl']);
    expect(phkl).toMatchObject(expected(phklRows));
    expect(phkl.searchMisses).toEqual([
      { term: 'knee pain', count: 2 },
      { term: 'xyz', count: 1 },
    ]);
    expect(phkl.rejections.reviewed).toBe(4);

    const banca = await read(
      'uw1',
      `channel=${PHKL_BANCA.channel}&product=${PHKL_BANCA.productCode}`,
    );
    expect(banca).toMatchObject(expected(phklRows.filter((r) => r.channel === PHKL_BANCA.channel)));
    // A channel alone, or a product alone, reads the same.
    for (const query of [`channel=${PHKL_BANCA.channel}`, `product=${PHKL_BANCA.productCode}`]) {
      expect(await read('uw1', query), query).toMatchObject(
        expected(phklRows.filter((r) => r.channel === PHKL_BANCA.channel)),
      );
    }
    expect(banca.rejections).toEqual({ reviewed: 0, rejected: 0, reasons: [] });
    expect(banca.overrides).toEqual([]);

    // A range of whole calendar months reads the months' rows: the same figures.
    const now = new Date();
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const month = await read(
      'uw1',
      `insurer=phkl&from=${isoDay(first.getTime())}&to=${isoDay(next.getTime() - DAY_MS)}`,
    );
    const inMonth = (r: Stored) =>
      r.createdUs >= BigInt(first.getTime()) * 1000n &&
      r.createdUs < BigInt(next.getTime()) * 1000n;
    expect(month).toMatchObject(expected(phklRows.filter(inMonth)));

    // A range that ended before anything was made holds nothing.
    const before = isoDay(Date.now() - 200 * DAY_MS);
    const empty = await read('uw1', `from=${before}&to=${before}`);
    expect(empty).toMatchObject({
      from: before,
      to: before,
      perDay: [],
      straightThrough: [],
      decisionMix: [],
      topConditions: [],
      searchMisses: [],
      rejections: { reviewed: 0, rejected: 0, reasons: [] },
      overrides: [],
      durations: {
        requestToSubmit: { count: 0, medianSeconds: null, p90Seconds: null },
        submitToValidate: { count: 0, medianSeconds: null, p90Seconds: null },
      },
    });
  });

  it('O-14 an administrator reads all of their insurers; another underwriter only theirs', async () => {
    const admin = await read('admin1');
    expect(admin).toMatchObject(expected(await stored(['phkl', 'slhk', 'demo'])));
    expect(admin.searchMisses[0]).toEqual({ term: 'demo only', count: 5 });

    const uw2 = await read('uw2');
    expect(uw2).toMatchObject(expected(await stored(['demo'])));
    expect(uw2.searchMisses).toEqual([{ term: 'demo only', count: 5 }]);
    expect(uw2.overrides).toEqual([]);
  });

  it('O-14 the figures follow new writes at once', async () => {
    const before = await read('uw1', 'insurer=slhk');
    await store('save', 'agent1', SLHK, s.complete());
    await logSearch('agent1', 'slhk', 'KNEE PAIN', 3);
    const after = await read('uw1', 'insurer=slhk');
    expect(after).toMatchObject(expected(await stored(['slhk'])));
    expect(after.perDay.reduce((sum, d) => sum + d.count, 0)).toBe(
      before.perDay.reduce((sum, d) => sum + d.count, 0) + 1,
    );
    expect(after.searchMisses).toEqual([{ term: 'knee pain', count: 2 }]);
  });

  it('O-14 interviewers and agents may not read the dashboard (403)', async () => {
    for (const user of ['interviewer1', 'agent1'] as const) {
      expect((await dashboard(user)).status).toBe(403);
    }
    expect((await api(s.t.baseUrl, '/api/dashboard')).status).toBe(401);
  });

  it('O-14 an insurer not held, an unknown channel or product, and a reversed or too wide range answer 400 naming the parameter, in both languages', async () => {
    const cases: [string, string, string, string][] = [
      [
        'insurer=demo',
        'query.insurer',
        'You do not work for insurer demo.',
        '您並非負責保險公司 demo。',
      ],
      [
        'channel=nowhere',
        'query.channel',
        'None of the insurers in view has nowhere.',
        '所檢視的保險公司均沒有 nowhere。',
      ],
      [
        'insurer=slhk&product=WL01',
        'query.product',
        'None of the insurers in view has WL01.',
        '所檢視的保險公司均沒有 WL01。',
      ],
      [
        'from=2026-03-02&to=2026-03-01',
        'query.to',
        'The date range ends before it starts.',
        '日期範圍的結束日期早於開始日期。',
      ],
      [
        'from=2025-01-01&to=2026-01-02',
        'query.to',
        'A date range can span at most 366 days.',
        '日期範圍最多只可涵蓋 366 日。',
      ],
    ];
    for (const [query, path, english, chinese] of cases) {
      const answer = await dashboard('uw1', query);
      expect(answer.status, query).toBe(400);
      const parameter = path.slice('query.'.length);
      expect(answer.body.message).toBe(`The dashboard filter "${parameter}" is not valid.`);
      expect(answer.body.errors).toEqual([{ path, message: english }]);
      await s.inChinese('uw1', async () => {
        const again = await dashboard('uw1', query);
        expect(again.status).toBe(400);
        expect(again.body.message).toBe(`儀表板的篩選條件「${parameter}」無效。`);
        expect(again.body.errors).toEqual([{ path, message: chinese }]);
      });
    }
    // The widest range allowed is answered.
    expect((await dashboard('uw1', 'from=2025-01-01&to=2026-01-01')).status).toBe(200);
    // Malformed values are refused by the contract.
    const malformed = await dashboard('uw1', 'from=yesterday');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors?.map((e) => e.path)).toEqual(['query.from']);
  });
});
