import { createSlice } from '@reduxjs/toolkit';
import {
  DEFAULT_ABNORMAL_BMI_NAME,
  DEFAULT_HIGH_LOW_BMI_NAME,
  DEFAULT_LANGUAGE,
  INITIAL_USER_INFO,
  type Consolidate,
  type ExclusionWording,
  type Indicator,
  ROLES,
  type Role,
  type RuleAge,
  type UserInfo,
} from '@vmer/domain/model';
import { userInfoApi, type UserInfoResponse } from './api/user-info-api.ts';

/**
 * The signed-in user's info and the application-wide settings it carries (requirements §3: userInfo,
 * ruleAgeList, indicateList, exWordingList, smokingQuestion, consolidateList).
 */
interface UserInfoState {
  status: 'idle' | 'loaded';
  userInfo: UserInfo;
  ruleAgeList: RuleAge[];
  indicateList: Indicator[];
  exWordingList: ExclusionWording[];
  smokingQuestion: string | null;
  consolidateList: Consolidate[];
}

const initialState: UserInfoState = {
  status: 'idle',
  userInfo: INITIAL_USER_INFO,
  ruleAgeList: [],
  indicateList: [],
  exWordingList: [],
  smokingQuestion: null,
  consolidateList: [],
};

/** Fills the defaults of requirements §3 for fields the answer leaves out. */
export function userInfoFrom(response: UserInfoResponse): UserInfo {
  const { smokingLists: _smokingLists, ...fields } = response;
  return {
    ...INITIAL_USER_INFO,
    ...fields,
    language: fields.language ?? DEFAULT_LANGUAGE,
    highLowBmiImpairmentName: fields.highLowBmiImpairmentName || DEFAULT_HIGH_LOW_BMI_NAME,
    abnormalBmiImpairmentName: fields.abnormalBmiImpairmentName || DEFAULT_ABNORMAL_BMI_NAME,
  };
}

export const userInfoSlice = createSlice({
  name: 'userInfo',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addMatcher(userInfoApi.endpoints.getUserInfo.matchFulfilled, (state, action) => {
      const userInfo = userInfoFrom(action.payload);
      state.status = 'loaded';
      state.userInfo = userInfo;
      state.ruleAgeList = userInfo.ruleAgeList;
      state.indicateList = userInfo.indicateList;
      state.exWordingList = userInfo.exWordingList;
      state.smokingQuestion = userInfo.smokingQuestion ?? null;
      state.consolidateList = userInfo.consolidateList;
    });
  },
  selectors: {
    selectUserName: (state) => state.userInfo.userName,
    /**
     * The signed-in person's role once user info has loaded: undefined before, null for a role
     * the app does not know (it may use no screen).
     */
    selectRole: (state): Role | null | undefined => {
      if (state.status !== 'loaded') return undefined;
      const { role } = state.userInfo;
      return ROLES.find((known) => known === role) ?? null;
    },
  },
});

export const { selectUserName, selectRole } = userInfoSlice.selectors;
