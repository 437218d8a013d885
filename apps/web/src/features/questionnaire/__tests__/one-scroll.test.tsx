import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from './screen-fixtures.tsx';
import { answerNo, choose, chooseAsthma, fillBasics } from './screen-steps.ts';

const TOGGLE = 'Show all questions on one page';
const region = (uuid: string) =>
  screen.getByRole('region', { name: new RegExp(`Question ${uuid}$`) });

/**
 * jsdom lays nothing out: the list's viewport is given 1,000 px and each row 50 px, so the
 * virtual list has a size to fill.
 */
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(1000);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(50);
});
afterEach(() => {
  vi.restoreAllMocks();
  window.innerHeight = 768;
});

/**
 * A woman's disclosure with Asthma (6 questions over 2 pages) and Ovarian cyst (1), chosen with
 * one-scroll off (`paged`) or already on.
 */
async function openWithTwoConditions(paged = true) {
  const view = await renderScreen();
  await fillBasics('Female');
  if (paged) await chooseAsthma();
  else await choose('asth', 'Asthma');
  await choose('ovar', 'Ovarian cyst');
  return view;
}

/** Turns one-scroll on; the view's code loads the first time, so it waits for its index. */
async function turnOnOneScroll(): Promise<void> {
  await userEvent.click(screen.getByRole('switch', { name: TOGGLE }));
  await screen.findByRole('navigation', { name: 'Conditions' });
}

describe('one-scroll mode', { timeout: 30_000 }, () => {
  it('I-23 paging is the default; the switch shows every condition’s questions grouped, with the condition index', async () => {
    await openWithTwoConditions();
    const toggle = screen.getByRole('switch', { name: TOGGLE });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(screen.getAllByRole('region', { name: /Question [ao]\d$/ })).toHaveLength(5);

    await userEvent.click(toggle);
    expect(screen.queryByRole('combobox', { name: 'Page' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
    // The view's code loads when the switch is first turned on.
    const index = await screen.findByRole('navigation', { name: 'Conditions' });
    expect(
      within(index)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Asthma', 'Ovarian cyst']);
    expect(within(index).getByRole('button', { name: 'Asthma' }).getAttribute('aria-current')).toBe(
      'location',
    );
    const list = screen.getByRole('region', { name: 'All questions, by condition' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => `${h.tagName} ${h.textContent}`),
    ).toEqual(['H3 Asthma', 'H4 History', 'H3 Ovarian cyst', 'H4 History']);
    expect(
      within(list)
        .getAllByRole('region', { name: /Question [ao]\d$/ })
        .map((r) => r.getAttribute('data-question')),
    ).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'o1']);
  });

  it('I-23 an answer in one-scroll records and decides as on pages', async () => {
    await openWithTwoConditions();
    await turnOnOneScroll();
    await answerNo('a1', 'a2', 'a3', 'a4', 'a5', 'o1');
    await userEvent.click(within(region('a6')).getByRole('radio', { name: 'Yes' }));
    const row = screen.getByRole('row', { name: /^Asthma/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['25']);
    // Back on pages, the answer is there.
    await userEvent.click(screen.getByRole('switch', { name: TOGGLE }));
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    const yes = within(region('a6')).getByRole('radio', { name: 'Yes' }) as HTMLInputElement;
    expect(yes.checked).toBe(true);
  });

  it('I-23 the setting is remembered for this user, under a key that does not name them', async () => {
    const first = await openWithTwoConditions();
    await turnOnOneScroll();
    const keys = Object.keys(window.localStorage).filter((k) => k.startsWith('vmer.oneScroll.'));
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain('uw1');
    first.unmount();

    await openWithTwoConditions(false);
    expect((screen.getByRole('switch', { name: TOGGLE }) as HTMLInputElement).checked).toBe(true);
    expect(await screen.findByRole('navigation', { name: 'Conditions' })).toBeTruthy();
  });

  it('I-23 print with unanswered questions checks every condition, highlights them and focuses the first', async () => {
    window.innerHeight = 800;
    await openWithTwoConditions();
    await turnOnOneScroll();
    await answerNo('a1', 'a2');
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    const dialog = await screen.findByRole('dialog', { name: 'Incomplete questionnaire' });
    expect(dialog.textContent).toContain('Asthma - Page 1 - History');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    for (const uuid of ['a3', 'a4', 'a5', 'a6', 'o1'])
      expect(region(uuid).getAttribute('data-status')).toBe('empty');
    for (const uuid of ['a1', 'a2']) expect(region(uuid).getAttribute('data-status')).toBeNull();
    await waitFor(() => expect(region('a3').contains(document.activeElement)).toBe(true));
  });

  it('I-23 I-08 Alt+PageDown and Alt+PageUp move from one condition to the next in one-scroll', async () => {
    await openWithTwoConditions();
    await turnOnOneScroll();
    await userEvent.keyboard('{Alt>}{PageDown}{/Alt}');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Ovarian cyst' })),
    );
    await userEvent.keyboard('{Alt>}{PageUp}{/Alt}');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Asthma' })),
    );
    // Paging is untouched: no page changed.
    await userEvent.click(screen.getByRole('switch', { name: TOGGLE }));
    expect(screen.getByRole('heading', { name: 'Asthma - Page 1 - History' })).toBeTruthy();
  });
});
