import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messageText } from '@vmer/domain/messages';
import type { Language } from '@vmer/domain/model';
import { appState, enableStateGetter, newContext, signIn } from '../src/browser.ts';
import { journeySuite, QuestionnaireScreen, SETTLED, SHOTS } from '../src/questionnaire.ts';

const suite = journeySuite();
const { baseUrl } = suite;

/** What each language shows of this journey, beyond the screen's own texts. */
const SHOWN = {
  en: {
    typedAsthma: '  aSTHMA ',
    channel: 'Channel',
    unanswered: 'please answer the question',
    pageTwo: 'Asthma - Page 2 - Treatment and lung function',
  },
  cn_traditional: {
    typedAsthma: ' 哮喘　',
    channel: '銷售渠道',
    unanswered: '請回答此問題',
    pageTwo: '哮喘 - 第 2 頁 - 治療及肺功能',
  },
} as const satisfies Record<'en' | 'cn_traditional', Record<string, string>>;

/** Switches the signed-in page to Traditional Chinese through the header. */
async function toChinese(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Language settings' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Traditional Chinese' }).click();
}

/** The age a birth date DDMMYYYY gives today, at the last birthday. */
function ageToday(ddmmyyyy: string): number {
  const [day, month, year] = [+ddmmyyyy.slice(0, 2), +ddmmyyyy.slice(2, 4), +ddmmyyyy.slice(4)];
  const now = new Date();
  const before =
    now.getMonth() + 1 < month || (now.getMonth() + 1 === month && now.getDate() < day);
  return now.getFullYear() - year - (before ? 1 : 0);
}

interface ChosenState {
  questionnaire: { chosen: { impairment: { uuid: string; selfDefined: boolean } }[] };
}

for (const language of ['en', 'cn_traditional'] as const satisfies readonly Language[]) {
  const shown = SHOWN[language];
  const say = (key: Parameters<typeof messageText>[0]) => messageText(key, language);

  describe(`the questionnaire screen, tried as a new user would, in ${language}`, () => {
    it(`T-04 T-06 T-07 T-08 T-09 T-10 T-11 T-12 T-15 (${language}): a catalogue name typed chooses the condition, a product change removes what it does not offer, refusals name their reasons, a future birth date gives no age, the BMI alert goes, only checked pages are highlighted, Reset clears the search`, async () => {
      const context = await newContext(suite.browser, 'desktop');
      await enableStateGetter(context);
      const page = await context.newPage();
      const submits: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/disclosure/submit')) submits.push(request.url());
      });
      await signIn(page, baseUrl, 'interviewer1');
      const screen = new QuestionnaireScreen(page, suite.labels, language);
      const { basic, conditions } = screen.texts;
      try {
        if (language !== 'en') await toChinese(page);
        await screen.basic.waitFor();
        const search = screen.conditions.getByRole('combobox', { name: conditions.search });
        const age = screen.basic.getByRole('textbox', { name: basic.age });
        const birthDate = screen.basic.getByRole('textbox', { name: basic.birthDate });

        // T-15: Reset clears the condition search text too.
        await search.fill('ast');
        await screen.basic.getByRole('button', { name: basic.reset, exact: true }).click();
        await expect.poll(() => search.inputValue(), SETTLED).toBe('');

        // T-09: a birth date in the future says so and gives no age, never a negative one.
        await birthDate.fill('01012099');
        await screen.basic.getByText(say('birth_date_future'), { exact: true }).waitFor();
        expect(await age.inputValue()).toBe('');
        // A valid one gives the age; clearing it clears the age it gave.
        await birthDate.fill('02021988');
        await expect.poll(() => age.inputValue(), SETTLED).toBe(String(ageToday('02021988')));
        await birthDate.fill('');
        await expect.poll(() => age.inputValue(), SETTLED).toBe('');
        await birthDate.fill('02021988');
        await screen.basic
          .getByRole('textbox', { name: basic.applicationNumber })
          .pressSequentially(`TRUSTA${language === 'en' ? 'EN' : 'CN'}`);
        await screen.basic.getByRole('radio', { name: basic.female, exact: true }).check();
        await screen.basic.getByRole('combobox', { name: basic.rsmScore }).click();
        await screen.pick('C');

        // T-04: Enter on the catalogue name, any case, spaces around, chooses the condition.
        await search.fill(shown.typedAsthma);
        await search.press('Enter');
        await screen.chip(screen.label('asthma')).waitFor();
        const { chosen } = (await appState<ChosenState>(page)).questionnaire;
        expect(chosen.map((c) => [c.impairment.uuid, c.impairment.selfDefined])).toEqual([
          ['asthma', false],
        ]);

        // T-11 T-12: Next page on the unanswered first page: one message per question.
        await screen.button('nextPage').click();
        const incomplete = page.getByRole('dialog', {
          name: screen.texts.disclosure.incompleteTitle,
        });
        await incomplete.waitFor();
        await incomplete.getByRole('button', { name: screen.texts.common.ok }).click();
        await incomplete.waitFor({ state: 'detached' });
        expect(await screen.question('asthma-diagnosed').getByRole('alert').textContent()).toBe(
          shown.unanswered,
        );
        await screen.date('asthma-diagnosed', '01012010');
        await screen.date('asthma-last-attack', '01012015');
        const attacks = screen.question('asthma-attacks');
        await attacks.getByRole('textbox').first().fill('0');
        await attacks.getByRole('combobox').first().click();
        await page.getByRole('listbox').getByRole('option').first().click();
        await screen.radio('asthma-hospital', 'asthma-hospital-no');
        // No smoking status: the smoking question is answered by hand.
        await screen.radio('asthma-smoking', 'asthma-smoking-never');
        await screen.button('nextPage').click();
        await expect.poll(() => screen.pageHeading.textContent(), SETTLED).toBe(shown.pageTwo);
        // The page no check has looked at shows no highlight.
        expect(await screen.disclosure.locator('[data-status="empty"]').count()).toBe(0);
        expect(await screen.disclosure.getByRole('alert').count()).toBe(0);
        await screen.select('asthma-medication', 'asthma-medication-reliever');
        await screen.radio('asthma-lung-function', 'asthma-lung-function-normal');
        await expect.poll(() => screen.button('submit').isEnabled(), SETTLED).toBe(true);

        // T-08: Submit without the smoking status the condition needs names it; nothing is sent.
        await screen.button('submit').click();
        await incomplete.getByText(say('smoking_required'), { exact: true }).waitFor();
        await incomplete.getByRole('button', { name: screen.texts.common.ok }).click();
        await incomplete.waitFor({ state: 'detached' });
        expect(submits).toEqual([]);

        // T-06: a product that does not offer a chosen condition removes it, naming it.
        await screen.chooseCondition(language === 'en' ? 'Catar' : '白內', 'cataract');
        const header = page.getByRole('banner');
        await header.getByRole('button', { name: new RegExp(`^${shown.channel}`) }).click();
        await page
          .getByRole('listbox', { name: shown.channel })
          .getByRole('option', { name: 'BANCA' })
          .click();
        const productAlert = screen.conditions.getByRole('alert');
        await expect
          .poll(() => productAlert.textContent(), SETTLED)
          .toBe(conditions.productAlert.replace('{names}', screen.label('cataract')));
        expect(await screen.chip(screen.label('cataract')).count()).toBe(0);
        await screen.chip(screen.label('asthma')).waitFor();
        await productAlert.getByRole('button').click();
        await productAlert.waitFor({ state: 'detached' });

        // T-10: the Abnormal-BMI alert goes once the weight is back in the normal band.
        const abnormalBmi = screen.chip(screen.label('abnormal-bmi'));
        const weight = screen.basic.getByRole('textbox', { name: screen.texts.question.weightKg });
        await screen.enterBodyMeasures('170', '95');
        await abnormalBmi.waitFor();
        // Deleted by the user, it comes back with the alert when the BMI is abnormal again.
        await abnormalBmi.getByRole('button').press('Delete');
        await abnormalBmi.waitFor({ state: 'detached' });
        await weight.fill('96');
        const bmiAlert = screen.conditions.getByRole('alert');
        await bmiAlert.waitFor();
        await weight.fill('70');
        await abnormalBmi.waitFor({ state: 'detached' });
        await bmiAlert.waitFor({ state: 'detached' });

        // T-07 T-09: a save the server refuses (a future birth date) shows its reasons.
        await birthDate.fill('01012099');
        await expect.poll(() => age.inputValue(), SETTLED).toBe('');
        await age.fill('38');
        await screen.button('save').click();
        const reasons = screen.disclosure.getByRole('list', {
          name: screen.texts.disclosure.refusedReasons,
        });
        await reasons.getByText(say('birth_date_future'), { exact: true }).waitFor();
        await page.screenshot({
          path: `${SHOTS}/questionnaire-trust-a-${language}.png`,
          fullPage: true,
        });
      } finally {
        // The language is saved with the user: leave interviewer1 in English for other journeys.
        if (language !== 'en') await suite.setLanguage('interviewer1', 'en');
        await context.close();
      }
    });
  });
}
