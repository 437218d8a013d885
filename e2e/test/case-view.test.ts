import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { textsIn } from '@vmer/domain/languages';
import { caseViewTexts } from '../../apps/web/src/features/case-view/locales.ts';
import {
  answersFor,
  impairmentOf,
  sampleCatalog,
} from '../../apps/server/test/disclosures/fixtures.ts';
import {
  enableStateGetter,
  seriousViolations,
  signIn,
  VIEWPORTS,
  type ViewportName,
} from '../src/browser.ts';
import {
  fetchDisclosure,
  journeySuite,
  PHKL_PRODUCT,
  requestDisclosure,
  SETTLED,
  storedDisclosure,
} from '../src/questionnaire.ts';

const suite = journeySuite();
const { baseUrl } = suite;

/** The widths the case view is looked at: the 1366 px desktop and a 390 px phone. */
const WIDTHS: Record<ViewportName, { width: number; height: number }> = {
  desktop: { width: 1366, height: 900 },
  phone: VIEWPORTS.phone,
};

/** Gallstones' complications question, answered one way and then another. */
const COMPLICATIONS = 'gallstones-complications';
const CHOLECYSTITIS = 'gallstones-complications-cholecystitis';
const JAUNDICE = 'gallstones-complications-jaundice';

/**
 * A Gallstones disclosure interviewer1 saved (revision 1), saved again with another answer to
 * the complications question (revision 2) and submitted (revision 3), over HTTP: its requestId.
 */
async function revisedDisclosure(applicationNumber: string): Promise<string> {
  const requestId = await requestDisclosure(baseUrl, {
    applicationNumber,
    ...PHKL_PRODUCT,
    redirection: '/home',
  });
  const token = await suite.token('interviewer1');
  const first = answersFor(impairmentOf(await sampleCatalog(), 'gallstones'));
  expect(first[COMPLICATIONS]).toEqual([CHOLECYSTITIS]);
  const store = async (operation: 'save' | 'submit', complication: string) => {
    await storedDisclosure(baseUrl, token, {
      operation,
      applicationNumber,
      conditions: [{ uuid: 'gallstones', answers: { ...first, [COMPLICATIONS]: [complication] } }],
      view: await fetchDisclosure(baseUrl, token, requestId),
    });
  };
  await store('save', CHOLECYSTITIS);
  await store('save', JAUNDICE);
  await store('submit', JAUNDICE);
  return requestId;
}

/** uw1 in a fresh browser at a width, in a language, with the disclosure of a request open. */
async function openAsReviewer(requestId: string, viewport: ViewportName): Promise<Page> {
  const context = await suite.browser.newContext({
    viewport: WIDTHS[viewport],
    locale: 'en-GB',
  });
  await enableStateGetter(context);
  const page = await context.newPage();
  await signIn(page, baseUrl, 'uw1');
  await suite.open(page, requestId);
  return page;
}

/** The case view's tab panel on show. */
const shownPanel = (page: Page): Locator => page.getByRole('tabpanel');

/** Looks at the page: a screenshot, and no serious or critical axe violation. */
async function check(page: Page, name: string): Promise<void> {
  // The whole page at rest: no notification sliding in or out, no list of options fading out
  // (a revision's answers can show before the chosen option's menu has gone). The menu is looked
  // for by its markup, not its role: a closing menu is hidden from the accessibility tree while
  // it still fades on screen, where axe still reads its faded options' contrast.
  await page.locator('#notistack-snackbar').waitFor({ state: 'detached', timeout: 15_000 });
  await page.locator('[role="listbox"]').waitFor({ state: 'detached', timeout: 15_000 });
  await suite.screenshot(page, name, { fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
}

const LANGUAGES = [
  {
    language: 'en',
    gallstones: 'Gallstones',
    life: 'Life',
    question: 'Have the gallstones caused any of these?',
    cholecystitis: 'Inflamed gallbladder (cholecystitis)',
    jaundice: 'Blocked bile duct or jaundice',
    basic: 'Customer profile / Basic information',
    exclusion: /Any disease or disorder of the gallbladder/,
  },
  {
    language: 'cn_traditional',
    gallstones: '膽石',
    life: '人壽',
    question: '膽石曾否引致以下任何情況？',
    cholecystitis: '膽囊炎',
    jaundice: '膽管阻塞或黃疸',
    basic: '客戶資料 / 基本資料',
    exclusion: /不保任何膽囊及膽管疾病/,
  },
] as const;

describe('the case view of a submitted disclosure', () => {
  for (const { language, ...shown } of LANGUAGES) {
    for (const viewport of ['desktop', 'phone'] as const) {
      it(`W-11 W-12 W-13 (${viewport}, ${language}): uw1 reads the case as text, its timeline, and what changed between two revisions`, async () => {
        const texts = textsIn(caseViewTexts, language).caseView;
        const requestId = await revisedDisclosure(
          `CASE${viewport === 'desktop' ? 'D' : 'P'}${language === 'en' ? 'EN' : 'CN'}`,
        );
        if (language !== 'en') await suite.setLanguage('uw1', language);
        const page = await openAsReviewer(requestId, viewport);
        try {
          const tab = (name: string) => page.getByRole('tab', { name, exact: true });
          // Case, the default: the profile and each question with its answer in words.
          expect(await tab(texts.case).getAttribute('aria-selected')).toBe('true');
          const readable = shownPanel(page);
          await readable.getByRole('region', { name: shown.basic }).waitFor();
          const gallstones = readable.locator('[data-condition="gallstones"]');
          const complications = gallstones
            .locator(`[data-question="${COMPLICATIONS}"]`)
            .getByRole('definition');
          expect(await complications.textContent()).toBe(shown.jaundice);
          expect(
            await gallstones
              .locator(`[data-question="${COMPLICATIONS}"]`)
              .getByRole('term')
              .textContent(),
          ).toMatch(new RegExp(`^\\d+\\.${shown.question.replace(/[?？]/g, '.')}$`));
          expect(await readable.getByText(shown.exclusion).count()).toBe(1);
          await check(page, `case-view-case-${viewport}-${language}`);

          // Form: the specification's view mode, every input locked.
          await tab(texts.form).click();
          const applicationNumber = shownPanel(page).getByRole('textbox').first();
          expect(await applicationNumber.isDisabled()).toBe(true);

          // Timeline: request, two saves and the submit, each with who and the status move.
          await tab(texts.timeline).click();
          const entries = shownPanel(page).getByRole('listitem');
          await expect.poll(() => entries.count(), SETTLED).toBe(4);
          const operations = await entries.evaluateAll((items) =>
            items.map((item) => item.getAttribute('data-operation')),
          );
          expect(operations).toEqual(['request', 'save', 'save', 'submit']);
          const submitted = await entries.nth(3).textContent();
          expect(submitted).toContain(texts.operation.submit);
          expect(submitted).toContain(texts.by.replace('{actor}', 'interviewer1'));
          expect(submitted).toContain(texts.revision.replace('{n}', '3'));
          await check(page, `case-view-timeline-${viewport}-${language}`);

          // Compare: the latest against the one before, the same answers; then from revision 1.
          await tab(texts.compare).click();
          const compare = shownPanel(page);
          await compare.getByText(texts.none, { exact: true }).waitFor();
          await compare.getByRole('combobox', { name: texts.from }).click();
          await page
            .getByRole('option', { name: new RegExp(`^${texts.revision.replace('{n}', '1')}`) })
            .click();
          const answers = compare.getByRole('region', { name: texts.answers });
          await answers.waitFor();
          const changed = answers.getByRole('listitem');
          expect(await changed.count()).toBe(1);
          expect(await changed.textContent()).toContain(shown.question);
          expect(await changed.getByRole('definition').allTextContents()).toEqual([
            shown.cholecystitis,
            shown.jaundice,
          ]);
          // Life went from 25 to 50 with the jaundice; the other benefits stayed as they were.
          const decisions = compare.getByRole('region', { name: texts.decisions });
          expect(await decisions.getByRole('row').allTextContents()).toEqual([
            `${texts.condition}${texts.benefit}${texts.before}${texts.after}`,
            `${shown.gallstones}${shown.life}2550`,
          ]);
          await check(page, `case-view-compare-${viewport}-${language}`);

          // A revision picked in the timeline opens it against the one before.
          await tab(texts.timeline).click();
          await shownPanel(page)
            .getByRole('button', { name: texts.compareRevision.replace('{n}', '2') })
            .click();
          expect(await tab(texts.compare).getAttribute('aria-selected')).toBe('true');
          await shownPanel(page).getByRole('region', { name: texts.answers }).waitFor();
        } finally {
          // The language is saved with the user: leave uw1 in English for other journeys.
          if (language !== 'en') await suite.setLanguage('uw1', 'en');
          await page.context().close();
        }
      });
    }
  }
});
