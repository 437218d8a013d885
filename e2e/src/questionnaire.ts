/**
 * The questionnaire journeys' means: disclosure requests and disclosures over HTTP as a caller
 * system or a person would make them, and the questionnaire screen's controls in the browser.
 */
import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { apiPath, endpoints } from '@vmer/domain/api';
import type { AnswerMap } from '@vmer/domain/answers';
import type { DisclosureRequest, DisclosureSaved, DisclosureView } from '@vmer/domain/lifecycle';
import { textIn, textsIn } from '@vmer/domain/languages';
import type { Bilingual, Gender, Language } from '@vmer/domain/model';
// Simplified Chinese texts are converted from the Traditional ones, as the app converts them.
import '@vmer/domain/simplified';
import { caseViewTexts } from '../../apps/web/src/features/case-view/locales.ts';
import { questionnaireTexts } from '../../apps/web/src/features/questionnaire/locales.ts';
import { signIn as tokenFor } from '../../apps/server/src/cli/sign-in.ts';
import {
  answersFor,
  clientToken,
  documentFor,
  impairmentOf,
  PHKL,
  PROFILE,
  sampleCatalog,
  SLHK,
} from '../../apps/server/test/disclosures/fixtures.ts';
import { api } from '../../apps/server/test/helpers.ts';
import {
  appState,
  closeContexts,
  DEMO_PASSWORD,
  enableStateGetter,
  keepWhatFailed,
  newContext,
  serverUrl,
  signIn,
  type ViewportName,
  workerBrowser,
} from './browser.ts';

/** Where the journeys leave their screenshots, outside the repository. */
export const SHOTS = '/tmp/vmer/shots';

/** How long a screen may take to follow an action on this busy machine (expect.poll's option). */
export const SETTLED = { timeout: 10_000 };

/** phkl's agency product, which offers every condition. */
export const PHKL_PRODUCT = PHKL;
/** slhk's one product. */
export const SLHK_PRODUCT = SLHK;

/** The screen's texts in a language, as the app shows them. */
const screenTexts = (language: Language) => textsIn(questionnaireTexts, language).mer;
type ScreenTexts = ReturnType<typeof screenTexts>;

async function body<T>(
  baseUrl: string,
  path: string,
  token: string,
  payload?: unknown,
  method?: string,
): Promise<T> {
  const answer = await api<T>(baseUrl, path, { token, body: payload, method });
  if (answer.status !== 200 || answer.body.body === undefined)
    throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.body;
}

let compiled: ReturnType<typeof sampleCatalog> | undefined;
/** The shipped sample catalogue, compiled once per test file. */
const shippedCatalog = () => (compiled ??= sampleCatalog());

/** An access token of a demo user, through the provider's code + PKCE flow over HTTP. */
export const userToken = (baseUrl: string, userName: string): Promise<string> =>
  tokenFor({ url: baseUrl, user: userName, password: DEMO_PASSWORD });

/** A disclosure request made by the demo caller system (client credentials): its requestId. */
export async function requestDisclosure(
  baseUrl: string,
  request: DisclosureRequest,
): Promise<string> {
  const token = await clientToken(baseUrl, 'demo-integration', 'demo-secret');
  const created = await body<{ requestId: string }>(
    baseUrl,
    apiPath(endpoints.disclosureRequest),
    token,
    request,
  );
  return created.requestId;
}

/** Saves the user's language, which applies at their next sign-in. */
async function saveLanguage(baseUrl: string, token: string, language: Language): Promise<void> {
  await body(baseUrl, apiPath(endpoints.userLanguage), token, { language }, 'PUT');
}

/** The disclosure of a request, as the token's holder reads it. */
export const fetchDisclosure = (
  baseUrl: string,
  token: string,
  requestId: string,
): Promise<DisclosureView> =>
  body<DisclosureView>(baseUrl, apiPath(endpoints.disclosureView, { requestId }), token);

/** A condition to store: its uuid and, unless the fixtures' answers will do, its answers. */
export interface StoredCondition {
  uuid: string;
  answers?: AnswerMap;
}

/**
 * Saves or submits, over HTTP with a demo user's token, a document of the given conditions on
 * the active catalogue version: the disclosure of `view` (its id, request id and version), or a
 * new one for `product` as a save or submit from /home makes it. A condition without answers is
 * answered as the server's fixtures answer it. Answers the stored disclosure.
 */
export async function storedDisclosure(
  baseUrl: string,
  token: string,
  options: {
    operation: 'save' | 'submit';
    applicationNumber: string;
    conditions: readonly StoredCondition[];
    view?: Pick<DisclosureView, 'id' | 'requestId' | 'version'>;
    product?: typeof PHKL_PRODUCT;
  },
): Promise<DisclosureSaved> {
  const [active, catalog] = await Promise.all([
    body<{ version: string }>(baseUrl, apiPath(endpoints.questionnaire), token),
    shippedCatalog(),
  ]);
  const doc = documentFor(
    active.version,
    options.conditions.map(({ uuid, answers }) => {
      const impairment = impairmentOf(catalog, uuid);
      return { impairment, answers: answers ?? answersFor(impairment) };
    }),
  );
  const endpoint =
    options.operation === 'save' ? endpoints.disclosureSave : endpoints.disclosureSubmit;
  return body<DisclosureSaved>(baseUrl, apiPath(endpoint), token, {
    ...(options.view
      ? { id: options.view.id, requestId: options.view.requestId, version: options.view.version }
      : options.product),
    applicationNumber: options.applicationNumber,
    age: PROFILE.age,
    gender: PROFILE.gender,
    rsmScore: PROFILE.rsmScore,
    disclosureJson: JSON.stringify(doc),
  });
}

/**
 * A disclosure requested by the caller system and submitted (status 3), or only saved as a
 * draft (status 2) with `save: true`, over HTTP by a demo user on the active catalogue
 * version: every shown question of each condition (by uuid) answered as the server's fixtures
 * answer it. Answers its requestId.
 */
export async function submittedDisclosure(
  baseUrl: string,
  options: {
    userName: string;
    applicationNumber: string;
    product: typeof PHKL_PRODUCT;
    conditions: string[];
    save?: boolean;
  },
): Promise<string> {
  const requestId = await requestDisclosure(baseUrl, {
    applicationNumber: options.applicationNumber,
    ...options.product,
    redirection: '/home',
  });
  const token = await userToken(baseUrl, options.userName);
  await storedDisclosure(baseUrl, token, {
    operation: options.save ? 'save' : 'submit',
    applicationNumber: options.applicationNumber,
    conditions: options.conditions.map((uuid) => ({ uuid })),
    view: await fetchDisclosure(baseUrl, token, requestId),
  });
  return requestId;
}

/** What a questionnaire test file works with, ready once its beforeAll has run. */
export interface JourneySuite {
  browser: Browser;
  /** The catalogue's option labels and condition names (see {@link catalogLabels}). */
  labels: Map<string, Bilingual>;
  /** The journeys' server. */
  baseUrl: string;
  /** A page signed in as a demo user (see {@link signedInPage}). */
  signedIn(userName: string, options?: SignedInOptions): Promise<Page>;
  /** Opens a request's disclosure and waits until it fills the screen (see {@link openRequest}). */
  open(page: Page, requestId: string): Promise<void>;
  /** A demo user's access token. */
  token(userName: string): Promise<string>;
  /** Saves a demo user's language, which applies at their next sign-in. */
  setLanguage(userName: string, language: Language): Promise<void>;
  /** Saves a screenshot of the page as {@link SHOTS}/`name`.png. */
  screenshot(page: Page, name: string, options?: { fullPage?: boolean }): Promise<void>;
}

/** Takes the worker's browser and reads the catalogue's labels before a file's tests; closes the file's contexts after. */
export function journeySuite(): JourneySuite {
  const baseUrl = serverUrl();
  const suite: JourneySuite = {
    baseUrl,
    signedIn: (userName, options) => signedInPage(suite, baseUrl, userName, options),
    open: (page, requestId) => openRequest(page, baseUrl, requestId),
    token: (userName) => userToken(baseUrl, userName),
    setLanguage: async (userName, language) =>
      saveLanguage(baseUrl, await userToken(baseUrl, userName), language),
    screenshot: async (page, name, options = {}) => {
      await page.screenshot({ path: `${SHOTS}/${name}.png`, ...options });
    },
  } as JourneySuite;
  beforeAll(async () => {
    [suite.browser, suite.labels] = await Promise.all([workerBrowser(), catalogLabels()]);
    await mkdir(SHOTS, { recursive: true });
  });
  keepWhatFailed(() => suite.browser);
  afterAll(async () => {
    await closeContexts(suite.browser);
  });
  return suite;
}

/** How {@link signedInPage} opens its page. */
export interface SignedInOptions {
  viewport?: ViewportName;
  /** Where signing in lands, /home unless the role has no questionnaire (see {@link signIn}). */
  landing?: string;
  /** Adjusts the context first (routes, init scripts). */
  prepare?: (context: BrowserContext) => Promise<unknown>;
}

/**
 * A page signed in as a demo user, in a fresh context with the state getter on; `prepare`
 * adjusts the context first (routes, init scripts).
 */
export async function signedInPage(
  suite: JourneySuite,
  baseUrl: string,
  userName: string,
  options: SignedInOptions = {},
): Promise<Page> {
  const context = await newContext(suite.browser, options.viewport);
  await enableStateGetter(context);
  await options.prepare?.(context);
  const page = await context.newPage();
  await signIn(page, baseUrl, userName, options.landing);
  return page;
}

/** Matches a browser request by method and path. */
export const isCall = (method: string, path: string) => (request: Request) =>
  request.method() === method && new URL(request.url()).pathname === path;

/** The questionnaire screen's state, read through the debug getter. */
export interface ScreenState {
  session: { id: string | null; requestId: string | null; action: string; status: number | null };
  applicationNumber: string;
  profile: Record<string, unknown>;
  chosen: { impairment: { name: { en: string } }; answers: Record<string, unknown> }[];
}
export const screenState = async (page: Page): Promise<ScreenState> =>
  (await appState<{ questionnaire: ScreenState }>(page)).questionnaire;

/**
 * Opens /questionnaire/{requestId}, checking that the analytics query by request id is made,
 * and waits until the disclosure has filled the screen.
 */
export async function openRequest(page: Page, baseUrl: string, requestId: string): Promise<void> {
  const analytics = page.waitForRequest(
    isCall('GET', apiPath(endpoints.requestAnalytics, { requestId })),
  );
  await page.goto(`${baseUrl}/questionnaire/${requestId}`);
  await analytics;
  await expect
    .poll(async () => {
      const { session } = await screenState(page);
      return session.requestId === requestId && session.status !== null;
    }, SETTLED)
    .toBe(true);
}

/** The basic information a journey types in. */
export interface BasicInformation {
  applicationNumber?: string;
  birthDate: string;
  gender: Gender;
  rsmScore: string;
  /** The smoking status option's label in the screen's language. */
  smokingStatus: string;
}

/** Option labels and condition names of the shipped catalogue, by uuid, in both languages. */
async function catalogLabels(): Promise<Map<string, Bilingual>> {
  const catalog = await shippedCatalog();
  const labels = new Map<string, Bilingual>();
  for (const impairment of catalog.impairments) {
    labels.set(impairment.uuid, impairment.name);
    for (const question of impairment.questionList)
      for (const option of question.answerList) labels.set(option.uuid, option.label);
  }
  return labels;
}

/**
 * The questionnaire screen in the browser, in the language it is shown in. Options and
 * conditions are named by their catalogue uuid and found by their label in that language.
 */
export class QuestionnaireScreen {
  readonly page: Page;
  readonly language: Language;
  readonly texts: ScreenTexts;
  private readonly labels: Map<string, Bilingual>;

  constructor(page: Page, labels: Map<string, Bilingual>, language: Language = 'en') {
    this.page = page;
    this.labels = labels;
    this.language = language;
    this.texts = screenTexts(language);
  }

  /** The label of a catalogue option or the name of a condition, in the screen's language. */
  label(uuid: string): string {
    const label = this.labels.get(uuid);
    if (!label) throw new Error(`no option or condition ${uuid} in the catalogue`);
    return textIn(label, this.language);
  }

  private card(title: string): Locator {
    return this.page.locator('section').filter({
      has: this.page.getByRole('heading', { name: title, level: 2, exact: true }),
    });
  }

  get basic(): Locator {
    return this.card(this.texts.basic.title);
  }

  get conditions(): Locator {
    return this.card(this.texts.conditions.title);
  }

  get disclosure(): Locator {
    return this.card(this.texts.disclosure.title);
  }

  /** A button of the disclosure card (Save, Submit, Close, Export, Next page, …). */
  button(name: keyof ScreenTexts['disclosure']): Locator {
    return this.disclosure.getByRole('button', {
      name: this.texts.disclosure[name] as string,
      exact: true,
    });
  }

  /**
   * In view mode the screen opens on the case view's readable text (requirements W-11): its
   * Form tab shows the form as the specification's view mode has it.
   */
  async showForm(): Promise<void> {
    const form = textsIn(caseViewTexts, this.language).caseView.form;
    await this.page.getByRole('tab', { name: form, exact: true }).click();
    await this.disclosure.waitFor();
  }

  /** Picks an option of an open dropdown menu (a MUI select's listbox). */
  async pick(label: string): Promise<void> {
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  async fillBasicInformation(info: BasicInformation): Promise<void> {
    const { basic } = this.texts;
    const card = this.basic;
    if (info.applicationNumber !== undefined) {
      const number = card.getByRole('textbox', { name: basic.applicationNumber });
      await number.fill('');
      await number.pressSequentially(info.applicationNumber);
    }
    await card.getByRole('textbox', { name: basic.birthDate }).fill(info.birthDate);
    await card
      .getByRole('radio', { name: basic[info.gender === 'Male' ? 'male' : 'female'], exact: true })
      .check();
    await card.getByRole('combobox', { name: basic.rsmScore }).click();
    await this.pick(info.rsmScore);
    await card.getByRole('combobox', { name: basic.smokingStatus }).click();
    await this.pick(info.smokingStatus);
  }

  /** Height in cm and weight in kg in the basic information: the BMI follows. */
  async enterBodyMeasures(heightCm: string, weightKg: string): Promise<void> {
    await this.basic.getByRole('textbox', { name: this.texts.question.heightCm }).fill(heightCm);
    await this.basic.getByRole('textbox', { name: this.texts.question.weightKg }).fill(weightKg);
  }

  /** The condition search (I-02). */
  get search(): Locator {
    return this.conditions.getByRole('combobox', { name: this.texts.conditions.search });
  }

  /** Types into the condition search and chooses the listed condition. */
  async chooseCondition(typed: string, uuid: string): Promise<void> {
    await this.search.fill(typed);
    await this.pick(this.label(uuid));
    await this.chip(this.label(uuid)).waitFor();
  }

  /**
   * Types a condition that is not in the list and adds it as a self-defined one: Enter, then
   * Add in the dialog that asks first (I-04).
   */
  async addSelfDefined(name: string): Promise<void> {
    await this.search.fill(name);
    await this.search.press('Enter');
    await this.confirmSelfDefined
      .getByRole('button', { name: this.texts.conditions.confirmAdd })
      .click();
    await this.chip(name).waitFor();
  }

  /** The dialog asking before typed text becomes a self-defined condition (I-04). */
  get confirmSelfDefined(): Locator {
    return this.page.getByRole('dialog').filter({
      has: this.page.getByRole('button', { name: this.texts.conditions.confirmAdd, exact: true }),
    });
  }

  /** A chosen condition's chip. */
  chip(name: string): Locator {
    return this.conditions
      .getByRole('list', { name: this.texts.conditions.chosen })
      .getByRole('listitem')
      .filter({ has: this.page.getByText(name, { exact: true }) });
  }

  /** A question shown on the current page, by its uuid. */
  question(uuid: string): Locator {
    return this.page.locator(`[data-question="${uuid}"]`);
  }

  /** The current page's heading. */
  get pageHeading(): Locator {
    return this.disclosure.getByRole('heading', { level: 3 }).first();
  }

  async radio(question: string, option: string): Promise<void> {
    await this.question(question)
      .getByRole('radio', { name: this.label(option), exact: true })
      .check();
  }

  async checkbox(question: string, ...options: string[]): Promise<void> {
    for (const option of options)
      await this.question(question)
        .getByRole('checkbox', { name: this.label(option), exact: true })
        .check();
  }

  /** S and M questions: opens the dropdown and picks each option (a multi-select stays open). */
  async select(question: string, ...options: string[]): Promise<void> {
    await this.question(question).getByRole('combobox').click();
    for (const option of options) await this.pick(this.label(option));
    const listbox = this.page.getByRole('listbox');
    if (await listbox.isVisible()) {
      await this.page.keyboard.press('Escape');
      await listbox.waitFor({ state: 'detached' });
    }
  }

  /** T and N questions: the first line's value, and its unit when the question has units. */
  async text(question: string, value: string, unit?: string): Promise<void> {
    const field = this.question(question);
    await field.getByRole('textbox').first().fill(value);
    if (unit !== undefined) {
      await field.getByRole('combobox').first().click();
      await this.pick(unit);
    }
  }

  /** D questions: types DDMMYYYY over what the date field holds and leaves the field. */
  async date(question: string, ddmmyyyy: string): Promise<void> {
    await this.dateField(question).click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.type(ddmmyyyy);
    await this.page.keyboard.press('Tab');
  }

  /** A D question's date field. */
  dateField(question: string): Locator {
    return this.question(question).getByRole('textbox').first();
  }

  /** H and W questions: the first measure field (cm, or kg). */
  async measure(question: string, value: string): Promise<void> {
    await this.question(question).getByRole('textbox').first().fill(value);
  }

  /** H and W questions: the second measure field (ft, or lb), which follows the first. */
  convertedMeasure(question: string): Promise<string> {
    return this.question(question).getByRole('textbox').nth(1).inputValue();
  }

  /** A condition's decision row, one text per indicator. */
  async decisionOf(name: string): Promise<string[]> {
    const row = this.disclosure.getByRole('row').filter({
      has: this.page.getByRole('rowheader', { name, exact: true }),
    });
    return row.getByRole('cell').allTextContents();
  }
}

/** Waits for a reflexive child question, checking it was not shown before its option was chosen. */
async function opens(screen: QuestionnaireScreen, child: string, choose: () => Promise<void>) {
  expect(await screen.question(child).count()).toBe(0);
  await choose();
  await screen.question(child).waitFor();
}

/**
 * Answers the three Fractures pages, from its first: D, C, R, N, S and the H reached through
 * two levels of reflexive children (Spine, then height loss), seen appearing as chosen.
 */
export async function answerFractures(screen: QuestionnaireScreen): Promise<void> {
  await screen.date('fractures-date', '15062019');
  await opens(screen, 'fractures-spine-nerve', () =>
    screen.checkbox('fractures-site', 'fractures-site-arm', 'fractures-site-spine'),
  );
  await screen.radio('fractures-spine-nerve', 'fractures-spine-nerve-no');
  await opens(screen, 'fractures-height-before', () =>
    screen.radio('fractures-height-loss', 'fractures-height-loss-yes'),
  );
  await screen.measure('fractures-height-before', '158');
  // 158 cm shows in feet at once (5 ft 2.2 in).
  await expect.poll(() => screen.convertedMeasure('fractures-height-before'), SETTLED).toBe('5');
  await screen.radio('fractures-cause', 'fractures-cause-trauma');
  await screen.text('fractures-count', '2', 'fractures');
  await screen.button('nextPage').click();
  await screen.checkbox('fractures-treatment-list', 'fractures-treatment-cast');
  await screen.button('nextPage').click();
  await screen.select('fractures-recovery-state', 'fractures-recovery-full');
}
