import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverUrl } from '../src/browser.ts';
import {
  answerFractures,
  fetchDisclosure,
  isCall,
  journeySuite,
  PHKL_PRODUCT,
  QuestionnaireScreen,
  requestDisclosure,
  screenState,
  SHOTS,
  type ScreenState,
  SETTLED,
} from '../src/questionnaire.ts';

const baseUrl = serverUrl();
const suite = journeySuite();
/** The caller system's page the interviewer returns to (an absolute https address). */
const REDIRECT = 'https://callcentre.example/video-call/done';

/**
 * interviewer1 at a desktop, whose visits to the caller system's address are answered here;
 * every call the browser makes ('GET /api/…'), from sign-in on, joins `calls`.
 */
const interviewerPage = (calls: string[] = []): Promise<Page> =>
  suite.signedIn('interviewer1', {
    prepare: async (context) => {
      context.on('request', (request) =>
        calls.push(`${request.method()} ${new URL(request.url()).pathname}`),
      );
      await context.route(`${new URL(REDIRECT).origin}/**`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: '<title>Call centre</title>Back at the call',
        }),
      );
    },
  });

/** What reopening must restore: the basic information and every condition's answers. */
const restorable = (state: ScreenState) => ({
  applicationNumber: state.applicationNumber,
  profile: state.profile,
  chosen: state.chosen.map((c) => ({ name: c.impairment.name.en, answers: c.answers })),
});

/** The age a birth date gives today, at the last birthday. */
function ageToday(day: number, month: number, year: number): number {
  const now = new Date();
  const before =
    now.getMonth() + 1 < month || (now.getMonth() + 1 === month && now.getDate() < day);
  return now.getFullYear() - year - (before ? 1 : 0);
}

describe('a tele-interviewer completes a disclosure', () => {
  it('R-09 R-11 A-26 A-16 A-27 M-11 M-12 M-14 E-45 M-29 S-35 S-42 S-53 S-55 S-66 G-07 G-08 G-09 G-10 S-17 V-59: three conditions with reflexive children, every question type, a self-defined condition and an abnormal BMI; saved, reopened from the request link, submitted', async () => {
    const requestId = await requestDisclosure(baseUrl, {
      applicationNumber: 'REQJ1',
      ...PHKL_PRODUCT,
      redirection: REDIRECT,
    });
    const page = await interviewerPage();
    const screen = new QuestionnaireScreen(page, suite.labels);
    await suite.open(page, requestId);
    const number = screen.basic.getByRole('textbox', {
      name: screen.texts.basic.applicationNumber,
    });
    await expect.poll(() => number.inputValue(), SETTLED).toBe('REQJ1');
    expect(await screen.button('save').isDisabled()).toBe(true);

    await screen.fillBasicInformation({
      applicationNumber: 'PHKL-2026 001',
      birthDate: '15031985',
      gender: 'Male',
      rsmScore: 'A',
      smokingStatus: 'Never smoked',
    });
    expect(await number.inputValue()).toBe('PHKL2026001');
    expect(
      await screen.basic.getByRole('textbox', { name: screen.texts.basic.age }).inputValue(),
    ).toBe(String(ageToday(15, 3, 1985)));

    // Three conditions from the list, each search logged with its keyword, name and type 1.
    for (const [typed, uuid] of [
      ['Fract', 'fractures'],
      ['anaem', 'anaemia'],
      ['Gallst', 'gallstones'],
    ] as const) {
      const logged = page.waitForRequest(isCall('POST', '/api/search/disease/create'));
      await screen.chooseCondition(typed, uuid);
      expect((await logged).postDataJSON()).toMatchObject({
        keyword: typed,
        disease: screen.label(uuid),
        type: 1,
      });
    }
    const custom = 'Knee ligament tear';
    // Typed text that matches nothing may first be logged as a miss (type 3, I-04) while the
    // confirm dialog is open; adding it logs type 2.
    const loggedCustom = page.waitForRequest(
      (request) =>
        isCall('POST', '/api/search/disease/create')(request) &&
        (request.postDataJSON() as { type?: number }).type === 2,
    );
    await screen.addSelfDefined(custom);
    expect((await loggedCustom).postDataJSON()).toMatchObject({
      keyword: custom,
      disease: custom,
      type: 2,
    });

    // 100 kg at 170 cm: BMI 34.6, abnormal at 41, so Abnormal BMI joins the conditions.
    await screen.enterBodyMeasures('170', '100');
    await screen.basic.getByText('34.6', { exact: true }).waitFor();
    await screen.chip(screen.label('abnormal-bmi')).waitFor();
    await expect
      .poll(() => screen.decisionOf(screen.label('abnormal-bmi')), SETTLED)
      .toEqual(['50', '75', 'U']);
    // Mandatory questions unanswered: no export yet.
    expect(await screen.button('export').isDisabled()).toBe(true);

    await answerFractures(screen);
    await expect.poll(() => screen.decisionOf('Fractures'), SETTLED).toEqual(['U', 'U', 'U']);

    // Anaemia: S, its T child, N with units, M with its W child, C and R.
    await screen.button('nextPage').click();
    await screen.pageHeading.filter({ hasText: 'Anaemia - Page 1' }).waitFor();
    await screen.date('anaemia-diagnosed', '01022015');
    expect(await screen.question('anaemia-type-other-details').count()).toBe(0);
    await screen.select('anaemia-type', 'anaemia-type-other');
    await screen.text('anaemia-type-other-details', 'Mixed deficiency, cause not known');
    await expect
      .poll(() => screen.decisionOf('Anaemia'), SETTLED)
      .toEqual(['Not complete', 'Not complete', 'Not complete']);
    await screen.button('nextPage').click();
    await screen.text('anaemia-lowest-hb', '10.5', 'g/dL');
    await screen.text('anaemia-latest-hb', '13', 'g/dL');
    expect(await screen.question('anaemia-weight-lost').count()).toBe(0);
    await screen.select(
      'anaemia-symptoms',
      'anaemia-symptoms-tired',
      'anaemia-symptoms-weight-loss',
    );
    await screen.measure('anaemia-weight-lost', '2');
    await expect.poll(() => screen.convertedMeasure('anaemia-weight-lost'), SETTLED).toBe('4.41');
    await screen.button('nextPage').click();
    await screen.checkbox('anaemia-treatment-list', 'anaemia-treatment-iron-oral');
    await screen.radio('anaemia-current', 'anaemia-current-completed');
    await expect.poll(() => screen.decisionOf('Anaemia'), SETTLED).toEqual(['U', 'U', 'U']);

    // Gallstones: the decision follows each answer as it changes.
    await screen.button('nextPage').click();
    await screen.date('gallstones-found', '01052023');
    await screen.radio('gallstones-symptoms', 'gallstones-symptoms-no');
    await screen.checkbox('gallstones-complications', 'gallstones-complications-none');
    await screen.button('nextPage').click();
    await screen.radio('gallstones-surgery', 'gallstones-surgery-not-advised');
    await expect.poll(() => screen.decisionOf('Gallstones'), SETTLED).toEqual(['0', '0', 'EX5']);
    await screen.radio('gallstones-surgery', 'gallstones-surgery-planned');
    await expect.poll(() => screen.decisionOf('Gallstones'), SETTLED).toEqual(['25', '0', 'EX5']);

    // The self-defined condition asks the generic questions of Others.
    await screen.button('nextPage').click();
    await screen.pageHeading.filter({ hasText: `${custom} - Page 1` }).waitFor();
    await screen.text('other-impairment-diagnosis', 'Torn anterior cruciate ligament, 2021');
    await screen.text('other-impairment-symptoms', 'Knee gave way playing football');
    await screen.button('nextPage').click();
    await screen.text('other-impairment-treatment', 'Reconstruction, physiotherapy for 6 months');
    await screen.button('nextPage').click();
    await screen.text('other-impairment-recovery', 'Fully recovered, no follow-up');
    await expect.poll(() => screen.decisionOf(custom), SETTLED).toEqual(['U', 'U', 'U']);
    await expect
      .poll(() => screen.decisionOf(screen.texts.disclosure.consolidated), SETTLED)
      .toEqual(['U', 'U', 'U']);
    expect(await screen.button('export').isEnabled()).toBe(true);
    await page.screenshot({
      path: `${SHOTS}/questionnaire-journey-desktop-en.png`,
      fullPage: true,
    });

    const filled = restorable(await screenState(page));
    await screen.button('save').click();
    const dialog = page.getByRole('dialog', { name: 'Video MER' });
    await dialog.getByText('The questionnaire has been saved. It is not completed yet.').waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(REDIRECT);

    // Reopened from the request link: edit mode, every answer back.
    await suite.open(page, requestId);
    await expect.poll(async () => (await screenState(page)).chosen.length, SETTLED).toBe(5);
    const reopened = await screenState(page);
    expect(reopened.session).toMatchObject({ action: 'edit', status: 2 });
    expect(restorable(reopened)).toEqual(filled);
    // The page left is shown again (I-13); the first page holds Fractures.
    await screen.pageHeading.filter({ hasText: `${custom} - Page 3` }).waitFor();
    await page
      .getByRole('navigation', { name: screen.texts.disclosure.pagination })
      .getByRole('button', {
        name: screen.texts.disclosure.goToPage.replace('{n}', '1'),
        exact: true,
      })
      .click();
    await screen.question('fractures-height-before').waitFor();
    expect(
      await screen.question('fractures-site').getByRole('checkbox', { name: 'Spine' }).isChecked(),
    ).toBe(true);
    expect(
      await screen.question('fractures-height-before').getByRole('textbox').first().inputValue(),
    ).toBe('158');
    expect(await screen.button('close').isVisible()).toBe(true);
    expect(await screen.button('save').count()).toBe(0);
    await expect.poll(() => screen.decisionOf('Gallstones'), SETTLED).toEqual(['25', '0', 'EX5']);

    await screen.button('submit').click();
    await dialog
      .getByText('The questionnaire has been submitted and is completed. Thank you.')
      .waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(REDIRECT);

    const stored = await fetchDisclosure(baseUrl, await suite.token('interviewer1'), requestId);
    expect(stored).toMatchObject({ status: 3, applicationNumber: 'PHKL2026001', gender: 'Male' });
    const decisions = (
      JSON.parse(stored.disclosureJson) as {
        impairments: { name: string; decision: Record<string, string> }[];
      }
    ).impairments.map((i) => [i.name, i.decision]);
    expect(decisions).toEqual([
      ['Fractures', { LIFE: 'U', CI: 'U', MED: 'U' }],
      ['Anaemia', { LIFE: 'U', CI: 'U', MED: 'U' }],
      ['Gallstones', { LIFE: '25', CI: '0', MED: 'EX5' }],
      [custom, { LIFE: 'U', CI: 'U', MED: 'U' }],
      ['Abnormal BMI', { LIFE: '50', CI: '75', MED: 'U' }],
    ]);
    await page.context().close();
  });
});

describe('an incomplete questionnaire', () => {
  it('A-26 S-31 S-33 G-01 G-02 G-04 G-05 C-07 X-10 V-17 V-18 V-21 V-22: Next page and Submit with unanswered mandatory questions show the incomplete dialog and the highlights', async () => {
    const calls: string[] = [];
    const page = await interviewerPage(calls);
    const screen = new QuestionnaireScreen(page, suite.labels);
    await screen.fillBasicInformation({
      applicationNumber: 'INCOMPLETE1',
      birthDate: '01011990',
      gender: 'Female',
      rsmScore: 'B',
      smokingStatus: 'Never smoked',
    });
    await screen.chooseCondition('Fract', 'fractures');
    const dialog = page.getByRole('dialog', { name: 'Incomplete questionnaire' });

    // Next page on an unanswered page: its question numbers, and the page stays.
    await screen.button('nextPage').click();
    await dialog.getByText('Questionnaire has not been completed.').waitFor();
    expect(await dialog.getByText(/^Questions: /).textContent()).toBe('Questions: 1, 2, 3, 4');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await screen.pageHeading.textContent()).toBe('Fractures - Page 1 - The fracture');
    const highlighted = screen.disclosure.locator('[data-question][data-status="empty"]');
    expect(await highlighted.count()).toBe(4);
    // Highlighted as the user sees it: the error colour down the question's left edge, which
    // the question list's stylesheet gives (an unanswered question without it shows none).
    const leftEdge = (question: string) =>
      screen.question(question).evaluate((element) => getComputedStyle(element).borderLeftColor);
    expect(await leftEdge('fractures-cause')).toBe('rgb(198, 40, 40)');
    // The date and the number ask for an answer, the choices for an answer and its decision.
    expect(await screen.disclosure.getByRole('alert').allTextContents()).toEqual([
      'please answer the question',
      'please answer the question — Please choose a answer and decision',
      'please answer the question — Please choose a answer and decision',
      'please answer the question',
    ]);
    // Answering a question takes its highlight away.
    await screen.radio('fractures-cause', 'fractures-cause-trauma');
    expect(await highlighted.count()).toBe(3);
    expect(await leftEdge('fractures-cause')).toBe('rgba(0, 0, 0, 0)');

    await answerFractures(screen);

    // Eight unanswered pages: Submit lists the first 5 page names, then 'and more'.
    await screen.chooseCondition('anaem', 'anaemia');
    await screen.chooseCondition('Gallst', 'gallstones');
    await screen.addSelfDefined('Tennis elbow');
    await screen.button('submit').click();
    await dialog.getByText('Questionnaire has not been completed.').waitFor();
    expect(await dialog.getByText(/^Pages: /).textContent()).toBe(
      'Pages: Anaemia - Page 1 - Diagnosis and cause, Anaemia - Page 2 - Blood tests and symptoms, Anaemia - Page 3 - Treatment, Gallstones - Page 1 - Symptoms and complications, Gallstones - Page 2 - Scans and surgery, and more',
    );
    await dialog.getByRole('button', { name: 'OK' }).click();
    // The screen shows the first page that needs answers, highlighted.
    expect(await screen.pageHeading.textContent()).toBe('Anaemia - Page 1 - Diagnosis and cause');
    expect(await highlighted.count()).toBe(2);
    // Back is free, whatever the page holds.
    await screen.button('prevPage').click();
    expect(await screen.pageHeading.textContent()).toBe('Fractures - Page 3 - Recovery');
    expect(await dialog.count()).toBe(0);
    // Nothing submitted: at most a draft, which the background save keeps once Save's
    // conditions hold (I-11), and the address then names it.
    const { session } = await screenState(page);
    expect([null, 2]).toContain(session.status);
    // /home has no request id: no analytics query by request id but the background save's.
    expect(
      calls.filter(
        (call) =>
          call.startsWith('GET /api/analytics/web/') &&
          !(session.requestId && call.includes(session.requestId)),
      ),
    ).toEqual([]);
    expect(calls).toContain('POST /api/analytics/web/create');
    await page.context().close();
  });
});
