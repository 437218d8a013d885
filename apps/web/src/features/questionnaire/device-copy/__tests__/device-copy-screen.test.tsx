import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStorageKey, setSessionProvider } from '../../../../lib/oidc-session.ts';
import { ok, type ReceivedRequest } from '../../../../test/mock-api.ts';
import { renderScreen } from '../../__tests__/screen-fixtures.tsx';
import { answerAsthma, chooseAsthma, fillBasics, textbox } from '../../__tests__/screen-steps.ts';
import { NEW_SESSION, selectQuestionnaire } from '../../questionnaire-slice.ts';
import { NEW_DISCLOSURE, readCopy, removeAllCopies, writeCopy } from '../device-copy-store.ts';

const PROVIDER = { authority: 'https://id.example', clientId: 'video-mer-web' };
const REQUEST = '00000000-0000-4000-8000-0000000000dd';
const SAVE_PATH = '/api/impairment/video_mer/disclosure/save';
/** A background save waits 2.5 s after the last change; the waits leave room for a slow run. */
const SAVED = { timeout: 15_000 };

/** A signed-in person with this subject, as the provider's session stores them. */
function signedInAs(subject: string) {
  setSessionProvider(PROVIDER);
  window.localStorage.setItem(
    sessionStorageKey(PROVIDER),
    JSON.stringify({
      access_token: 'token',
      expires_at: Math.floor(Date.now() / 1000) + 3600,
      profile: { sub: subject },
    }),
  );
}

const saves = (requests: ReceivedRequest[]) => requests.filter((r) => r.url.pathname === SAVE_PATH);

const stored = (version: number) =>
  ok({ id: REQUEST, requestId: REQUEST, status: 2, version, disclosureJson: '{}' });

async function fillSaveable() {
  await fillBasics();
  await chooseAsthma();
  await answerAsthma();
}

describe('never losing an interview, on the screen', { timeout: 60_000 }, () => {
  beforeEach(async () => {
    await removeAllCopies();
    signedInAs('alice');
  });

  it('I-10 I-11 every change is kept on the device; once Save is possible a draft is saved in the background, once, with an Idempotency-Key, and the address names it', async () => {
    const view = await renderScreen({
      overrides: (request) => (request.url.pathname === SAVE_PATH ? stored(1) : undefined),
    });
    await userEvent.type(textbox(/^Application number/), 'APP1');
    await waitFor(async () =>
      expect((await readCopy('alice', NEW_DISCLOSURE))?.state.applicationNumber).toBe('APP1'),
    );
    // Another person's copy of it does not exist.
    expect(await readCopy('bob', NEW_DISCLOSURE)).toBeUndefined();
    await userEvent.type(textbox(/^Age/), '45');
    await userEvent.click(screen.getByRole('radio', { name: 'Male' }));
    await userEvent.click(screen.getByRole('combobox', { name: /Risk score/ }));
    await userEvent.click(screen.getByRole('option', { name: 'A' }));
    await chooseAsthma();
    await answerAsthma();
    await waitFor(() => expect(saves(view.api.requests)).toHaveLength(1), SAVED);
    const [save] = saves(view.api.requests);
    expect(save!.headers['idempotency-key']).toMatch(/^[\x21-\x7e]{1,200}$/);
    expect(JSON.parse(save!.body)).toMatchObject({ applicationNumber: 'APP1', version: null });
    await waitFor(() =>
      expect(view.router.state.location.pathname).toBe(`/questionnaire/${REQUEST}`),
    );
    expect(selectQuestionnaire(view.store.getState()).session).toMatchObject({
      id: REQUEST,
      version: 1,
    });
    // The copy moved to the disclosure's request id.
    await waitFor(async () => expect(await readCopy('alice', NEW_DISCLOSURE)).toBeUndefined());
    expect((await readCopy('alice', REQUEST))?.serverVersion).toBe(1);
    // Nothing changed since: no second save.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(saves(view.api.requests)).toHaveLength(1);
  });

  it('I-10 F-05 a change is written to the device after the frame that paints it, and at once when the page is hidden or left', async () => {
    await renderScreen();
    await userEvent.type(textbox(/^Application number/), 'APP6');
    // Just after the change's frame is painted, the copy holds it.
    await waitFor(async () =>
      expect((await readCopy('alice', NEW_DISCLOSURE))?.state.applicationNumber).toBe('APP6'),
    );
    // A browser whose next frame does not come: the copy waits, off the answer's path.
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    try {
      await userEvent.type(textbox(/^Application number/), '7');
      expect((await readCopy('alice', NEW_DISCLOSURE))?.state.applicationNumber).toBe('APP6');
      // The tab goes to the background: the copy is written at once.
      vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
      document.dispatchEvent(new Event('visibilitychange'));
      await waitFor(async () =>
        expect((await readCopy('alice', NEW_DISCLOSURE))?.state.applicationNumber).toBe('APP67'),
      );
      vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
      // The page is left (the tab closes): the last change is written too.
      await userEvent.type(textbox(/^Application number/), '8');
      window.dispatchEvent(new Event('pagehide'));
      await waitFor(async () =>
        expect((await readCopy('alice', NEW_DISCLOSURE))?.state.applicationNumber).toBe('APP678'),
      );
    } finally {
      vi.restoreAllMocks();
      vi.unstubAllGlobals();
    }
  });

  it('I-11 I-12 while a background save is on its way the buttons stay as they are and no progress bar shows; Save pressed meanwhile waits for it and sends its version', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const view = await renderScreen({
      handlers: [
        http.post(SAVE_PATH, async ({ request }) => {
          const body = (await request.json()) as { version: number | null };
          // The background save is held until the test lets it answer.
          if (request.headers.get('idempotency-key')?.startsWith('bg-')) await held;
          const version = (body.version ?? 0) + 1;
          return HttpResponse.json({
            code: 200,
            body: { id: REQUEST, requestId: REQUEST, status: 2, version, disclosureJson: '{}' },
          });
        }),
      ],
    });
    await fillSaveable();
    await waitFor(() => expect(saves(view.api.requests)).toHaveLength(1), SAVED);
    const save = screen.getByRole('button', { name: 'Save' });
    // Neither greyed out nor busy for a save the interviewer did not ask for, and no
    // progress bar flashing over the call.
    // (The bar across the top shows while the loading status is Start.)
    expect(view.store.getState().globalFeedback.loadingStatus).not.toBe('Start');
    expect(save.hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(false);
    await userEvent.click(save);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(saves(view.api.requests)).toHaveLength(1);
    release();
    const done = await screen.findByRole('dialog', { name: 'Video MER' }, SAVED);
    within(done).getByText('The questionnaire has been saved. It is not completed yet.');
    const [, explicit] = saves(view.api.requests);
    expect(JSON.parse(explicit!.body)).toMatchObject({ id: REQUEST, version: 1 });
    expect(selectQuestionnaire(view.store.getState()).session.version).toBe(2);
  });

  it('I-15 a submitted disclosure leaves no copy on the device', async () => {
    const view = await renderScreen({
      overrides: (request) => {
        if (request.url.pathname === SAVE_PATH) return stored(1);
        if (request.url.pathname.endsWith('/disclosure/submit'))
          return ok({
            id: REQUEST,
            requestId: REQUEST,
            status: 3,
            version: 2,
            disclosureJson: '{}',
          });
        return undefined;
      },
    });
    await fillSaveable();
    await waitFor(() => expect(saves(view.api.requests)).toHaveLength(1), SAVED);
    await waitFor(async () => expect(await readCopy('alice', REQUEST)).toBeDefined());
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const done = await screen.findByRole('dialog', { name: 'Video MER' }, SAVED);
    await waitFor(async () => expect(await readCopy('alice', REQUEST)).toBeUndefined());
    await userEvent.click(within(done).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(textbox(/^Application number/).value).toBe(''));
    // Neither it nor an empty new one comes back.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await readCopy('alice', REQUEST)).toBeUndefined();
    expect(await readCopy('alice', NEW_DISCLOSURE)).toBeUndefined();
  });

  it('I-12 T-14 a background save that cannot reach the server: a calm banner, the global banner and snackbar stay quiet, and it syncs when the connection returns', async () => {
    let online = false;
    const view = await renderScreen({
      handlers: [
        http.post(SAVE_PATH, () =>
          online
            ? HttpResponse.json({
                code: 200,
                body: {
                  id: REQUEST,
                  requestId: REQUEST,
                  status: 2,
                  version: 1,
                  disclosureJson: '{}',
                },
              })
            : HttpResponse.error(),
        ),
      ],
    });
    await fillSaveable();
    const status = screen.getByTestId('device-copy-status');
    await within(status).findByText(/Your answers are kept on this device/, undefined, SAVED);
    expect(status.getAttribute('role')).toBe('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    const feedback = view.store.getState().globalFeedback;
    expect(feedback.apiError.open).toBe(false);
    expect(feedback.networkErrorBanner).toBe(false);
    expect(textbox(/^Application number/).value).toBe('APP1');

    online = true;
    window.dispatchEvent(new Event('online'));
    await within(status).findByText('Connection back: your answers are saved.', undefined, SAVED);
    expect(within(status).queryByText(/kept on this device/)).toBeNull();
    expect(selectQuestionnaire(view.store.getState()).session.version).toBe(1);
  });

  it('I-13 an empty new screen brings back the new disclosure kept on this device, and undo empties it', async () => {
    await writeCopy({
      subject: 'alice',
      key: NEW_DISCLOSURE,
      catalogVersion: null,
      serverVersion: null,
      unsynced: true,
      product: null,
      savedAt: Date.now(),
      state: {
        session: NEW_SESSION,
        applicationNumber: 'KEPT1',
        profile: { age: 45, gender: 'Male', rsmScore: 'A' },
        chosen: [],
        page: 0,
        checkedPages: [],
        deletedAbnormalBmi: false,
      },
    });
    // Another person's copy is never shown.
    await writeCopy({
      ...(await readCopy('alice', NEW_DISCLOSURE))!,
      subject: 'bob',
      state: { ...(await readCopy('alice', NEW_DISCLOSURE))!.state, applicationNumber: 'BOBS' },
    });
    await renderScreen();
    await waitFor(() => expect(textbox(/^Application number/).value).toBe('KEPT1'), SAVED);
    expect(textbox(/^Age/).value).toBe('45');
    const status = screen.getByTestId('device-copy-status');
    within(status).getByText(
      'The questionnaire you had not saved yet was brought back from this device.',
    );
    await userEvent.click(within(status).getByRole('button', { name: 'Start empty instead' }));
    await waitFor(() => expect(textbox(/^Application number/).value).toBe(''));
    await waitFor(async () => expect(await readCopy('alice', NEW_DISCLOSURE)).toBeUndefined());
  });

  it("I-14 a background save answered 409 offers both versions; keeping this device's saves it on the server's version", async () => {
    let calls = 0;
    const view = await renderScreen({
      overrides: (request) => {
        if (request.url.pathname === SAVE_PATH) {
          calls += 1;
          if (calls === 2) return { status: 409, json: { code: 409, message: 'Changed.' } };
          return stored(calls === 1 ? 1 : 6);
        }
        if (request.url.pathname === `/api/impairment/video_mer/disclosure/${REQUEST}`)
          return ok({ ...DISCLOSURE_VIEW, version: 5 });
        return undefined;
      },
    });
    await fillSaveable();
    await waitFor(() => expect(saves(view.api.requests)).toHaveLength(1), SAVED);
    await userEvent.type(textbox(/^Application number/), 'X');
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'This disclosure was changed elsewhere' },
      SAVED,
    );
    expect(view.store.getState().globalFeedback.apiError.open).toBe(false);
    const keep = within(dialog).getByRole('button', { name: 'Keep the answers on this device' });
    await waitFor(() => expect(document.activeElement).toBe(keep));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(saves(view.api.requests)).toHaveLength(3), SAVED);
    expect(JSON.parse(saves(view.api.requests)[2]!.body)).toMatchObject({
      applicationNumber: 'APP1X',
      version: 5,
    });
    await waitFor(() => expect(selectQuestionnaire(view.store.getState()).session.version).toBe(6));
    // The dialog leaves after its closing transition.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

/** The server's copy of the disclosure as GET answers it (only what the conflict reads). */
const DISCLOSURE_VIEW = {
  id: REQUEST,
  requestId: REQUEST,
  action: 'create',
  status: 2,
  version: 5,
  redirection: null,
  insurerCode: 'phkl',
  channel: 'agency',
  productCode: 'wl01',
  applicationNumber: 'APP1',
  age: 45,
  gender: 'Male',
  rsmScore: 'A',
  catalogVersion: null,
  rejectReason: null,
  submittedByCaller: false,
  disclosureJson: '{}',
};
