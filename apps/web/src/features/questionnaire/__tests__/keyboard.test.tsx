import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { MockApi } from '../../../test/mock-api.ts';
import { endpoints } from '@vmer/domain/api/endpoints';
import { envelope, ok, onEndpoint } from '../../../test/mock-api.ts';
import { disclosureStored } from '../questionnaire-slice.ts';
import { InterviewCommandsContext } from '../keyboard/interview-commands.ts';
import { SHORTCUT_ROWS } from '../keyboard/shortcuts.ts';
import { ShortcutsButton } from '../keyboard/shortcuts-button.tsx';
import { ShortcutsDialog } from '../keyboard/shortcuts-dialog.tsx';
import { useInterviewShortcuts } from '../keyboard/use-interview-shortcuts.ts';
import { i18n, option, question, renderQuestion } from './fixtures.tsx';
import { ASTHMA, loadSubmitted, renderScreen, sent } from './screen-fixtures.tsx';
import { answerNo, chooseAsthma, fillBasics } from './screen-steps.ts';

afterEach(cleanup);

const yes = option('yes', 'Yes');
const no = option('no', 'No');
const maybe = option('maybe', 'Not sure');
const radioQ = question('R', { answerList: [yes, no, maybe] });
const none = option('none', 'None of these', { unique: 'Y' });
const cough = option('cough', 'Cough', { unique: 'N' });
const wheeze = option('wheeze', 'Wheeze', { unique: 'N' });
const checkboxQ = question('C', { answerList: [cough, wheeze, none] });

describe('Digits choose an option (I-07)', () => {
  it('I-07 digit 2 on a radio question chooses the second option and focus follows to it', async () => {
    const { last } = renderQuestion({ q: radioQ });
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Yes' }));
    await userEvent.keyboard('2');
    expect(last()).toEqual(['no']);
    expect((screen.getByRole('radio', { name: 'No' }) as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'No' }));
    await userEvent.keyboard('3');
    expect(last()).toEqual(['maybe']);
  });

  it('I-07 a digit with no option of its number, or with Ctrl or Alt, changes nothing', async () => {
    const { answers } = renderQuestion({ q: radioQ });
    await userEvent.tab();
    await userEvent.keyboard('4');
    await userEvent.keyboard('{Control>}1{/Control}{Alt>}2{/Alt}');
    expect(answers).toEqual([]);
  });

  it('I-07 digits toggle checkboxes under the exclusive-option rule, as clicks do', async () => {
    const { last } = renderQuestion({ q: checkboxQ });
    await userEvent.tab();
    await userEvent.keyboard('1');
    expect(last()).toEqual(['cough']);
    await userEvent.keyboard('2');
    expect(last()).toEqual(['cough', 'wheeze']);
    await userEvent.keyboard('1');
    expect(last()).toEqual(['wheeze']);
    await userEvent.keyboard('3');
    expect(last()).toEqual(['none']);
    await userEvent.keyboard('3');
    expect(last()).toBeUndefined();
  });

  it('I-07 digits choose on a single and a multiple drop-down list', async () => {
    const single = renderQuestion({ q: question('S', { answerList: [yes, no, maybe] }) });
    await userEvent.tab();
    expect(document.activeElement?.getAttribute('role')).toBe('combobox');
    await userEvent.keyboard('3');
    expect(single.last()).toEqual(['maybe']);
    expect(screen.getByRole('combobox').textContent).toBe('Not sure');
    cleanup();
    const multiple = renderQuestion({ q: question('M', { answerList: [cough, wheeze, none] }) });
    await userEvent.tab();
    await userEvent.keyboard('2');
    await userEvent.keyboard('1');
    expect(multiple.last()).toEqual(['cough', 'wheeze']);
    // In the open list too, where each option shows its digit.
    await userEvent.keyboard('{Enter}');
    const list = await screen.findByRole('listbox');
    expect(within(list).getByRole('option', { name: 'None of these' }).textContent).toBe(
      'None of these3',
    );
    await userEvent.keyboard('3');
    expect(multiple.last()).toEqual(['none']);
  });

  it('I-07 each option shows its digit, hidden from screen readers; an option past the ninth has none', () => {
    const many = question('R', {
      answerList: Array.from({ length: 10 }, (_, i) => option(`o${i + 1}`, `Option ${i + 1}`)),
    });
    renderQuestion({ q: many });
    const digits = [...document.querySelectorAll('[data-option-digit]')];
    expect(digits.map((d) => d.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(digits.every((d) => d.getAttribute('aria-hidden') === 'true')).toBe(true);
    // The accessible name stays the option's text alone.
    expect(screen.getByRole('radio', { name: 'Option 1' })).toBeTruthy();
  });

  it('I-07 a read-only question ignores digits', async () => {
    const { answers } = renderQuestion({ q: radioQ, initial: ['yes'], readOnly: true });
    fireEvent.keyDown(screen.getByRole('radio', { name: 'Yes' }), { key: '2' });
    expect(answers).toEqual([]);
  });
});

describe('Choosing from the keyboard (I-06)', () => {
  it('I-06 arrows move within a radio group and choose; Tab leaves the group for the next field', async () => {
    const { last } = renderQuestion({ q: radioQ });
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    expect(last()).toEqual(['no']);
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'No' }));
    await userEvent.keyboard('{ArrowUp}');
    expect(last()).toEqual(['yes']);
    await userEvent.tab();
    expect(document.activeElement).toBe(document.body);
  });

  it('I-06 Space and Enter tick and untick the checkbox that has the focus', async () => {
    const { last } = renderQuestion({ q: checkboxQ });
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(last()).toEqual(['cough']);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Wheeze' }));
    await userEvent.keyboard('{Enter}');
    expect(last()).toEqual(['cough', 'wheeze']);
    await userEvent.keyboard('{Enter}');
    expect(last()).toEqual(['cough']);
  });

  it('I-06 Enter opens a drop-down list and chooses the option the arrows reach', async () => {
    const { last } = renderQuestion({ q: question('S', { answerList: [yes, no, maybe] }) });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const list = await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(last()).toEqual(['no']);
    await waitFor(() => expect(list.isConnected).toBe(false));
  });
});

/** A screen with the shortcuts hook and a condition search field, as the questionnaire has. */
function Harness({ onSave }: { onSave?: () => void }) {
  const keyboard = useInterviewShortcuts();
  return (
    <I18nextProvider i18n={i18n}>
      <InterviewCommandsContext value={keyboard.commands}>
        <label>
          Notes
          <input />
        </label>
        <input id="condition-search" aria-label="Medical condition" />
        {onSave && <SaveOffer onSave={onSave} commands={keyboard.commands} />}
        <ShortcutsButton onClick={keyboard.openDialog} />
        <ShortcutsDialog open={keyboard.dialogOpen} onClose={keyboard.closeDialog} />
      </InterviewCommandsContext>
    </I18nextProvider>
  );
}

function SaveOffer({
  onSave,
  commands,
}: {
  onSave: () => void;
  commands: ReturnType<typeof useInterviewShortcuts>['commands'];
}) {
  return (
    <button type="button" onClick={() => commands.register('save', onSave)}>
      Offer save
    </button>
  );
}

describe('Shortcuts (I-08) and their dialog', () => {
  it("I-08 '/' focuses the condition search, but is typed into a text field", async () => {
    await i18n.changeLanguage('en');
    render(<Harness />);
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    await userEvent.click(notes);
    await userEvent.keyboard('a/b');
    expect((notes as HTMLInputElement).value).toBe('a/b');
    expect(document.activeElement).toBe(notes);
    screen.getByRole('button', { name: 'Keyboard shortcuts' }).focus();
    await userEvent.keyboard('/');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Medical condition' }));
  });

  it("I-08 I-09 '?' opens the dialog listing every shortcut; it closes back to where the focus was", async () => {
    await i18n.changeLanguage('en');
    render(<Harness />);
    const button = screen.getByRole('button', { name: 'Keyboard shortcuts' });
    button.focus();
    await userEvent.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const rows = within(dialog).getAllByRole('row');
    expect(rows).toHaveLength(SHORTCUT_ROWS.length + 1);
    expect(rows.map((r) => r.textContent)).toEqual(
      expect.arrayContaining([
        'Alt+Page DownNext page (the page is checked first, as with the Next page button)',
        'Alt+Page UpPrevious page',
        'Ctrl+S or ⌘SSave, when Save is available',
        '/Go to the condition search',
        '?Show this list',
      ]),
    );
    expect(within(dialog).getByRole('columnheader', { name: 'Keys' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it("I-08 '?' typed in a text field is text; the button opens the same dialog, in Chinese too", async () => {
    await i18n.changeLanguage('cn_traditional');
    render(<Harness />);
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    await userEvent.click(notes);
    await userEvent.keyboard('?');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((notes as HTMLInputElement).value).toBe('?');
    const button = screen.getByRole('button', { name: '鍵盤快捷鍵' });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: '鍵盤快捷鍵' });
    expect(dialog.textContent).toContain('下一頁（與「下一頁」按鈕一樣，會先檢查本頁）');
    expect(dialog.textContent).toContain('前往病況搜尋');
    expect(within(dialog).getByRole('columnheader', { name: '按鍵' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '確定' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
    await i18n.changeLanguage('en');
  });

  it("I-08 Ctrl+S and ⌘S stop the browser's own save, and save only while Save is offered", async () => {
    await i18n.changeLanguage('en');
    const saved: string[] = [];
    render(<Harness onSave={() => saved.push('saved')} />);
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    expect(fireEvent.keyDown(notes, { key: 's', ctrlKey: true })).toBe(false);
    expect(saved).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Offer save' }));
    expect(fireEvent.keyDown(notes, { key: 's', ctrlKey: true })).toBe(false);
    expect(fireEvent.keyDown(notes, { key: 'S', metaKey: true })).toBe(false);
    expect(saved).toEqual(['saved', 'saved']);
    // A plain 's' is typed.
    expect(fireEvent.keyDown(notes, { key: 's' })).toBe(true);
    expect(saved).toHaveLength(2);
  });
});

const SAVED_ID = '00000000-0000-4000-8000-0000000000bb';

describe('Shortcuts on the questionnaire screen (I-08, I-09)', { timeout: 30_000 }, () => {
  let api: MockApi | undefined;
  afterEach(() => {
    api = undefined;
  });

  async function openWithAsthma() {
    await i18n.changeLanguage('en');
    const view = await renderScreen({
      overrides: (request) =>
        request.url.pathname.endsWith('/disclosure/save')
          ? ok({ id: SAVED_ID, requestId: SAVED_ID, status: 2, version: 1, disclosureJson: '{}' })
          : undefined,
    });
    api = view.api;
    await fillBasics();
    await chooseAsthma();
    return view;
  }

  const region = (uuid: string) =>
    screen.getByRole('region', { name: new RegExp(`Question ${uuid}$`) });

  it('I-08 I-09 Alt+PageDown checks the page like Next page; the dialog closes back to the question', async () => {
    await openWithAsthma();
    const a1No = within(region('a1')).getByRole('radio', { name: 'No' });
    a1No.focus();
    await userEvent.keyboard('1');
    await userEvent.keyboard('{Alt>}{PageDown}{/Alt}');
    const dialog = await screen.findByRole('dialog', { name: 'Incomplete questionnaire' });
    expect(dialog.textContent).toContain('Questions: 2, 3, 4, 5');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Asthma - Page 1 - History' })).toBeTruthy();
    expect(document.activeElement).toBe(within(region('a1')).getByRole('radio', { name: 'No' }));
  });

  it('I-07 I-08 I-09 a page answered by digits, Alt+PageDown moves on and focuses the new page heading; Alt+PageUp back; the decision shows', async () => {
    await openWithAsthma();
    for (const uuid of ['a1', 'a2', 'a3', 'a4', 'a5']) {
      within(region(uuid)).getByRole('radio', { name: 'No' }).focus();
      await userEvent.keyboard('1');
    }
    await userEvent.keyboard('{Alt>}{PageDown}{/Alt}');
    const page2 = await screen.findByRole('heading', { name: 'Asthma - Page 2 - History' });
    expect(document.activeElement).toBe(page2);
    expect(page2.getAttribute('tabindex')).toBe('-1');
    await userEvent.tab();
    expect(document.activeElement).toBe(within(region('a6')).getByRole('radio', { name: 'No' }));
    await userEvent.keyboard('2');
    const row = screen.getByRole('row', { name: /^Asthma/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['25']);
    await userEvent.keyboard('{Alt>}{PageUp}{/Alt}');
    const page1 = await screen.findByRole('heading', { name: 'Asthma - Page 1 - History' });
    expect(document.activeElement).toBe(page1);
  });

  it('I-08 I-09 Ctrl+S runs Save as the button does, only once Save is enabled; after its result, the focus is on the title', async () => {
    await openWithAsthma();
    await answerNo('a1', 'a2', 'a3', 'a4', 'a5');
    await userEvent.keyboard('{Control>}s{/Control}');
    expect(sent(api!, 'impairment/video_mer/disclosure/save')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await answerNo('a6');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    await userEvent.keyboard('{Control>}s{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Video MER' });
    expect(dialog.textContent).toContain('The questionnaire has been saved.');
    expect(sent(api!, 'impairment/video_mer/disclosure/save')).toHaveLength(1);
    // OK starts a fresh form, its buttons disabled: the focus goes to the screen's title (I-09).
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })),
    );
  });

  it("I-08 the screen's Keyboard shortcuts button and '?' open the dialog", async () => {
    await openWithAsthma();
    within(region('a1')).getByRole('radio', { name: 'No' }).focus();
    await userEvent.keyboard('?');
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
  });
});

describe('Focus after the override dialog (I-09)', { timeout: 30_000 }, () => {
  const ID = '00000000-0000-4000-8000-0000000000cc';
  const CLAIM = {
    claimedBy: 'uw1',
    mine: true,
    claimedAt: '2026-11-25T10:00:00.000Z',
    expiresAt: '2026-11-25T11:00:00.000Z',
  };
  const OVERRIDE = {
    impairmentUuid: 'asthma',
    indicator: 'LIFE',
    decision: 'D',
    reason: 'medical_evidence',
    note: '',
    by: 'uw1',
    at: '2026-11-25T10:05:00.000Z',
  };

  it('I-09 cancelled or saved, the override dialog gives the focus back to its Override button', async () => {
    await i18n.changeLanguage('en');
    const view = await renderScreen({
      session: { action: 'view', status: 3, id: ID, requestId: ID, version: 4 },
      handlers: [
        onEndpoint(endpoints.disclosureOverrides, () => envelope({ version: 4, overrides: [] })),
        onEndpoint(endpoints.reviewClaim, () => envelope(CLAIM)),
        onEndpoint(endpoints.disclosureOverride, () =>
          envelope({ version: 5, overrides: [OVERRIDE] }),
        ),
      ],
    });
    loadSubmitted(view.store, {
      applicationNumber: 'APP43',
      profile: { age: 40, gender: 'Male', rsmScore: 'A' },
      chosen: [
        {
          impairment: ASTHMA,
          answers: Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => [`a${n}`, [`a${n}-no`]])),
        },
      ],
    });
    act(() => {
      view.store.dispatch(disclosureStored({ id: ID, requestId: ID, status: 3, version: 4 }));
    });
    await userEvent.click(screen.getByRole('button', { name: 'Start review' }));
    const overrideButton = () =>
      within(screen.getByRole('row', { name: /^Asthma/ })).getByRole('button', {
        name: 'Override Asthma, Life',
      });
    await waitFor(() => expect(overrideButton()).toBeTruthy());
    overrideButton().focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Override the decision' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(overrideButton());

    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Override the decision' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Reason/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Further medical evidence' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save override' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(
        within(screen.getByRole('row', { name: /^Asthma/ })).getAllByRole('cell')[0]!.textContent,
      ).toContain('Override: D'),
    );
    expect(document.activeElement).toBe(overrideButton());
  });
});
