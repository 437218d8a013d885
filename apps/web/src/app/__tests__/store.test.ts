import { DEFAULT_LANGUAGE, INITIAL_USER_INFO } from '@vmer/domain/model';
import { describe, expect, it } from 'vitest';
import { sessionEnded, signedIn } from '../../features/auth/auth-slice.ts';
import { userInfoApi } from '../../features/user-info/api/user-info-api.ts';
import { answerEveryCall, ok } from '../../test/mock-api.ts';
import { createStore } from '../store.ts';

describe('app state', () => {
  it('E-06 L-07 before user info loads the app holds userName --, an empty role and insurer code, language en', () => {
    const { userInfo } = createStore().getState();
    expect(userInfo.userInfo).toEqual(INITIAL_USER_INFO);
    expect(userInfo.userInfo).toMatchObject({
      userName: '--',
      role: '',
      insurerCode: '',
      language: 'en',
    });
  });

  it('E-53 the application-wide state holds user info, its lists, the loading status and the API-error flag with its message', () => {
    const state = createStore().getState();
    expect(Object.keys(state.userInfo)).toEqual(
      expect.arrayContaining([
        'userInfo',
        'ruleAgeList',
        'indicateList',
        'exWordingList',
        'smokingQuestion',
        'consolidateList',
      ]),
    );
    expect(state.globalFeedback.loadingStatus).toBe('Idle');
    expect(state.globalFeedback.apiError).toEqual({
      open: false,
      message: null,
      kind: null,
      status: null,
    });
  });

  it('E-08 E-09 the header selection holds insurer, channel, product, the lists and the full product list', () => {
    expect(Object.keys(createStore().getState().headerSelection)).toEqual(
      expect.arrayContaining([
        'insurerCode',
        'channel',
        'productCode',
        'insurerCodeList',
        'channelList',
        'productCodeList',
        'fullProductList',
        'smokingStatusList',
      ]),
    );
  });

  it('E-02 E-03 E-04 A-09 user info without language or BMI names gets the defaults; its lists become app-wide state', async () => {
    answerEveryCall(() =>
      ok({
        userName: 'interviewer1',
        role: 'interviewer',
        insurerCode: 'phkl',
        indicateList: [{ code: 'LIFE', label: { en: 'Life', cn_traditional: '人壽' } }],
        ruleAgeList: [],
        exWordingList: [],
        consolidateList: [],
        smokingQuestion: 'smoking-question',
      }),
    );
    const store = createStore();
    await store.dispatch(userInfoApi.endpoints.getUserInfo.initiate());
    const { userInfo } = store.getState();
    expect(userInfo.userInfo).toMatchObject({
      userName: 'interviewer1',
      insurerCode: 'phkl',
      language: DEFAULT_LANGUAGE,
      highLowBmiImpairmentName: 'High / Low BMI',
      abnormalBmiImpairmentName: 'Abnormal BMI',
    });
    expect(userInfo.indicateList).toEqual([
      { code: 'LIFE', label: { en: 'Life', cn_traditional: '人壽' } },
    ]);
    expect(userInfo.smokingQuestion).toBe('smoking-question');
  });

  it('when the session ends nothing of the previous user stays', async () => {
    answerEveryCall(() =>
      ok({ userName: 'uw1', role: 'underwriter', insurerCode: 'phkl', language: 'cn_traditional' }),
    );
    const store = createStore();
    store.dispatch(signedIn());
    await store.dispatch(userInfoApi.endpoints.getUserInfo.initiate());
    expect(store.getState().userInfo.userInfo.userName).toBe('uw1');
    expect(store.getState().language.language).toBe('cn_traditional');
    window.localStorage.clear();
    store.dispatch(sessionEnded());
    expect(store.getState().userInfo.userInfo).toEqual(INITIAL_USER_INFO);
    expect(store.getState().auth.status).toBe('anonymous');
    expect(store.getState().language.language).toBe('en');
  });

  it('a 401 answer loses a signed-in session, with no snackbar; ending it keeps where to resume', async () => {
    answerEveryCall(() => ({
      status: 401,
      json: { code: 401, message: 'Sign-in required' },
    }));
    const store = createStore();
    await store.dispatch(userInfoApi.endpoints.getUserInfo.initiate());
    // Not signed in: nothing to lose.
    expect(store.getState().auth.status).toBe('unknown');

    store.dispatch(signedIn());
    await store.dispatch(
      userInfoApi.endpoints.getUserInfo.initiate(undefined, { forceRefetch: true }),
    );
    expect(store.getState().auth.status).toBe('ending');
    expect(store.getState().globalFeedback.apiError.open).toBe(false);

    store.dispatch(sessionEnded({ resumePath: '/questionnaire/ABC123' }));
    expect(store.getState().auth).toEqual({
      status: 'anonymous',
      resumePath: '/questionnaire/ABC123',
    });
    store.dispatch(signedIn());
    expect(store.getState().auth.resumePath).toBeNull();
  });
});
