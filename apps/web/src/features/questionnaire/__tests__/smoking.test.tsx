import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Impairment } from '@vmer/domain/model';
import { ok } from '../../../test/mock-api.ts';
import { option, question } from './fixtures.tsx';
import { renderScreen } from './screen-fixtures.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const smokingQuestion = question('R', {
  uuid: 'h-smoke',
  parentUuid: 'hypertension',
  uuidPath: 'hypertension',
  question: { en: 'Smoking habit', cn_traditional: '吸煙習慣' },
  answerList: [
    option('h-smoke-never', 'Never smoked', { parentUuid: 'h-smoke', smokingValue: 'never' }),
    option('h-smoke-heavy', 'More than 1 pack a day', {
      parentUuid: 'h-smoke',
      smokingValue: 'heavy',
    }),
  ],
});
const HYPERTENSION: Impairment = {
  uuid: 'hypertension',
  name: { en: 'Hypertension', cn_traditional: '高血壓' },
  gender: 'Both',
  decision: ['LIFE'],
  exNoList: [],
  questionList: [smokingQuestion],
  selfDefined: false,
  needsSmoking: true,
  smokingQuestionUuid: 'h-smoke',
};

async function openWithHypertension() {
  const view = await renderScreen({
    overrides: (request) => {
      const { questionList: _q, ...entry } = HYPERTENSION;
      if (request.url.pathname === '/api/disease/list') {
        return ok({ instance: '00000000-0000-4000-8000-000000000001', diseaseList: [entry] });
      }
      if (request.url.pathname === '/api/question/hypertension')
        return ok(HYPERTENSION.questionList);
      return undefined;
    },
  });
  await userEvent.type(screen.getByRole('textbox', { name: /^Age/ }), '45');
  await userEvent.type(screen.getByRole('combobox', { name: 'Medical condition' }), 'hyper');
  await userEvent.click(await screen.findByRole('option', { name: 'Hypertension' }));
  await screen.findByRole('region', { name: /Smoking habit$/ });
  return view;
}

async function chooseSmoking(label: string) {
  await userEvent.click(screen.getByRole('combobox', { name: /Smoking status/ }));
  await userEvent.click(screen.getByRole('option', { name: label }));
}

describe('Smoking status', { timeout: 30_000 }, () => {
  it('V-15 a condition that needs a smoking status asks for one', async () => {
    await openWithHypertension();
    expect(screen.getByText('Smoking status is required for selected impairment(s)')).toBeTruthy();
    await chooseSmoking('never (B)');
    expect(screen.queryByText('Smoking status is required for selected impairment(s)')).toBeNull();
  });

  it('S-64 the smoking question is preset to the option matching the status', async () => {
    await openWithHypertension();
    await chooseSmoking('heavy (B)');
    const section = screen.getByRole('region', { name: /Smoking habit$/ });
    await waitFor(() =>
      expect(
        (within(section).getByRole('radio', { name: 'More than 1 pack a day' }) as HTMLInputElement)
          .checked,
      ).toBe(true),
    );
  });

  it('S-65 with no option for the status only a console error is logged and nothing is preset', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await openWithHypertension();
    await chooseSmoking('light (B)');
    expect(errors).toHaveBeenCalledWith(
      'No smoking option for the status',
      expect.objectContaining({ smokingStatus: 'light' }),
    );
    const section = screen.getByRole('region', { name: /Smoking habit$/ });
    for (const radio of within(section).getAllByRole('radio'))
      expect((radio as HTMLInputElement).checked).toBe(false);
  });
});
