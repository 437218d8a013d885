import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endpoints } from '@vmer/domain/api/endpoints';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Override } from '@vmer/domain/workbench';
import { envelope, ok, onEndpoint } from '../../../test/mock-api.ts';
import { LANGUAGE_STORAGE_KEY } from '../../language/language-slice.ts';
import {
  disclosureLoaded,
  disclosureStored,
  NEW_SESSION,
  selectQuestionnaire,
} from '../questionnaire-slice.ts';
import {
  ASTHMA,
  loadSubmitted,
  renderScreen,
  sent,
  statusTexts,
  storedDisclosure,
} from './screen-fixtures.tsx';

const ID = '00000000-0000-4000-8000-0000000000aa';
const CLAIM = {
  claimedBy: 'uw1',
  mine: true,
  claimedAt: '2026-11-25T10:00:00.000Z',
  expiresAt: '2026-11-25T11:00:00.000Z',
};
/** Asthma answered No but for the last question, Yes: the engine decides LIFE 25. */
const ANSWERS = Object.fromEntries(
  [1, 2, 3, 4, 5, 6].map((n) => [`a${n}`, [`a${n}-${n === 6 ? 'yes' : 'no'}`]]),
);
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

/** A submitted disclosure (Asthma, LIFE 25) opened by uw1, who may review it. */
async function openSubmitted(
  handlers: Parameters<typeof renderScreen>[0] = {},
  overrides: Override[] = [],
) {
  const view = await renderScreen({
    ...handlers,
    session: { action: 'view', status: 3, id: ID, requestId: ID, version: 4 },
    handlers: [
      onEndpoint(endpoints.disclosureOverrides, () => envelope({ version: 4, overrides })),
      ...(handlers.handlers ?? []),
    ],
  });
  loadSubmitted(view.store, {
    applicationNumber: 'APP42',
    profile: { age: 40, gender: 'Male', rsmScore: 'A' },
    chosen: [{ impairment: ASTHMA, answers: ANSWERS }],
  });
  act(() => {
    view.store.dispatch(disclosureStored({ id: ID, requestId: ID, status: 3, version: 4 }));
  });
  return view;
}

describe('Reviewing a submitted disclosure', { timeout: 30_000 }, () => {
  it('W-14 Start review claims it and says so; Release gives it back', async () => {
    const view = await openSubmitted({
      handlers: [
        onEndpoint(endpoints.reviewClaim, () => envelope(CLAIM)),
        onEndpoint(endpoints.reviewRelease, () => envelope(null)),
      ],
    });
    const bar = screen.getByRole('region', { name: 'Review' });
    expect(within(bar).getByRole('status').textContent).toContain('Start a review');
    await userEvent.click(within(bar).getByRole('button', { name: 'Start review' }));
    await within(bar).findByRole('button', { name: 'Release' });
    expect(within(bar).getByRole('status').textContent).toMatch(
      /^You are reviewing this disclosure, until .*2026.* unless you release it\.$/,
    );
    expect(view.api.requests.map((r) => `${r.method} ${r.url.pathname}`)).toContain(
      `POST /api/impairment/video_mer/disclosure/${ID}/claim`,
    );
    await userEvent.click(within(bar).getByRole('button', { name: 'Release' }));
    await within(bar).findByRole('button', { name: 'Start review' });
    expect(view.api.requests.map((r) => `${r.method} ${r.url.pathname}`)).toContain(
      `DELETE /api/impairment/video_mer/disclosure/${ID}/claim`,
    );
  });

  it('W-14 a claim another underwriter holds is refused with their name, and no error pops up elsewhere', async () => {
    const holder =
      'uw3 is reviewing this disclosure: only they can change it until they release it or their claim lapses.';
    const view = await openSubmitted({
      handlers: [
        onEndpoint(endpoints.reviewClaim, () =>
          HttpResponse.json({ code: 409, message: holder }, { status: 409 }),
        ),
      ],
    });
    const bar = screen.getByRole('region', { name: 'Review' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Start review' }));
    expect((await within(bar).findByRole('alert')).textContent).toBe(holder);
    expect(within(bar).getByRole('button', { name: 'Start review' })).toBeTruthy();
    expect(view.store.getState().globalFeedback.apiError.open).toBe(false);
  });

  it('W-17 the underwriter who submitted it gets no review bar', async () => {
    await renderScreen({
      session: { action: 'view', status: 3, id: ID, submittedByCaller: true },
    });
    expect(screen.queryByRole('region', { name: 'Review' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start review' })).toBeNull();
  });

  it('W-16 Validate asks first: Cancel sends nothing; confirmed, it validates and says so', async () => {
    const view = await openSubmitted();
    await userEvent.click(button('Validate'));
    let dialog = await screen.findByRole('dialog', { name: 'Validate this disclosure?' });
    expect(dialog.textContent).toContain('Validating is final');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(view.api, `impairment/video_mer/validate/${ID}`)).toEqual([]);
    await userEvent.click(button('Validate'));
    dialog = await screen.findByRole('dialog', { name: 'Validate this disclosure?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('Disclosure APP42 is validated.')).toBeTruthy();
    expect(sent(view.api, `impairment/video_mer/validate/${ID}`)).toHaveLength(1);
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/home'));
  });

  it('W-16 the reject reason counts its characters as they are typed, in the field description', async () => {
    await openSubmitted();
    await userEvent.click(button('Reject'));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this disclosure?' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    const description = () =>
      document.getElementById(reason.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(description()).toBe('The interviewer reads it when correcting. 0 / 500');
    await userEvent.type(reason, 'Height missing.');
    expect(description()).toBe('The interviewer reads it when correcting. 15 / 500');
    expect(reason.getAttribute('maxlength')).toBe('500');
  });

  it('W-16 the counter and the dialogs read in Chinese', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'cn_traditional');
    try {
      await openSubmitted();
      expect(screen.getByRole('region', { name: '審核' })).toBeTruthy();
      expect(screen.getByRole('button', { name: '開始審核' })).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: '退回' }));
      const dialog = await screen.findByRole('dialog', { name: '退回此披露？' });
      await userEvent.type(within(dialog).getByRole('textbox', { name: '原因' }), '請補充血壓');
      expect(dialog.textContent).toContain('訪問員修改時會看到。5 / 500');
    } finally {
      window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    }
  });
});

describe('Overriding a decision', { timeout: 30_000 }, () => {
  const OVERRIDE: Override = {
    impairmentUuid: 'asthma',
    indicator: 'LIFE',
    engineDecision: '25',
    decision: 'D',
    reason: 'medical_evidence',
    note: 'Specialist report of 2026',
    by: 'uw1',
    at: '2026-11-25T10:05:00.000Z',
  };

  it('W-18 the holder of the claim overrides a decision with a reason and a note; the table shows both', async () => {
    const view = await openSubmitted({
      handlers: [
        onEndpoint(endpoints.reviewClaim, () => envelope(CLAIM)),
        onEndpoint(endpoints.disclosureOverride, async ({ request }) => {
          const body = (await request.json()) as { decision: string | null };
          return envelope({ version: 5, overrides: body.decision === null ? [] : [OVERRIDE] });
        }),
      ],
    });
    const row = () => screen.getByRole('row', { name: /^Asthma/ });
    // Not offered before the review starts.
    expect(within(row()).queryByRole('button', { name: 'Override Asthma, Life' })).toBeNull();
    await userEvent.click(button('Start review'));
    await userEvent.click(
      await within(row()).findByRole('button', { name: 'Override Asthma, Life' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Override the decision' });
    expect(dialog.textContent).toContain('Asthma, Life: the engine decided 25.');
    const save = within(dialog).getByRole('button', { name: 'Save override' }) as HTMLButtonElement;
    // A reason is required.
    expect(save.disabled).toBe(true);
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Reason/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Further medical evidence' }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Note' }),
      'Specialist report of 2026',
    );
    expect(dialog.textContent).toContain('Optional. 25 / 500');
    await userEvent.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(view.api, `impairment/video_mer/disclosure/${ID}/override`)).toEqual([
      {
        version: 4,
        impairmentUuid: 'asthma',
        indicator: 'LIFE',
        decision: 'D',
        reason: 'medical_evidence',
        note: 'Specialist report of 2026',
      },
    ]);
    const cell = within(row()).getAllByRole('cell')[0]!;
    await waitFor(() => expect(cell.textContent).toContain('Engine: 25'));
    expect(cell.textContent).toContain('Override: D');
    expect(cell.textContent).toContain(
      'Further medical evidence, by uw1 – Specialist report of 2026',
    );
    expect(selectQuestionnaire(view.store.getState()).session.version).toBe(5);

    // Removed, the engine's decision stands alone again.
    await userEvent.click(within(row()).getByRole('button', { name: 'Override Asthma, Life' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove override' }),
    );
    await waitFor(() =>
      expect(within(row()).getAllByRole('cell')[0]!.textContent).toBe('25Override'),
    );
    expect(
      (sent(view.api, `impairment/video_mer/disclosure/${ID}/override`)[1] as { decision: unknown })
        .decision,
    ).toBeNull();
  });

  it('W-18 debit points and exclusions are entered as the engine writes them', async () => {
    const view = await openSubmitted({
      exWordingList: [
        { code: 'EX1', wording: { en: 'Respiratory disorders', cn_traditional: '呼吸系統疾病' } },
        { code: 'EX3', wording: { en: 'Asthma and its complications', cn_traditional: '哮喘' } },
      ],
      handlers: [
        onEndpoint(endpoints.reviewClaim, () => envelope(CLAIM)),
        onEndpoint(endpoints.disclosureOverride, () =>
          envelope({ version: 5, overrides: [{ ...OVERRIDE, decision: 'EX1,EX3' }] }),
        ),
      ],
    });
    await userEvent.click(button('Start review'));
    await userEvent.click(await screen.findByRole('button', { name: 'Override Asthma, Life' }));
    const dialog = await screen.findByRole('dialog', { name: 'Override the decision' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Decision' }));
    await userEvent.click(screen.getByRole('option', { name: 'Debit points' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Points' }), '7x5');
    expect(
      (within(dialog).getByRole('textbox', { name: 'Points' }) as HTMLInputElement).value,
    ).toBe('75');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Decision' }));
    await userEvent.click(screen.getByRole('option', { name: 'Exclusions' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^EX1: Respiratory/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^EX3: Asthma/ }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Reason/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Underwriting judgement' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save override' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(view.api, `impairment/video_mer/disclosure/${ID}/override`)).toEqual([
      expect.objectContaining({ decision: 'EX1,EX3', reason: 'underwriting_judgement' }),
    ]);
  });

  it('W-18 anyone reading the disclosure sees the override beside the engine, without the action', async () => {
    await openSubmitted({}, [OVERRIDE]);
    const row = screen.getByRole('row', { name: /^Asthma/ });
    const cell = within(row).getAllByRole('cell')[0]!;
    await waitFor(() => expect(cell.textContent).toContain('Override: D'));
    expect(cell.textContent).toContain('Engine: 25');
    expect(within(row).queryByRole('button')).toBeNull();
  });
});

describe('A disclosure returned for correction', { timeout: 30_000 }, () => {
  const REQUEST = '00000000-0000-4000-8000-0000000000bb';
  it('W-21 shows at the top who returned it, when, and why, in English and Chinese', async () => {
    for (const [language, expected] of [
      ['en', 'Returned for correction by uw1 on 24 November 2026: Height missing.'],
      ['cn_traditional', 'uw1 於 2026年11月24日 退回修改：Height missing.'],
    ] as const) {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
      const view = await renderScreen({
        requestId: REQUEST,
        path: `/questionnaire/${REQUEST}`,
        overrides: (request) => {
          const path = request.url.pathname;
          if (path === `/api/impairment/video_mer/disclosure/${REQUEST}`)
            return ok(
              storedDisclosure(
                { requestId: REQUEST, applicationNumber: 'APP77', catalogVersion: '7' },
                { status: 5, rejectReason: 'Height missing.' },
              ),
            );
          if (path === `/api/impairment/video_mer/disclosure/${REQUEST}/audit`)
            return ok([
              {
                at: '2026-11-24T09:00:00.000Z',
                actor: 'uw1',
                operation: 'reject',
                fromStatus: 3,
                toStatus: 5,
                catalogVersion: '7',
                payloadSha256: null,
                reason: 'Height missing.',
                revision: null,
              },
            ]);
          return undefined;
        },
      });
      await waitFor(() => expect(statusTexts()).toEqual([expected]), {
        timeout: 10_000,
      });
      view.unmount();
    }
    window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  });
});

describe('The reference of a disclosure started at /home', { timeout: 30_000 }, () => {
  it('W-22 after a save the dialog and the screen show the reference with a copy button, and the address becomes its own', async () => {
    const user = userEvent.setup();
    const view = await renderScreen({
      overrides: (request) =>
        request.url.pathname.endsWith('/disclosure/save')
          ? ok({ id: ID, requestId: ID, status: 2, version: 1, disclosureJson: '{}' })
          : undefined,
    });
    // A complete disclosure, not saved yet.
    act(() => {
      view.store.dispatch(
        disclosureLoaded({
          session: NEW_SESSION,
          applicationNumber: 'APP42',
          profile: { age: 40, gender: 'Male', rsmScore: 'A' },
          chosen: [{ impairment: ASTHMA, answers: ANSWERS }],
        }),
      );
    });
    expect(screen.queryByText(/^Reference:/)).toBeNull();
    await user.click(button('Save'));
    const dialog = await screen.findByRole('dialog', { name: 'Video MER' });
    expect(dialog.textContent).toContain(`Reference: ${ID}`);
    await waitFor(() => expect(view.router.state.location.pathname).toBe(`/questionnaire/${ID}`));
    // Replaced, not pushed: Back does not return to the unsaved form.
    expect(view.router.state.historyAction).toBe('REPLACE');
    await user.click(within(dialog).getByRole('button', { name: 'Copy the reference' }));
    expect(await screen.findByText('Reference copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(ID);
    // The screen itself shows it too, and was not fetched again.
    expect(screen.getAllByText(ID).length).toBeGreaterThanOrEqual(2);
    expect(sent(view.api, `impairment/video_mer/disclosure/${ID}`)).toEqual([]);
  });
});
