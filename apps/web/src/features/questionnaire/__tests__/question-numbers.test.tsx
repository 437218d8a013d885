import { act, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { selfDefinedCondition } from '@vmer/domain/impairments';
import { ASTHMA, impairment, loadSubmitted, radio, renderScreen } from './screen-fixtures.tsx';

afterEach(() => {
  act(() => {
    window.dispatchEvent(new Event('afterprint'));
  });
});

/** An Others template of two questions, both answered Yes below. */
const OTHERS = impairment('other-impairment', 'Others', 'Both', [
  radio('oth1', 'other-impairment', 1),
  radio('oth2', 'other-impairment', 2),
]);
const KNEE = selfDefinedCondition(OTHERS, 'other-impairment-1', 'Knee pain');
const ALL_YES = { oth1: ['oth1-yes'], oth2: ['oth2-yes'] };
const ALL_NO = Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => [`a${n}`, [`a${n}-no`]]));

describe('question numbers in the decision’s "why"', () => {
  it('T-05 with a self-defined condition and Others, each "why" cites its own questions’ numbers, as the screen numbers them', async () => {
    const view = await renderScreen();
    loadSubmitted(view.store, {
      applicationNumber: 'APP44',
      profile: { age: 40, gender: 'Male', rsmScore: 'A' },
      chosen: [
        { impairment: ASTHMA, answers: ALL_NO },
        { impairment: KNEE, answers: ALL_YES },
        { impairment: OTHERS, answers: ALL_YES },
      ],
    });
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    const paper = within(view.container.querySelector('article')!);
    const why = (name: string) =>
      within(paper.getByRole('region', { hidden: true, name: `Why: ${name}` }))
        .getAllByRole('listitem', { hidden: true })
        .map((li) => li.textContent);
    // Asthma's six questions are 1 to 6; Knee pain's two are 7 and 8; Others' 9 and 10.
    expect(why('Knee pain')).toEqual(['Question 7: Yes → 25', 'Question 8: Yes → 25']);
    expect(why('Others')).toEqual(['Question 9: Yes → 25', 'Question 10: Yes → 25']);
  });
});
