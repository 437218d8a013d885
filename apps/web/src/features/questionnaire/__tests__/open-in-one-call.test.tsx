import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { ok } from '../../../test/mock-api.ts';
import { openDisclosure } from '../api/opening.ts';
import {
  ABNORMAL_BMI,
  ASTHMA,
  entry,
  OTHERS,
  renderScreen,
  storedDisclosure,
  USER_INFO,
} from './screen-fixtures.tsx';

const REQUEST = '00000000-0000-4000-8000-0000000000cc';
const OPEN_PATH = `/api/impairment/video_mer/disclosure/${REQUEST}/open`;

const view = storedDisclosure({
  requestId: REQUEST,
  applicationNumber: 'ONE01',
  catalogVersion: '7',
});

/** What the server answers for the opening: the disclosure and every part the screen reads. */
const opened = {
  disclosure: view,
  userInfo: { ...USER_INFO, smokingLists: [] },
  insurerList: [],
  catalogue: {
    version: '7',
    questionnaire: { version: '7' },
    diseaseList: { instance: '00000000-0000-4000-8000-000000000002', diseaseList: [entry(ASTHMA)] },
    wholeList: null,
    specialList: { highLowBmi: null, abnormalBmi: ABNORMAL_BMI, others: OTHERS },
    questions: [{ uuid: ASTHMA.uuid, questionList: ASTHMA.questionList }],
  },
  activeVersion: '7',
  activeSummary: null,
};

/** The calls whose answers the opening brings: none of them may go out. */
const BROUGHT = [
  `/api/impairment/video_mer/disclosure/${REQUEST}`,
  '/api/user/info/get',
  '/api/insurer/list',
  '/api/questionnaire/get',
  '/api/disease/list',
  '/api/disease/special/list',
];

describe('Opening /questionnaire/{requestId} as the app opens', { timeout: 30_000 }, () => {
  it('F-01 F-02 the screen fills from the one opening call and asks for nothing it brought', async () => {
    const { api } = await renderScreen({
      requestId: REQUEST,
      path: `/questionnaire/${REQUEST}`,
      route: paths.questionnaire,
      overrides: (request) => (request.url.pathname === OPEN_PATH ? ok(opened) : undefined),
      beforeRender: (store) => store.dispatch(openDisclosure(REQUEST)),
    });
    await waitFor(
      () =>
        expect(
          (screen.getByRole('textbox', { name: /^Application number/ }) as HTMLInputElement).value,
        ).toBe('ONE01'),
      { timeout: 10_000 },
    );
    expect(await screen.findByRole('region', { name: /Question a1$/ })).toBeTruthy();
    const sentTo = api.requests.map((request) => request.url.pathname);
    expect(sentTo.filter((path) => path === OPEN_PATH)).toHaveLength(1);
    expect(
      sentTo.filter((path) => BROUGHT.includes(path) || path.startsWith('/api/question/')),
    ).toEqual([]);
  });
});
