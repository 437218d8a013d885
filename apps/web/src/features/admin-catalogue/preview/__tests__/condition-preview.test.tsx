import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import goutSource from '../../../../../../../catalog/impairments/gout.yaml?raw';
import type { ImpairmentFile } from '@vmer/domain/catalog/source-schema';
import type { Indicator } from '@vmer/domain/model';
import { WithQuestionnaireParts } from '../../../../app/questionnaire-parts.tsx';
import { inTraditionalChinese } from '../../../../test/language.ts';
import { renderWithApp } from '../../../../test/render.tsx';
import { ConditionPreview } from '../condition-preview.tsx';

const INDICATORS: Indicator[] = [
  { code: 'LIFE', label: { en: 'Life', cn_traditional: '人壽' } },
  { code: 'CI', label: { en: 'Critical Illness', cn_traditional: '危疾' } },
];

const bi = (en: string, cn_traditional: string) => ({ en, cn_traditional });

/** A small condition: "No" decides at once, "Yes" opens a child question with its own decisions. */
const FILE: ImpairmentFile = {
  uuid: 'preview-sample',
  name: bi('Preview sample', '預覽樣本'),
  gender: 'Both',
  groups: [{ uuid: 'ps-g', header: bi('History', '病歷') }],
  questions: [
    {
      uuid: 'ps-treated',
      type: 'R',
      group: 'ps-g',
      question: bi('Was it treated?', '曾否接受治療？'),
      options: [
        { uuid: 'ps-treated-no', label: bi('No', '否'), decision: { LIFE: '0', CI: '25' } },
        {
          uuid: 'ps-treated-yes',
          label: bi('Yes', '是'),
          questions: [
            {
              uuid: 'ps-surgery',
              type: 'R',
              question: bi('Was surgery needed?', '曾否需要手術？'),
              options: [
                { uuid: 'ps-surgery-no', label: bi('No', '否'), decision: { LIFE: '50', CI: 'P' } },
                {
                  uuid: 'ps-surgery-yes',
                  label: bi('Yes', '是'),
                  decision: { LIFE: 'D', CI: 'D' },
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

function renderPreview(props: Partial<Parameters<typeof ConditionPreview>[0]> = {}) {
  return renderWithApp(
    <WithQuestionnaireParts>
      <ConditionPreview file={FILE} indicators={INDICATORS} language="en" {...props} />
    </WithQuestionnaireParts>,
  );
}

/** The decision table's cell of the condition's row for one indicator. */
const cell = (indicator: string) =>
  document.querySelector(`tr[data-impairment="preview-sample"] td[data-indicator="${indicator}"]`)!;

describe('condition preview', () => {
  it('K-07 shows a child question only once its option is chosen, and the decision table follows the answers', async () => {
    renderPreview();
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('Was it treated?')).toBeTruthy();
    expect(within(preview).queryByText('Was surgery needed?')).toBeNull();
    expect(cell('LIFE').textContent).toContain('Not complete');

    const treated = within(preview).getByRole('radiogroup', { name: /Was it treated/ });
    await userEvent.click(within(treated).getByRole('radio', { name: /No/ }));
    expect(cell('LIFE').textContent).toBe('0');
    expect(cell('CI').textContent).toBe('25');

    await userEvent.click(within(treated).getByRole('radio', { name: /Yes/ }));
    const surgery = within(preview).getByRole('radiogroup', { name: /Was surgery needed/ });
    expect(cell('LIFE').textContent).toContain('Not complete');
    await userEvent.click(within(surgery).getByRole('radio', { name: /Yes/ }));
    expect(cell('LIFE').textContent).toBe('D');
    expect(cell('CI').textContent).toBe('D');

    // The reasons: the option that drove the decision, cited by its question number.
    await userEvent.click(within(preview).getByRole('button', { name: 'Why: Preview sample' }));
    expect(await within(preview).findAllByText('Question 2: Yes → D')).toHaveLength(2);

    await userEvent.click(within(preview).getByRole('button', { name: 'Reset answers' }));
    expect(within(preview).queryByText('Was surgery needed?')).toBeNull();
    expect(cell('LIFE').textContent).toContain('Not complete');
  });

  it('K-07 answers a real catalogue condition: choosing an option that opens children shows them', async () => {
    const gout = parse(goutSource) as ImpairmentFile;
    renderPreview({ file: gout });
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).queryByText(/Has surgery been needed/)).toBeNull();
    const tophi = within(preview).getByRole('radiogroup', { name: /tophi/ });
    await userEvent.click(within(tophi).getByRole('radio', { name: /Yes/ }));
    expect(within(preview).getByText(/Has surgery been needed/)).toBeTruthy();
  });

  it('K-07 switches its own language to Traditional Chinese, whatever the interface speaks', async () => {
    renderPreview();
    const preview = screen.getByRole('region', { name: 'Preview' });
    await userEvent.click(within(preview).getByRole('button', { name: '繁體中文' }));
    expect(await within(preview).findByText('曾否接受治療？')).toBeTruthy();
    expect(within(preview).getByRole('columnheader', { name: '人壽' })).toBeTruthy();
    // The interface itself stays in English.
    expect(within(preview).getByRole('button', { name: 'Reset answers' })).toBeTruthy();
  });

  it('K-07 reads in Traditional Chinese when the interface does, and says when the file cannot be previewed', async () => {
    renderPreview({ file: { ...FILE, groups: [] }, language: 'cn_traditional' });
    await inTraditionalChinese(() => {
      expect(screen.getByRole('region', { name: '預覽' }).textContent).toContain(
        '請先修正此病症的問題，才可預覽。',
      );
    });
  });

  it('K-07 K-08 hands the answers and their decision over as a regression case', async () => {
    const onAddCase = vi.fn();
    renderPreview({ onAddCase });
    const preview = screen.getByRole('region', { name: 'Preview' });
    const treated = within(preview).getByRole('radiogroup', { name: /Was it treated/ });
    await userEvent.click(within(treated).getByRole('radio', { name: /No/ }));
    await userEvent.click(
      within(preview).getByRole('button', { name: 'Save these answers as a regression case' }),
    );
    await waitFor(() =>
      expect(onAddCase).toHaveBeenCalledWith(
        { 'ps-treated': ['ps-treated-no'] },
        { LIFE: '0', CI: '25' },
      ),
    );
  });
});
