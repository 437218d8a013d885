import { act, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { API_PREFIX, endpoints } from '@vmer/domain/api/endpoints';
import { http, HttpResponse, type HttpHandler } from 'msw';
import type {
  ExclusionWording,
  Impairment,
  Question,
  RuleAge,
  SmokingList,
  UserInfo,
} from '@vmer/domain/model';
import { INITIAL_USER_INFO } from '@vmer/domain/model';
import { createStore, type AppStore } from '../../../app/store.ts';
import { NotificationProvider } from '../../global-feedback/components/notification-provider.tsx';
import type { InsurerListEntry } from '../../header-selection/api/insurer-list-api.ts';
import {
  insurerListLoaded,
  smokingListsReceived,
} from '../../header-selection/header-selection-slice.ts';
import {
  answering,
  envelope,
  mockApi,
  ok,
  onEndpoint,
  type Answer,
  type ReceivedRequest,
} from '../../../test/mock-api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { QuestionnaireScreen } from '../components/questionnaire-screen.tsx';
import { disclosureLoaded, NEW_SESSION, type DisclosureSession } from '../questionnaire-slice.ts';
import { option, question } from './fixtures.tsx';

const group = (uuid: string, index: number, en: string) => ({
  uuid,
  index,
  header: { en, cn_traditional: en },
});

export function impairment(
  uuid: string,
  en: string,
  gender: Impairment['gender'],
  questionList: Question[],
  over: Partial<Impairment> = {},
): Impairment {
  return {
    uuid,
    name: { en, cn_traditional: `${en}（中）` },
    gender,
    decision: ['LIFE'],
    exNoList: [],
    questionList,
    selfDefined: false,
    ...over,
  };
}

/** Question `index` of condition `parent`, at its first level. */
export const questionOf = (
  type: Question['type'],
  parent: string,
  uuid: string,
  index: number,
  over: Partial<Question> = {},
) => question(type, { uuid, index, parentUuid: parent, uuidPath: parent, ...over });

export const radio = (uuid: string, parent: string, index: number, g = group('g1', 1, 'History')) =>
  questionOf('R', parent, uuid, index, {
    group: g,
    question: { en: `Question ${uuid}`, cn_traditional: `問題 ${uuid}` },
    answerList: [
      option(`${uuid}-no`, 'No', { parentUuid: uuid, decision: { LIFE: '0' } }),
      option(`${uuid}-yes`, 'Yes', { parentUuid: uuid, decision: { LIFE: '25' } }),
    ],
  });

/** Asthma: six History questions (two pages); both genders. */
export const ASTHMA = impairment(
  'asthma',
  'Asthma',
  'Both',
  [1, 2, 3, 4, 5, 6].map((n) => radio(`a${n}`, 'asthma', n)),
);
/** A Female-only condition, one question. */
export const OVARIAN_CYST = impairment('ovarian-cyst', 'Ovarian cyst', 'Female', [
  radio('o1', 'ovarian-cyst', 1),
]);
export const OTHERS = impairment('other-impairment', 'Others', 'Both', [
  questionOf('T', 'other-impairment', 'oth1', 1),
]);
export const ABNORMAL_BMI = impairment('abnormal-bmi', 'Abnormal BMI', 'Both', [
  radio('b1', 'abnormal-bmi', 1),
]);

const CATALOGUE = [ASTHMA, OVARIAN_CYST, OTHERS, ABNORMAL_BMI];
/** A condition as a disease list names it: without its questions. */
export const entry = ({ questionList: _q, ...rest }: Impairment) => rest;

const SMOKING: SmokingList[] = (['A', 'B'] as const).map((id) => ({
  id,
  lookbackMonths: id === 'A' ? 6 : 12,
  options: ['heavy', 'light', 'quit-recent', 'quit-long', 'never'].map((value) => ({
    value,
    label: { en: `${value} (${id})`, cn_traditional: `${value}（${id}）` },
  })),
}));

export const USER_INFO: UserInfo = {
  ...INITIAL_USER_INFO,
  userName: 'uw1',
  role: 'underwriter',
  insurerCode: 'phkl',
  indicateList: [{ code: 'LIFE', label: { en: 'Life', cn_traditional: '人壽' } }],
};

/**
 * The API the screen talks to, answering from the small catalogue above: the condition list
 * (filtered by the applicant's gender), the special conditions, each condition's questions and
 * the catalogue version; every other call succeeds with an empty body.
 */
export const screenHandlers = [
  onEndpoint(endpoints.diseaseList, async ({ request }) => {
    const { gender } = (await request.json()) as { gender: string | null };
    const list = [ASTHMA, OVARIAN_CYST].filter(
      (i) => gender === null || i.gender === 'Both' || i.gender === gender,
    );
    return envelope({
      instance: '00000000-0000-4000-8000-000000000001',
      diseaseList: list.map(entry),
    });
  }),
  onEndpoint(endpoints.specialList, () =>
    envelope({ highLowBmi: null, abnormalBmi: ABNORMAL_BMI, others: OTHERS }),
  ),
  onEndpoint(endpoints.questions, ({ params }) => {
    const found = CATALOGUE.find((i) => i.uuid === params.uuid);
    return found
      ? envelope(found.questionList)
      : HttpResponse.json({ code: 404, message: 'Not found' }, { status: 404 });
  }),
  onEndpoint(endpoints.questionnaire, () => envelope({ version: '7' })),
  http.all(`${API_PREFIX}/*`, () => envelope(null)),
];

interface ScreenOptions {
  insurerCode?: 'phkl' | 'slhk';
  ruleAgeList?: RuleAge[];
  path?: string;
  requestId?: string;
  session?: Partial<DisclosureSession>;
  /** Further entries of the header's insurer list, after the insurer's whole-life product. */
  moreProducts?: InsurerListEntry[];
  /** Answers that take precedence over the shared handlers; undefined leaves a call to them. */
  overrides?: (request: ReceivedRequest) => Answer | undefined;
  /** msw handlers that take precedence over the shared ones (after `overrides`). */
  handlers?: HttpHandler[];
  /** The exclusion wordings user info carries. */
  exWordingList?: ExclusionWording[];
  /** The case view's tabs, as the app's route gives them to the screen. */
  viewTabs?: ComponentProps<typeof QuestionnaireScreen>['viewTabs'];
  /** The route pattern the screen renders under, as the app's router has it. */
  route?: string;
  /** What the app does with its store before the screen renders (the frame's early calls). */
  beforeRender?: (store: AppStore) => void;
}

/** The questionnaire screen with a real store, its API calls answered by the mock service worker. */
export async function renderScreen({
  insurerCode = 'phkl',
  ruleAgeList = [],
  path = '/home',
  requestId,
  session,
  moreProducts = [],
  overrides,
  handlers = [],
  exWordingList = [],
  viewTabs,
  route,
  beforeRender,
}: ScreenOptions = {}) {
  const api = mockApi(...(overrides ? [answering(overrides)] : []), ...handlers, ...screenHandlers);
  const store = createStore({
    userInfo: {
      status: 'loaded',
      userInfo: USER_INFO,
      ruleAgeList,
      indicateList: USER_INFO.indicateList,
      exWordingList,
      smokingQuestion: null,
      consolidateList: [],
    },
  });
  store.dispatch(
    insurerListLoaded([
      {
        insurerCode,
        channel: 'agency',
        productCode: 'wl01',
        insurerName: { en: insurerCode, cn_traditional: insurerCode },
        productName: { en: 'Whole life', cn_traditional: '終身' },
        smokingList: insurerCode === 'phkl' ? 'B' : 'A',
        lastAgeOption: insurerCode === 'phkl',
        printCover: insurerCode === 'slhk',
      },
      ...moreProducts,
    ]),
  );
  store.dispatch(smokingListsReceived(SMOKING));
  if (session) {
    store.dispatch(
      disclosureLoaded({
        session: { ...NEW_SESSION, ...session },
        applicationNumber: '',
        profile: { age: null, gender: null, rsmScore: null },
        chosen: [],
      }),
    );
  }
  beforeRender?.(store);
  // The app layout's notifications, which the screen's refusals use.
  const view = renderWithApp(
    <NotificationProvider>
      <QuestionnaireScreen requestId={requestId} viewTabs={viewTabs} />
    </NotificationProvider>,
    { store, path, ...(route ? { route } : {}) },
  );
  return { ...view, api };
}

/**
 * The texts of the screen's status regions that say something: the device copy's live region
 * (I-12) is always in the page, empty until it has news.
 */
export function statusTexts(): string[] {
  return screen
    .getAllByRole('status')
    .map((region) => region.textContent)
    .filter((text) => text !== '');
}

/** The requests of a path received so far, bodies parsed. */
export function sent(api: { requests: ReceivedRequest[] }, path: string): unknown[] {
  return api.requests
    .filter((r) => r.url.pathname === `/api/${path}`)
    .map((r) => (r.body ? (JSON.parse(r.body) as unknown) : null));
}

/** One age band whose BMI rule debits a BMI of 30 or more: 95 kg at 170 cm is abnormal. */
export const BMI_RULES: RuleAge[] = [
  {
    lower: 18,
    upper: 120,
    gender: 'All',
    bmiList: [
      { lower: 0, upper: 30, decision: { LIFE: '0' } },
      { lower: 30, upper: 100, decision: { LIFE: '50' } },
    ],
  },
];

interface StoredDisclosure {
  requestId: string;
  applicationNumber: string;
  catalogVersion: string;
  /** Profile fields the document carries besides age, gender and risk score. */
  profile?: Record<string, unknown>;
  /** Conditions the document carries after Asthma. */
  moreImpairments?: unknown[];
}

/**
 * A draft as the server sends it to edit: a man of 52, risk score B, on the whole-life product,
 * Asthma's first question answered Yes; `over` replaces any field.
 */
export const storedDisclosure = (
  { requestId, applicationNumber, catalogVersion, profile, moreImpairments = [] }: StoredDisclosure,
  over: Record<string, unknown> = {},
) => ({
  id: requestId,
  requestId,
  action: 'edit',
  status: 2,
  version: 3,
  applicationNumber,
  age: 52,
  gender: 'Male',
  rsmScore: 'B',
  insurerCode: 'phkl',
  channel: 'agency',
  productCode: 'wl01',
  redirection: null,
  catalogVersion,
  rejectReason: null,
  submittedByCaller: false,
  disclosureJson: JSON.stringify({
    schemaVersion: 1,
    catalogVersion,
    profile: { age: 52, gender: 'Male', rsmScore: 'B', ...profile },
    impairments: [
      {
        uuid: 'asthma',
        name: 'Asthma',
        selfDefined: false,
        answers: [{ questionUuid: 'a1', answer: ['a1-yes'] }],
      },
      ...moreImpairments,
    ],
  }),
  ...over,
});

type Submitted = Omit<Parameters<typeof disclosureLoaded>[0], 'session'>;

/** Puts a submitted disclosure on a rendered screen, opened in view mode. */
export function loadSubmitted(store: AppStore, disclosure: Submitted) {
  act(() => {
    store.dispatch(
      disclosureLoaded({
        session: {
          ...NEW_SESSION,
          id: '00000000-0000-4000-8000-0000000000aa',
          action: 'view',
          status: 3,
          version: 1,
        },
        ...disclosure,
      }),
    );
  });
}

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
/** Hypertension: it needs the applicant's smoking status, which its one question presets. */
export const HYPERTENSION: Impairment = {
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

/** Overrides under which the condition list offers `condition` alone, with its questions. */
export const offeringOnly =
  ({ questionList, ...entry }: Impairment) =>
  (request: ReceivedRequest): Answer | undefined => {
    if (request.url.pathname === '/api/disease/list') {
      return ok({ instance: '00000000-0000-4000-8000-000000000001', diseaseList: [entry] });
    }
    if (request.url.pathname === `/api/question/${entry.uuid}`) return ok(questionList);
    return undefined;
  };
