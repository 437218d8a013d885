import { createSelector, createSlice, original, type PayloadAction } from '@reduxjs/toolkit';
import { shallowEqual } from 'react-redux';
import { sanitizeApplicationNumber } from '@vmer/domain/applicant';
import { measuredBmi } from '@vmer/domain/evaluation';
import type {
  AnswerValue,
  Bilingual,
  DisclosureAction,
  Gender,
  Impairment,
  Profile,
  RsmScore,
  RuleAge,
} from '@vmer/domain/model';
import {
  applyBmiRule,
  applyGenderChange,
  applyProductChange,
  chooseImpairment,
  removeImpairment,
  type BmiImpairmentNames,
  type ChoiceRefusal,
} from '@vmer/domain/impairments';
import { setAnswer, type ChosenImpairment } from '@vmer/domain/questionnaire';
import type { ReviewClaim } from '@vmer/domain/workbench';
import { presetSmokingAnswers } from '@vmer/domain/smoking';

/** The insurer, channel and product a disclosure belongs to. */
interface DisclosureProduct {
  insurerCode: string;
  channel: string;
  productCode: string;
}

/** The disclosure being worked on, as the server knows it (design §4). */
export interface DisclosureSession {
  id: string | null;
  requestId: string | null;
  action: DisclosureAction;
  status: number | null;
  version: number | null;
  redirection: string | null;
  /** Set for a disclosure loaded from the server; the header follows it. */
  product: DisclosureProduct | null;
  /** Why an underwriter returned it for correction, if they said. */
  rejectReason: string | null;
  /** The caller submitted it last: another underwriter validates or rejects it. */
  submittedByCaller: boolean;
  /**
   * The catalogue version the disclosure was answered on: every question, list and decision
   * of the screen comes from it. Null (or left out) for one not saved yet, which uses the
   * active version.
   */
  catalogVersion?: string | null;
  /**
   * The review claim the caller took on this screen (design §10): overrides are offered while
   * they hold it. Left out until they start a review.
   */
  claim?: ReviewClaim | null;
}

/**
 * The questionnaire screen (requirements §2, §3, §4): the disclosure session, the applicant's basic
 * information, the chosen conditions with their answers, the page shown and the alerts.
 * Every rule is the domain's; reducers only call it.
 */
export interface QuestionnaireState {
  session: DisclosureSession;
  applicationNumber: string;
  profile: Profile;
  chosen: ChosenImpairment[];
  /** The user deleted the Abnormal BMI chip in this disclosure (design §8). */
  deletedAbnormalBmi: boolean;
  /** Names of the conditions the last gender change removed; empty hides the alert. */
  genderChangeRemoved: Bilingual[];
  /** Names of the conditions the last product change removed; empty hides the alert. */
  productChangeRemoved: Bilingual[];
  /** How many times the form was reset: what the cards keep for themselves clears with it. */
  resets: number;
  /** The impairment-was-removed alert (requirements §4 BMI rule). */
  abnormalBmiReadded: boolean;
  /** Why the last condition chosen was refused, as a message key. */
  refusal: ChoiceRefusal | null;
  page: number;
  /**
   * The pages checked so far (by {@link checkedPageKey}): their unanswered questions show the
   * highlight; pages no check has looked at show none.
   */
  checkedPages: string[];
}

/** A page's key among the checked pages: its condition and its number within it. */
export function checkedPageKey(page: { impairmentUuid: string; number: number }): string {
  return `${page.impairmentUuid}#${page.number}`;
}

/** The session of a disclosure not saved yet. */
export const NEW_SESSION: DisclosureSession = {
  id: null,
  requestId: null,
  action: 'create',
  status: null,
  version: null,
  redirection: null,
  product: null,
  rejectReason: null,
  submittedByCaller: false,
  catalogVersion: null,
};

const initialState: QuestionnaireState = {
  session: NEW_SESSION,
  applicationNumber: '',
  profile: { age: null, gender: null, rsmScore: null },
  chosen: [],
  deletedAbnormalBmi: false,
  genderChangeRemoved: [],
  productChangeRemoved: [],
  resets: 0,
  abnormalBmiReadded: false,
  refusal: null,
  page: 0,
  checkedPages: [],
};

function withBmi(profile: Profile): Profile {
  const bmi = measuredBmi(profile);
  const { bmi: _old, ...rest } = profile;
  return bmi === null ? rest : { ...rest, bmi };
}

/**
 * The chosen impairments as stored, not as drafts: the domain indexes an impairment's
 * questions by object identity, so it must see the same objects every time.
 */
function storedChosen(state: QuestionnaireState): ChosenImpairment[] {
  return original(state.chosen) ?? state.chosen;
}

function keepPageInRange(state: QuestionnaireState, pageCount: number): void {
  state.page = Math.min(state.page, Math.max(0, pageCount - 1));
}

/** What the BMI rule needs from user info and the product's special conditions. */
export interface BmiRuleContext {
  ruleAgeList: RuleAge[];
  abnormalBmiImpairment: Impairment | undefined;
  abnormalBmiImpairmentName: string;
}

/** A disclosure loaded from the server, already read back by the domain. */
export interface DisclosureLoaded {
  session: DisclosureSession;
  applicationNumber: string;
  profile: Profile;
  chosen: ChosenImpairment[];
}

export const questionnaireSlice = createSlice({
  name: 'questionnaire',
  initialState,
  reducers: {
    formReset: (state) => ({ ...initialState, resets: state.resets + 1 }),
    disclosureLoaded(state, action: PayloadAction<DisclosureLoaded>) {
      return { ...initialState, ...action.payload };
    },
    disclosureStored(
      state,
      action: PayloadAction<Pick<DisclosureSession, 'id' | 'requestId' | 'status' | 'version'>>,
    ) {
      // Only these four: an answer carrying more (the stored document) must not land here.
      const { id, requestId, status, version } = action.payload;
      state.session = { ...state.session, id, requestId, status, version };
    },
    /** The caller started a review (the claim is theirs) or released it (null). */
    reviewClaimChanged(state, action: PayloadAction<ReviewClaim | null>) {
      state.session.claim = action.payload;
    },
    /** An override changed the disclosure: its new version, which the next call carries. */
    disclosureVersionChanged(state, action: PayloadAction<number>) {
      state.session.version = action.payload;
    },
    applicationNumberEntered(state, action: PayloadAction<string>) {
      state.applicationNumber = sanitizeApplicationNumber(action.payload);
    },
    /** An age typed by hand: it no longer comes from the birth date. */
    ageEntered(state, action: PayloadAction<number | null>) {
      state.profile.age = action.payload;
      delete state.profile.ageBasis;
    },
    /**
     * A birth date typed; `age` is the age after it (the domain's ageAfterBirthDateEdit) and
     * `ageBasis` how it was derived from this birth date, or undefined when it was not: the
     * document then says the age comes from the birth date, which the server holds it to.
     */
    birthDateEntered(
      state,
      action: PayloadAction<{ birthDate: string; age: number | null; ageBasis?: 'last' | 'next' }>,
    ) {
      const { birthDate, age, ageBasis } = action.payload;
      state.profile.birthDate = birthDate;
      state.profile.age = age;
      if (ageBasis) state.profile.ageBasis = ageBasis;
      else delete state.profile.ageBasis;
    },
    ageBasisChosen(state, action: PayloadAction<{ basis: 'last' | 'next'; age: number | null }>) {
      state.profile.ageBasis = action.payload.basis;
      if (action.payload.age !== null) state.profile.age = action.payload.age;
    },
    genderChosen(state, action: PayloadAction<Gender>) {
      state.profile.gender = action.payload;
      const { kept, removed } = applyGenderChange(
        state.chosen.map((c) => c.impairment),
        action.payload,
      );
      const keep = new Set(kept.map((i) => i.uuid));
      state.chosen = state.chosen.filter((c) => keep.has(c.impairment.uuid));
      state.genderChangeRemoved = removed.map((i) => i.name);
    },
    /** The product changed: conditions it does not offer go, named in the alert. */
    productChanged(
      state,
      action: PayloadAction<{ offered: { uuid: string }[]; specialUuids: string[] }>,
    ) {
      const { kept, removed } = applyProductChange(
        state.chosen.map((c) => c.impairment),
        action.payload.offered,
        action.payload.specialUuids,
      );
      if (removed.length === 0) return;
      const keep = new Set(kept.map((i) => i.uuid));
      state.chosen = state.chosen.filter((c) => keep.has(c.impairment.uuid));
      state.productChangeRemoved = removed.map((i) => i.name);
    },
    rsmScoreChosen(state, action: PayloadAction<RsmScore>) {
      state.profile.rsmScore = action.payload;
    },
    heightEntered(state, action: PayloadAction<string | undefined>) {
      const { height: _old, ...rest } = state.profile;
      state.profile = withBmi(
        action.payload === undefined ? rest : { ...rest, height: action.payload },
      );
    },
    weightEntered(state, action: PayloadAction<string | undefined>) {
      const { weight: _old, ...rest } = state.profile;
      state.profile = withBmi(
        action.payload === undefined ? rest : { ...rest, weight: action.payload },
      );
    },
    smokingStatusChosen(
      state,
      action: PayloadAction<{ status: string; smokingQuestion?: string }>,
    ) {
      state.profile.smokingStatus = action.payload.status;
      state.chosen = presetSmokingAnswers(
        storedChosen(state),
        action.payload.status,
        action.payload.smokingQuestion,
      ).chosen;
    },
    impairmentChosen(
      state,
      action: PayloadAction<{
        impairment: Impairment;
        names: BmiImpairmentNames;
        smokingQuestion?: string;
      }>,
    ) {
      const { impairment, names, smokingQuestion } = action.payload;
      const outcome = chooseImpairment(
        state.chosen.map((c) => c.impairment),
        impairment,
        names,
      );
      state.refusal = outcome.refused;
      if (outcome.refused) return;
      const preset = presetSmokingAnswers(
        [{ impairment, answers: {} }],
        state.profile.smokingStatus,
        smokingQuestion,
      ).chosen;
      state.chosen.push(...preset);
    },
    impairmentRemoved(
      state,
      action: PayloadAction<{ uuid: string; abnormalBmiImpairmentName: string }>,
    ) {
      const outcome = removeImpairment(
        state.chosen.map((c) => c.impairment),
        action.payload.uuid,
        { abnormalBmiImpairmentName: action.payload.abnormalBmiImpairmentName },
      );
      state.deletedAbnormalBmi ||= outcome.deletedAbnormalBmi;
      state.chosen = state.chosen.filter((c) => c.impairment.uuid !== action.payload.uuid);
    },
    bmiRuleApplied(state, action: PayloadAction<BmiRuleContext>) {
      const { ruleAgeList, abnormalBmiImpairment, abnormalBmiImpairmentName } = action.payload;
      const outcome = applyBmiRule({
        ruleAgeList,
        age: state.profile.age,
        gender: state.profile.gender,
        bmi: state.profile.bmi ?? null,
        chosen: state.chosen.map((c) => c.impairment),
        abnormalBmiImpairment,
        abnormalBmiImpairmentName,
        deletedByUser: state.deletedAbnormalBmi,
      });
      if (outcome.added && abnormalBmiImpairment) {
        state.chosen.push({ impairment: abnormalBmiImpairment, answers: {} });
      }
      if (outcome.removed) {
        const keep = new Set(outcome.chosen.map((i) => i.uuid));
        state.chosen = state.chosen.filter((c) => keep.has(c.impairment.uuid));
      }
      if (outcome.removedAlert) state.abnormalBmiReadded = true;
      // The alert says the BMI is abnormal: once it is not, the alert goes.
      if (!outcome.abnormal) state.abnormalBmiReadded = false;
    },
    answerRecorded(
      state,
      action: PayloadAction<{
        impairmentUuid: string;
        questionUuid: string;
        answer: AnswerValue | undefined;
      }>,
    ) {
      const { impairmentUuid, questionUuid, answer } = action.payload;
      const index = state.chosen.findIndex((c) => c.impairment.uuid === impairmentUuid);
      if (index < 0) return;
      const { impairment, answers } = storedChosen(state)[index]!;
      state.chosen[index]!.answers = setAnswer(impairment, answers, questionUuid, answer);
    },
    pageShown(state, action: PayloadAction<{ page: number; pageCount: number }>) {
      state.page = action.payload.page;
      keepPageInRange(state, action.payload.pageCount);
    },
    /** These pages were checked (Next page: the page shown; submit, print: those lacking answers). */
    questionnaireChecked(state, action: PayloadAction<string[]>) {
      for (const key of action.payload)
        if (!state.checkedPages.includes(key)) state.checkedPages.push(key);
    },
    genderAlertDismissed(state) {
      state.genderChangeRemoved = [];
    },
    productAlertDismissed(state) {
      state.productChangeRemoved = [];
    },
    bmiAlertDismissed(state) {
      state.abnormalBmiReadded = false;
    },
    refusalDismissed(state) {
      state.refusal = null;
    },
  },
  selectors: {
    selectQuestionnaire: (state) => state,
    selectProfile: (state) => state.profile,
    selectSession: (state) => state.session,
    selectApplicationNumber: (state) => state.applicationNumber,
    selectResets: (state) => state.resets,
    /**
     * The chosen impairments without their answers: the same array while only answers change,
     * so that what shows no answer does not re-render on each one.
     */
    /** The alerts of the Questionnaire card and the refusal of the last choice. */
    selectAlerts: createSelector(
      [
        (state: QuestionnaireState) => state.genderChangeRemoved,
        (state: QuestionnaireState) => state.productChangeRemoved,
        (state: QuestionnaireState) => state.abnormalBmiReadded,
        (state: QuestionnaireState) => state.refusal,
      ],
      (genderChangeRemoved, productChangeRemoved, abnormalBmiReadded, refusal) => ({
        genderChangeRemoved,
        productChangeRemoved,
        abnormalBmiReadded,
        refusal,
      }),
    ),
    selectChosenImpairments: createSelector(
      [(state: QuestionnaireState) => state.chosen],
      (chosen) => chosen.map((c) => c.impairment),
      { memoizeOptions: { resultEqualityCheck: shallowEqual } },
    ),
  },
});

export const {
  formReset,
  disclosureLoaded,
  disclosureStored,
  reviewClaimChanged,
  disclosureVersionChanged,
  applicationNumberEntered,
  ageEntered,
  birthDateEntered,
  ageBasisChosen,
  genderChosen,
  productChanged,
  rsmScoreChosen,
  heightEntered,
  weightEntered,
  smokingStatusChosen,
  impairmentChosen,
  impairmentRemoved,
  bmiRuleApplied,
  answerRecorded,
  pageShown,
  questionnaireChecked,
  genderAlertDismissed,
  productAlertDismissed,
  bmiAlertDismissed,
  refusalDismissed,
} = questionnaireSlice.actions;
export const {
  selectQuestionnaire,
  selectProfile,
  selectSession,
  selectApplicationNumber,
  selectResets,
  selectChosenImpairments,
  selectAlerts,
} = questionnaireSlice.getSelectors(
  // The store gains the slice as the questionnaire's chunk loads (app/questionnaire-wiring.ts);
  // until the next action it has none, and the selectors answer the initial state.
  (state: { questionnaire?: QuestionnaireState }) => state.questionnaire ?? initialState,
);
