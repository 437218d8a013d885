import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { textIn, textsIn } from '@vmer/domain/languages';
import type { Language } from '@vmer/domain/model';
import { OVERRIDE_REASON_LABELS } from '@vmer/domain/workbench';
import { caseViewTexts } from '../../apps/web/src/features/case-view/locales.ts';
import { questionnaireTexts } from '../../apps/web/src/features/questionnaire/locales.ts';
import { worklistTexts } from '../../apps/web/src/features/worklist/locales.ts';
import { cnTraditional as shellTextsCn } from '../../apps/web/src/locales/cn-traditional.ts';
import { en as shellTexts } from '../../apps/web/src/locales/en.ts';
import { DESKTOP, look } from '../src/browser.ts';
import {
  fetchDisclosure,
  journeySuite,
  PHKL_PRODUCT,
  QuestionnaireScreen,
  screenState,
  SETTLED,
  SHOTS,
  storedDisclosure,
} from '../src/questionnaire.ts';

const suite = journeySuite();

/** The desktop width; the phone width is the app's usual 390 px. */

type JourneyLanguage = 'en' | 'cn_traditional';
const SHELL = { en: shellTexts, cn_traditional: shellTextsCn } as const;

/** Every text the journey reads, in the language it runs in. */
const textsOf = (language: JourneyLanguage) => ({
  screen: textsIn(questionnaireTexts, language),
  caseView: textsIn(caseViewTexts, language).caseView,
  worklist: textsIn(worklistTexts, language).worklist,
  nav: SHELL[language].nav,
  reason: textIn(OVERRIDE_REASON_LABELS.medical_evidence, language as Language),
});

/** A text with its {placeholders} filled, as i18next fills them. */
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_match, key: string) => String(values[key]));

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A Gallstones disclosure interviewer1 creates and submits in one call, as the screen at /home
 * does (so they are its creator, whom "Returned to me" follows): its requestId.
 */
async function createdDisclosure(applicationNumber: string): Promise<string> {
  const submitted = await storedDisclosure(suite.baseUrl, await suite.token('interviewer1'), {
    operation: 'submit',
    applicationNumber,
    conditions: [{ uuid: 'gallstones' }],
    product: PHKL_PRODUCT,
  });
  return submitted.requestId;
}

/** A page signed in as a demo user at 1366 px, in the language given. */
async function signedIn(userName: string, language: JourneyLanguage): Promise<Page> {
  await suite.setLanguage(userName, language);
  const page = await suite.signedIn(userName);
  await page.setViewportSize(DESKTOP);
  return page;
}

/** The header's Worklist link, whatever its badge says. */
const worklistLink = (page: Page, texts: ReturnType<typeof textsOf>) =>
  page
    .getByRole('navigation', { name: texts.nav.label })
    .getByRole('link', { name: new RegExp(`^${escape(texts.nav.worklist)}`) });

/** Opens the worklist from the header and narrows it to one application number's prefix. */
async function findInWorklist(
  page: Page,
  texts: ReturnType<typeof textsOf>,
  applicationNumber: string,
): Promise<void> {
  await worklistLink(page, texts).click();
  await page.waitForURL(/\/worklist/);
  const prefix = page.getByRole('textbox', { name: texts.worklist.filters.applicationNumber });
  await prefix.fill(applicationNumber);
  await prefix.press('Enter');
  await page
    .getByRole('grid', { name: texts.worklist.grid, exact: true })
    .getByRole('link', { name: applicationNumber, exact: true })
    .click();
  await page.waitForURL(/\/questionnaire\//);
  await expect
    .poll(async () => (await screenState(page)).applicationNumber, SETTLED)
    .toBe(applicationNumber);
}

describe('the workbench journey', () => {
  for (const language of ['en', 'cn_traditional'] as const) {
    it(
      `W-01 W-03 W-12 W-13 W-14 W-16 W-18 W-20 W-21 W-22 (${language}): interviewer1 submits two disclosures; uw1 finds one in the worklist, claims it, reads its case and timeline and returns it; interviewer1 corrects it from "Returned to me"; uw1 sees the change, overrides a decision and validates`,
      {
        timeout: 900_000,
      },
      async () => {
        // Other journeys read uw1 and interviewer1 in English: they are left so.
        onTestFinished(async () => {
          await Promise.all(['uw1', 'interviewer1'].map((user) => suite.setLanguage(user, 'en')));
        });
        const texts = textsOf(language);
        const { mer } = texts.screen;
        const prefix = `JR${language === 'en' ? 'E' : 'C'}${Date.now().toString(36).toUpperCase()}`;
        const [returned] = [`${prefix}A`, `${prefix}B`];
        const requestIds = await Promise.all(
          [`${prefix}A`, `${prefix}B`].map((applicationNumber) =>
            createdDisclosure(applicationNumber),
          ),
        );
        const requestId = requestIds[0]!;
        const gallstones = textIn(suite.labels.get('gallstones')!, language);
        const jaundice = textIn(suite.labels.get('gallstones-complications-jaundice')!, language);

        // uw1 finds it from the header's worklist by its application number, and claims it.
        const reviewer = await signedIn('uw1', language);
        await findInWorklist(reviewer, texts, returned!);
        const bar = reviewer.getByRole('region', { name: mer.review.title });
        await bar.getByRole('button', { name: mer.review.start }).click();
        await bar.getByRole('button', { name: mer.review.release }).waitFor(SETTLED);
        await look(reviewer, `${SHOTS}/workbench-review-bar-${language}`, { quiet: true });

        // The case as text, then its timeline.
        const tab = (name: string) => reviewer.getByRole('tab', { name, exact: true });
        expect(await tab(texts.caseView.case).getAttribute('aria-selected')).toBe('true');
        await reviewer.getByRole('tabpanel').getByText(gallstones).first().waitFor(SETTLED);
        await tab(texts.caseView.timeline).click();
        await reviewer
          .getByRole('tabpanel')
          .getByText(texts.caseView.operation.claim)
          .waitFor(SETTLED);
        expect(
          await reviewer.getByRole('tabpanel').getByText(texts.caseView.operation.submit).count(),
        ).toBeGreaterThanOrEqual(1);

        // Rejected with a reason, counted as it is typed.
        const reason =
          language === 'en' ? 'Please say which complication.' : '請註明是哪一種併發症。';
        const reviewerScreen = new QuestionnaireScreen(reviewer, suite.labels, language);
        await reviewerScreen.showForm();
        await reviewerScreen.button('reject').click();
        const rejectDialog = reviewer.getByRole('dialog', { name: mer.disclosure.rejectTitle });
        await rejectDialog
          .getByRole('textbox', { name: new RegExp(`^${escape(mer.disclosure.rejectReason)}`) })
          .fill(reason);
        await rejectDialog
          .getByText(fill(mer.disclosure.rejectReasonHelp, { length: reason.length, max: 500 }))
          .waitFor();
        await look(reviewer, `${SHOTS}/workbench-reject-dialog-${language}`, {
          quiet: true,
          dialog: true,
        });
        await rejectDialog
          .getByRole('button', { name: mer.disclosure.reject, exact: true })
          .click();
        await reviewer
          .getByText(fill(mer.review.rejected, { applicationNumber: returned! }))
          .waitFor(SETTLED);
        await reviewer.waitForURL(/\/home$/);

        // interviewer1 sees the badge, opens it from "Returned to me" and reads the reason on top.
        const interviewer = await signedIn('interviewer1', language);
        const badge = new RegExp(
          `^${escape(texts.nav.worklist)}.*${escape(fill(texts.nav.returned, { count: '§' })).replace('§', '\\d+')}`,
        );
        await interviewer
          .getByRole('navigation', { name: texts.nav.label })
          .getByRole('link', { name: badge })
          .waitFor(SETTLED);
        await worklistLink(interviewer, texts).click();
        await interviewer.waitForURL(/\/worklist/);
        await interviewer
          .getByRole('tab', { name: new RegExp(`^${escape(texts.worklist.views.returnedToMe)}`) })
          .click();
        await interviewer
          .getByRole('grid', { name: texts.worklist.grid, exact: true })
          .getByRole('link', { name: returned!, exact: true })
          .click();
        await expect
          .poll(async () => (await screenState(interviewer)).session, SETTLED)
          .toMatchObject({ action: 'edit', status: 5 });
        const banner = interviewer.getByRole('status').filter({ hasText: reason });
        await banner.waitFor(SETTLED);
        // Who returned it comes from the audit trail, which answers after the disclosure.
        await expect.poll(() => banner.textContent(), SETTLED).toContain('uw1');
        await look(interviewer, `${SHOTS}/workbench-returned-banner-${language}`, { quiet: true });

        // Corrected: one more complication ticked, and submitted again.
        const interviewerScreen = new QuestionnaireScreen(interviewer, suite.labels, language);
        await interviewerScreen.checkbox(
          'gallstones-complications',
          'gallstones-complications-jaundice',
        );
        await interviewerScreen.button('submit').click();
        const result = interviewer.getByRole('dialog', { name: texts.screen.video_popup_title });
        await result.getByText(requestId).waitFor(SETTLED);
        await result.getByRole('button', { name: mer.common.ok, exact: true }).click();
        await interviewer.waitForURL(/\/home$/);
        await interviewer.context().close();

        // uw1 opens it again: Compare shows the answer changed since the rejection.
        await suite.open(reviewer, requestId);
        await tab(texts.caseView.compare).click();
        await reviewer.getByRole('tabpanel').getByText(jaundice).first().waitFor(SETTLED);
        await suite.screenshot(reviewer, `workbench-compare-${language}-1366`, { fullPage: true });

        // Claimed again, one decision overridden with a reason, shown beside the engine's.
        await bar.getByRole('button', { name: mer.review.start }).click();
        await bar.getByRole('button', { name: mer.review.release }).waitFor(SETTLED);
        await tab(texts.caseView.case).click();
        const life = language === 'en' ? 'Life' : '人壽';
        await reviewer
          .getByRole('tabpanel')
          .getByRole('button', {
            name: fill(mer.override.buttonLabel, { condition: gallstones, benefit: life }),
          })
          .click();
        const overrideDialog = reviewer.getByRole('dialog', { name: mer.override.title });
        await overrideDialog
          .getByRole('combobox', { name: new RegExp(`^${escape(mer.override.reason)}`) })
          .click();
        await reviewer.getByRole('option', { name: texts.reason, exact: true }).click();
        await overrideDialog
          .getByRole('textbox', { name: mer.override.note })
          .fill('Specialist letter');
        await look(reviewer, `${SHOTS}/workbench-override-dialog-${language}`, {
          quiet: true,
          dialog: true,
        });
        await overrideDialog.getByRole('button', { name: mer.override.save }).click();
        await overrideDialog.waitFor({ state: 'detached' });
        const overridden = reviewer.getByRole('tabpanel').getByText(mer.override.overridden);
        await overridden.first().waitFor(SETTLED);
        await reviewer
          .getByRole('tabpanel')
          .getByText(texts.reason, { exact: false })
          .first()
          .waitFor();

        // Validated after confirming; the success message says so.
        await reviewerScreen.showForm();
        await reviewerScreen.button('validate').click();
        const validateDialog = reviewer.getByRole('dialog', { name: mer.review.validateTitle });
        await look(reviewer, `${SHOTS}/workbench-validate-dialog-${language}`, {
          quiet: true,
          dialog: true,
        });
        await validateDialog
          .getByRole('button', { name: mer.disclosure.validate, exact: true })
          .click();
        await reviewer
          .getByText(fill(mer.review.validated, { applicationNumber: returned! }))
          .waitFor(SETTLED);
        await reviewer.waitForURL(/\/home$/);
        expect(
          await fetchDisclosure(suite.baseUrl, await suite.token('uw1'), requestId),
        ).toMatchObject({ status: 4 });
        await reviewer.context().close();
      },
    );
  }
  it('W-22 (en): a disclosure saved at /home shows its reference with a copy button, takes its own address, and a reload opens it', async () => {
    const texts = textsOf('en');
    const page = await signedIn('interviewer1', 'en');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const screen = new QuestionnaireScreen(page, suite.labels);
    const applicationNumber = `JRH${Date.now().toString(36).toUpperCase()}`;
    await screen.fillBasicInformation({
      applicationNumber,
      birthDate: '15031985',
      gender: 'Male',
      rsmScore: 'A',
      smokingStatus: 'Never smoked',
    });
    await screen.chooseCondition('Gallst', 'gallstones');
    await screen.date('gallstones-found', '15062019');
    await screen.radio('gallstones-symptoms', 'gallstones-symptoms-no');
    await screen.checkbox('gallstones-complications', 'gallstones-complications-none');
    await screen.button('nextPage').click();
    await screen.radio('gallstones-surgery', 'gallstones-surgery-not-advised');
    await screen.button('save').click();

    const result = page.getByRole('dialog', { name: texts.screen.video_popup_title });
    await result.getByText(texts.screen.mer.reference.label).waitFor(SETTLED);
    await page.waitForURL(/\/questionnaire\/[0-9a-f-]{36}$/);
    const requestId = new URL(page.url()).pathname.split('/').pop()!;
    await result.getByText(requestId).waitFor();
    await result.getByRole('button', { name: texts.screen.mer.reference.copy }).click();
    await page.getByText(texts.screen.mer.reference.copied).waitFor(SETTLED);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(requestId);
    await look(page, `${SHOTS}/workbench-reference-dialog-en`, { quiet: true, dialog: true });

    // The address is the disclosure's own: a reload opens it, as a shared link would.
    await page.reload();
    await expect
      .poll(async () => (await screenState(page)).session, SETTLED)
      .toMatchObject({ requestId, action: 'edit', status: 2 });
    expect((await screenState(page)).applicationNumber).toBe(applicationNumber);
    await page.getByText(requestId).first().waitFor();
    await page.context().close();
  });
});
