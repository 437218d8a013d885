import type { ApiResponse, ApiRoutes } from '@vmer/domain/api';
import {
  openingListRequest,
  wholeListRequest,
  type DiseaseListRequest,
} from '@vmer/domain/opening';
import type { AppDispatch } from '../../../app/store.ts';
import { envelopeAnswer, type ApiError } from '../../../lib/api-client.ts';
import { expectAnswer } from '../../../lib/early-answers.ts';
import { takeEarlyOpening } from '../../../lib/early-opening.ts';
import { storeInstance } from '../../../lib/instance-cookie.ts';
import { heldVersions, keep, keptFor, SUMMARY } from './catalogue-cache.ts';
import {
  ACTIVE_SUMMARY,
  DISEASE_LIST,
  listName,
  SPECIAL_LIST,
  openedDisclosureKey,
  questionnaireApi,
  questionsArg,
} from './questionnaire-api.ts';

type Opened = ApiResponse<ApiRoutes['disclosureOpen']>;
type Outcome = { data: Opened } | { error: ApiError };

/**
 * Puts what the opening brought of the disclosure's catalogue version where the screen's
 * queries look (F-01): kept by version (F-02) and in the query cache under the requests the
 * screen makes (`use-load-disclosure.ts`, `use-screen-context.ts`), so none of them asks again.
 */
function keepCatalogue(dispatch: AppDispatch, store: object, opened: Opened): void {
  const { disclosure, catalogue } = opened;
  if (!catalogue) return;
  const listRequest = openingListRequest(disclosure);
  const named = disclosure.catalogVersion;
  const { version } = catalogue;
  const entries: Parameters<typeof questionnaireApi.util.upsertQueryEntries>[0] = [
    { endpointName: 'questionnaireInfo', arg: version, value: catalogue.questionnaire },
  ];
  const keepList = (
    call: typeof DISEASE_LIST | typeof SPECIAL_LIST,
    request: DiseaseListRequest,
    answer: unknown,
  ) => {
    if (named) keep(store, named, listName(call, request), answer);
  };
  if (catalogue.diseaseList) {
    keepList(DISEASE_LIST, listRequest, catalogue.diseaseList);
    entries.push({ endpointName: 'diseaseList', arg: listRequest, value: catalogue.diseaseList });
    // As its own call's answer does, the list's instance renews the cookie (requirements §7).
    storeInstance(catalogue.diseaseList.instance);
  }
  if (catalogue.wholeList)
    keepList(DISEASE_LIST, wholeListRequest(listRequest), catalogue.wholeList);
  if (catalogue.wholeList)
    entries.push({
      endpointName: 'diseaseList',
      arg: wholeListRequest(listRequest),
      value: catalogue.wholeList,
    });
  if (catalogue.specialList) keepList(SPECIAL_LIST, listRequest, catalogue.specialList);
  if (catalogue.specialList)
    entries.push({ endpointName: 'specialList', arg: listRequest, value: catalogue.specialList });
  for (const { uuid, questionList } of catalogue.questions) {
    if (named) keep(store, named, `question/${uuid}`, questionList);
    entries.push({
      endpointName: 'questions',
      arg: questionsArg(uuid, named),
      value: questionList,
    });
  }
  // The summary last: a version counts as kept once its summary is (`heldVersions`), and the
  // stored copy writes in this order, so by then its lists and questions are kept too.
  keep(store, version, SUMMARY, catalogue.questionnaire);
  dispatch(questionnaireApi.util.upsertQueryEntries(entries));
}

/** The early call's answer when it opened the disclosure; undefined when it did not. */
async function earlyAnswer(response: Promise<Response>): Promise<{ data: Opened } | undefined> {
  try {
    const answer = await envelopeAnswer(await response, { quiet: true });
    return 'data' in answer ? { data: answer.data as Opened } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Opens the disclosure at `requestId` in one call (requirements F-01): the versions this
 * browser keeps are named so that their parts are left out, and what arrives answers the
 * frame's user info and insurer list and the screen's disclosure and catalogue queries. A part
 * the call did not bring is asked for by its own query.
 */
export const openDisclosure =
  (requestId: string) => (dispatch: AppDispatch, getState: () => unknown) => {
    const store = getState;
    const early = takeEarlyOpening(requestId);
    const opened: Promise<Outcome> = (async () => {
      // The page's first script may have asked already; what it could not open (a failure, a
      // refusal) is asked again here, so that it fails as its own call would.
      const first = early && (await earlyAnswer(early.response));
      const result =
        first ??
        (await dispatch(
          questionnaireApi.endpoints.openDisclosure.initiate(
            { requestId, known: await heldVersions(store) },
            { subscribe: false },
          ),
        ));
      if (result.data) {
        keepCatalogue(dispatch, store, result.data);
        return { data: result.data };
      }
      return { error: result.error as ApiError };
    })();
    const part = <T>(pick: (answer: Opened) => T) =>
      opened.then((outcome) => ('data' in outcome ? { data: pick(outcome.data) } : undefined));
    expectAnswer(
      store,
      'userInfo',
      part((answer) => answer.userInfo),
    );
    expectAnswer(
      store,
      'insurerList',
      part((answer) => answer.insurerList),
    );
    // The active version's summary (which the screen compares the disclosure's with): brought,
    // or the disclosure's own, or kept from an earlier opening (F-02).
    expectAnswer(
      store,
      ACTIVE_SUMMARY,
      opened.then(async (outcome) => {
        if (!('data' in outcome)) return undefined;
        const { activeVersion, activeSummary, catalogue } = outcome.data;
        const summary =
          activeSummary ??
          (catalogue?.version === activeVersion ? catalogue.questionnaire : undefined) ??
          (await keptFor<NonNullable<Opened['activeSummary']>>(store, activeVersion, SUMMARY));
        if (!summary) return undefined;
        keep(store, activeVersion, SUMMARY, summary);
        return { data: summary };
      }),
    );
    // The disclosure's own refusal is the opening's: the same service answered it.
    expectAnswer(
      store,
      openedDisclosureKey(requestId),
      opened.then((outcome) =>
        'data' in outcome
          ? { data: outcome.data.disclosure }
          : outcome.error.kind === 'response'
            ? { error: outcome.error }
            : undefined,
      ),
    );
  };
