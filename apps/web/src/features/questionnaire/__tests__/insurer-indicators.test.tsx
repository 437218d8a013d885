import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { endpoints } from '@vmer/domain/api/endpoints';
import { envelope, onEndpoint } from '../../../test/mock-api.ts';
import { option } from './fixtures.tsx';
import { impairment, loadSubmitted, questionOf, renderScreen } from './screen-fixtures.tsx';

const label = (en: string) => ({ en, cn_traditional: en });

/** A condition deciding on all three of the catalogue's indicators. */
const GOUT = impairment(
  'gout',
  'Gout',
  'Both',
  [
    questionOf('R', 'gout', 'g1', 1, {
      question: label('Attacks in the last year?'),
      answerList: [
        option('g1-yes', 'Yes', { parentUuid: 'g1', decision: { LIFE: '25', CI: '0', MED: 'D' } }),
      ],
    }),
  ],
  { decision: ['LIFE', 'CI', 'MED'] },
);

/** The active catalogue: three indicators, slhk deciding on Life and Critical Illness. */
const questionnaire = onEndpoint(endpoints.questionnaire, () =>
  envelope({
    version: '7',
    indicators: [
      { code: 'LIFE', label: label('Life') },
      { code: 'CI', label: label('Critical Illness') },
      { code: 'MED', label: label('Medical') },
    ],
    insurers: [
      { code: 'phkl', indicators: ['LIFE', 'CI', 'MED'] },
      { code: 'slhk', indicators: ['LIFE', 'CI'] },
    ],
  }),
);

async function decisionColumns(insurerCode: 'phkl' | 'slhk'): Promise<string[]> {
  const view = await renderScreen({ insurerCode, handlers: [questionnaire] });
  loadSubmitted(view.store, {
    applicationNumber: 'APP13',
    profile: { age: 40, gender: 'Male', rsmScore: 'A' },
    chosen: [{ impairment: GOUT, answers: { g1: ['g1-yes'] } }],
  });
  const region = await screen.findByRole('region', { name: 'Decisions' });
  const headers = () =>
    within(within(region).getByRole('table'))
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
  // The active catalogue's insurers arrive after the first paint.
  await waitFor(() => expect(headers()).toContain('Critical Illness'));
  return headers();
}

describe('the decision table follows the insurer’s indicators (K-13)', () => {
  it('K-13 an slhk disclosure shows Life and Critical Illness only', async () => {
    expect(await decisionColumns('slhk')).toEqual(['Condition', 'Life', 'Critical Illness']);
  });

  it('K-13 a phkl disclosure shows all three', async () => {
    expect(await decisionColumns('phkl')).toEqual([
      'Condition',
      'Life',
      'Critical Illness',
      'Medical',
    ]);
  });
});
