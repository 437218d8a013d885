import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@vmer/domain/lifecycle';
import {
  ADDED_QUESTION,
  EX5_WORDING,
  PLANNED_SURGERY_DECISION,
  revisedCatalog,
  SYMPTOMS_WORDING,
} from '../../apps/server/test/catalog/revised-catalog.ts';
import { api } from '../../apps/server/test/helpers.ts';
import { uploadAndActivate } from '../../apps/server/test/catalog/catalog-support.ts';
import {
  fetchDisclosure,
  isCall,
  journeySuite,
  openRequest,
  PHKL_PRODUCT,
  QuestionnaireScreen,
  SETTLED,
  signedInPage,
  submittedDisclosure,
  userToken,
} from '../src/questionnaire.ts';
import { seriousViolations } from '../src/browser.ts';
import { expectStable, layoutShiftsOf } from '../src/layout-shift.ts';
import { rowsOf } from '../src/workbook.ts';
import { startServer, type RunningServer } from '../src/server.ts';

const suite = journeySuite();
const BASE = '/api/impairment/video_mer';

const decisionOf = (json: string, uuid: string) =>
  (
    JSON.parse(json) as { impairments: { uuid: string; decision?: Record<string, string> }[] }
  ).impairments.find((i) => i.uuid === uuid)?.decision;

// This file activates a catalogue version: it runs its own server, so that the other journeys
// keep the shipped catalogue as the active one.
describe('a disclosure keeps the catalogue version it was answered on', () => {
  let server: RunningServer;
  let baseUrl: string;
  let token: string;
  const drafts: Record<'kept' | 'updated' | 'steady', string> = {
    kept: '',
    updated: '',
    steady: '',
  };

  /** A draft answered in full on the shipped catalogue (version 1, still the active one). */
  const savedDraft = (applicationNumber: string) =>
    submittedDisclosure(baseUrl, {
      userName: 'interviewer1',
      applicationNumber,
      product: PHKL_PRODUCT,
      conditions: ['gallstones'],
      save: true,
    });

  beforeAll(async () => {
    server = await startServer();
    baseUrl = server.baseUrl;
    token = await userToken(baseUrl, 'interviewer1');
    drafts.kept = await savedDraft('PINNED2026');
    drafts.updated = await savedDraft('UPDATED2026');
    drafts.steady = await savedDraft('STEADY2026');
    // Version 2 is activated between the save and the reopening.
    const admin = await userToken(baseUrl, 'admin1');
    const version = await uploadAndActivate(baseUrl, admin, await revisedCatalog(), {
      approver: await userToken(baseUrl, 'admin2'),
    });
    expect(version).toBe('2');
  });
  afterAll(async () => server?.stop());

  async function open(requestId: string): Promise<{ page: Page; screen: QuestionnaireScreen }> {
    const page = await signedInPage(suite, baseUrl, 'interviewer1', {
      prepare: (context) =>
        context.addInitScript(() => {
          window.print = () => {
            document.documentElement.dataset.printed = 'yes';
          };
        }),
    });
    await openRequest(page, baseUrl, requestId);
    return { page, screen: new QuestionnaireScreen(page, suite.labels) };
  }

  it('T-01 the notice that a draft was answered on an older version comes with the draft: the page does not move as it arrives', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const signedIn = await signedInPage(suite, baseUrl, 'interviewer1', { viewport });
      const page = await signedIn.context().newPage();
      const shifts = await layoutShiftsOf(
        page,
        `${baseUrl}/questionnaire/${drafts.steady}`,
        page.getByText(
          'This disclosure was answered on catalogue version 1; version 2 is now current.',
          { exact: false },
        ),
      );
      expect(await page.getByRole('textbox', { name: 'Application number' }).inputValue()).toBe(
        'STEADY2026',
      );
      expectStable(shifts);
      await signedIn.context().close();
    }
  });

  it('T-01 reopened after a new version was activated, a draft shows, exports, prints and submits what its own version says', async () => {
    const { page, screen } = await open(drafts.kept);
    await page
      .getByText(
        'This disclosure was answered on catalogue version 1; version 2 is now current. It shows and decides what version 1 says.',
      )
      .waitFor();
    await screen.question('gallstones-symptoms').getByText(SYMPTOMS_WORDING.shipped.en).waitFor();
    expect(await page.getByText(SYMPTOMS_WORDING.revised.en).count()).toBe(0);
    await expect.poll(() => screen.decisionOf('Gallstones'), SETTLED).toEqual(['25', '0', 'EX5']);

    // Export: the questions and decisions of version 1.
    const exportCall = page.waitForRequest(isCall('POST', `${BASE}/disclosure/export`));
    const download = page.waitForEvent('download');
    await screen.button('export').click();
    const sent = (await exportCall).postDataJSON() as { disclosureJson: string };
    expect(JSON.parse(sent.disclosureJson)).toMatchObject({ catalogVersion: '1' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await (await download).path());
    const sheet = rowsOf(workbook.getWorksheet('1. Gallstones')!);
    expect(sheet.map((row) => row[2])).toContain(SYMPTOMS_WORDING.shipped.en);
    expect(sheet.map((row) => row[2])).not.toContain(SYMPTOMS_WORDING.revised.en);
    expect(sheet).toContainEqual(['', '', 'Decision: Life', '25']);
    expect(sheet).toContainEqual(['', '', 'Decision: Critical Illness', 'Standard (0)']);
    const ex5 = rowsOf(workbook.getWorksheet('Summary')!).find((row) => row[0] === 'EX5');
    expect(ex5?.[1]).toBe(EX5_WORDING.shipped);

    // Print: the wording of version 1 on paper.
    await page
      .getByRole('complementary', { name: 'Print' })
      .getByRole('button', { name: 'Print' })
      .click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.printed), SETTLED)
      .toBe('yes');
    await page.emulateMedia({ media: 'print' });
    const onPaper = (text: string) => page.getByText(text).filter({ visible: true }).count();
    await expect.poll(() => onPaper(SYMPTOMS_WORDING.shipped.en), SETTLED).toBeGreaterThan(0);
    expect(await onPaper(SYMPTOMS_WORDING.revised.en)).toBe(0);
    expect(await onPaper(ADDED_QUESTION.en)).toBe(0);
    // The ultrasound question, gone from version 2, is still asked and answered on paper.
    expect(await onPaper('What did the latest ultrasound show?')).toBeGreaterThan(0);
    expect(
      await page.getByRole('region', { name: 'Exclusions' }).getByRole('row').allTextContents(),
    ).toEqual([`EX5${EX5_WORDING.shipped}`]);
    await page.emulateMedia({ media: 'screen' });

    // Submit: sent and stored on version 1, with version 1's decisions.
    const submitCall = page.waitForRequest(isCall('POST', `${BASE}/disclosure/submit`));
    const submitted = page.waitForResponse(
      (response) => new URL(response.url()).pathname === `${BASE}/disclosure/submit`,
    );
    await screen.button('submit').click();
    const body = (await submitCall).postDataJSON() as { disclosureJson: string };
    expect(JSON.parse(body.disclosureJson)).toMatchObject({ catalogVersion: '1' });
    expect((await submitted).status()).toBe(200);
    const stored = await fetchDisclosure(baseUrl, token, drafts.kept);
    expect(stored).toMatchObject({ status: 3, catalogVersion: '1' });
    expect(decisionOf(stored.disclosureJson, 'gallstones')).toMatchObject(
      PLANNED_SURGERY_DECISION.shipped,
    );
    await page.context().close();
  });

  it('T-03 update to the current catalogue shows what changes, then moves the draft to the active version, and the audit trail records it', async () => {
    const { page, screen } = await open(drafts.updated);
    await screen.question('gallstones-symptoms').getByText(SYMPTOMS_WORDING.shipped.en).waitFor();
    await page.getByRole('button', { name: 'Update to the current catalogue' }).click();

    const dialog = page.getByRole('dialog', { name: 'Update to catalogue version 2?' });
    const gallstones = dialog.getByRole('region', { name: 'Gallstones' });
    await gallstones.waitFor();
    expect(await gallstones.getByText(`New questions: ${ADDED_QUESTION.en}`).isVisible()).toBe(
      true,
    );
    expect(
      await gallstones
        .getByText(/^Questions no longer asked: What did the latest ultrasound show\?/)
        .isVisible(),
    ).toBe(true);
    expect(await gallstones.getByText('Answers kept: 4. Answers dropped: 1.').isVisible()).toBe(
      true,
    );
    expect(
      await gallstones
        .getByText(
          'Decision: Life 25, Critical Illness 0, Medical EX5 → Life 50, Critical Illness 25, Medical EX5',
        )
        .isVisible(),
    ).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing has moved yet.
    expect((await fetchDisclosure(baseUrl, token, drafts.updated)).catalogVersion).toBe('1');

    const updateCall = page.waitForRequest(
      (request) =>
        request.method() === 'POST' &&
        new URL(request.url()).pathname.endsWith('/update-catalogue'),
    );
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    await updateCall;
    await dialog.waitFor({ state: 'detached' });
    await screen.question('gallstones-symptoms').getByText(SYMPTOMS_WORDING.revised.en).waitFor();
    await expect.poll(() => screen.decisionOf('Gallstones'), SETTLED).toEqual(['50', '25', 'EX5']);
    expect(await page.getByText(/was answered on catalogue version/).count()).toBe(0);

    const stored = await fetchDisclosure(baseUrl, token, drafts.updated);
    expect(stored).toMatchObject({ status: 2, catalogVersion: '2' });
    const trail = await api<AuditEntry[]>(baseUrl, `${BASE}/disclosure/${stored.id}/audit`, {
      token,
    });
    expect(trail.body.body?.at(-1)).toMatchObject({
      actor: 'interviewer1',
      operation: 'update_catalogue',
      catalogVersion: '2',
    });

    // From now on the screen saves on version 2.
    const submitCall = page.waitForRequest(isCall('POST', `${BASE}/disclosure/submit`));
    await screen.button('submit').click();
    const body = (await submitCall).postDataJSON() as { disclosureJson: string };
    expect(JSON.parse(body.disclosureJson)).toMatchObject({ catalogVersion: '2' });
    await expect
      .poll(async () => (await fetchDisclosure(baseUrl, token, drafts.updated)).status, SETTLED)
      .toBe(3);
    await page.context().close();
  });
});
