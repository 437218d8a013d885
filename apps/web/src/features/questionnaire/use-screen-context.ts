import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { insurerBmiRules, insurerExclusions, insurerIndicators } from '@vmer/domain/insurer-config';
import { useAppSelector } from '../../app/hooks.ts';
import { listRequestFor, type DiseaseListRequest } from '@vmer/domain/opening';
import {
  questionnaireApi,
  useQuestionnaireInfoQuery,
  useSpecialListQuery,
} from './api/questionnaire-api.ts';
import { selectProfile, selectSession } from './questionnaire-slice.ts';

/**
 * What the questionnaire screen reads from the rest of the app: the header selection, user
 * info, the interface language, the product's special conditions and the screen's mode. The
 * rules (BMI bands, indicators, exclusion wordings) are the disclosure's catalogue version's
 * once it has one.
 */
export function useScreenContext() {
  const selection = useAppSelector((state) => state.headerSelection);
  const userState = useAppSelector((state) => state.userInfo);
  const language = useAppSelector((state) => state.language.language);
  // Not the answers: most of the screen shows none and need not re-render on each.
  const profile = useAppSelector(selectProfile);
  const session = useAppSelector(selectSession);

  const insurerEntry = selection.fullProductList.find(
    (entry) =>
      entry.insurerCode.toLowerCase() === selection.insurerCode &&
      entry.channel === selection.channel &&
      entry.productCode === selection.productCode,
  );
  // While a disclosure opens, the lists wait for it: opening asks for its product's lists
  // itself, and those are the ones the screen then shows (requirements F-01).
  const { requestId } = useParams();
  const failed = questionnaireApi.endpoints.disclosure.useQueryState(
    requestId ?? skipToken,
  ).isError;
  const opening = requestId !== undefined && session.requestId !== requestId && !failed;
  const listRequest: DiseaseListRequest | null =
    selection.insurerCode && selection.channel && selection.productCode && !opening
      ? listRequestFor(selection, profile, session.catalogVersion)
      : null;
  const special = useSpecialListQuery(listRequest ?? skipToken);
  // A disclosure answered on an older catalogue version decides by that version's rules.
  const pinned = useQuestionnaireInfoQuery(session.catalogVersion ?? skipToken);
  // Without a version yet, the active catalogue's: its insurers' indicators (K-13). Not while a
  // disclosure opens: its own version's comes with it (F-01).
  const active = useQuestionnaireInfoQuery(
    session.catalogVersion || opening ? skipToken : undefined,
  );
  const rules = session.catalogVersion ? pinned.data : active.data;
  // The insurer's part of the catalogue, resolved by the domain (K-13).
  const { indicators, ruleAgeList, exclusions } = useMemo(() => {
    const catalog = {
      indicators: rules?.indicators ?? userState.indicateList,
      ruleAgeList: rules?.ruleAgeList ?? userState.ruleAgeList,
      exclusions: rules?.exclusions ?? userState.exWordingList,
      insurers: rules?.insurers ?? [],
    };
    return {
      indicators: insurerIndicators(catalog, selection.insurerCode),
      ruleAgeList: insurerBmiRules(catalog, selection.insurerCode),
      exclusions: insurerExclusions(catalog, selection.insurerCode),
    };
  }, [
    rules,
    selection.insurerCode,
    userState.indicateList,
    userState.ruleAgeList,
    userState.exWordingList,
  ]);
  const names = useMemo(
    () => ({
      abnormalBmiImpairmentName: userState.userInfo.abnormalBmiImpairmentName,
      highLowBmiImpairmentName: userState.userInfo.highLowBmiImpairmentName,
    }),
    [userState.userInfo.abnormalBmiImpairmentName, userState.userInfo.highLowBmiImpairmentName],
  );

  return {
    selection,
    insurerEntry,
    userInfo: userState.userInfo,
    ruleAgeList,
    indicators,
    exclusions,
    smokingQuestion: userState.smokingQuestion ?? undefined,
    language,
    profile,
    session,
    listRequest,
    special: special.data,
    names,
    readOnly: session.action === 'view',
  };
}
