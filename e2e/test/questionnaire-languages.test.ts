import { describe, expect, it } from 'vitest';
import { newContext, seriousViolations, signIn, type ViewportName } from '../src/browser.ts';
import { journeySuite, QuestionnaireScreen, SHOTS, SETTLED } from '../src/questionnaire.ts';

const suite = journeySuite();
const { baseUrl } = suite;

/** What each language shows of the journey (requirements §1: en and cn_traditional). */
const SHOWN = {
  en: {
    smoking: 'Never smoked',
    question: 'When were the gallstones found?',
    guidance: 'Skip if the gallbladder has been removed',
    saved: 'The questionnaire has been saved. It is not completed yet.',
  },
  cn_traditional: {
    smoking: '從不吸煙',
    question: '何時發現膽石？',
    guidance: '如膽囊已切除，可略過此題',
    saved: '問卷已儲存，尚未完成。',
  },
} as const satisfies Record<'en' | 'cn_traditional', Record<string, string>>;

for (const viewport of ['desktop', 'phone'] as const satisfies readonly ViewportName[]) {
  for (const language of ['en', 'cn_traditional'] as const) {
    describe(`questionnaire at ${viewport} width in ${language}`, () => {
      it(`${language === 'en' ? '' : 'L-20 '}M-28 M-29 G-07 (${viewport}, ${language}): a disclosure filled, decided and saved; no serious or critical accessibility violation`, async () => {
        const context = await newContext(suite.browser, viewport);
        const page = await context.newPage();
        await signIn(page, baseUrl, 'interviewer1');
        const screen = new QuestionnaireScreen(page, suite.labels, language);
        const shown = SHOWN[language];
        try {
          if (language !== 'en') {
            await page
              .getByRole('banner')
              .getByRole('button', { name: 'Language settings' })
              .click();
            await page
              .getByRole('dialog')
              .getByRole('button', { name: 'Traditional Chinese' })
              .click();
          }
          await screen.basic.waitFor();
          await screen.fillBasicInformation({
            applicationNumber: `LANG${viewport.toUpperCase()}${language === 'en' ? 'EN' : 'CN'}`,
            birthDate: '02021988',
            gender: 'Female',
            rsmScore: 'C',
            smokingStatus: shown.smoking,
          });
          await screen.chooseCondition(language === 'en' ? 'Gall' : '膽石', 'gallstones');
          await screen.question('gallstones-found').getByText(shown.question).waitFor();
          await screen.date('gallstones-found', '01052023');
          await screen.radio('gallstones-symptoms', 'gallstones-symptoms-no');
          await screen.checkbox('gallstones-complications', 'gallstones-complications-none');
          await screen.button('nextPage').click();
          await screen.question('gallstones-scan').getByText(shown.guidance).waitFor();
          await screen.select('gallstones-scan', 'gallstones-scan-single');
          await screen.radio('gallstones-surgery', 'gallstones-surgery-not-advised');
          await expect
            .poll(() => screen.decisionOf(screen.label('gallstones')), SETTLED)
            .toEqual(['0', '0', 'EX5']);
          expect(await screen.button('save').isEnabled()).toBe(true);
          expect(await screen.button('submit').isEnabled()).toBe(true);
          // Let the language's notification go, so that the screen is seen at rest.
          await page.locator('#notistack-snackbar').waitFor({ state: 'detached', timeout: 15_000 });
          await page.screenshot({
            path: `${SHOTS}/questionnaire-filled-${viewport}-${language}.png`,
            fullPage: true,
          });
          expect(await seriousViolations(page)).toEqual([]);

          await screen.button('save').click();
          const dialog = page.getByRole('dialog', { name: 'Video MER' });
          await dialog.getByText(shown.saved).waitFor();
          expect(
            await dialog.getByRole('button', { name: screen.texts.common.ok }).isVisible(),
          ).toBe(true);
        } finally {
          // The language is saved with the user: leave interviewer1 in English for other journeys.
          if (language !== 'en') await suite.setLanguage('interviewer1', 'en');
          await context.close();
        }
      });
    });
  }
}
