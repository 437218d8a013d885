import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DisclosureDocument, Impairment } from '@vmer/domain';
import type { RevisionCompare, RevisionSummary } from '@vmer/domain/workbench';
import { uploadAndActivate } from '../catalog/catalog-support.ts';
import { revisedCatalog } from '../catalog/revised-catalog.ts';
import { api, DATABASES, tokenFor } from '../helpers.ts';
import { answeredDocument, answersFor, documentFor } from '../disclosures/fixtures.ts';
import { reviewSuite, type User } from './review-support.ts';

describe.each(DATABASES)('revisions and their comparison on %s', (database) => {
  const s = reviewSuite(database);

  const revisions = (user: User, id: string) =>
    s.call<RevisionSummary[]>(user, `/disclosure/${id}/revisions`);
  const compare = (user: User, id: string, query: string) =>
    s.call<RevisionCompare>(user, `/disclosure/${id}/compare?${query}`);

  /** Hypertension only, fully answered: a document to change from. */
  const hypertensionOnly = (): DisclosureDocument =>
    documentFor(s.version, [
      { impairment: s.hypertension, answers: answersFor(s.hypertension, 'opening') },
    ]);

  /**
   * An answered choice question of a condition whose options all decide (none opens children,
   * so changing it leaves the other answers as they are), and an option it does not have now.
   */
  function anotherChoice(impairment: Impairment, doc: DisclosureDocument) {
    const entry = doc.impairments.find((i) => i.uuid === impairment.uuid)!;
    const answered = new Map(entry.answers.map((a) => [a.questionUuid, a.answer]));
    const question = impairment.questionList.find(
      (q) =>
        (q.type === 'R' || q.type === 'S') &&
        answered.has(q.uuid) &&
        q.answerList.length > 1 &&
        q.answerList.every((o) => o.hasDecision),
    )!;
    const current = (answered.get(question.uuid) as string[])[0]!;
    const other = question.answerList.find((o) => o.uuid !== current)!;
    return { entry, question, current, other };
  }

  it('W-13 every save and submit keeps its document as the next revision, and its audit entry names it', async () => {
    const first = await s.store('save', 'interviewer1', hypertensionOnly());
    const second = await s.restore('save', first, s.complete());
    await s.restore('submit', second, s.complete());
    const listed = await revisions('uw1', first.id);
    expect(listed.status).toBe(200);
    expect(listed.body.body).toMatchObject([
      {
        revision: 1,
        operation: 'save',
        status: 2,
        actor: 'interviewer1',
        catalogVersion: s.version,
      },
      { revision: 2, operation: 'save', status: 2, actor: 'interviewer1' },
      { revision: 3, operation: 'submit', status: 3, actor: 'interviewer1' },
    ]);
    expect((await s.audit(first.id)).map((e) => [e.operation, e.revision])).toEqual([
      ['save', 1],
      ['save', 2],
      ['submit', 3],
    ]);
    // A request creates no revision; its first save is revision 1, and claims keep none.
    const request = await s.call<{ id: string; requestId: string }>('interviewer1', '/request', {
      body: {
        applicationNumber: 'REVREQ1',
        insurerCode: 'phkl',
        channel: 'agency',
        productCode: 'WL01',
      },
    });
    const requested = request.body.body!;
    expect((await revisions('interviewer1', requested.id)).body.body).toEqual([]);
    expect((await s.audit(requested.id)).map((e) => e.revision)).toEqual([null]);
  });

  it('W-13 revisions are append-only: the database refuses to change or delete one', async () => {
    const saved = await s.store('save');
    await expect(
      sql`update disclosure_revisions set actor = 'someone' where disclosure_id = ${saved.id}`.execute(
        s.t.app.db,
      ),
    ).rejects.toThrow();
    await expect(
      sql`delete from disclosure_revisions where disclosure_id = ${saved.id}`.execute(s.t.app.db),
    ).rejects.toThrow();
    expect((await revisions('uw1', saved.id)).body.body).toHaveLength(1);
  });

  it('W-13 W-21 compare shows what changed since a rejection: profile, conditions, answers with question and answer text, decisions before and after, in English and Chinese', async () => {
    const submitted = await s.store('submit', 'interviewer1', hypertensionOnly());
    expect(
      (
        await s.call('uw1', `/reject/${submitted.id}`, {
          method: 'POST',
          body: { reason: 'Check the control of the blood pressure' },
        })
      ).status,
    ).toBe(200);
    const corrected = s.complete();
    const { entry, question, current, other } = anotherChoice(s.hypertension, corrected);
    entry.answers = entry.answers.map((a) =>
      a.questionUuid === question.uuid ? { ...a, answer: [other.uuid] } : a,
    );
    const rejected = { ...submitted, version: submitted.version + 1 };
    await s.restore('submit', rejected, corrected, 'interviewer1', { age: 46 });

    const answer = await compare('uw1', submitted.id, 'from=1');
    expect(answer.status).toBe(200);
    const diff = answer.body.body!;
    expect(diff.from).toMatchObject({ revision: 1, operation: 'submit' });
    expect(diff.to).toMatchObject({ revision: 2, operation: 'submit' });
    expect(diff.profile).toContainEqual({ field: 'Age', before: '45', after: '46' });
    expect(diff.conditionsAdded).toEqual([s.asthma.name.en]);
    expect(diff.conditionsRemoved).toEqual([]);
    const optionLabel = (uuid: string) => question.answerList.find((o) => o.uuid === uuid)!.label;
    const changed = diff.answers.find((a) => a.before?.questionUuid === question.uuid)!;
    expect(changed).toMatchObject({
      condition: s.hypertension.name.en,
      change: 'changed',
      before: { answer: optionLabel(current).en },
      after: { answer: other.label.en },
    });
    expect(changed.before!.question).toContain(
      question.question.en.replace(/<[^>]*>/g, '').slice(0, 20),
    );
    expect(diff.answers.some((a) => a.condition === s.asthma.name.en && a.change === 'added')).toBe(
      true,
    );
    expect(diff.decisions.every((d) => d.before !== d.after)).toBe(true);
    expect(diff.decisions.some((d) => d.condition === s.asthma.name.en && d.before === null)).toBe(
      true,
    );

    await s.inChinese('uw1', async () => {
      const cn = (await compare('uw1', submitted.id, 'from=1&to=2')).body.body!;
      expect(cn.profile).toContainEqual({ field: '年齡', before: '45', after: '46' });
      expect(cn.conditionsAdded).toEqual([s.asthma.name.cn_traditional]);
      const changedCn = cn.answers.find((a) => a.before?.questionUuid === question.uuid)!;
      expect(changedCn.after!.answer).toBe(other.label.cn_traditional);
      expect(changedCn.condition).toBe(s.hypertension.name.cn_traditional);
    });
  });

  it('W-13 comparing a revision with itself shows no differences; an unknown revision answers 404 and a bad query 400, translated', async () => {
    const saved = await s.store('save');
    const same = await compare('interviewer1', saved.id, 'from=1&to=1');
    expect(same.body.body).toMatchObject({
      profile: [],
      conditionsAdded: [],
      conditionsRemoved: [],
      answers: [],
      decisions: [],
    });
    const unknown = await compare('interviewer1', saved.id, 'from=1&to=9');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('This disclosure has no revision 9.');
    await s.inChinese('interviewer1', async () => {
      const cn = await compare('interviewer1', saved.id, 'from=7');
      expect(cn.status).toBe(404);
      expect(cn.body.message).toBe('此披露沒有第 7 個修訂版本。');
    });
    for (const query of ['', 'from=0', 'from=abc', 'from=1&to=x', 'from=1&extra=1']) {
      const bad = await compare('interviewer1', saved.id, query);
      expect(bad.status, query).toBe(400);
    }
  });

  it("W-10 revisions and compare see only the caller's insurers (404) and are not for administrators (403)", async () => {
    const saved = await s.store('save');
    for (const path of [
      `/disclosure/${saved.id}/revisions`,
      `/disclosure/${saved.id}/compare?from=1`,
    ]) {
      expect((await s.call('uw2', path)).status, path).toBe(404);
      expect((await s.call('agent1', path)).status, path).toBe(404);
      expect((await s.call('admin1', path)).status, path).toBe(403);
      expect((await s.call('uw3', path)).status, path).toBe(200);
    }
    const unknownId = '00000000-0000-4000-8000-000000000000';
    expect((await revisions('uw1', unknownId)).status).toBe(404);
  });

  // Last: it makes the revised catalogue the active one for the rest of this app's life.
  it('W-13 a catalogue update keeps a revision on the new version, and compare reads each revision on its own version', async () => {
    const saved = await s.store(
      'save',
      'interviewer1',
      answeredDocument(s.catalog, s.version, ['gallstones']),
    );
    const admin = await tokenFor(s.t.baseUrl, 'admin1');
    const toVersion = await uploadAndActivate(s.t.baseUrl, admin, await revisedCatalog());
    const updated = await api(
      s.t.baseUrl,
      `/api/impairment/video_mer/disclosure/${saved.id}/update-catalogue`,
      { token: await tokenFor(s.t.baseUrl, 'interviewer1'), body: { version: saved.version } },
    );
    expect(updated.status).toBe(200);
    const listed = (await revisions('uw1', saved.id)).body.body!;
    expect(listed.map((r) => [r.revision, r.operation, r.catalogVersion])).toEqual([
      [1, 'save', s.version],
      [2, 'update_catalogue', toVersion],
    ]);
    expect((await s.audit(saved.id)).map((e) => [e.operation, e.revision])).toEqual([
      ['save', 1],
      ['update_catalogue', 2],
    ]);
    const diff = (await compare('uw1', saved.id, 'from=1&to=2')).body.body!;
    // The ultrasound question is gone from the revised version: its answer reads as removed,
    // with the question's text from the version it was answered on.
    expect(diff.answers).toContainEqual(
      expect.objectContaining({
        change: 'removed',
        before: expect.objectContaining({
          questionUuid: 'gallstones-scan',
          question: 'What did the latest ultrasound show?',
        }) as unknown,
      }),
    );
  });
});
