import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useState } from 'react';
import { impairmentsToLoad, readDocument, type ImpairmentSource } from '@vmer/domain/disclosure';
import type { DisclosureView } from '@vmer/domain/lifecycle';
import {
  disclosureDocumentSchema,
  OTHERS_TEMPLATE_UUID,
  type Impairment,
} from '@vmer/domain/model';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import {
  useAnalyticsQuery,
  useDisclosureQuery,
  useLazyDiseaseListQuery,
  useLazyQuestionsQuery,
  useLazySpecialListQuery,
  type DiseaseListRequest,
} from './api/questionnaire-api.ts';
import { disclosureLoaded, formReset, selectSession } from './questionnaire-slice.ts';

function parseDocument(json: string) {
  try {
    const parsed = disclosureDocumentSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * On /questionnaire/{requestId}: fetches the disclosure (and the request's analytics), loads
 * the questions of the conditions it names from the catalogue version it was answered on and
 * fills the screen with it (requirements §4, docs/design.md
 * §4). When the fetch fails, nothing of an earlier disclosure stays. A disclosure this screen
 * has just stored from /home only changes the address (W-22): it is on screen already, so it is
 * not fetched again.
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
  const disclosure = useDisclosureQuery(requestId && !shown ? requestId : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const { refetch } = disclosure;
  useAnalyticsQuery(requestId && insurerCode ? requestId : skipToken);
  const [loadList] = useLazyDiseaseListQuery();
  const [loadSpecial] = useLazySpecialListQuery();
  const [loadQuestions] = useLazyQuestionsQuery();

  useEffect(() => {
    if (disclosure.isError) dispatch(formReset());
  }, [disclosure.isError, dispatch]);

  useEffect(() => {
    const view: DisclosureView | undefined = disclosure.data;
    if (!view) return;
    let cancelled = false;
    const fill = async () => {
      const doc = parseDocument(view.disclosureJson);
      const request: DiseaseListRequest = {
        insurerCode: view.insurerCode,
        channel: view.channel,
        productCode: view.productCode,
        gender: null,
        age: null,
        rsmScore: null,
        // Its own version, not the active one: an older disclosure reads what it was answered on.
        catalogVersion: view.catalogVersion,
      };
      const impairments = new Map<string, Impairment>();
      const templateUuid = othersUuid ?? OTHERS_TEMPLATE_UUID;
      if (doc && doc.impairments.length > 0) {
        const [list, special] = await Promise.all([
          loadList(request, true).unwrap(),
          loadSpecial(request, true).unwrap(),
        ]);
        const entries = [
          ...list.diseaseList,
          ...[special.abnormalBmi, special.highLowBmi, special.others].filter((i) => i !== null),
        ];
        await Promise.all(
          impairmentsToLoad(doc, templateUuid).map(async (uuid) => {
            const entry = entries.find((e) => e.uuid === uuid);
            if (!entry) return;
            impairments.set(uuid, {
              ...entry,
              questionList: await loadQuestions(
                { uuid, catalogVersion: view.catalogVersion },
                true,
              ).unwrap(),
            });
          }),
        );
      }
      if (cancelled) return;
      const source: ImpairmentSource = {
        impairment: (uuid) => impairments.get(uuid),
        othersTemplateUuid: templateUuid,
      };
      const read = doc ? readDocument(doc, source) : null;
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
  }, [disclosure.data, othersUuid, loadList, loadSpecial, loadQuestions, dispatch]);

  /** Shows the server's copy again (I-14 "Use the saved version"). */
  const reload = useCallback(() => {
    if (shown) setAdopted(undefined);
    else if (requestId) void refetch();
  }, [shown, requestId, refetch]);

  return { loading: disclosure.isFetching, error: disclosure.error, reload };
}
