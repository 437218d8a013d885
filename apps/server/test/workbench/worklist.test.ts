import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DisclosureDocument, Impairment } from '@vmer/domain';
import type { DisclosureSaved } from '@vmer/domain/lifecycle';
import type {
  WorklistCounts,
  WorklistEntry,
  WorklistExport,
  WorklistPage,
} from '@vmer/domain/workbench';
import { uploadAndActivate } from '../catalog/catalog-support.ts';
import { revisedCatalog } from '../catalog/revised-catalog.ts';
import { api, DATABASES, tokenFor } from '../helpers.ts';
import {
  answersFor,
  clientToken,
  DEMO,
  documentFor,
  impairmentOf,
  PHKL,
  PROFILE,
  SLHK,
} from '../disclosures/fixtures.ts';
import { reviewSuite, type User } from './review-support.ts';

const REVIEW_VALUE = /^(D|P|U|EX)/;

describe.each(DATABASES)('the worklist on %s', (database) => {
  const s = reviewSuite(database);
  let counter = 0;

  const list = (user: User, query = '') =>
    s.call<WorklistPage>(user, `/disclosures${query ? `?${query}` : ''}`);
  const counts = (user: User, query = '') =>
    s.call<WorklistCounts>(user, `/disclosures/counts${query ? `?${query}` : ''}`);
  const download = (user: User, query = '') =>
    s.call<WorklistExport>(user, `/disclosures/export${query ? `?${query}` : ''}`);

  /** Every row a query finds, read page by page with `limit` rows a page. */
  async function all(user: User, query = '', limit = 100): Promise<WorklistEntry[]> {
    const rows: WorklistEntry[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(user, and(query, `limit=${limit}`, cursor ? `cursor=${cursor}` : ''));
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      rows.push(...page.body.body!.items);
      cursor = page.body.body!.nextCursor;
    } while (cursor);
    return rows;
  }
  const ids = (rows: readonly WorklistEntry[]) => rows.map((r) => r.id);
  const and = (...parts: string[]) => parts.filter(Boolean).join('&');

  /** A new disclosure saved or submitted by a user for a product of theirs. */
  async function store(
    operation: 'save' | 'submit',
    user: User,
    product: Record<string, string>,
    doc: DisclosureDocument = s.complete(),
    applicationNumber = `WL${String(++counter).padStart(4, '0')}`,
  ): Promise<DisclosureSaved> {
    const answer = await s.call<DisclosureSaved>(user, `/disclosure/${operation}`, {
      body: {
        applicationNumber,
        age: PROFILE.age,
        gender: PROFILE.gender,
        rsmScore: PROFILE.rsmScore,
        disclosureJson: JSON.stringify(doc),
        ...product,
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.body!;
  }
  const asthmaOnly = () =>
    documentFor(s.version, [{ impairment: s.asthma, answers: answersFor(s.asthma) }]);
  /** Arrhythmia answered with the first options: debit points only, nothing to review. */
  const standard = () => {
    const arrhythmia = impairmentOf(s.catalog, 'arrhythmia');
    return documentFor(s.version, [
      { impairment: arrhythmia, answers: answersFor(arrhythmia, 'first') },
    ]);
  };
  const review = (user: User, operation: 'validate' | 'reject', id: string, reason?: string) =>
    s.call(user, `/${operation}/${id}`, {
      method: 'POST',
      body: reason === undefined ? {} : { reason },
    });

  // The disclosures every test reads: phkl's by interviewer1 and uw1, slhk's by agent1, demo's
  // by uw2, in every status.
  const made = {} as Record<
    | 'draft'
    | 'submitted'
    | 'validated'
    | 'rejected'
    | 'uwDraft'
    | 'slhkDraft'
    | 'slhkSubmitted'
    | 'demoDraft',
    DisclosureSaved
  >;
  beforeAll(async () => {
    made.draft = await store('save', 'interviewer1', PHKL);
    made.submitted = await store('submit', 'interviewer1', PHKL);
    made.validated = await store('submit', 'interviewer1', PHKL, asthmaOnly());
    made.rejected = await store('submit', 'interviewer1', PHKL);
    made.uwDraft = await store('save', 'uw1', PHKL, standard());
    made.slhkDraft = await store('save', 'agent1', SLHK, asthmaOnly());
    made.slhkSubmitted = await store('submit', 'agent1', SLHK, asthmaOnly());
    made.demoDraft = await store('save', 'uw2', DEMO, asthmaOnly());
    expect((await review('uw1', 'validate', made.validated.id)).status).toBe(200);
    expect(
      (await review('uw1', 'reject', made.rejected.id, '=HYPERLINK("x") needs detail')).status,
    ).toBe(200);
  });

  describe('rows', () => {
    it('W-02 a row shows number, insurer, channel, product, status, decision per benefit, conditions, creator, times and reviewer', async () => {
      const rows = await all('uw1');
      const draft = rows.find((r) => r.id === made.draft.id)!;
      expect(draft).toMatchObject({
        requestId: made.draft.requestId,
        insurerCode: 'phkl',
        channel: 'agency',
        productCode: 'WL01',
        status: 2,
        version: made.draft.version,
        catalogVersion: s.version,
        conditions: [s.hypertension.name.en, s.asthma.name.en],
        createdBy: 'interviewer1',
        submittedAt: null,
        reviewer: null,
        claim: null,
        rejectReason: null,
      });
      // The consolidated decision per benefit, as the engine gives it for the stored document.
      expect(Object.keys(draft.decisions).sort()).toEqual(
        s.catalog.indicators.map((i) => i.code).sort(),
      );
      for (const row of rows) {
        expect(row.needsReview).toBe(
          Object.values(row.decisions).some((v) => REVIEW_VALUE.test(v)),
        );
      }
      const standardRow = rows.find((r) => r.id === made.uwDraft.id)!;
      expect(standardRow.needsReview).toBe(false);
      expect(Object.values(standardRow.decisions).every((v) => /^\d+$/.test(v))).toBe(true);
      const rejected = rows.find((r) => r.id === made.rejected.id)!;
      expect(rejected).toMatchObject({
        status: 5,
        reviewer: 'uw1',
        rejectReason: '=HYPERLINK("x") needs detail',
      });
      expect(Date.parse(rejected.submittedAt!)).toBeGreaterThan(0);
      expect(rows.find((r) => r.id === made.validated.id)).toMatchObject({
        status: 4,
        reviewer: 'uw1',
        conditions: [s.asthma.name.en],
      });
    });

    it('W-02 a live claim shows its holder as the reviewer; a lapsed one shows nothing', async () => {
      const { id } = await store('submit', 'interviewer1', PHKL);
      expect((await s.call('uw3', `/disclosure/${id}/claim`, { method: 'POST' })).status).toBe(200);
      const row = (await all('uw1', 'status=3')).find((r) => r.id === id)!;
      expect(row.reviewer).toBe('uw3');
      expect(row.claim).toMatchObject({ claimedBy: 'uw3', mine: false });
      const own = (await all('uw3', 'status=3')).find((r) => r.id === id)!;
      expect(own.claim?.mine).toBe(true);
      await sql`update disclosures set claimed_at = now() - interval '61 minutes' where id = ${id}`.execute(
        s.t.app.db,
      );
      const lapsed = (await all('uw1', 'status=3')).find((r) => r.id === id)!;
      expect(lapsed.claim).toBeNull();
      expect(lapsed.reviewer).toBeNull();
    });
  });

  describe('filters', () => {
    it('W-03 each filter finds exactly the rows it names, and filters combine', async () => {
      const everything = await all('uw1');
      expect(new Set(everything.map((r) => r.insurerCode))).toEqual(new Set(['phkl', 'slhk']));
      const today = new Date().toISOString().slice(0, 10);
      const cases: [string, (r: WorklistEntry) => boolean][] = [
        ['status=2', (r) => r.status === 2],
        ['status=3,5', (r) => r.status === 3 || r.status === 5],
        ['status=4&status=5', (r) => r.status >= 4],
        ['insurer=slhk', (r) => r.insurerCode === 'slhk'],
        ['insurer=phkl,slhk', () => true],
        ['channel=broker', (r) => r.channel === 'broker'],
        ['product=WL01', (r) => r.productCode === 'WL01'],
        ['q=WL000', (r) => r.applicationNumber.startsWith('WL000')],
        [`condition=${s.hypertension.uuid}`, (r) => r.conditions.includes(s.hypertension.name.en)],
        ['needsReview=true', (r) => r.needsReview],
        ['needsReview=false', (r) => !r.needsReview],
        [`createdFrom=${today}&createdTo=${today}`, () => true],
        ['createdFrom=2020-01-01&createdTo=2020-12-31', () => false],
        [`submittedFrom=${today}`, (r) => r.submittedAt !== null],
        ['submittedTo=2020-01-01', () => false],
        [
          `status=2&insurer=phkl&condition=${s.asthma.uuid}&q=WL`,
          (r) =>
            r.status === 2 && r.insurerCode === 'phkl' && r.conditions.includes(s.asthma.name.en),
        ],
        ['insurer=slhk&status=3', (r) => r.insurerCode === 'slhk' && r.status === 3],
      ];
      for (const [query, keep] of cases) {
        const expected = everything.filter(keep);
        expect(ids(await all('uw1', query)), query).toEqual(ids(expected));
      }
      // The filters the cases lean on find something, so no case passes for want of rows.
      expect(everything.some((r) => r.needsReview)).toBe(true);
      expect(everything.some((r) => !r.needsReview)).toBe(true);
    });

    it('W-03 W-20 views: created by me, awaiting my review (not my submission, not claimed by another), returned to me', async () => {
      const mine = await all('interviewer1', 'view=mine');
      expect(ids(mine).sort()).toEqual(
        ids((await all('interviewer1')).filter((r) => r.createdBy === 'interviewer1')).sort(),
      );
      expect(ids(await all('uw1', 'view=mine'))).toEqual([made.uwDraft.id]);

      const returned = await all('interviewer1', 'view=returnedToMe');
      expect(ids(returned)).toEqual([made.rejected.id]);
      expect(returned[0]!.rejectReason).toBe('=HYPERLINK("x") needs detail');
      expect(await all('agent1', 'view=returnedToMe')).toEqual([]);

      // uw1 submits one: it awaits uw3's review, not uw1's; uw3's claim takes it out of uw1's.
      const own = await store('submit', 'uw1', PHKL);
      const claimed = await store('submit', 'interviewer1', PHKL);
      expect(
        (await s.call('uw3', `/disclosure/${claimed.id}/claim`, { method: 'POST' })).status,
      ).toBe(200);
      const awaiting = ids(await all('uw1', 'view=awaitingMyReview'));
      expect(awaiting).toContain(made.submitted.id);
      expect(awaiting).toContain(made.slhkSubmitted.id);
      expect(awaiting).not.toContain(own.id);
      expect(awaiting).not.toContain(claimed.id);
      expect(awaiting).not.toContain(made.draft.id);
      const theirs = ids(await all('uw3', 'view=awaitingMyReview'));
      expect(theirs).toContain(own.id);
      expect(theirs).toContain(claimed.id);
      // A lapsed claim is no claim.
      await sql`update disclosures set claimed_at = now() - interval '2 hours' where id = ${claimed.id}`.execute(
        s.t.app.db,
      );
      expect(ids(await all('uw1', 'view=awaitingMyReview'))).toContain(claimed.id);
    });
  });

  describe('sorting and paging', () => {
    it('W-04 each sort runs both ways, paged two rows at a time with no row twice or missing', async () => {
      const everything = await all('uw1');
      for (const sort of ['updatedAt', 'createdAt', 'submittedAt'] as const) {
        const field = sort;
        for (const order of ['asc', 'desc'] as const) {
          const paged = await all('uw1', `sort=${sort}&order=${order}`, 2);
          const expected = everything.filter((r) => r[field] !== null);
          expect(new Set(ids(paged)).size, `${sort} ${order}`).toBe(paged.length);
          expect(ids(paged).sort(), `${sort} ${order}`).toEqual(ids(expected).sort());
          const stamps = paged.map((r) => Date.parse(r[field]!));
          const sorted = [...stamps].sort((a, b) => (order === 'asc' ? a - b : b - a));
          expect(stamps, `${sort} ${order}`).toEqual(sorted);
        }
      }
    });

    it('W-04 the cursor neither repeats nor skips a row while disclosures are added and changed', async () => {
      const before = await all('uw1', 'sort=createdAt');
      const seen: string[] = [];
      let cursor: string | null = null;
      let step = 0;
      do {
        const page = await list(
          'uw1',
          and('sort=createdAt', 'limit=2', cursor ? `cursor=${cursor}` : ''),
        );
        expect(page.status).toBe(200);
        seen.push(...ids(page.body.body!.items));
        cursor = page.body.body!.nextCursor;
        // Between pages someone adds a disclosure and changes one not read yet.
        await store('save', 'interviewer1', PHKL);
        const ahead = before.find(
          (r) =>
            !seen.includes(r.id) &&
            r.status === 2 &&
            r.insurerCode === 'phkl' &&
            r.createdBy === 'interviewer1',
        );
        if (ahead) {
          const fresh = (await all('uw1')).find((r) => r.id === ahead.id)!;
          const changed = await s.call<DisclosureSaved>('interviewer1', '/disclosure/save', {
            body: {
              id: fresh.id,
              version: fresh.version,
              applicationNumber: fresh.applicationNumber,
              age: PROFILE.age,
              gender: PROFILE.gender,
              rsmScore: PROFILE.rsmScore,
              disclosureJson: JSON.stringify(s.complete()),
            },
          });
          expect(changed.status, JSON.stringify(changed.body)).toBe(200);
        }
        step += 1;
      } while (cursor && step < 50);
      expect(seen).toEqual(ids(before));
    });
  });

  describe('bad input', () => {
    it('W-09 a malformed cursor, one made for other filters and one of another person answer 400 in the caller’s language', async () => {
      const first = await list('uw1', 'status=2&limit=1');
      const cursor = first.body.body!.nextCursor!;
      expect(cursor).toBeTruthy();
      expect((await list('uw1', `status=2&limit=1&cursor=${cursor}`)).status).toBe(200);
      // The page size may change between pages; nothing else may.
      expect((await list('uw1', `status=2&limit=5&cursor=${cursor}`)).status).toBe(200);
      const forged = Buffer.from(
        JSON.stringify(['2026-01-01T00:00:00.000000Z', made.draft.id, 'x']),
      ).toString('base64url');
      for (const [user, query] of [
        ['uw1', `status=3&limit=1&cursor=${cursor}`],
        ['uw1', `status=2&limit=1&sort=createdAt&cursor=${cursor}`],
        ['uw3', `status=2&limit=1&cursor=${cursor}`],
        ['uw1', 'cursor=not-a-cursor'],
        ['uw1', `cursor=${forged}`],
      ] as const) {
        const refused = await list(user, query);
        expect(refused.status, query).toBe(400);
        expect(refused.body.message).toBe('The worklist filter "cursor" is not valid.');
        expect(refused.body.errors).toEqual([
          {
            path: 'query.cursor',
            message:
              'This page of the worklist does not belong to the current filters. Start again from the first page.',
          },
        ]);
      }
      await s.inChinese('uw1', async () => {
        const refused = await list('uw1', 'cursor=not-a-cursor');
        expect(refused.status).toBe(400);
        expect(refused.body.message).toBe('工作清單的篩選條件「cursor」無效。');
        expect(refused.body.errors![0]!.message).toBe(
          '此工作清單頁面不屬於目前的篩選條件。請由第一頁重新開始。',
        );
      });
    });

    it('W-09 W-10 another insurer, an unknown channel or product, a reversed or too wide date range answer 400 naming the parameter, in both languages', async () => {
      const cases: [string, string, string][] = [
        ['insurer=demo', 'query.insurer', 'You do not work for insurer demo.'],
        ['insurer=phkl,demo', 'query.insurer', 'You do not work for insurer demo.'],
        ['channel=direct', 'query.channel', 'None of the insurers in view has direct.'],
        ['insurer=slhk&product=WL01', 'query.product', 'None of the insurers in view has WL01.'],
        [
          'createdFrom=2026-03-02&createdTo=2026-03-01',
          'query.createdTo',
          'The date range ends before it starts.',
        ],
        [
          'submittedFrom=2025-01-01&submittedTo=2026-01-02',
          'query.submittedTo',
          'A date range can span at most 366 days.',
        ],
      ];
      for (const [query, path, message] of cases) {
        for (const call of [list, counts, download]) {
          const refused = await call('uw1', query);
          expect(refused.status, query).toBe(400);
          expect(refused.body.errors, query).toEqual([{ path, message }]);
          expect(refused.body.message).toBe(
            `The worklist filter "${path.slice('query.'.length)}" is not valid.`,
          );
        }
      }
      // 366 days is allowed.
      expect((await list('uw1', 'createdFrom=2025-01-01&createdTo=2026-01-01')).status).toBe(200);
      await s.inChinese('uw1', async () => {
        const refused = await list('uw1', 'insurer=demo');
        expect(refused.body.message).toBe('工作清單的篩選條件「insurer」無效。');
        expect(refused.body.errors).toEqual([
          { path: 'query.insurer', message: '您並非負責保險公司 demo。' },
        ]);
        const wide = await list('uw1', 'createdFrom=2025-01-01&createdTo=2026-01-02');
        expect(wide.body.errors![0]!.message).toBe('日期範圍最多只可涵蓋 366 日。');
        const badDate = await list('uw1', 'createdFrom=2026-02-30');
        expect(badDate.status).toBe(400);
        expect(badDate.body.errors).toEqual([
          { path: 'query.createdFrom', message: '請以 YYYY-MM-DD 格式輸入日期。' },
        ]);
      });
      for (const query of [
        'status=9',
        'limit=101',
        'limit=0',
        'page=1',
        'view=theirs',
        'q=A%25',
        'channel=a%20b',
        'sort=name',
        'needsReview=yes',
      ]) {
        const refused = await list('uw1', query);
        expect(refused.status, query).toBe(400);
        expect(refused.body.errors?.length, query).toBeGreaterThan(0);
      }
    });
  });

  describe('scope', () => {
    it('W-10 each person sees only their insurers’ disclosures in the list, the counts and the download; an administrator sees none', async () => {
      for (const [user, insurers] of [
        ['interviewer1', ['phkl']],
        ['agent1', ['slhk']],
        ['uw2', ['demo']],
        ['uw1', ['phkl', 'slhk']],
      ] as const) {
        const rows = await all(user);
        expect(rows.length, user).toBeGreaterThan(0);
        expect(new Set(rows.map((r) => r.insurerCode)), user).toEqual(new Set(insurers));
        const total = Object.values((await counts(user)).body.body!.byStatus).reduce(
          (a, b) => a + b,
          0,
        );
        expect(total, user).toBe(rows.length);
        expect((await download(user)).body.body!.rows, user).toBe(rows.length);
      }
      expect(ids(await all('uw2'))).toEqual([made.demoDraft.id]);
      for (const call of [list, counts, download]) {
        expect((await call('admin1')).status).toBe(403);
      }
    });
  });

  describe('counts', () => {
    it('W-06 counts per status and per view follow the filters', async () => {
      for (const query of [
        '',
        'insurer=slhk',
        `condition=${s.hypertension.uuid}`,
        'needsReview=true',
      ]) {
        const answer = await counts('uw1', query);
        expect(answer.status).toBe(200);
        const everything = await all('uw1', query);
        const byStatus = Object.fromEntries(
          [1, 2, 3, 4, 5].map((status) => [
            String(status),
            everything.filter((r) => r.status === status).length,
          ]),
        );
        expect(answer.body.body).toEqual({
          byStatus,
          mine: (await all('uw1', and(query, 'view=mine'))).length,
          awaitingMyReview: (await all('uw1', and(query, 'view=awaitingMyReview'))).length,
          returnedToMe: (await all('uw1', and(query, 'view=returnedToMe'))).length,
        });
      }
      expect((await counts('interviewer1')).body.body!.returnedToMe).toBe(1);
      // Status, view, sort and paging are not filters of the counts.
      expect((await counts('uw1', 'status=2')).status).toBe(400);
    });
  });

  describe('download', () => {
    /** The rows of the first sheet of a download, as text. */
    async function sheetOf(answer: WorklistExport): Promise<string[][]> {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(answer.content, 'base64') as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const rows: string[][] = [];
      sheet.eachRow((row) => {
        const values = row.values as unknown[];
        rows.push(values.slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
      });
      return rows;
    }

    it('W-07 the filtered worklist downloads as xlsx in the caller’s language, text that would start a formula neutralised', async () => {
      const answer = await download('uw1', 'status=5,4&sort=createdAt&order=asc');
      expect(answer.status).toBe(200);
      const file = answer.body.body!;
      expect(file).toMatchObject({ rows: 2, truncated: false });
      expect(file.fileName).toMatch(/^worklist_\d{8}-\d{4}\.xlsx$/);
      const [header, validated, rejected] = await sheetOf(file);
      expect(header!.slice(0, 5)).toEqual([
        'Application number',
        'Insurer',
        'Channel',
        'Product',
        'Status',
      ]);
      expect(header).toContain('Reject reason');
      expect(header).toContain(s.catalog.indicators[0]!.label.en);
      expect(validated!.slice(0, 5)).toEqual(['WL0003', 'PHKL', 'AGENCY', 'wl01', 'Validated']);
      expect(rejected!.slice(0, 5)).toEqual(['WL0004', 'PHKL', 'AGENCY', 'wl01', 'Rejected']);
      expect(rejected!.at(-1)).toBe(`'=HYPERLINK("x") needs detail`);
      expect(rejected).toContain('uw1');

      await s.inChinese('uw1', async () => {
        const chinese = await download('uw1', 'status=4');
        const [head, row] = await sheetOf(chinese.body.body!);
        expect(head!.slice(0, 5)).toEqual(['申請編號', '保險公司', '渠道', '產品', '狀態']);
        expect(row![4]).toBe('已確認');
      });
    });

    // Writing and reading back ten thousand rows takes seconds on a busy machine.
    it(
      'W-07 at most 10,000 rows, and the answer says rows were left out',
      { timeout: 240_000 },
      async () => {
        // 10,001 demo disclosures written straight to the table: uw2 holds only demo.
        await sql`
        insert into disclosures (id, request_id, insurer_code, channel, product_code,
          application_number, status, created_by, updated_by, created_by_subject)
        select gen_random_uuid(), gen_random_uuid(), 'demo', 'direct', 'DEMO1',
          'BULK' || i, 1, 'bulk', 'bulk', 'bulk'
        from generate_series(1, 10001) as i`.execute(s.t.app.db);
        const answer = await download('uw2');
        expect(answer.status).toBe(200);
        expect(answer.body.body).toMatchObject({ rows: 10_000, truncated: true });
        expect((await sheetOf(answer.body.body!)).length).toBe(10_001);
        const page = await list('uw2', 'limit=100');
        expect(page.body.body!.items).toHaveLength(100);
        expect(page.body.body!.nextCursor).not.toBeNull();
      },
    );
  });

  // Last: the catalogue update makes the revised catalogue the active one for the rest of the
  // app's life.
  describe('a condition after changes', () => {
    /** The rows a condition filter finds, and those of the unfiltered list that disclose it. */
    async function byCondition(impairment: Impairment, query = '') {
      const found = await all('uw1', and(`condition=${impairment.uuid}`, query));
      const expected = (await all('uw1', query)).filter((r) =>
        r.conditions.includes(impairment.name.en),
      );
      return { found: ids(found), expected: ids(expected) };
    }

    it("W-20 a caller system's request, submitted by an interviewer and rejected, is returned to that interviewer", async () => {
      const caller = await clientToken(s.t.baseUrl, 'demo-integration', 'demo-secret');
      const applicationNumber = `WL${String(++counter).padStart(4, '0')}`;
      const request = await api<{ id: string; requestId: string }>(
        s.t.baseUrl,
        '/api/impairment/video_mer/request',
        { token: caller, body: { applicationNumber, ...PHKL } },
      );
      expect(request.status).toBe(200);
      const submitted = await s.call<DisclosureSaved>('interviewer1', '/disclosure/submit', {
        body: {
          id: request.body.body!.id,
          requestId: request.body.body!.requestId,
          version: 1,
          applicationNumber,
          age: PROFILE.age,
          gender: PROFILE.gender,
          rsmScore: PROFILE.rsmScore,
          disclosureJson: JSON.stringify(s.complete()),
        },
      });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      const before = (await counts('interviewer1')).body.body!.returnedToMe;
      expect((await review('uw1', 'reject', submitted.body.body!.id, 'Add the dates')).status).toBe(
        200,
      );
      const returned = await all('interviewer1', 'view=returnedToMe');
      expect(ids(returned)).toContain(submitted.body.body!.id);
      expect((await counts('interviewer1')).body.body!.returnedToMe).toBe(before + 1);
      expect(ids(await all('agent1', 'view=returnedToMe'))).not.toContain(submitted.body.body!.id);
    });

    it('W-03 W-23 a condition filter finds exactly the disclosures that name it after a save changes the conditions, a submit, a review and a catalogue update', async () => {
      const gallstones = impairmentOf(s.catalog, 'gallstones');
      const gallstonesOnly = () =>
        documentFor(s.version, [{ impairment: gallstones, answers: answersFor(gallstones) }]);
      const first = await s.store('save', 'interviewer1', gallstonesOnly());
      const check = async (query = '') => {
        for (const impairment of [gallstones, s.asthma, s.hypertension]) {
          const { found, expected } = await byCondition(impairment, query);
          expect(found, `${impairment.uuid} ${query}`).toEqual(expected);
        }
      };
      expect((await byCondition(gallstones)).found).toContain(first.id);
      await check();

      // The save swaps gallstones for asthma: the row moves from one condition to the other and,
      // changed last, comes first in each order that reads the time of the change.
      const swapped = await s.restore('save', first, asthmaOnly());
      expect((await byCondition(gallstones)).found).not.toContain(swapped.id);
      expect((await byCondition(s.asthma)).found[0]).toBe(swapped.id);
      await check();
      await check('sort=updatedAt&order=asc');

      // Submitted, then rejected: the condition's rows follow its status and submission time.
      const submitted = await s.restore('submit', swapped, asthmaOnly());
      expect((await byCondition(s.asthma, 'status=3')).found).toContain(submitted.id);
      await check('status=3');
      await check('sort=submittedAt');
      expect((await review('uw1', 'reject', submitted.id, 'needs detail')).status).toBe(200);
      expect((await byCondition(s.asthma, 'status=5')).found).toContain(submitted.id);
      expect((await byCondition(s.asthma, 'status=3')).found).not.toContain(submitted.id);
      await check('status=3,5');

      // A gallstones draft moved to a revised catalogue: still found by its condition, with
      // the update's time and its decisions' needs-review.
      const draft = await s.store('save', 'interviewer1', gallstonesOnly());
      const admin = await tokenFor(s.t.baseUrl, 'admin1');
      const revised = await uploadAndActivate(s.t.baseUrl, admin, await revisedCatalog());
      const updated = await api(
        s.t.baseUrl,
        `/api/impairment/video_mer/disclosure/${draft.id}/update-catalogue`,
        { token: await tokenFor(s.t.baseUrl, 'interviewer1'), body: { version: draft.version } },
      );
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      const row = (await all('uw1', `condition=${gallstones.uuid}`))[0]!;
      expect(row).toMatchObject({
        id: draft.id,
        catalogVersion: revised,
      });
      await check();
      await check(`needsReview=${String(row.needsReview)}`);
      await check('sort=createdAt');
      const counted = await counts('uw1', `condition=${gallstones.uuid}`);
      const listed = await all('uw1', `condition=${gallstones.uuid}`);
      expect(counted.body.body!.byStatus).toEqual(
        Object.fromEntries(
          ['1', '2', '3', '4', '5'].map((status) => [
            status,
            listed.filter((r) => String(r.status) === status).length,
          ]),
        ),
      );
    });
  });
});
