import { describe, expect, it } from 'vitest';
import { apiPath, endpoints } from '@vmer/domain/api';
import { serializeHeight } from '@vmer/domain/answers';
import type { Language } from '@vmer/domain/model';
import {
  answersFor,
  documentFor,
  impairmentOf,
  PROFILE,
  sampleCatalog,
} from '../../apps/server/test/disclosures/fixtures.ts';
import { api } from '../../apps/server/test/helpers.ts';
import {
  journeySuite,
  PHKL_PRODUCT,
  QuestionnaireScreen,
  SETTLED,
  SHOTS,
} from '../src/questionnaire.ts';

const suite = journeySuite();

/** The age a birth date gives today, at the last birthday. */
function ageToday(day: number, month: number, year: number): number {
  const now = new Date();
  const before =
    now.getMonth() + 1 < month || (now.getMonth() + 1 === month && now.getDate() < day);
  return now.getFullYear() - year - (before ? 1 : 0);
}

/** What each language shows of the refusals (messages of the domain, design §9.2). */
const SHOWN = {
  en: {
    smoking: 'Never smoked',
    search: 'Hypert',
    birthFuture: 'Birth date cannot be in the future',
    ageMismatch: (age: number) =>
      `The birth date gives age ${age}: please check the birth date or the age`,
    height: 'Height must be between 50 and 250 cm',
    dateFuture: 'This date cannot be in the future',
  },
  cn_traditional: {
    smoking: '從不吸煙',
    search: '高血壓',
    birthFuture: '出生日期不能是將來的日期',
    ageMismatch: (age: number) => `按出生日期計算，年齡應為 ${age} 歲：請核對出生日期或年齡`,
    height: '身高必須介乎 50 至 250 厘米',
    dateFuture: '此日期不能是將來的日期',
  },
} as const satisfies Record<'en' | 'cn_traditional', unknown>;

describe('implausible values are refused on screen (I-16, I-17, I-18, I-22)', () => {
  for (const language of ['en', 'cn_traditional'] as const satisfies readonly Language[]) {
    it(`I-16 I-17 I-18 I-22 (${language}): a future birth date, a birth date disagreeing with the age, a height of 1701 cm and a diagnosis dated 2090 are refused at their fields; Save stays off`, async () => {
      if (language !== 'en') await suite.setLanguage('interviewer1', language);
      const page = await suite.signedIn('interviewer1');
      const screen = new QuestionnaireScreen(page, suite.labels, language);
      const shown = SHOWN[language];
      try {
        await screen.basic.waitFor();
        await screen.fillBasicInformation({
          applicationNumber: `PLAUS${language === 'en' ? 'EN' : 'CN'}`,
          birthDate: '15031985',
          gender: 'Male',
          rsmScore: 'A',
          smokingStatus: shown.smoking,
        });
        const { basic } = screen.texts;
        const birthDate = screen.basic.getByRole('textbox', { name: basic.birthDate });
        const age = screen.basic.getByRole('textbox', { name: basic.age });
        const derived = ageToday(15, 3, 1985);
        await expect.poll(() => age.inputValue(), SETTLED).toBe(String(derived));

        // A birth date in the future (T-09, I-17).
        await birthDate.fill('01012090');
        await screen.basic.getByText(shown.birthFuture, { exact: true }).waitFor();
        // A birth date disagreeing with an age typed by hand (I-17).
        await birthDate.fill('15031985');
        await age.fill('30');
        const mismatch = screen.basic.getByText(shown.ageMismatch(derived), { exact: true });
        await mismatch.waitFor();
        await age.fill(String(derived));
        await mismatch.waitFor({ state: 'detached' });

        // A height of 1701 cm (I-18).
        await screen.enterBodyMeasures('1701', '70');
        const tall = screen.basic.getByText(shown.height, { exact: true });
        await tall.waitFor();
        await screen.enterBodyMeasures('170', '70');
        await tall.waitFor({ state: 'detached' });

        // A diagnosis dated 2090, inside the picker's range (I-16, I-22).
        await screen.chooseCondition(shown.search, 'hypertension');
        await screen.date('hypertension-diagnosed', '01012090');
        const future = screen
          .question('hypertension-diagnosed')
          .getByRole('alert')
          .filter({ hasText: shown.dateFuture });
        await future.waitFor();
        expect(await screen.button('save').isDisabled()).toBe(true);
        await page.screenshot({ path: `${SHOTS}/plausibility-${language}.png`, fullPage: true });
        await screen.date('hypertension-diagnosed', '01032015');
        await future.waitFor({ state: 'detached' });
      } finally {
        // The language is saved with the user: leave interviewer1 in English for other journeys.
        if (language !== 'en') await suite.setLanguage('interviewer1', 'en');
        await page.context().close();
      }
    });
  }
});

describe('implausible values are refused by the API (I-16, I-18)', () => {
  it('I-16 I-18 I-22 a direct save of a diagnosis dated 2090 and a height of 1701 cm answers 400 naming each field with its message', async () => {
    const token = await suite.token('interviewer1');
    const [active, catalog] = await Promise.all([
      api<{ version: string }>(suite.baseUrl, apiPath(endpoints.questionnaire), { token }),
      sampleCatalog(),
    ]);
    const hypertension = impairmentOf(catalog, 'hypertension');
    const answers = {
      ...answersFor(hypertension, 'opening'),
      'hypertension-diagnosed': { value: '2090-01-01', exact: true, zoneId: 'Asia/Hong_Kong' },
    };
    const doc = documentFor(active.body.body!.version, [{ impairment: hypertension, answers }], {
      ...PROFILE,
      height: serializeHeight({ cm: 1701, ft: 55, inch: 9.7 }),
    });
    const j = doc.impairments[0]!.answers.findIndex(
      (a) => a.questionUuid === 'hypertension-diagnosed',
    );
    const saved = await api(suite.baseUrl, apiPath(endpoints.disclosureSave), {
      token,
      body: {
        ...PHKL_PRODUCT,
        applicationNumber: 'PLAUSAPI1',
        age: PROFILE.age,
        gender: PROFILE.gender,
        rsmScore: PROFILE.rsmScore,
        disclosureJson: JSON.stringify(doc),
      },
    });
    expect(saved.status).toBe(400);
    expect(saved.body.message).toBe('The disclosure has answers that cannot be true.');
    expect(saved.body.errors).toEqual([
      { path: 'disclosureJson.profile.height', message: 'Height must be between 50 and 250 cm' },
      {
        path: `disclosureJson.impairments.0.answers.${j}.answer`,
        message:
          'Hypertension, question "When was high blood pressure first diagnosed?": This date cannot be in the future',
      },
    ]);
  });
});
