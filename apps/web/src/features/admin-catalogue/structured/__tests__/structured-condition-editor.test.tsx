import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkCatalog } from '@vmer/domain/catalog/check';
import type { CatalogFile, ImpairmentFile } from '@vmer/domain/catalog/source-schema';
import { inTraditionalChinese } from '../../../../test/language.ts';
import { renderWithApp } from '../../../../test/render.tsx';
import type { FileProblem } from '../fields.tsx';
import { StructuredConditionEditor } from '../structured-condition-editor.tsx';
import { SAMPLE } from './sample-condition.ts';

/** The shipped catalogue's sources, by their path inside catalog/. */
const SOURCES = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('../../../../../../../catalog/**/*.yaml', {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([path, text]) => [path.slice(path.indexOf('catalog/') + 'catalog/'.length), text]),
);

const SAMPLE_PATH = 'impairments/studio-sample.yaml';
const { indicators } = parse(SOURCES['catalog.yaml']!) as CatalogFile;

/** The editor over its own state, as the draft page holds it; `latest` is the last value. */
function renderEditor(file: ImpairmentFile, problems: FileProblem[] = []) {
  const seen: { latest: ImpairmentFile } = { latest: file };
  function Harness() {
    const [value, setValue] = useState(file);
    return (
      <StructuredConditionEditor
        value={value}
        indicators={indicators}
        problems={problems}
        onChange={(next) => {
          seen.latest = next;
          setValue(next);
        }}
      />
    );
  }
  renderWithApp(<Harness />);
  return seen;
}

/** The shipped catalogue with the condition added, checked as lint and import check it. */
function checked(file: ImpairmentFile) {
  return checkCatalog([
    ...Object.entries(SOURCES).map(([path, text]) => ({ path, data: parse(text) as unknown })),
    { path: SAMPLE_PATH, data: file },
  ]).problems;
}

const question = (number: string) =>
  screen.getByRole('region', {
    name: new RegExp(`^Question ${number.replaceAll('.', '\\.')}( —|$)`),
  });

describe('structured condition editor', () => {
  it('K-04 adds a question, nests a child under its option, changes one decision and moves a question; the file still passes the catalogue check', async () => {
    expect(checked(SAMPLE)).toEqual([]);
    const seen = renderEditor(SAMPLE);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    expect(seen.latest.questions).toHaveLength(4);
    const added = question('4');
    expect(added.getAttribute('data-question')).toBe('studio-sample-1');
    expect(seen.latest.questions[3]!.group).toBe('ss-g-treatment');
    // Optional, so that the condition's regression case still gives its decision.
    await user.click(within(added).getByRole('checkbox', { name: 'Must be answered' }));
    expect(seen.latest.questions[3]!.mandatory).toBe('N');

    await user.click(
      within(added).getByRole('button', { name: 'Open a child question under “Option 1”' }),
    );
    const opening = seen.latest.questions[3]!.options![0]!;
    expect(opening.decision).toBeUndefined();
    expect(opening.questions).toHaveLength(1);
    expect(
      within(question('4')).getByRole('region', { name: /^Question 4\.1\.1( —|$)/ }),
    ).toBeTruthy();

    // One decision, for one indicator; the field says when it is not a decision.
    const surgery = question('3.2.1');
    const life = within(surgery).getByRole('textbox', {
      name: 'LIFE decision of Option 3.2.1.2: Yes',
    });
    await user.clear(life);
    await user.type(life, 'X');
    expect(within(surgery).getByText('Not a decision: points, D, P, U or EX<n>.')).toBeTruthy();
    await user.clear(life);
    await user.type(life, 'd');
    const yes = seen.latest.questions[2]!.options![1]!.questions![0]!.options![1]!;
    expect(yes.decision).toEqual({ LIFE: 'D', CI: '50', MED: '50' });

    await user.click(screen.getByRole('button', { name: 'Move Question 4 up' }));
    expect(seen.latest.questions.map((q) => q.uuid)).toEqual([
      'ss-diagnosed',
      'ss-level',
      'studio-sample-1',
      'ss-treated',
    ]);

    expect(checked(seen.latest)).toEqual([]);
    // Checking the whole shipped catalogue twice takes a while on a busy machine.
  }, 60_000);

  it('K-04 moves a question with the keyboard, the focus staying with it', async () => {
    const seen = renderEditor(SAMPLE);
    const user = userEvent.setup();
    const down = within(question('1')).getByRole('button', { name: 'Move Question 1 down' });
    down.focus();
    await user.keyboard('{Enter}');
    expect(seen.latest.questions.map((q) => q.uuid).slice(0, 2)).toEqual([
      'ss-level',
      'ss-diagnosed',
    ]);
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Question 2 down'),
    );
    expect(document.activeElement?.closest('[data-question]')?.getAttribute('data-question')).toBe(
      'ss-diagnosed',
    );
    await user.keyboard(' ');
    expect(seen.latest.questions[2]!.uuid).toBe('ss-diagnosed');
  });

  it('K-04 asks before deleting a question with child questions under it', async () => {
    const seen = renderEditor(SAMPLE);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Question 3' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Question 3?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.latest.questions).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Delete Question 3' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Question 3?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(seen.latest.questions.map((q) => q.uuid)).toEqual(['ss-diagnosed', 'ss-level']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // A question without children goes at once.
    await user.click(screen.getByRole('button', { name: 'Delete Question 1' }));
    expect(seen.latest.questions.map((q) => q.uuid)).toEqual(['ss-level']);
  });

  it('K-04 edits bands with explicit bounds and texts in both languages side by side', async () => {
    const seen = renderEditor(SAMPLE);
    const user = userEvent.setup();
    const band = within(question('2')).getByRole('region', { name: 'band 1 of Question 2' });
    await user.click(within(band).getByRole('combobox', { name: 'Lower bound' }));
    await user.click(screen.getByRole('option', { name: 'From (included)' }));
    const lower = within(band).getByRole('textbox', { name: 'Lower value' });
    await user.clear(lower);
    await user.type(lower, '1');
    expect(seen.latest.questions[1]!.bands![0]).toEqual({
      from: 1,
      below: 7,
      decision: { LIFE: '0', CI: '0', MED: '0' },
    });

    const name = screen.getByRole('textbox', { name: 'Name (Traditional Chinese)' });
    await user.clear(name);
    expect(screen.getAllByText('Write it in both languages.')).toHaveLength(1);
    await user.type(name, '樣本');
    expect(seen.latest.name).toEqual({ en: 'Studio sample', cn_traditional: '樣本' });
  });

  it("K-04 shows the catalogue check's problems at the fields they name", () => {
    renderEditor(SAMPLE, [
      { path: ['questions', 1, 'bands', 0, 'below'], message: 'bands leave a gap at 7' },
      { path: ['questions', 2, 'options', 0, 'uuid'], message: 'uuid ss-treated-no is used twice' },
      { path: ['questions', 0], message: 'a dated question with bands needs a case with asOf' },
    ]);
    const band = within(question('2')).getByRole('region', { name: 'band 1 of Question 2' });
    const upper = within(band).getByRole('textbox', { name: 'Upper value' });
    expect(upper.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(upper.getAttribute('aria-describedby')!)?.textContent).toBe(
      'bands leave a gap at 7',
    );
    const option = within(question('3')).getByRole('region', { name: 'Option 3.1: No' });
    expect(within(option).getByText('uuid ss-treated-no is used twice')).toBeTruthy();
    expect(within(question('1')).getByRole('alert').textContent).toBe(
      'a dated question with bands needs a case with asOf',
    );
  });

  it('K-04 reads in Traditional Chinese', async () => {
    renderEditor(SAMPLE);
    await inTraditionalChinese(() => {
      expect(screen.getByRole('heading', { name: '問題組別' })).toBeTruthy();
      expect(screen.getByRole('textbox', { name: '名稱（繁體中文）' })).toBeTruthy();
      expect(screen.getByRole('button', { name: '新增問題' })).toBeTruthy();
      expect(screen.getByRole('button', { name: '將問題 1下移' })).toBeTruthy();
    });
  });
});
