import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { signInAtProvider } from '../src/browser.ts';
import {
  fetchDisclosure,
  journeySuite,
  QuestionnaireScreen,
  screenState,
  storedDisclosure,
} from '../src/questionnaire.ts';

const suite = journeySuite();
const { baseUrl } = suite;
const USER = 'interviewer1';
/** A background save waits for a pause in typing, and retries back off: polls wait longer. */
const SYNCED = { timeout: 30_000 };

const SHOWN = {
  en: {
    offline:
      'No connection right now. Your answers are kept on this device; carry on with the interview. They will be saved when the connection returns.',
    saved: 'Connection back: your answers are saved.',
    restored: 'Your latest answers were brought back from this device.',
    conflictTitle: 'This disclosure was changed elsewhere',
    keepDevice: 'Keep the answers on this device',
    useSaved: 'Use the saved version',
  },
  cn_traditional: {
    offline: '目前沒有網絡連線。您的答案已保存在此裝置上，請繼續面談。連線恢復後會自動儲存。',
  },
} as const;

/** The save call, which the tests cut to keep the app loadable while saves fail in transit. */
const SAVE_CALL = '**/api/impairment/video_mer/disclosure/save*';

/** The device copies this browser holds, read straight from IndexedDB: whose, which, and what. */
async function deviceCopies(
  page: Page,
): Promise<{ key: string; unsynced: boolean; answers: string }[]> {
  return page.evaluate(
    () =>
      new Promise<{ key: string; unsynced: boolean; answers: string }[]>((resolve, reject) => {
        const opening = indexedDB.open('vmer-device-copies');
        opening.onerror = () => reject(new Error('cannot open the device copies'));
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('copies')) return resolve([]);
          const all = db.transaction('copies').objectStore('copies').getAll();
          all.onsuccess = () =>
            resolve(
              (
                all.result as { subject: string; key: string; unsynced: boolean; state: unknown }[]
              ).map((copy) => ({
                key: `${copy.subject}/${copy.key}`,
                unsynced: copy.unsynced,
                answers: JSON.stringify(copy.state),
              })),
            );
          all.onerror = () => reject(new Error('cannot read the device copies'));
        };
      }),
  );
}

/** What the device-copy live region says. */
const statusText = (page: Page) =>
  page.getByTestId('device-copy-status').textContent({ timeout: 10_000 });

/** Starts a disclosure and answers Gallstones until Save's conditions hold (page 2 of 2). */
async function saveableDisclosure(screen: QuestionnaireScreen, applicationNumber: string) {
  await screen.basic.waitFor();
  await screen.fillBasicInformation({
    applicationNumber,
    birthDate: '02021988',
    gender: 'Female',
    rsmScore: 'C',
    smokingStatus: 'Never smoked',
  });
  await screen.chooseCondition('Gall', 'gallstones');
  await screen.date('gallstones-found', '01052023');
  await screen.radio('gallstones-symptoms', 'gallstones-symptoms-no');
  await screen.checkbox('gallstones-complications', 'gallstones-complications-none');
  await screen.button('nextPage').click();
  await screen.select('gallstones-scan', 'gallstones-scan-single');
  await screen.radio('gallstones-surgery', 'gallstones-surgery-not-advised');
}

/** The request id the address names, once a (background) save gave it one (W-22). */
async function savedAddress(page: Page): Promise<string> {
  await page.waitForURL(/\/questionnaire\/[0-9a-f-]{36}$/, SYNCED);
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** The surgery answer, application number and version the server holds for the disclosure. */
async function serverSurgery(
  requestId: string,
): Promise<{ answer: string; applicationNumber: string; version: number }> {
  const view = await fetchDisclosure(baseUrl, await suite.token(USER), requestId);
  const json = view.disclosureJson;
  const answer = ['planned', 'done', 'not-advised'].find((option) =>
    json.includes(`gallstones-surgery-${option}`),
  );
  return {
    answer: answer ?? 'none',
    applicationNumber: view.applicationNumber,
    version: view.version,
  };
}

/** Whether the surgery option shows chosen on the screen. */
const surgeryChosen = (screen: QuestionnaireScreen, option: string) =>
  screen
    .question('gallstones-surgery')
    .getByRole('radio', { name: screen.label(option), exact: true })
    .isChecked();

async function opened(context: BrowserContext, requestId: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/questionnaire/${requestId}`);
  return page;
}

describe('never losing an interview (I-10..I-15)', { timeout: 180_000 }, () => {
  it('I-10 I-11 I-12 I-13 the connection drops: the interview goes on, the tab closes and reopens on the same page and answers, and it syncs by itself when the connection returns', async () => {
    const page = await suite.signedIn(USER);
    const context = page.context();
    const screen = new QuestionnaireScreen(page, suite.labels);
    await saveableDisclosure(screen, 'OFFLINE1');

    // I-11: once Save's conditions hold, a draft is saved without pressing Save.
    const requestId = await savedAddress(page);
    await expect
      .poll(() => serverSurgery(requestId), SYNCED)
      .toMatchObject({
        answer: 'not-advised',
      });
    const { version } = await serverSurgery(requestId);

    // I-12: offline, the interview goes on and a calm banner says where the answers are.
    await context.setOffline(true);
    await screen.radio('gallstones-surgery', 'gallstones-surgery-planned');
    await expect.poll(() => statusText(page), SYNCED).toContain(SHOWN.en.offline);
    // T-14: the global network-error banner does not also shout.
    expect(await page.getByText('Network Error').count()).toBe(0);
    // I-10: the change is on the device under this person and this disclosure.
    // The copy is written just after the frame that paints the change, off the answer's path: the tab closes once it holds the change, as a person's would a moment after the
    // last click.
    await expect
      .poll(async () =>
        (await deviceCopies(page)).map((copy) => ({
          key: copy.key,
          unsynced: copy.unsynced,
          planned: copy.answers.includes('gallstones-surgery-planned'),
        })),
      )
      .toEqual([{ key: expect.stringContaining(requestId), unsynced: true, planned: true }]);

    // I-13: the tab closes; reopened (the app itself needs the network to load, saves still
    // fail in transit), the same page and answers are back and it says so.
    await page.close();
    await context.route(SAVE_CALL, (route) => route.abort('internetdisconnected'));
    await context.setOffline(false);
    const again = await opened(context, requestId);
    const screen2 = new QuestionnaireScreen(again, suite.labels);
    await expect.poll(() => statusText(again), SYNCED).toContain(SHOWN.en.restored);
    expect(await surgeryChosen(screen2, 'gallstones-surgery-planned')).toBe(true);
    await screen2.question('gallstones-scan').waitFor();
    expect((await screenState(again)).applicationNumber).toBe('OFFLINE1');
    await expect.poll(() => statusText(again), SYNCED).toContain(SHOWN.en.offline);
    expect((await serverSurgery(requestId)).answer).toBe('not-advised');

    // I-12: the connection returns: the draft syncs by itself and the banner goes.
    await context.unroute(SAVE_CALL);
    await expect
      .poll(() => serverSurgery(requestId), SYNCED)
      .toEqual({
        answer: 'planned',
        applicationNumber: 'OFFLINE1',
        version: version + 1,
      });
    await expect.poll(() => statusText(again), SYNCED).not.toContain(SHOWN.en.offline);
    await context.close();
  });

  it('I-14 a save made elsewhere meanwhile is offered, not overwritten: each choice keeps what it says', async () => {
    const page = await suite.signedIn(USER);
    const context = page.context();
    const screen = new QuestionnaireScreen(page, suite.labels);
    await saveableDisclosure(screen, 'OFFLINE2');
    const requestId = await savedAddress(page);
    await expect
      .poll(() => serverSurgery(requestId), SYNCED)
      .toMatchObject({
        answer: 'not-advised',
      });
    const token = await suite.token(USER);
    /** Someone else saves the disclosure, each question answered as the fixtures answer it. */
    const savedElsewhere = async () => {
      const view = await fetchDisclosure(baseUrl, token, requestId);
      await storedDisclosure(baseUrl, token, {
        operation: 'save',
        applicationNumber: 'OFFLINE2',
        conditions: [{ uuid: 'gallstones' }],
        view,
      });
    };

    /** Types more of the application number: a change the server does not have yet. */
    const typeOn = async (shown: QuestionnaireScreen, more: string) => {
      const field = shown.basic.getByRole('textbox', { name: shown.texts.basic.applicationNumber });
      await field.press('End');
      await field.pressSequentially(more);
    };

    // A background save answered 409: both versions are offered; keep this device's.
    await context.setOffline(true);
    await typeOn(screen, 'K');
    await expect.poll(() => statusText(page), SYNCED).toContain(SHOWN.en.offline);
    await savedElsewhere();
    const before = await serverSurgery(requestId);
    // Someone else's answer differs from this device's.
    expect(before).toMatchObject({ applicationNumber: 'OFFLINE2' });
    expect(before.answer).not.toBe('not-advised');
    await context.setOffline(false);
    const dialog = page.getByRole('dialog', { name: SHOWN.en.conflictTitle });
    await dialog.waitFor(SYNCED);
    // Focus is in the dialog, on the choice that loses nothing typed here.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toBe(SHOWN.en.keepDevice);
    expect(await serverSurgery(requestId)).toEqual(before);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => serverSurgery(requestId), SYNCED)
      .toEqual({
        answer: 'not-advised',
        applicationNumber: 'OFFLINE2K',
        version: before.version + 1,
      });

    // Found on reopening: the device copy is based on an older version; use the saved one.
    await context.setOffline(true);
    await typeOn(screen, 'L');
    await expect.poll(() => statusText(page), SYNCED).toContain(SHOWN.en.offline);
    await page.close();
    await context.setOffline(false);
    await savedElsewhere();
    const saved = await serverSurgery(requestId);
    const again = await opened(context, requestId);
    const offered = again.getByRole('dialog', { name: SHOWN.en.conflictTitle });
    await offered.waitFor(SYNCED);
    await offered.getByRole('button', { name: SHOWN.en.useSaved }).click();
    await offered.waitFor({ state: 'detached' });
    const screen2 = new QuestionnaireScreen(again, suite.labels);
    await expect
      .poll(async () => (await screenState(again)).applicationNumber, SYNCED)
      .toBe('OFFLINE2');
    await screen2.button('nextPage').click();
    expect(await surgeryChosen(screen2, `gallstones-surgery-${saved.answer}`)).toBe(true);
    expect(await serverSurgery(requestId)).toEqual(saved);
    // The device's version is gone: reloading offers nothing and brings nothing back.
    await again.reload();
    await expect
      .poll(async () => (await screenState(again)).session.requestId, SYNCED)
      .toBe(requestId);
    expect((await screenState(again)).applicationNumber).toBe('OFFLINE2');
    expect(await offered.count()).toBe(0);
    expect(await statusText(again)).not.toContain(SHOWN.en.restored);
    await context.close();
  });

  it('I-15 signing out removes the copies: signed in again, the server version shows, nothing is brought back', async () => {
    const page = await suite.signedIn(USER);
    const context = page.context();
    const screen = new QuestionnaireScreen(page, suite.labels);
    await saveableDisclosure(screen, 'OFFLINE3');
    const requestId = await savedAddress(page);
    await expect
      .poll(() => serverSurgery(requestId), SYNCED)
      .toMatchObject({
        answer: 'not-advised',
      });
    // A change that cannot reach the server stays on the device only.
    await context.route(SAVE_CALL, (route) => route.abort('internetdisconnected'));
    await screen.radio('gallstones-surgery', 'gallstones-surgery-planned');
    await expect.poll(() => statusText(page), SYNCED).toContain(SHOWN.en.offline);
    expect(await deviceCopies(page)).toHaveLength(1);

    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await expect.poll(() => deviceCopies(page), SYNCED).toEqual([]);

    await page.getByRole('button', { name: 'Sign In' }).click();
    await signInAtProvider(page, USER);
    await page.goto(`${baseUrl}/questionnaire/${requestId}`);
    const screen2 = new QuestionnaireScreen(page, suite.labels);
    // The first page, as the server's copy opens; the device's page and answer are gone.
    await screen2.question('gallstones-found').waitFor(SYNCED);
    await screen2.button('nextPage').click();
    expect(await surgeryChosen(screen2, 'gallstones-surgery-not-advised')).toBe(true);
    expect(await surgeryChosen(screen2, 'gallstones-surgery-planned')).toBe(false);
    expect(await statusText(page)).not.toContain(SHOWN.en.restored);
    await context.close();
  });

  it('I-12 (cn_traditional) the banner says, in Chinese, that the answers are kept on this device', async () => {
    const page = await suite.signedIn(USER);
    const context = page.context();
    try {
      await page.getByRole('banner').getByRole('button', { name: 'Language settings' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Traditional Chinese' }).click();
      const screen = new QuestionnaireScreen(page, suite.labels, 'cn_traditional');
      await screen.basic.waitFor();
      await context.setOffline(true);
      await expect.poll(() => statusText(page), SYNCED).toBe(SHOWN.cn_traditional.offline);
      await context.setOffline(false);
      await expect.poll(() => statusText(page), SYNCED).toBe('');
    } finally {
      await context.close();
      // The language is saved with the user: the journeys after this one sign in to English.
      await suite.setLanguage(USER, 'en');
    }
  });
});
