import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, endpoints } from '@vmer/domain/api';
import { textsIn } from '@vmer/domain/languages';
import { checkSourceTexts } from '@vmer/domain/catalog/source-texts';
import { adminCatalogueTexts } from '../../apps/web/src/features/admin-catalogue/locales.ts';
import { readSourceDir, SHIPPED_CATALOG_DIR } from '../../apps/server/src/catalog/source-files.ts';
import { api, putLanguage } from '../../apps/server/test/helpers.ts';
import { DESKTOP, look } from '../src/browser.ts';
import {
  fetchDisclosure,
  journeySuite,
  PHKL_PRODUCT,
  SETTLED,
  SHOTS,
  signedInPage,
  submittedDisclosure,
  userToken,
} from '../src/questionnaire.ts';
import { catalogueImpactTexts } from '../../apps/web/src/features/admin-catalogue/impact/locales.ts';
import { startServer, type RunningServer } from '../src/server.ts';

const suite = journeySuite();
/** Steps that run the whole catalogue's check on the server (save, submit, approve) take longer on a busy machine. */
const CHECKED = { timeout: 30_000 };
type Language = 'en' | 'cn_traditional';
const studioTexts = (language: Language) =>
  textsIn(adminCatalogueTexts, language).adminCatalogue.studio;
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_match, name: string) => String(values[name]));

const GALLSTONES = 'impairments/gallstones.yaml';
const PLANNED = {
  before: 'decision: { LIFE: "25", CI: "0", MED: EX5 }',
  after: 'decision: { LIFE: "50", CI: "0", MED: EX5 }',
};
const CASE_NAME = 'recent attacks with a mild pancreatitis, surgery planned';

function replaceOnce(text: string, from: string, to: string): string {
  expect(text.split(from), `"${from}" once in ${GALLSTONES}`).toHaveLength(2);
  return text.replace(from, to);
}

/**
 * Gallstones with the planned-surgery option's LIFE decision raised (its case then fails), and
 * the same with the case's expectation fixed to what the domain's own check says the engine
 * gives now.
 */
async function gallstonesTexts() {
  const files = await readSourceDir(SHIPPED_CATALOG_DIR);
  const shipped = files[GALLSTONES]!;
  const planned = shipped.indexOf('uuid: gallstones-surgery-planned');
  const edited =
    shipped.slice(0, planned) + replaceOnce(shipped.slice(planned), PLANNED.before, PLANNED.after);
  const problems = checkSourceTexts({ ...files, [GALLSTONES]: edited }).problems;
  expect(problems.map((problem) => problem.file)).toEqual([GALLSTONES]);
  const [, expected, actual] = /LIFE: expected (\S+), got (\S+)/.exec(problems[0]!.message)!;
  const expectLine = /expect: \{ LIFE: "\d+", CI: "25", MED: EX5 \}/.exec(
    edited.slice(edited.indexOf(CASE_NAME)),
  )![0];
  expect(expectLine).toContain(`"${expected}"`);
  const fixed = edited.replace(
    expectLine,
    expectLine.replace(`LIFE: "${expected}"`, `LIFE: "${actual}"`),
  );
  expect(fixed).not.toBe(edited);
  return { edited, fixed, problem: problems[0]! };
}

/** Replaces the whole text of the code editor as typing would. */
async function typeInEditor(page: Page, label: string, text: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: label });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

/** The option's decision as the questionnaire serves it, found anywhere in the answer. */
function optionDecision(value: unknown, uuid: string): unknown {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = optionDecision(item, uuid);
      if (found !== undefined) return found;
    }
  } else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if (record.uuid === uuid && 'decision' in record) return record.decision;
    for (const item of Object.values(record)) {
      const found = optionDecision(item, uuid);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

// This file makes and activates a catalogue version: it runs its own server.
describe('catalogue studio', () => {
  let server: RunningServer;
  let baseUrl: string;

  /** Business submitted on version 1 before the draft: Gallstones with surgery planned. */
  let earlier: string;

  beforeAll(async () => {
    server = await startServer();
    baseUrl = server.baseUrl;
    await mkdir(SHOTS, { recursive: true });
    earlier = await submittedDisclosure(baseUrl, {
      userName: 'interviewer1',
      applicationNumber: 'STUDIO0001',
      product: PHKL_PRODUCT,
      conditions: ['gallstones'],
    });
  });
  afterAll(async () => server?.stop());

  async function pageOf(userName: string, language: Language): Promise<Page> {
    await putLanguage(baseUrl, await userToken(baseUrl, userName), language);
    const page = await signedInPage(suite, baseUrl, userName, { landing: '/dashboard' });
    await page.setViewportSize(DESKTOP);
    return page;
  }

  it('K-03 K-05 K-08 K-11 admin1 drafts a changed decision, sees its regression case fail inline and in the list, fixes it and submits; admin2 approves; interviewer1 gets the new decision', async () => {
    const { edited, fixed, problem } = await gallstonesTexts();
    const en = studioTexts('en');
    const cn = studioTexts('cn_traditional');

    // admin1, in Chinese first: the versions screen offers a draft from version 1.
    const admin1 = await pageOf('admin1', 'cn_traditional');
    await admin1.goto(`${baseUrl}/admin/catalogue`);
    await admin1.getByRole('heading', { name: cn.draftsTitle, level: 2 }).waitFor(SETTLED);
    await admin1.getByText(cn.noDrafts).waitFor(SETTLED);
    await look(admin1, `${SHOTS}/studio-versions-cn`, { noSideScroll: true });
    await admin1.context().close();

    const page = await pageOf('admin1', 'en');
    await page.goto(`${baseUrl}/admin/catalogue`);
    await page.getByRole('button', { name: fill(en.newDraftFrom, { version: 1 }) }).click();
    const create = page.getByRole('dialog', { name: fill(en.newDraftTitle, { version: 1 }) });
    await create.getByLabel(en.draftNote).fill('Planned gallstone surgery weighs more');
    await create.getByRole('button', { name: en.newDraft }).click();
    await page.waitForURL(/\/admin\/catalogue\/drafts\/\d+$/, SETTLED);
    const draftId = /drafts\/(\d+)$/.exec(page.url())![1]!;
    await page
      .getByRole('heading', { name: fill(en.draftTitle, { id: draftId }), level: 1 })
      .waitFor(SETTLED);
    await page.getByText(en.noProblems).waitFor(SETTLED);

    // The condition is found by name; its YAML edits in the code editor.
    await page.getByRole('searchbox', { name: en.findCondition }).fill('Gallstones');
    await page
      .getByRole('navigation', { name: en.filesNav })
      .getByRole('button', { name: /^Gallstones/ })
      .click();
    const label = fill(en.editorLabel, { file: GALLSTONES });
    await typeInEditor(page, label, edited);

    // The case fails: underlined at its line, listed with file:line, and in the case results.
    await page.locator('.cm-lintRange-error').first().waitFor(SETTLED);
    expect(await page.locator('.cm-lint-marker-error').count()).toBeGreaterThan(0);
    const listed = page
      .getByRole('region', { name: /^Problems/ })
      .getByRole('button', { name: problem.message });
    await listed.waitFor(SETTLED);
    // The check ran in its own worker, so the editor kept taking keys meanwhile.
    expect(page.workers().map((worker) => worker.url())).toContainEqual(
      expect.stringMatching(/check-worker-[\w-]+\.js$/),
    );
    const failing = page.locator('[data-case-status="fail"]');
    await failing.waitFor(SETTLED);
    expect(await failing.textContent()).toContain(CASE_NAME);
    expect(await failing.textContent()).toContain(`${en.expected}: LIFE 150`);
    expect(await page.getByRole('button', { name: en.submit, exact: true }).isDisabled()).toBe(
      true,
    );
    await page.getByText(fill(en.submitBlocked, { count: 1 })).waitFor(SETTLED);
    await look(page, `${SHOTS}/studio-draft-failing`, { noSideScroll: true });
    // Clicking the problem puts the cursor on its line.
    await listed.click();
    await expect
      .poll(() => page.locator('.cm-activeLine').textContent(), SETTLED)
      .toContain(`- name: ${CASE_NAME}`);

    // Fixed, saved and submitted.
    await typeInEditor(page, label, fixed);
    await page.getByText(en.noProblems).waitFor(SETTLED);
    expect(await page.locator('[data-case-status="fail"]').count()).toBe(0);
    await page.getByRole('button', { name: en.save, exact: true }).click();
    await page.getByText(en.allSaved).waitFor(CHECKED);

    // K-09: the saved draft replayed over the business submitted before it.
    const impact = textsIn(catalogueImpactTexts, 'en').catalogueImpact;
    await page.getByRole('button', { name: impact.run }).click();
    const examples = page.getByRole('table', { name: impact.examplesCaption });
    await examples.waitFor(CHECKED);
    expect(await examples.getByRole('row', { name: /STUDIO0001/ }).textContent()).toBe(
      'STUDIO0001GallstonesLIFE25 debit points50 debit points',
    );
    expect(
      await page
        .getByRole('table', { name: impact.cellsCaption })
        .getByRole('row', { name: /Gallstones/ })
        .textContent(),
    ).toBe('GallstonesLIFE11');
    await look(page, `${SHOTS}/studio-draft-impact`, { noSideScroll: true });
    await page.getByRole('button', { name: en.submit, exact: true }).click();
    const submit = page.getByRole('dialog', { name: fill(en.submitTitle, { id: draftId }) });
    await submit.getByLabel(en.submitNote).fill('LIFE 50 for planned surgery');
    await submit.getByRole('button', { name: en.submit, exact: true }).click();
    await page.getByText(fill(en.readOnly, { status: en.status.submitted })).waitFor(CHECKED);

    // The author is not offered the approval.
    await page.goto(`${baseUrl}/admin/catalogue`);
    const row = page.locator(`[data-draft="${draftId}"]`);
    await row.waitFor(SETTLED);
    expect(await row.textContent()).toContain(en.status.submitted);
    expect(
      await page.getByRole('button', { name: fill(en.approveDraft, { id: draftId }) }).count(),
    ).toBe(0);
    await page.context().close();

    // admin2 approves, at once.
    const admin2 = await pageOf('admin2', 'en');
    await admin2.goto(`${baseUrl}/admin/catalogue`);
    await admin2.getByRole('button', { name: fill(en.approveDraft, { id: draftId }) }).click();
    const approve = admin2.getByRole('dialog', { name: fill(en.approveTitle, { id: draftId }) });
    await approve.getByRole('radio', { name: en.activateNow }).check();
    await approve.getByRole('button', { name: en.approve }).click();
    const approvedRow = admin2.locator(`[data-draft="${draftId}"]`);
    await expect.poll(() => approvedRow.textContent(), CHECKED).toMatch(/Released|Approved/);
    await look(admin2, `${SHOTS}/studio-versions-approved`, { noSideScroll: true });
    await admin2.context().close();

    // The released draft reads in Chinese, no longer editable.
    const reader = await pageOf('admin1', 'cn_traditional');
    try {
      await reader.goto(`${baseUrl}/admin/catalogue/drafts/${draftId}`);
      await reader
        .getByRole('heading', { name: fill(cn.draftTitle, { id: draftId }), level: 1 })
        .waitFor(SETTLED);
      await reader.getByText(fill(cn.readOnly, { status: cn.status.released })).waitFor(SETTLED);
      await reader.getByText(cn.noProblems).waitFor(SETTLED);
      expect(await reader.getByRole('button', { name: cn.save, exact: true }).count()).toBe(0);
      await look(reader, `${SHOTS}/studio-draft-released-cn`, { noSideScroll: true });
    } finally {
      await reader.context().close();
      await putLanguage(baseUrl, await userToken(baseUrl, 'admin1'), 'en');
    }

    // interviewer1's new disclosure reads the new decision.
    const token = await userToken(baseUrl, 'interviewer1');
    const questions = await api(baseUrl, apiPath(endpoints.questions, { uuid: 'gallstones' }), {
      token,
    });
    expect(questions.status).toBe(200);
    expect(optionDecision(questions.body, 'gallstones-surgery-planned')).toMatchObject({
      LIFE: '50',
    });
    // K-12: what was submitted before keeps its version and its decision.
    const kept = await fetchDisclosure(baseUrl, token, earlier);
    const document = JSON.parse(kept.disclosureJson) as {
      catalogVersion: string;
      impairments: { uuid: string; decision: Record<string, string> }[];
    };
    expect(document.catalogVersion).toBe('1');
    expect(document.impairments.find((c) => c.uuid === 'gallstones')?.decision).toMatchObject({
      LIFE: '25',
    });
  });
});
