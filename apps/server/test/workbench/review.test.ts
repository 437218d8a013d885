import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DisclosureDocument } from '@vmer/domain';
import type {
  DisclosureExport,
  DisclosureReviewed,
  DisclosureSaved,
  DisclosureView,
} from '@vmer/domain/lifecycle';
import type { Override, ReviewClaim } from '@vmer/domain/workbench';
import { DATABASES } from '../helpers.ts';
import { PROFILE } from '../disclosures/fixtures.ts';
import { reviewSuite, type User } from './review-support.ts';

/** The workbook of an export's answer. */
async function workbookOf(answer: DisclosureExport): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(answer.content, 'base64') as unknown as ArrayBuffer);
  return workbook;
}

interface OverridesAnswer {
  version: number;
  overrides: Override[];
}

describe.each(DATABASES)('review claims and overrides on %s', (database) => {
  const s = reviewSuite(database);

  const claim = (user: User, id: string) =>
    s.call<ReviewClaim | null>(user, `/disclosure/${id}/claim`, { method: 'POST' });
  const release = (user: User, id: string) =>
    s.call<ReviewClaim | null>(user, `/disclosure/${id}/claim`, { method: 'DELETE' });
  const validate = (user: User, id: string) =>
    s.call<DisclosureReviewed>(user, `/validate/${id}`, { method: 'POST' });
  const reject = (user: User, id: string, reason?: string) =>
    s.call<DisclosureReviewed>(user, `/reject/${id}`, {
      method: 'POST',
      body: reason === undefined ? {} : { reason },
    });
  const override = (user: User, id: string, body: Record<string, unknown>) =>
    s.call<OverridesAnswer>(user, `/disclosure/${id}/override`, { method: 'PUT', body });
  const overrides = (user: User, id: string) =>
    s.call<OverridesAnswer>(user, `/disclosure/${id}/overrides`);
  const operations = async (id: string) =>
    (await s.audit(id)).map((entry) => `${entry.operation} ${entry.actor}`);

  /** The engine's decision of a condition for a benefit in a stored document. */
  const engine = (saved: DisclosureSaved, uuid: string, indicator: string) =>
    (JSON.parse(saved.disclosureJson) as DisclosureDocument).impairments.find(
      (i) => i.uuid === uuid,
    )?.decision?.[indicator];

  /** Sets a claim's time back, as if it had been taken `minutes` ago. */
  const ageClaim = (id: string, minutes: number) =>
    sql`update disclosures set claimed_at = now() - make_interval(mins => ${minutes})
        where id = ${id}`.execute(s.t.app.db);

  describe('claims', () => {
    it('W-14 W-10 an underwriter claims a submitted disclosure; others are refused by role (403) or insurer (404)', async () => {
      const { id } = await s.store('submit');
      for (const user of ['interviewer1', 'admin1'] as const) {
        expect((await claim(user, id)).status).toBe(403);
      }
      expect((await claim('uw2', id)).status).toBe(404);
      expect((await release('uw2', id)).status).toBe(404);

      // Browsers send a JSON content type with the empty body of claim and release too.
      const json = { 'content-type': 'application/json' };
      const taken = await s.call<ReviewClaim>('uw1', `/disclosure/${id}/claim`, {
        method: 'POST',
        headers: json,
      });
      expect(taken.status).toBe(200);
      const held = taken.body.body!;
      expect(held).toMatchObject({ claimedBy: 'uw1', mine: true });
      expect(Date.parse(held.expiresAt) - Date.parse(held.claimedAt)).toBe(60 * 60_000);
      expect(await operations(id)).toContain('claim uw1');
      const released = await s.call('uw1', `/disclosure/${id}/claim`, {
        method: 'DELETE',
        headers: json,
      });
      expect(released.status).toBe(200);
    });

    it('W-14 a second underwriter is refused with 409 naming the holder, in their language; the holder renews, releases, and then the other may claim', async () => {
      const { id } = await s.store('submit');
      expect((await claim('uw1', id)).status).toBe(200);

      const refused = await claim('uw3', id);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/^uw1 is reviewing this disclosure/);
      expect(refused.body.errors).toContainEqual({ path: 'claim.claimedBy', message: 'uw1' });
      await s.inChinese('uw3', async () => {
        const again = await claim('uw3', id);
        expect(again.status).toBe(409);
        expect(again.body.message).toContain('uw1 正在審核此披露');
      });
      // Only the holder releases.
      const notTheirs = await release('uw3', id);
      expect(notTheirs.status).toBe(409);
      expect(notTheirs.body.message).toContain('uw1');

      expect((await claim('uw1', id)).status).toBe(200);
      const released = await release('uw1', id);
      expect(released.status).toBe(200);
      expect(released.body.body).toBeNull();
      const nothing = await release('uw1', id);
      expect(nothing.status).toBe(409);
      expect(nothing.body.message).toBe(
        'You do not hold the review of this disclosure, so there is nothing to release.',
      );

      const taken = await claim('uw3', id);
      expect(taken.body.body).toMatchObject({ claimedBy: 'uw3', mine: true });
      expect(await operations(id)).toEqual([
        'submit interviewer1',
        'claim uw1',
        'claim uw1',
        'release uw1',
        'claim uw3',
      ]);
    });

    it('W-14 the disclosure view tells who holds its review: the holder sees their own claim, another underwriter the holder and its expiry, and nobody after release', async () => {
      const saved = await s.store('submit');
      const view = async (user: User) =>
        (await s.call<DisclosureView>(user, `/disclosure/${saved.requestId}`)).body.body!.claim;
      expect(await view('uw1')).toBeNull();
      const taken = await claim('uw1', saved.id);
      expect(await view('uw1')).toEqual(taken.body.body);
      expect(await view('uw3')).toEqual({ ...(taken.body.body as object), mine: false });
      await release('uw1', saved.id);
      expect(await view('uw3')).toBeNull();
    });

    it('W-14 a claim on a disclosure that is not submitted answers 409 saying what it is', async () => {
      const draft = await s.store('save');
      const refused = await claim('uw1', draft.id);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        'Only a submitted disclosure can be claimed for review; this one is saved as a draft.',
      );
    });

    it('W-14 an unreleased claim lapses after REVIEW_CLAIM_MINUTES: then another underwriter claims, and the first may no longer validate', async () => {
      const { id } = await s.store('submit');
      expect((await claim('uw1', id)).status).toBe(200);
      await ageClaim(id, 59);
      expect((await claim('uw3', id)).status).toBe(409);
      await ageClaim(id, 61);
      const taken = await claim('uw3', id);
      expect(taken.status).toBe(200);
      expect(taken.body.body).toMatchObject({ claimedBy: 'uw3' });
      const late = await validate('uw1', id);
      expect(late.status).toBe(409);
      expect(late.body.message).toMatch(/^uw3 is reviewing/);
    });

    it('W-17 the submitter cannot claim, override, validate or reject their own disclosure', async () => {
      const own = await s.store('submit', 'uw1');
      const refused = await claim('uw1', own.id);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(
        'You submitted this disclosure, so another underwriter must review it.',
      );
      const body = {
        version: own.version,
        impairmentUuid: 'hypertension',
        indicator: 'LIFE',
        decision: 'D',
        reason: 'other',
      };
      expect((await override('uw1', own.id, body)).status).toBe(403);
      expect((await validate('uw1', own.id)).status).toBe(403);
      expect((await reject('uw1', own.id)).status).toBe(403);
      // Another underwriter may.
      expect((await claim('uw3', own.id)).status).toBe(200);
    });
  });

  describe('validate and reject under a claim', () => {
    it('W-15 validate and reject by someone other than the holder answer 409 naming the holder; the holder validates and the claim ends', async () => {
      const { id } = await s.store('submit');
      expect((await claim('uw1', id)).status).toBe(200);
      for (const refused of [await validate('uw3', id), await reject('uw3', id, 'No')]) {
        expect(refused.status).toBe(409);
        expect(refused.body.message).toMatch(/^uw1 is reviewing/);
      }
      const validated = await validate('uw1', id);
      expect(validated.status).toBe(200);
      expect(validated.body.body?.status).toBe(4);
      const row = await s.t.app.db
        .selectFrom('disclosures')
        .select(['claimed_by', 'claimed_at', 'reviewed_by'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ claimed_by: null, claimed_at: null, reviewed_by: 'uw1' });
      expect(await operations(id)).toEqual(['submit interviewer1', 'claim uw1', 'validate uw1']);
    });

    it('W-15 validate and reject without a claim keep working while nobody holds one', async () => {
      const first = await s.store('submit');
      expect((await validate('uw3', first.id)).status).toBe(200);
      const second = await s.store('submit');
      expect((await reject('uw3', second.id)).status).toBe(200);
    });

    it('W-16 the reject reason is kept in the audit trail; one over 500 characters answers 400 and changes nothing', async () => {
      const { id } = await s.store('submit');
      expect((await claim('uw1', id)).status).toBe(200);
      const tooLong = await reject('uw1', id, 'x'.repeat(501));
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.errors).toContainEqual({
        path: 'reason',
        message: 'This value is too long.',
      });
      const rejected = await reject('uw1', id, 'Please attach the blood pressure readings');
      expect(rejected.status).toBe(200);
      const entry = (await s.audit(id)).find((e) => e.operation === 'reject');
      expect(entry).toMatchObject({
        actor: 'uw1',
        fromStatus: 3,
        toStatus: 5,
        reason: 'Please attach the blood pressure readings',
      });
    });
  });

  describe('races', () => {
    it('W-14 W-15 two reviewers claiming at once: exactly one success, the other 409 naming the holder', async () => {
      const { id } = await s.store('submit');
      const answers = await Promise.all([claim('uw1', id), claim('uw3', id)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const winner = answers.find((a) => a.status === 200)!.body.body!.claimedBy;
      const loser = answers.find((a) => a.status === 409)!;
      expect(loser.body.message).toMatch(new RegExp(`^${winner} is reviewing`));
      expect((await operations(id)).filter((op) => op.startsWith('claim'))).toEqual([
        `claim ${winner}`,
      ]);
    });

    it('W-15 two reviewers validating, or one validating while the other rejects, at once: exactly one success and one 409, never a lost update', async () => {
      const first = await s.store('submit');
      const both = await Promise.all([validate('uw1', first.id), validate('uw3', first.id)]);
      expect(both.map((a) => a.status).sort()).toEqual([200, 409]);
      const second = await s.store('submit');
      const mixed = await Promise.all([validate('uw1', second.id), reject('uw3', second.id, 'No')]);
      expect(mixed.map((a) => a.status).sort()).toEqual([200, 409]);
      const reviews = (await s.audit(second.id)).filter((e) => e.fromStatus === 3);
      expect(reviews).toHaveLength(1);
    });

    it('W-15 a claim and a validate by another at once: never both', async () => {
      const { id } = await s.store('submit');
      const [claimed, validated] = await Promise.all([claim('uw1', id), validate('uw3', id)]);
      expect([claimed.status, validated.status].filter((status) => status === 200)).toHaveLength(1);
    });
  });

  describe('overrides', () => {
    it("W-18 the reviewer holding the claim overrides a decision beside the engine's, replaces and removes it; the version moves on and the audit trail carries reason, note and change", async () => {
      const saved = await s.store('submit');
      const { id } = saved;
      expect((await claim('uw1', id)).status).toBe(200);
      const lifeEngine = engine(saved, 'hypertension', 'LIFE')!;
      const body = {
        version: saved.version,
        impairmentUuid: 'hypertension',
        indicator: 'LIFE',
        decision: 'D',
        reason: 'medical_evidence',
        note: 'Cardiologist report of March',
      };
      const first = await override('uw1', id, body);
      expect(first.status).toBe(200);
      expect(first.body.body!.version).toBe(saved.version + 1);
      expect(first.body.body!.overrides).toEqual([
        {
          impairmentUuid: 'hypertension',
          indicator: 'LIFE',
          engineDecision: lifeEngine,
          decision: 'D',
          reason: 'medical_evidence',
          note: 'Cardiologist report of March',
          by: 'uw1',
          at: expect.any(String) as string,
        },
      ]);
      // The version the reviewer loaded has moved on.
      const stale = await override('uw1', id, body);
      expect(stale.status).toBe(409);
      expect(stale.body.message).toMatch(/changed by someone else/);

      const replaced = await override('uw1', id, {
        ...body,
        version: saved.version + 1,
        decision: 'EX1,EX3',
        reason: 'reinsurer_advice',
        note: undefined,
      });
      expect(replaced.status).toBe(200);
      expect(replaced.body.body!.overrides).toMatchObject([
        { decision: 'EX1,EX3', reason: 'reinsurer_advice', note: null, engineDecision: lifeEngine },
      ]);
      // Everyone who works on disclosures of the insurer reads them.
      const read = await overrides('interviewer1', id);
      expect(read.status).toBe(200);
      expect(read.body.body).toEqual(replaced.body.body);
      // The engine's decision stays in the document as computed.
      const view = await s.call<{ disclosureJson: string }>(
        'uw1',
        `/disclosure/${saved.requestId}`,
      );
      expect(engine(view.body.body as DisclosureSaved, 'hypertension', 'LIFE')).toBe(lifeEngine);

      const removed = await override('uw1', id, {
        version: saved.version + 2,
        impairmentUuid: 'hypertension',
        indicator: 'LIFE',
        decision: null,
      });
      expect(removed.status).toBe(200);
      expect(removed.body.body).toEqual({ version: saved.version + 3, overrides: [] });

      const audit = (await s.audit(id)).filter((e) => e.operation === 'override');
      expect(audit.map((e) => e.reason)).toEqual([
        `medical_evidence: Cardiologist report of March (Hypertension LIFE: ${lifeEngine} → D)`,
        `reinsurer_advice (Hypertension LIFE: ${lifeEngine} → EX1,EX3)`,
        `restored (Hypertension LIFE: ${lifeEngine})`,
      ]);
      expect(audit.every((e) => e.actor === 'uw1' && e.fromStatus === 3 && e.toStatus === 3)).toBe(
        true,
      );
    });

    it("W-18 W-10 only the holder overrides: no claim or another's answers 409, another role 403, another insurer 404; admin reads no overrides", async () => {
      const saved = await s.store('submit');
      const body = {
        version: saved.version,
        impairmentUuid: 'hypertension',
        indicator: 'CI',
        decision: 'P',
        reason: 'underwriting_judgement',
      };
      const unclaimed = await override('uw1', saved.id, body);
      expect(unclaimed.status).toBe(409);
      expect(unclaimed.body.message).toBe(
        'Start the review first: only the underwriter holding the review can override a decision.',
      );
      expect((await claim('uw3', saved.id)).status).toBe(200);
      const others = await override('uw1', saved.id, body);
      expect(others.status).toBe(409);
      expect(others.body.message).toMatch(/^uw3 is reviewing/);
      expect((await override('interviewer1', saved.id, body)).status).toBe(403);
      expect((await override('uw2', saved.id, body)).status).toBe(404);
      expect((await overrides('uw2', saved.id)).status).toBe(404);
      expect((await overrides('admin1', saved.id)).status).toBe(403);
      // A lapsed claim overrides nothing.
      await ageClaim(saved.id, 61);
      expect((await override('uw3', saved.id, body)).status).toBe(409);
      expect((await overrides('uw3', saved.id)).body.body?.overrides).toEqual([]);
    });

    it('W-18 an unknown condition, benefit or exclusion, a malformed decision or a missing reason answers 400 with a translated message, and writes nothing', async () => {
      const saved = await s.store('submit');
      expect((await claim('uw1', saved.id)).status).toBe(200);
      const base = {
        version: saved.version,
        impairmentUuid: 'hypertension',
        indicator: 'LIFE',
        decision: 'D',
        reason: 'other',
      };
      const cases: [Record<string, unknown>, string, string][] = [
        [
          { impairmentUuid: 'gallstones' },
          'impairmentUuid',
          'This disclosure has no such condition.',
        ],
        [
          { indicator: 'XYZ' },
          'indicator',
          "The disclosure's catalogue version has no such benefit.",
        ],
        [
          { decision: 'EX1,EX99' },
          'decision',
          "The disclosure's catalogue version has no exclusion EX99.",
        ],
        [
          { decision: 'maybe' },
          'decision',
          'An override decision is D, P, U, a number of debit points or exclusion codes such as EX1,EX3.',
        ],
        // A missing reason reads as any missing field.
        [{ reason: undefined }, 'reason', 'This field is required.'],
        [{ reason: 'gut_feeling' }, 'reason', 'This value is not one of the allowed values.'],
        [{ note: 'x'.repeat(501) }, 'note', 'This value is too long.'],
      ];
      for (const [change, path, message] of cases) {
        const answer = await override('uw1', saved.id, { ...base, ...change });
        expect(answer.status, path).toBe(400);
        expect(answer.body.errors, path).toContainEqual({ path, message });
      }
      await s.inChinese('uw1', async () => {
        const answer = await override('uw1', saved.id, { ...base, impairmentUuid: 'gallstones' });
        expect(answer.body.errors).toContainEqual({
          path: 'impairmentUuid',
          message: '此披露沒有此病症。',
        });
      });
      const read = await overrides('uw1', saved.id);
      expect(read.body.body).toEqual({ version: saved.version, overrides: [] });
    });

    it('W-18 an override retried with its Idempotency-Key answers the first answer and is recorded once', async () => {
      const saved = await s.store('submit');
      expect((await claim('uw1', saved.id)).status).toBe(200);
      const send = () =>
        s.call<OverridesAnswer>('uw1', `/disclosure/${saved.id}/override`, {
          method: 'PUT',
          headers: { 'idempotency-key': `override-${saved.id}` },
          body: {
            version: saved.version,
            impairmentUuid: 'asthma',
            indicator: 'CI',
            decision: 'P',
            reason: 'underwriting_judgement',
          },
        });
      const first = await send();
      const retry = await send();
      expect(first.status).toBe(200);
      expect(retry.status).toBe(200);
      expect(retry.body.body).toEqual(first.body.body);
      expect((await s.audit(saved.id)).filter((e) => e.operation === 'override')).toHaveLength(1);
    });

    it('W-18 overrides are frozen once the disclosure is validated', async () => {
      const saved = await s.store('submit');
      expect((await claim('uw1', saved.id)).status).toBe(200);
      const body = {
        version: saved.version,
        impairmentUuid: 'asthma',
        indicator: 'LIFE',
        decision: '50',
        reason: 'treatment_complete',
      };
      expect((await override('uw1', saved.id, body)).status).toBe(200);
      const validated = await validate('uw1', saved.id);
      expect(validated.status).toBe(200);
      const frozen = await override('uw1', saved.id, {
        ...body,
        version: validated.body.body!.version,
        decision: '75',
      });
      expect(frozen.status).toBe(409);
      expect(frozen.body.message).toBe(
        "Only a submitted disclosure's decisions can be overridden; this one is validated.",
      );
      expect((await overrides('uw1', saved.id)).body.body?.overrides).toMatchObject([
        { impairmentUuid: 'asthma', decision: '50' },
      ]);
    });

    it("W-18 the export of a stored disclosure carries the engine's decision and the override side by side, in the caller's language", async () => {
      const saved = await s.store('submit');
      expect((await claim('uw1', saved.id)).status).toBe(200);
      const lifeEngine = engine(saved, 'hypertension', 'LIFE')!;
      expect(
        (
          await override('uw1', saved.id, {
            version: saved.version,
            impairmentUuid: 'hypertension',
            indicator: 'LIFE',
            decision: 'D',
            reason: 'medical_evidence',
            note: '=HYPERLINK("x")',
          })
        ).status,
      ).toBe(200);
      const exportAs = async () => {
        const answer = await s.call<DisclosureExport>('uw1', '/disclosure/export', {
          body: {
            id: saved.id,
            applicationNumber: 'REVEXPORT',
            age: PROFILE.age,
            gender: PROFILE.gender,
            rsmScore: PROFILE.rsmScore,
            disclosureJson: saved.disclosureJson,
          },
        });
        expect(answer.status).toBe(200);
        return workbookOf(answer.body.body!);
      };
      const rowsOf = (sheet: ExcelJS.Worksheet | undefined) => {
        const rows: unknown[][] = [];
        sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
        return rows;
      };

      const en = rowsOf((await exportAs()).getWorksheet('Overrides'));
      expect(en[0]).toEqual([
        'Condition',
        'Benefit',
        'Engine decision',
        'Override',
        'Reason',
        'Note',
        'By',
        'At',
      ]);
      expect(en[1]!.slice(0, 7)).toEqual([
        'Hypertension',
        'Life',
        lifeEngine === '0' ? 'Standard (0)' : expect.anything(),
        'Decline (D)',
        'Further medical evidence',
        `'=HYPERLINK("x")`,
        'uw1',
      ]);
      await s.inChinese('uw1', async () => {
        const cn = rowsOf((await exportAs()).getWorksheet('調整決定'));
        expect(cn[0]![2]).toBe('系統決定');
        expect(cn[1]![3]).toBe('拒保 (D)');
        expect(cn[1]![4]).toBe('進一步醫療證明');
      });

      // A disclosure without overrides exports as before.
      const plain = await s.store('submit');
      const answer = await s.call<DisclosureExport>('uw1', '/disclosure/export', {
        body: {
          id: plain.id,
          applicationNumber: 'REVPLAIN',
          age: PROFILE.age,
          gender: PROFILE.gender,
          rsmScore: PROFILE.rsmScore,
          disclosureJson: plain.disclosureJson,
        },
      });
      expect((await workbookOf(answer.body.body!)).getWorksheet('Overrides')).toBeUndefined();
    });

    it('W-19 overrides are counted per catalogue version and condition, within the insurers asked for', async () => {
      const counts = s.t.app.repositories.reviews;
      const before = await counts.overrideCounts({ insurers: ['phkl'] });
      const saved = await s.store('submit');
      expect((await claim('uw1', saved.id)).status).toBe(200);
      let version = saved.version;
      for (const [impairmentUuid, indicator] of [
        ['hypertension', 'LIFE'],
        ['hypertension', 'CI'],
        ['asthma', 'LIFE'],
      ] as const) {
        const answer = await override('uw1', saved.id, {
          version,
          impairmentUuid,
          indicator,
          decision: 'U',
          reason: 'other',
        });
        version = answer.body.body!.version;
      }
      const after = await counts.overrideCounts({ insurers: ['phkl'] });
      const countOf = (list: typeof after, uuid: string) =>
        list.find((c) => c.impairmentUuid === uuid && c.catalogVersion === s.version)?.count ?? 0;
      expect(countOf(after, 'hypertension') - countOf(before, 'hypertension')).toBe(2);
      expect(countOf(after, 'asthma') - countOf(before, 'asthma')).toBe(1);
      expect(await counts.overrideCounts({ insurers: ['demo'] })).toEqual([]);
    });
  });
});
