import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { textsIn } from '@vmer/domain/languages';
import type { Language } from '@vmer/domain/model';
import { buildPages } from '@vmer/domain/paging';
import {
  answersFor,
  impairmentOf,
  sampleCatalog,
} from '../../apps/server/test/disclosures/fixtures.ts';
import { questionnaireTexts } from '../../apps/web/src/features/questionnaire/locales.ts';
import { seriousViolations } from '../src/browser.ts';
import {
  fetchDisclosure,
  journeySuite,
  PHKL_PRODUCT,
  QuestionnaireScreen,
  requestDisclosure,
  SETTLED,
  storedDisclosure,
  submittedDisclosure,
} from '../src/questionnaire.ts';

const suite = journeySuite();
const { baseUrl } = suite;

const oneScroll = (language: Language) =>
  textsIn(questionnaireTexts, language).mer.disclosure.oneScroll;

/** The one-scroll switch of the disclosure card. */
const toggle = (screen: QuestionnaireScreen) =>
  screen.disclosure.getByRole('switch', { name: oneScroll(screen.language).toggle });
/** The sticky condition index. */
const index = (screen: QuestionnaireScreen) =>
  screen.disclosure.getByRole('navigation', { name: oneScroll(screen.language).index });
/** The virtual list of every question. */
const list = (screen: QuestionnaireScreen) =>
  screen.disclosure.getByRole('region', { name: oneScroll(screen.language).list });

async function indexEntries(screen: QuestionnaireScreen): Promise<string[]> {
  return index(screen).getByRole('button').allTextContents();
}

/** The index entry marked as the condition at the top of the list. */
const currentEntry = (screen: QuestionnaireScreen): Locator =>
  index(screen).locator('[aria-current="location"]');

/** Switches the interface language from the banner's language dialog. */
async function switchLanguage(page: Page, from: string, to: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: from }).click();
  await page.getByRole('dialog').getByRole('button', { name: to }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

describe('one-scroll mode', () => {
  it('I-23 an interviewer turns one-scroll on, jumps by the index, answers, and print checks every condition; both languages, axe-clean at 1366 px', async () => {
    // A draft of three conditions: Anaemia not answered yet, Gallstones but for its last question.
    const requestId = await requestDisclosure(baseUrl, {
      applicationNumber: 'SCROLL3',
      ...PHKL_PRODUCT,
      redirection: '/home',
    });
    const token = await suite.token('interviewer1');
    const gallstones = impairmentOf(await sampleCatalog(), 'gallstones');
    await storedDisclosure(baseUrl, token, {
      operation: 'save',
      applicationNumber: 'SCROLL3',
      conditions: [
        { uuid: 'anaemia', answers: {} },
        { uuid: 'asthma' },
        { uuid: 'gallstones', answers: answersFor(gallstones, 'first', 1) },
      ],
      view: await fetchDisclosure(baseUrl, token, requestId),
    });
    const page = await suite.signedIn('interviewer1');
    await page.setViewportSize({ width: 1366, height: 800 });
    const screen = new QuestionnaireScreen(page, suite.labels);
    try {
      await suite.open(page, requestId);
      // Paging is the default.
      expect(await toggle(screen).isChecked()).toBe(false);
      await screen.button('nextPage').waitFor();

      await toggle(screen).check();
      await index(screen).waitFor();
      expect(await indexEntries(screen)).toEqual(['Anaemia', 'Asthma', 'Gallstones']);
      expect(await currentEntry(screen).textContent()).toBe('Anaemia');
      expect(await screen.button('nextPage').count()).toBe(0);
      await list(screen).getByRole('heading', { name: 'Anaemia', level: 3 }).waitFor();

      // The index jumps to the last condition and focuses its heading.
      await index(screen).getByRole('button', { name: 'Gallstones' }).click();
      const heading = list(screen).getByRole('heading', { name: 'Gallstones', level: 3 });
      await expect
        .poll(() => heading.evaluate((h) => h === document.activeElement), SETTLED)
        .toBe(true);
      await expect.poll(() => currentEntry(screen).textContent(), SETTLED).toBe('Gallstones');
      const undecided = await screen.decisionOf(screen.label('gallstones'));
      await screen.radio('gallstones-surgery', 'gallstones-surgery-not-advised');
      await expect
        .poll(() => screen.decisionOf(screen.label('gallstones')), SETTLED)
        .not.toEqual(undecided);
      const decided = await screen.decisionOf(screen.label('gallstones'));
      expect(decided).toHaveLength(3);
      expect(decided.every((cell) => cell.trim() !== '')).toBe(true);

      // Back to the first condition: a reflexive child appears as on the pages.
      await index(screen).getByRole('button', { name: 'Anaemia' }).click();
      expect(await screen.question('anaemia-iron-cause').count()).toBe(0);
      await screen.select('anaemia-type', 'anaemia-type-iron');
      await screen.question('anaemia-iron-cause').waitFor();

      // Print checks the whole disclosure: the highlights show and the first gap has the focus.
      await page
        .getByRole('complementary', { name: 'Print' })
        .getByRole('button', { name: 'Print' })
        .click();
      const dialog = page.getByRole('dialog', { name: screen.texts.disclosure.incompleteTitle });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: screen.texts.common.ok }).click();
      await dialog.waitFor({ state: 'detached' });
      const first = screen.question('anaemia-diagnosed');
      expect(await first.getAttribute('data-status')).toBe('empty');
      await expect
        .poll(() => first.evaluate((q) => q.contains(document.activeElement)), SETTLED)
        .toBe(true);
      // An answered question shows no highlight.
      expect(await screen.question('anaemia-type').getAttribute('data-status')).toBeNull();

      await suite.screenshot(page, 'one-scroll-desktop-en', { fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // In Chinese: the same switch, still on, and the index in Chinese.
      await switchLanguage(page, 'Language settings', 'Traditional Chinese');
      const chinese = new QuestionnaireScreen(page, suite.labels, 'cn_traditional');
      await index(chinese).waitFor();
      expect(await toggle(chinese).isChecked()).toBe(true);
      expect(await indexEntries(chinese)).toEqual(['貧血', '哮喘', '膽石']);
      await page.locator('#notistack-snackbar').waitFor({ state: 'detached', timeout: 15_000 });
      await suite.screenshot(page, 'one-scroll-desktop-cn', { fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      // And back to English from the Chinese dialog.
      await switchLanguage(page, '語言設定', '英文');
    } finally {
      await page.context().close();
      // The language is saved with the user, and the switch back may not have reached the
      // server before the page closed: the journeys after this one sign in to English.
      await suite.setLanguage('interviewer1', 'en');
    }
  });

  it('I-24 I-23 a disclosure of ten conditions renders virtually at 390 px: few questions in the page, the last ones brought in by scrolling; the setting remembered', async () => {
    const conditions = [
      'anaemia',
      'asthma',
      'gallstones',
      'migraine',
      'gout',
      'eczema',
      'cataract',
      'glaucoma',
      'psoriasis',
      'kidney-stones',
    ];
    const catalog = await sampleCatalog();
    const pages = buildPages(
      conditions.map((uuid) => {
        const impairment = impairmentOf(catalog, uuid);
        return { impairment, answers: answersFor(impairment) };
      }),
      'en',
    );
    const shown = pages.reduce((n, p) => n + p.questionList.length, 0);
    const firstQuestion = pages[0]!.questionList[0]!.uuid;
    const lastQuestion = pages.at(-1)!.questionList.at(-1)!.uuid;
    const requestId = await submittedDisclosure(baseUrl, {
      userName: 'interviewer1',
      applicationNumber: 'SCROLL10',
      product: PHKL_PRODUCT,
      conditions,
      save: true,
    });
    const page = await suite.signedIn('interviewer1', { viewport: 'phone' });
    const screen = new QuestionnaireScreen(page, suite.labels);
    try {
      await suite.open(page, requestId);
      await toggle(screen).check();
      await index(screen).waitFor();
      expect(await indexEntries(screen)).toHaveLength(conditions.length);
      const questions = list(screen).locator('[data-question]');
      await screen.question(firstQuestion).waitFor();
      const mounted = await questions.count();
      expect(mounted).toBeGreaterThan(0);
      expect(mounted).toBeLessThan(shown / 2);
      expect(await screen.question(lastQuestion).count()).toBe(0);

      await list(screen).scrollIntoViewIfNeeded();
      await index(screen).evaluate((nav) => nav.scrollIntoView({ block: 'start' }));
      await suite.screenshot(page, 'one-scroll-phone-en');
      expect(await seriousViolations(page)).toEqual([]);
      // Every decision in the narrow table reads on one line: no '100' broken into '10' and '0'.
      const decisions = page.locator('[data-tone]');
      expect(await decisions.count()).toBeGreaterThan(0);
      const broken = await decisions.evaluateAll((values) =>
        values
          .filter((value) => !value.textContent?.includes(','))
          // One line of the table's text is some 20 px high; two lines are twice that.
          .filter((value) => value.getBoundingClientRect().height > 30)
          .map((value) => value.textContent),
      );
      expect(broken).toEqual([]);

      // Scrolling to the end brings the last question in and lets the first go.
      await expect
        .poll(async () => {
          await list(screen).evaluate((element) => {
            element.scrollTop = element.scrollHeight;
          });
          return screen.question(lastQuestion).count();
        }, SETTLED)
        .toBe(1);
      expect(await screen.question(firstQuestion).count()).toBe(0);
      await expect.poll(() => currentEntry(screen).textContent(), SETTLED).toBe('Kidney stones');

      // The setting stays on for this user on this device.
      await page.reload();
      await index(screen).waitFor();
      expect(await toggle(screen).isChecked()).toBe(true);
    } finally {
      await page.context().close();
    }
  });
});
