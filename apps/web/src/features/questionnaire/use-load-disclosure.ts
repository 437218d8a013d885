import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { readDocument, type ImpairmentSource } from '@vmer/domain/disclosure';
import type { DisclosureView } from '@vmer/domain/lifecycle';
import { OTHERS_TEMPLATE_UUID, type DiseaseListEntry, type Impairment } from '@vmer/domain/model';
import {
  conditionsToLoad,
  disclosureOpening,
  needsWholeList,
  offeredEntries,
  wholeListRequest,
} from '@vmer/domain/opening';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { useAfterPaint } from '../../lib/use-after-paint.ts';
import {
  questionnaireApi,
  questionsArg,
  useAnalyticsQuery,
  useDisclosureQuery,
  useLazyDiseaseListQuery,
  useLazySpecialListQuery,
} from './api/questionnaire-api.ts';
import { firstPaintDone, isOpenedEarly, openedEarlyShown } from './use-load-disclosure-early.ts';
import { disclosureLoaded, formReset, selectSession } from './questionnaire-slice.ts';

/**
 * On /questionnaire/{requestId}: fetches the disclosure (and the request's analytics), loads
 * the questions of the conditions it names from the catalogue version it was answered on and
 * fills the screen with it (requirements §4, docs/design.md
 * §4). When the fetch fails, nothing of an earlier disclosure stays. A disclosure this screen
 * has just stored from /home only changes the address (W-22): it is on screen already, so it is
 * not fetched again. Once the disclosure is here, every call it needs starts at once: its
 * product's lists, one question list per condition and its version's summary (requirements
 * F-01; architecture.md, "Opening a disclosure").
 */
export function useLoadDisclosure(
  requestId: string | undefined,
  insurerCode: string,
  othersUuid: string | undefined,
) {
  const dispatch = useAppDispatch();
  const stored = useAppSelector(selectSession).requestId;
  const [previous, setPrevious] = useState(requestId);
  const [adopted, setAdopted] = useState<string | undefined>();
  if (previous !== requestId) {
    setPrevious(requestId);
    setAdopted(previous === undefined && requestId === stored ? requestId : undefined);
  }
  const shown = requestId !== undefined && requestId === adopted;
  // Opened afresh each time: a device copy is weighed against the server's copy now (I-13).
  // The one the app asked for as it opened at this address is that copy (F-01).
  const disclosure = useDisclosureQuery(requestId && !shown ? requestId : skipToken, {
    refetchOnMountOrArgChange: !isOpenedEarly(requestId),
  });
  useEffect(() => openedEarlyShown(), []);
  const { refetch } = disclosure;
  // The request's analytics once its disclosure has painted: the first paint waits for nothing else.
  const painted = useAfterPaint(requestId !== undefined && stored === requestId);
  useAnalyticsQuery(requestId && insurerCode && painted ? requestId : skipToken);
  const [loadList] = useLazyDiseaseListQuery();
  const [loadSpecial] = useLazySpecialListQuery();
  // The Others template's uuid the screen knows; read when a disclosure arrives, not followed.
  const othersKnown = useRef(othersUuid);
  useEffect(() => {
    if (othersUuid) othersKnown.current = othersUuid;
  }, [othersUuid]);

  useEffect(() => {
    if (disclosure.isError) dispatch(formReset());
  }, [disclosure.isError, dispatch]);

  useEffect(() => {
    const view: DisclosureView | undefined = disclosure.data;
    if (!view) return;
    let cancelled = false;
    const fill = async () => {
      const { document: doc, listRequest: request } = disclosureOpening(view);
      const version = view.catalogVersion;
      const impairments = new Map<string, Impairment>();
      let templateUuid = othersKnown.current ?? OTHERS_TEMPLATE_UUID;
      const questions = new Map<string, Promise<Impairment['questionList']>>();
      const questionsOf = (uuid: string) => {
        let loading = questions.get(uuid);
        if (!loading) {
          loading = dispatch(
            questionnaireApi.endpoints.questions.initiate(questionsArg(uuid, version), {
              subscribe: false,
            }),
          ).unwrap();
          questions.set(uuid, loading);
        }
        return loading;
      };
      // The version's summary (rules, indicators) the screen reads once it shows the disclosure:
      // its own version's, brought by the opening or kept (F-01, F-02); the active one's when
      // it names none. When it names another, the active one's too, so that the notice that
      // the disclosure was answered on an older version shows with it, not a moment after it,
      // which moved the whole form down as it appeared (a layout shift).
      const summaryOf = (catalogVersion: string | undefined) =>
        dispatch(
          questionnaireApi.endpoints.questionnaireInfo.initiate(catalogVersion, {
            subscribe: false,
          }),
        );
      const summary = () =>
        Promise.all([summaryOf(version ?? undefined), version ? summaryOf(undefined) : undefined]);
      if (doc && doc.impairments.length > 0) {
        // All at once: the question lists need only the uuids, not the lists.
        // A failure shows when the condition's questions are waited for below.
        for (const uuid of conditionsToLoad(doc, templateUuid))
          questionsOf(uuid).catch(() => undefined);
        const [list, special] = await Promise.all([
          loadList(request, true).unwrap(),
          loadSpecial(request, true).unwrap(),
          summary(),
        ]);
        templateUuid = special.others?.uuid ?? templateUuid;
        let entries: DiseaseListEntry[] = offeredEntries(list.diseaseList, special);
        const wanted = conditionsToLoad(doc, templateUuid);
        // A condition stored for another gender than the applicant's: the product's whole list.
        if (needsWholeList(entries, wanted)) {
          const whole = wholeListRequest(request);
          entries = [...entries, ...(await loadList(whole, true).unwrap()).diseaseList];
        }
        await Promise.all(
          wanted.map(async (uuid) => {
            const entry = entries.find((e) => e.uuid === uuid);
            if (!entry) return;
            impairments.set(uuid, { ...entry, questionList: await questionsOf(uuid) });
          }),
        );
      } else {
        await summary();
      }
      if (cancelled) return;
      const source: ImpairmentSource = {
        impairment: (uuid) => impairments.get(uuid),
        othersTemplateUuid: templateUuid,
      };
      const read = doc ? readDocument(doc, source) : null;
      // Before it shows, so that what waited for its paint reads it as done (F-01).
      firstPaintDone();
      dispatch(
        disclosureLoaded({
          session: {
            id: view.id,
            requestId: view.requestId,
            action: view.action,
            status: view.status,
            version: view.version,
            redirection: view.redirection,
            product: {
              insurerCode: view.insurerCode,
              channel: view.channel,
              productCode: view.productCode,
            },
            rejectReason: view.rejectReason,
            submittedByCaller: view.submittedByCaller,
            claim: view.claim ?? null,
            catalogVersion: view.catalogVersion,
          },
          applicationNumber: view.applicationNumber,
          profile: {
            ...(read?.profile ?? {}),
            age: view.age ?? read?.profile.age ?? null,
            gender: view.gender ?? read?.profile.gender ?? null,
            rsmScore: view.rsmScore ?? read?.profile.rsmScore ?? null,
          },
          chosen: read?.chosen ?? [],
        }),
      );
    };
    fill().catch(() => {
      // A failed list or question call shows in the global snackbar; the screen keeps what it had.
    });
    return () => {
      cancelled = true;
    };
  }, [disclosure.data, loadList, loadSpecial, dispatch]);

  /** Shows the server's copy again (I-14 "Use the saved version"). */
  const reload = useCallback(() => {
    if (shown) setAdopted(undefined);
    else if (requestId) void refetch();
  }, [shown, requestId, refetch]);

  return { loading: disclosure.isFetching, error: disclosure.error, reload };
}
