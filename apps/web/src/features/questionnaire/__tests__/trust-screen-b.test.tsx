import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ok, type Answer, type MockApi, type ReceivedRequest } from '../../../test/mock-api.ts';
import { renderScreen, sent } from './screen-fixtures.tsx';
import { answerAsthma, chooseAsthma, fillBasics, textbox } from './screen-steps.ts';
import { inTraditionalChinese } from '../../../test/language.ts';
import { selectQuestionnaire } from '../questionnaire-slice.ts';

let api: MockApi | undefined;
afterEach(() => {
  api = undefined;
});

const REQUEST = '00000000-0000-4000-8000-0000000000cc';
/** A text only the stored document carries, to find out whether it was kept. */
const STORED_MARKER = 'stored-document-marker-9d3e';

/** Fills the basic information and answers Asthma's six questions: Save becomes possible. */
async function fillSaveable() {
  await fillBasics();
  await chooseAsthma();
  await answerAsthma();
}

const onSave =
  (answer: Answer) =>
  (request: ReceivedRequest): Answer | undefined =>
    request.url.pathname.endsWith('/disclosure/save') ? answer : undefined;

const savedAnswer = ok({
  id: REQUEST,
  requestId: REQUEST,
  status: 2,
  version: 1,
  disclosureJson: JSON.stringify({ schemaVersion: 1, note: STORED_MARKER }),
});

/** Whether leaving the page now would ask first (the event's default prevented). */
function leavingAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('the questionnaire screen, trusted', { timeout: 30_000 }, () => {
  it("T-20 a 409 on save shows one message, the server's, and no second one in the snackbar", async () => {
    const view = await renderScreen({
      overrides: onSave({
        status: 409,
        json: { code: 409, message: 'This disclosure was changed by someone else.' },
      }),
    });
    api = view.api;
    await fillSaveable();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(api!, 'impairment/video_mer/disclosure/save')).toHaveLength(1));
    const shown = await screen.findAllByText(/changed by someone else/);
    expect(shown).toHaveLength(1);
    expect(view.store.getState().globalFeedback.apiError.open).toBe(false);
    expect(textbox(/^Application number/).value).toBe('APP1');
  });

  it("T-26 after a save the store keeps the stored disclosure's id and version, not its document", async () => {
    const view = await renderScreen({ overrides: onSave(savedAnswer) });
    api = view.api;
    await fillSaveable();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'Video MER' });
    expect(selectQuestionnaire(view.store.getState()).session).toMatchObject({
      id: REQUEST,
      version: 1,
      status: 2,
    });
    expect(JSON.stringify(view.store.getState())).not.toContain(STORED_MARKER);
  });

  it('T-22 leaving the page asks first while answers are unsaved, and only then', async () => {
    const view = await renderScreen({ overrides: onSave(savedAnswer) });
    api = view.api;
    expect(leavingAsks()).toBe(false);
    await fillSaveable();
    expect(leavingAsks()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const saved = await screen.findByRole('dialog', { name: 'Video MER' });
    expect(leavingAsks()).toBe(false);
    await userEvent.click(within(saved).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(leavingAsks()).toBe(false);
    await userEvent.type(textbox(/^Application number/), 'APP2');
    expect(leavingAsks()).toBe(true);
  });

  it('T-17 an unknown request id shows a translated not-found state with a way back, no form', async () => {
    const view = await renderScreen({
      requestId: REQUEST,
      path: `/questionnaire/${REQUEST}`,
      overrides: (request) =>
        request.url.pathname === `/api/impairment/video_mer/disclosure/${REQUEST}`
          ? { status: 404, json: { code: 404, message: 'Not found.' } }
          : undefined,
    });
    api = view.api;
    await screen.findByRole(
      'heading',
      { name: 'Disclosure request not found' },
      { timeout: 10_000 },
    );
    expect(screen.getByText(new RegExp(REQUEST))).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^Application number/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Start a new questionnaire' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/home'));
  });

  it('T-25 the tab title names the screen and the application number', async () => {
    const view = await renderScreen({ overrides: onSave(savedAnswer) });
    api = view.api;
    await waitFor(() => expect(document.title).toBe('Questionnaire – Video MER'));
    await userEvent.type(textbox(/^Application number/), 'APP9');
    await waitFor(() => expect(document.title).toBe('Questionnaire APP9 – Video MER'));
    await inTraditionalChinese(async () => {
      await waitFor(() => expect(document.title).toBe('問卷 APP9 – Video MER'));
    });
  });
});
