import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RootState } from '../../../app/store.ts';
import { endpoints, type Endpoint } from '@vmer/domain/api/endpoints';
import { HttpResponse } from 'msw';
import { onEndpoint } from '../../../test/mock-api.ts';
import { renderScreen } from './screen-fixtures.tsx';
import { selectQuestionnaire } from '../questionnaire-slice.ts';

const failing = (endpoint: Endpoint) => [
  onEndpoint(endpoint, () =>
    HttpResponse.json({ code: 503, message: 'Catalogue unavailable' }, { status: 503 }),
  ),
];

/** The error each failed call of an endpoint left in the state. */
const errorsOf = (state: RootState, endpoint: string) =>
  Object.values(state.api.queries)
    .filter((query) => query?.endpointName === endpoint && query.status === 'rejected')
    .map((query) => query?.error);

const CATALOGUE_UNAVAILABLE = expect.objectContaining({
  kind: 'response',
  status: 503,
  message: 'Catalogue unavailable',
});

async function chooseAsthma() {
  await userEvent.type(screen.getByRole('textbox', { name: /^Age/ }), '45');
  await userEvent.click(screen.getByRole('radio', { name: 'Male' }));
  await userEvent.type(screen.getByRole('combobox', { name: 'Medical condition' }), 'asth');
}

describe('Failed catalogue calls', { timeout: 20_000 }, () => {
  it('X-17 a failed questionnaire call stores its error in the state, and the snackbar has it', async () => {
    const view = await renderScreen({ handlers: failing(endpoints.questionnaire) });
    await waitFor(() =>
      expect(errorsOf(view.store.getState(), 'questionnaireInfo')).toEqual([CATALOGUE_UNAVAILABLE]),
    );
    expect(view.store.getState().globalFeedback.apiError).toMatchObject({
      open: true,
      message: 'Catalogue unavailable',
    });
  });

  it('X-18 a failed disease call stores its error in the state', async () => {
    const view = await renderScreen({ handlers: failing(endpoints.diseaseList) });
    await chooseAsthma();
    await waitFor(() =>
      expect(errorsOf(view.store.getState(), 'diseaseList')).toContainEqual(CATALOGUE_UNAVAILABLE),
    );
    expect(screen.queryByRole('option', { name: 'Asthma' })).toBeNull();
  });

  it('X-19 a failed question call stores its error in the state and adds no condition', async () => {
    const view = await renderScreen({ handlers: failing(endpoints.questions) });
    await chooseAsthma();
    await userEvent.click(await screen.findByRole('option', { name: 'Asthma' }));
    await waitFor(() =>
      expect(errorsOf(view.store.getState(), 'questions')).toEqual([CATALOGUE_UNAVAILABLE]),
    );
    expect(selectQuestionnaire(view.store.getState()).chosen).toEqual([]);
  });
});
