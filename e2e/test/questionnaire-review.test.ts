import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverUrl } from '../src/browser.ts';
import {
  fetchDisclosure,
  isCall,
  journeySuite,
  PHKL_PRODUCT,
  QuestionnaireScreen,
  screenState,
  submittedDisclosure,
} from '../src/questionnaire.ts';

const baseUrl = serverUrl();
const suite = journeySuite();
const signedIn = (userName: string) => suite.signedIn(userName);

/** What a reviewer may still use on a disclosure in view mode (requirements §2, §4). */
const VIEW_MODE_CONTROLS = [
  'Close',
  'Validate',
  'Reject',
  'Export',
  'Print',
  'Prev page',
  'Next page',
  'Page',
  /^Go to (page \d+|first page|last page|next page|previous page)$/,
  // The decision's reasons open and close; they change nothing.
  /^Why: /,
  // The case view's tabs (requirements W-11): they show, and change nothing.
  'Case',
  'Form',
  'Timeline',
  'Compare',
  // The review bar's claim and the reference's copy (requirements W-14, W-22): neither edits it.
  'Start review',
  'Copy the reference',
  // Reading aids of the live interview (I-08, I-23): the shortcut list and the one-scroll view.
  'Keyboard shortcuts',
  'Show all questions on one page',
];

/**
 * Every control of the questionnaire screen (inputs, selects, text areas, buttons and the
 * widgets that act as them) that can still be used: neither disabled nor read-only.
 */
function usableControls(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((main) => {
    const selector =
      'input, select, textarea, button, [role="button"], [role="combobox"], [role="spinbutton"], [role="checkbox"], [role="radio"], [role="switch"], [contenteditable="true"]';
    const nameOf = (el: Element): string => {
      const labelledBy = el.getAttribute('aria-labelledby');
      const byId = labelledBy
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .trim();
      const label =
        el.getAttribute('aria-label') ??
        (byId || null) ??
        (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null) ??
        el.closest('label')?.textContent ??
        el.textContent;
      return (label ?? '').replace(/\s+/g, ' ').trim() || el.outerHTML.slice(0, 80);
    };
    return [...main.querySelectorAll(selector)]
      .filter((el) => {
        const control = el as HTMLInputElement;
        if (control.type === 'hidden' || el.closest('[aria-hidden="true"]')) return false;
        const locked =
          control.disabled ||
          control.readOnly ||
          el.getAttribute('aria-disabled') === 'true' ||
          el.getAttribute('aria-readonly') === 'true' ||
          el.classList.contains('Mui-disabled') ||
          el.closest('fieldset:disabled') !== null;
        // MUI's select keeps a native input, out of reach, beside its combobox.
        const shadowInput = el.classList.contains('MuiSelect-nativeInput');
        return !locked && !shadowInput;
      })
      .map(nameOf);
  });
}

const allowed = (name: string) =>
  VIEW_MODE_CONTROLS.some((control) =>
    typeof control === 'string' ? control === name : control.test(name),
  );

describe('an underwriter reviews submitted disclosures', () => {
  it('S-18 S-19 S-20 S-21 S-22 A-22 M-03 P-09 P-10: view mode locks every input; validate one, reject another with a reason the interviewer reads in edit mode', async () => {
    const [validated, rejected] = await Promise.all(
      ['REVIEWOK1', 'REVIEWNO1'].map((applicationNumber) =>
        submittedDisclosure(baseUrl, {
          userName: 'interviewer1',
          applicationNumber,
          product: PHKL_PRODUCT,
          conditions: ['fractures', 'gallstones'],
        }),
      ),
    );
    const underwriterToken = await suite.token('uw1');
    const page = await signedIn('uw1');
    const screen = new QuestionnaireScreen(page, suite.labels);

    await suite.open(page, validated!);
    expect((await screenState(page)).session).toMatchObject({ action: 'view', status: 3 });
    await screen.showForm();
    await screen.dateField('fractures-date').waitFor();
    expect(await screen.basic.getByRole('button', { name: 'Reset' }).isDisabled()).toBe(true);
    for (const name of ['close', 'reject', 'validate'] as const)
      expect(await screen.button(name).isEnabled()).toBe(true);
    expect(await screen.button('save').count()).toBe(0);
    expect(await screen.button('submit').count()).toBe(0);
    // On every page, nothing is left but reading, moving about and the reviewer's actions.
    let pages = 0;
    for (;;) {
      pages += 1;
      const usable = await usableControls(page);
      expect(usable.filter((name) => !allowed(name))).toEqual([]);
      expect(usable).toContain('Validate');
      if (await screen.button('nextPage').isDisabled()) break;
      await screen.button('nextPage').click();
    }
    expect(pages).toBe(5);

    const { id } = (await screenState(page)).session;
    const validateCall = page.waitForRequest(
      isCall('POST', `/api/impairment/video_mer/validate/${id}`),
    );
    await screen.button('validate').click();
    // Validating is final, so it asks first (requirements W-16).
    await page
      .getByRole('dialog', { name: 'Validate this disclosure?' })
      .getByRole('button', { name: 'Validate', exact: true })
      .click();
    expect((await validateCall).postData() ?? '').toMatch(/^(\{\})?$/);
    await page.waitForURL(`${baseUrl}/home`);
    expect(await fetchDisclosure(baseUrl, underwriterToken, validated!)).toMatchObject({
      status: 4,
    });
    // Validated is final: still view mode, with no Validate or Reject.
    await suite.open(page, validated!);
    expect((await screenState(page)).session).toMatchObject({ action: 'view', status: 4 });
    await screen.showForm();
    await screen.button('close').waitFor();
    expect(await screen.button('validate').count()).toBe(0);
    expect(await screen.button('reject').count()).toBe(0);

    const reason = 'Please add the date of the spinal fracture operation.';
    await suite.open(page, rejected!);
    await screen.showForm();
    await screen.button('reject').click();
    const dialog = page.getByRole('dialog', { name: 'Reject this disclosure?' });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await page.waitForURL(`${baseUrl}/home`);
    expect(await fetchDisclosure(baseUrl, underwriterToken, rejected!)).toMatchObject({
      status: 5,
      rejectReason: reason,
    });
    await page.context().close();

    // The interviewer corrects it: edit mode, the reason on screen.
    const interviewer = await signedIn('interviewer1');
    const interviewerScreen = new QuestionnaireScreen(interviewer, suite.labels);
    await suite.open(interviewer, rejected!);
    expect((await screenState(interviewer)).session).toMatchObject({ action: 'edit', status: 5 });
    await interviewer
      .getByRole('status')
      .filter({ hasText: /^Returned for correction by uw1 on / })
      .filter({ hasText: reason })
      .waitFor();
    expect(await interviewerScreen.button('submit').isEnabled()).toBe(true);
    expect(await interviewerScreen.button('close').isEnabled()).toBe(true);
    expect(await interviewerScreen.button('reject').count()).toBe(0);
    await interviewer.context().close();
  });
});
