import { describe, expect, it } from 'vitest';
import type { Language } from '@vmer/domain/model';
import { journeySuite, QuestionnaireScreen, SETTLED } from '../src/questionnaire.ts';

const suite = journeySuite();

/** What each language's journey types: lay terms of the other language too (I-02). */
const TYPED = {
  en: {
    smoking: 'Never smoked',
    layTerm: { typed: 'high blood pressure', uuid: 'hypertension' },
    otherLanguage: { typed: '血壓高', uuid: 'hypertension' },
    exactName: 'gout',
  },
  cn_traditional: {
    smoking: '從不吸煙',
    layTerm: { typed: '血壓高', uuid: 'hypertension' },
    otherLanguage: { typed: 'piles', uuid: 'haemorrhoids' },
    exactName: '痛風',
  },
} as const satisfies Record<'en' | 'cn_traditional', unknown>;

describe('the condition search finds conditions by people’s words (I-02, I-03, I-04)', () => {
  for (const language of ['en', 'cn_traditional'] as const satisfies readonly Language[]) {
    it(`I-02 I-03 I-04 (${language}): lay terms, a typo and the other language's words find their conditions, saying what matched; Enter on a name or synonym chooses it; unmatched text asks first`, async () => {
      if (language !== 'en') await suite.setLanguage('interviewer1', language);
      const page = await suite.signedIn('interviewer1');
      const screen = new QuestionnaireScreen(page, suite.labels, language);
      const typed = TYPED[language];
      const { conditions } = screen.texts;
      const matched = (term: string) => conditions.matched.replace('{term}', term);
      const option = (uuid: string) =>
        page.getByRole('option', { name: screen.label(uuid), exact: true });
      try {
        await screen.basic.waitFor();
        await screen.fillBasicInformation({
          applicationNumber: `SEARCH${language === 'en' ? 'EN' : 'CN'}`,
          birthDate: '15031985',
          gender: 'Male',
          rsmScore: 'A',
          smokingStatus: typed.smoking,
        });

        // A lay term finds its condition first and says which synonym matched (I-02, I-03).
        await screen.search.fill(typed.layTerm.typed);
        await option(typed.layTerm.uuid).getByText(matched(typed.layTerm.typed)).waitFor();
        expect(await page.getByRole('option').first().innerText()).toContain(
          screen.label(typed.layTerm.uuid),
        );

        // A typo still finds it (I-02).
        await screen.search.fill('hypertention');
        await option('hypertension').waitFor();

        // The other language's words, whatever the interface language (I-02, I-03).
        await screen.search.fill(typed.otherLanguage.typed);
        await option(typed.otherLanguage.uuid)
          .getByText(matched(typed.otherLanguage.typed))
          .waitFor();

        // Enter on an exact catalogue name chooses it (I-04, T-04).
        await screen.search.fill(typed.exactName);
        await screen.search.press('Enter');
        await screen.chip(screen.label('gout')).waitFor();
        // Enter on a synonym, here shorter than the 3 characters the list waits for.
        await screen.search.fill('乙肝');
        await screen.search.press('Enter');
        await screen.chip(screen.label('hepatitis-b-carrier')).waitFor();
        expect(await screen.confirmSelfDefined.count()).toBe(0);

        // Text matching nothing asks first; Cancel adds nothing and returns to the search.
        await screen.search.fill('Tennis elbow');
        await screen.search.press('Enter');
        const dialog = screen.confirmSelfDefined;
        await dialog
          .getByText(conditions.confirmTitle.replace('{name}', 'Tennis elbow'), { exact: true })
          .waitFor();
        await dialog.getByRole('button', { name: screen.texts.common.cancel }).click();
        await dialog.waitFor({ state: 'detached' });
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.id), SETTLED)
          .toBe('condition-search');
        expect(await screen.chip('Tennis elbow').count()).toBe(0);
        // Confirmed, it becomes a self-defined condition.
        await screen.addSelfDefined('Tennis elbow');
      } finally {
        // The language is saved with the user: leave interviewer1 in English for other journeys.
        if (language !== 'en') await suite.setLanguage('interviewer1', 'en');
        await page.context().close();
      }
    });
  }
});
