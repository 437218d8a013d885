import { act, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { disclosureLoaded } from '../questionnaire-slice.ts';
import { impairment, questionOf, renderScreen } from './screen-fixtures.tsx';

/** One number question whose last band is open: any readable number gets a decision. */
const PSA = impairment('psa', 'Raised PSA', 'Both', [
  questionOf('N', 'psa', 'psa-level', 1, {
    units: ['ng/mL'],
    bands: [{ below: 4, decision: { LIFE: '0' } }, { decision: { LIFE: 'D' } }],
  }),
]);

describe('a number answer that cannot be read', () => {
  it('T-28 a number typed as "-" falls in no band: the decisions table shows no decision, as the server refuses it', async () => {
    const view = await renderScreen();
    const open = (value: string) =>
      act(() => {
        view.store.dispatch(
          disclosureLoaded({
            session: {
              id: '00000000-0000-4000-8000-0000000000cc',
              requestId: null,
              action: 'edit',
              status: 2,
              version: 1,
              redirection: null,
              product: null,
              rejectReason: null,
              submittedByCaller: false,
            },
            applicationNumber: 'APP45',
            profile: { age: 40, gender: 'Male', rsmScore: 'A' },
            chosen: [{ impairment: PSA, answers: { 'psa-level': [{ value, unit: 'ng/mL' }] } }],
          }),
        );
      });
    const lifeOf = () => {
      const row = view.container.querySelector('tr[data-impairment="psa"]') as HTMLElement;
      return within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    };
    open('12');
    expect(lifeOf()).toEqual(['D']);
    open('-');
    expect(lifeOf()).toEqual(['Not complete']);
  });
});
