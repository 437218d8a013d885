import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { MockApi } from '../../../test/mock-api.ts';
import { ok } from '../../../test/mock-api.ts';
import { REJECT_REASON_MAX } from '../components/reject-dialog.tsx';
import { impairmentChosen, pageShown, selectQuestionnaire } from '../questionnaire-slice.ts';
import { impairment, radio, renderScreen, sent } from './screen-fixtures.tsx';
import { addSelfDefined, answerNo, chooseAsthma, fillBasics } from './screen-steps.ts';

let api: MockApi | undefined;
afterEach(() => {
  api = undefined;
});

const ID = '00000000-0000-4000-8000-0000000000aa';
type Options = Parameters<typeof renderScreen>[0];

async function openWithAsthma(options: Options = {}) {
  const view = await renderScreen({
    ...options,
    overrides: (request) => {
      const overridden = options.overrides?.(request);
      if (overridden) return overridden;
      const path = request.url.pathname;
      if (path.endsWith('/disclosure/save') || path.endsWith('/disclosure/submit')) {
        return ok({
          id: ID,
          requestId: ID,
          status: path.endsWith('save') ? 2 : 3,
          version: 1,
          disclosureJson: '{}',
        });
      }
      return undefined;
    },
  });
  api = view.api;
  await fillBasics();
  await chooseAsthma();
  return view;
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
describe('Video MER disclosure card', { timeout: 30_000 }, () => {
  it('M-17 M-18 S-29 C-05 the page dropdown lists every page; a page shows at most 5 top-level questions', async () => {
    await openWithAsthma();
    expect(screen.getAllByRole('region', { name: /Question a\d$/ })).toHaveLength(5);
    await userEvent.click(screen.getByRole('combobox', { name: 'Page' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Asthma - Page 1 - History',
      'Asthma - Page 2 - History',
    ]);
  });

  it('S-31 G-01 G-02 G-05 V-21 Next page with unanswered questions shows the dialog listing them; OK stays', async () => {
    await openWithAsthma();
    await answerNo('a1', 'a3');
    await userEvent.click(button('Next page'));
    const dialog = await screen.findByRole('dialog', { name: 'Incomplete questionnaire' });
    expect(dialog.textContent).toContain('Questionnaire has not been completed.');
    expect(dialog.textContent).toContain('Questions: 2, 4, 5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Asthma - Page 1 - History' })).toBeTruthy();
    expect(screen.getByRole('region', { name: /Question a2$/ }).getAttribute('data-status')).toBe(
      'empty',
    );
  });

  it('S-32 S-33 S-34 a complete page moves on; Prev page is free; the pagination forward checks too', async () => {
    await openWithAsthma();
    await answerNo('a1', 'a2', 'a3', 'a4', 'a5');
    await userEvent.click(button('Next page'));
    expect(screen.getByRole('heading', { name: 'Asthma - Page 2 - History' })).toBeTruthy();
    await userEvent.click(button('Prev page'));
    expect(screen.getByRole('heading', { name: 'Asthma - Page 1 - History' })).toBeTruthy();
    const q1 = screen.getByRole('region', { name: /Question a1$/ });
    await userEvent.click(within(q1).getByRole('radio', { name: 'Yes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(screen.getByRole('heading', { name: 'Asthma - Page 2 - History' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 1' }));
    expect(screen.getByRole('heading', { name: 'Asthma - Page 1 - History' })).toBeTruthy();
  });

  it('M-29 S-16 S-50 S-51 S-52 decisions show once complete, and Save and Submit enable', async () => {
    await openWithAsthma();
    expect(button('Save').disabled).toBe(true);
    expect(button('Submit').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await answerNo('a1', 'a2', 'a3', 'a4', 'a5');
    await userEvent.click(button('Next page'));
    const q6 = screen.getByRole('region', { name: /Question a6$/ });
    await userEvent.click(within(q6).getByRole('radio', { name: 'Yes' }));
    const row = screen.getByRole('row', { name: /^Asthma/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['25']);
    expect(button('Save').disabled).toBe(false);
    expect(button('Submit').disabled).toBe(false);
  });

  it('X-11 G-06 G-07 G-08 S-23 saving shows the save result; OK resets the form and goes to a fresh /home', async () => {
    const { router, store } = await openWithAsthma();
    await answerNo('a1', 'a2', 'a3', 'a4', 'a5');
    await userEvent.click(button('Next page'));
    await answerNo('a6');
    await userEvent.click(button('Save'));
    const dialog = await screen.findByRole('dialog', { name: 'Video MER' });
    expect(dialog.textContent).toContain(
      'The questionnaire has been saved. It is not completed yet.',
    );
    const [payload] = sent(api!, 'impairment/video_mer/disclosure/save') as Record<
      string,
      unknown
    >[];
    expect(payload).toMatchObject({
      applicationNumber: 'APP1',
      age: 45,
      gender: 'Male',
      rsmScore: 'A',
      insurerCode: 'phkl',
    });
    const doc = JSON.parse(payload!.disclosureJson as string) as {
      impairments: { uuid: string; answers: unknown[] }[];
    };
    expect(doc.impairments[0]).toMatchObject({ uuid: 'asthma' });
    expect(doc.impairments[0]!.answers).toHaveLength(6);
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(selectQuestionnaire(store.getState()).chosen).toEqual([]));
    expect(router.state.location.pathname).toBe('/home');
    await waitFor(() =>
      expect(sent(api!, 'analytics/web/create')).toContainEqual(
        expect.objectContaining({ activity: 'save' }),
      ),
    );
  });

  it('X-11 S-24 G-09 A-18 Submit with every condition complete, answered with code 200, shows the submit result', async () => {
    await openWithAsthma();
    await answerNo('a1', 'a2', 'a3', 'a4', 'a5');
    await userEvent.click(button('Next page'));
    await answerNo('a6');
    await userEvent.click(button('Submit'));
    const dialog = await screen.findByRole('dialog', { name: 'Video MER' });
    expect(dialog.textContent).toContain('submitted and is completed. Thank you.');
  });

  it('Submit with a condition still incomplete shows the incomplete dialog and submits nothing', async () => {
    await openWithAsthma();
    await answerNo('a1', 'a2', 'a3', 'a4', 'a5');
    await userEvent.click(button('Next page'));
    await answerNo('a6');
    await addSelfDefined('Gout');
    await screen.findByRole('button', { name: 'Gout' });
    await userEvent.click(button('Submit'));
    const dialog = await screen.findByRole('dialog', { name: 'Incomplete questionnaire' });
    expect(dialog.textContent).toContain('Questions: 7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('heading', { name: 'Gout - Page 1 - History' })).toBeTruthy();
    expect(sent(api!, 'impairment/video_mer/disclosure/submit')).toEqual([]);
  });

  it('X-11 S-17 G-11 G-13 G-12 S-25 edit mode shows Close and Submit; Close asks, Cancel stays, Proceed leaves', async () => {
    const { router, store } = await openWithAsthma({
      session: { action: 'edit', status: 2, id: ID, version: 1, redirection: '/privacy' },
    });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    await userEvent.click(button('Close'));
    let dialog = await screen.findByRole('dialog', { name: 'Video MER' });
    expect(dialog.textContent).toContain('Close without saving?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(selectQuestionnaire(store.getState()).chosen).toHaveLength(1);
    await userEvent.click(button('Close'));
    dialog = await screen.findByRole('dialog', { name: 'Video MER' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/privacy'));
    expect(sent(api!, 'impairment/video_mer/disclosure/save')).toEqual([]);
  });

  it('S-19 S-20 view mode at status 3 offers Validate and Reject to an underwriter; other statuses do not', async () => {
    const view = await renderScreen({ session: { action: 'view', status: 3, id: ID } });
    api = view.api;
    expect(button('Validate')).toBeTruthy();
    expect(button('Reject')).toBeTruthy();
    expect(button('Close')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    view.unmount();
    const other = await renderScreen({ session: { action: 'view', status: 4, id: ID } });
    api = other.api;
    expect(screen.queryByRole('button', { name: 'Validate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('the underwriter who submitted a disclosure is told another one reviews it, with no Validate or Reject', async () => {
    const view = await renderScreen({
      session: { action: 'view', status: 3, id: ID, submittedByCaller: true },
    });
    api = view.api;
    expect(
      screen.getByText(
        'You submitted this disclosure, so another underwriter validates or rejects it.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Validate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(button('Close')).toBeTruthy();
  });

  it('S-21 W-16 Validate, once confirmed, calls the server and, once done, resets the form and leaves', async () => {
    const view = await renderScreen({
      session: { action: 'view', status: 3, id: ID, redirection: '/privacy' },
    });
    api = view.api;
    await userEvent.click(button('Validate'));
    const dialog = await screen.findByRole('dialog', { name: 'Validate this disclosure?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Validate' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/privacy'));
    expect(
      api.requests.some((r) => r.url.pathname === `/api/impairment/video_mer/validate/${ID}`),
    ).toBe(true);
  });

  const reviewable = (refused?: 'validate' | 'reject') =>
    renderScreen({
      session: { action: 'view', status: 3, id: ID, redirection: '/privacy' },
      overrides: (request) =>
        refused && request.url.pathname.includes(`/${refused}/`)
          ? { status: 409, json: { code: 409, message: 'Changed by someone else' } }
          : undefined,
    });
  const expectReportedAndKept = async (view: Awaited<ReturnType<typeof renderScreen>>) => {
    await waitFor(() =>
      expect(view.store.getState().globalFeedback.apiError).toMatchObject({
        open: true,
        message: 'Changed by someone else',
      }),
    );
    expect(view.router.state.location.pathname).toBe('/home');
    expect(selectQuestionnaire(view.store.getState()).session.id).toBe(ID);
  };

  it('S-22 W-16 Reject asks for a reason, sends it, then resets the form and leaves', async () => {
    const view = await reviewable();
    api = view.api;
    await userEvent.click(button('Reject'));
    let dialog = await screen.findByRole('dialog', { name: 'Reject this disclosure?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(api, `impairment/video_mer/reject/${ID}`)).toEqual([]);
    await userEvent.click(button('Reject'));
    dialog = await screen.findByRole('dialog', { name: 'Reject this disclosure?' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason.getAttribute('maxlength')).toBe(String(REJECT_REASON_MAX));
    await userEvent.type(reason, '  Height missing.{Enter}Please ask again.  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/privacy'));
    expect(sent(api, `impairment/video_mer/reject/${ID}`)).toEqual([
      { reason: 'Height missing.\nPlease ask again.' },
    ]);
    expect(selectQuestionnaire(view.store.getState()).session.id).toBeNull();
  });

  it('W-16 Reject cannot be sent without a reason: blanks alone keep it disabled', async () => {
    const view = await reviewable();
    api = view.api;
    await userEvent.click(button('Reject'));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this disclosure?' });
    const confirm = within(dialog).getByRole('button', { name: 'Reject' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '   ');
    expect(confirm.disabled).toBe(true);
    expect(sent(api, `impairment/video_mer/reject/${ID}`)).toEqual([]);
  });

  it('a failed reject reports the error and keeps the dialog with its reason (design §8)', async () => {
    const view = await reviewable('reject');
    api = view.api;
    await userEvent.click(button('Reject'));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this disclosure?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Unclear');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await expectReportedAndKept(view);
    expect(
      (within(dialog).getByRole('textbox', { name: 'Reason' }) as HTMLTextAreaElement).value,
    ).toBe('Unclear');
  });

  it('M-05 M-19 M-21 M-23 the application number input, Prev page and Next page, the button row with Export, the titled print card', async () => {
    window.innerHeight = 800;
    await openWithAsthma();
    const basic = screen.getByRole('region', { name: 'Customer profile / Basic information' });
    expect(within(basic).getByRole('textbox', { name: /^Application number/ })).toBeTruthy();
    const disclosure = screen.getByRole('region', { name: 'Video MER disclosure' });
    for (const name of ['Prev page', 'Next page', 'Export', 'Save', 'Submit'])
      expect(within(disclosure).getByRole('button', { name })).toBeTruthy();
    const print = screen.getByRole('complementary', { name: 'Print' });
    expect(within(print).getByRole('heading', { name: 'Print' })).toBeTruthy();
    expect(within(print).getByRole('button', { name: 'Print' })).toBeTruthy();
  });

  it('M-20 C-27 with 13 pages the first 3 and last 3 page numbers show beside the current one', async () => {
    const view = await renderScreen();
    api = view.api;
    const many = impairment(
      'many',
      'Many',
      'Both',
      Array.from({ length: 65 }, (_, i) => radio(`m${i + 1}`, 'many', i + 1)),
    );
    view.store.dispatch(
      impairmentChosen({
        impairment: many,
        names: { abnormalBmiImpairmentName: '', highLowBmiImpairmentName: '' },
      }),
    );
    view.store.dispatch(pageShown({ page: 6, pageCount: 13 }));
    const pagination = await screen.findByRole('navigation', { name: 'Pages' });
    const numbers = within(pagination)
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((text) => /^\d+$/.test(text ?? ''));
    expect(numbers).toEqual(['1', '2', '3', '6', '7', '8', '11', '12', '13']);
  });

  it('A-20 a save answered with code 200 opens the save result dialog; a submit refused with another code opens none (design §8)', async () => {
    let code = 200;
    await openWithAsthma({
      overrides: (request) =>
        code === 200 || !request.url.pathname.endsWith('/disclosure/submit')
          ? undefined
          : { status: code, json: { code, message: 'Refused' } },
    });
    await answerNo('a1', 'a2', 'a3', 'a4', 'a5');
    await userEvent.click(button('Next page'));
    await answerNo('a6');
    code = 422;
    await userEvent.click(button('Submit'));
    await waitFor(() =>
      expect(sent(api!, 'analytics/web/create')).toContainEqual(
        expect.objectContaining({ activity: 'submit_failed' }),
      ),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    code = 200;
    await userEvent.click(button('Save'));
    const dialog = await screen.findByRole('dialog', { name: 'Video MER' });
    expect(dialog.textContent).toContain('The questionnaire has been saved.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a failed validate reports the error and leaves the disclosure on screen (design §8)', async () => {
    const view = await reviewable('validate');
    api = view.api;
    await userEvent.click(button('Validate'));
    const dialog = await screen.findByRole('dialog', { name: 'Validate this disclosure?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Validate' }));
    await expectReportedAndKept(view);
    expect(button('Validate')).toBeTruthy();
  });

  it('M-22 C-26 the print action shows above 667 px of height and not at 667', async () => {
    window.innerHeight = 668;
    const tall = await renderScreen();
    api = tall.api;
    expect(screen.getByRole('complementary', { name: 'Print' })).toBeTruthy();
    tall.unmount();
    window.innerHeight = 667;
    const short = await renderScreen();
    api = short.api;
    expect(screen.queryByRole('complementary', { name: 'Print' })).toBeNull();
    window.innerHeight = 768;
  });

  it('V-60 printing with a condition lacking a decision shows the highlights and does not print', async () => {
    window.innerHeight = 800;
    await openWithAsthma();
    let printed = false;
    window.print = () => {
      printed = true;
    };
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(await screen.findByRole('dialog', { name: 'Incomplete questionnaire' })).toBeTruthy();
    expect(printed).toBe(false);
  });
});
