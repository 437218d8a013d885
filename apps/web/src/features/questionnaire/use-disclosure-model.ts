import { useMemo } from 'react';
import { bmiDecision } from '@vmer/domain/bmi';
import { consolidate, decideAll, todayIso } from '@vmer/domain/decision-engine';
import { enablement } from '@vmer/domain/disclosure';
import { buildPages, questionNumbers } from '@vmer/domain/paging';
import { useAppSelector } from '../../app/hooks.ts';
import { selectQuestionnaire } from './questionnaire-slice.ts';
import { useScreenContext } from './use-screen-context.ts';

/**
 * What the disclosure card shows, computed by the domain from the screen's state: pages,
 * each condition's decision, the consolidated decision, question numbers and which actions
 * are enabled.
 */
export function useDisclosureModel() {
  const context = useScreenContext();
  const { language, indicators, ruleAgeList, names } = context;
  const questionnaire = useAppSelector(selectQuestionnaire);
  const { chosen, profile, applicationNumber } = questionnaire;

  const pages = useMemo(() => buildPages(chosen, language), [chosen, language]);
  const numbers = useMemo(() => questionNumbers(pages), [pages]);
  const codes = useMemo(() => indicators.map((i) => i.code), [indicators]);
  const bmiRule = useMemo(
    () => bmiDecision(ruleAgeList, profile.age, profile.gender, profile.bmi ?? null),
    [ruleAgeList, profile.age, profile.gender, profile.bmi],
  );
  const decisions = useMemo(
    () =>
      decideAll(chosen, {
        indicators: codes,
        asOf: todayIso(),
        bmi: { impairmentName: names.abnormalBmiImpairmentName, decision: bmiRule },
      }),
    [chosen, codes, names.abnormalBmiImpairmentName, bmiRule],
  );
  const consolidated = useMemo(() => consolidate(decisions, codes), [decisions, codes]);
  const enabled = enablement({
    basic: {
      applicationNumber,
      age: profile.age,
      gender: profile.gender,
      rsmScore: profile.rsmScore,
    },
    smokingStatus: profile.smokingStatus,
    chosen,
    decisions,
  });

  return { ...context, questionnaire, pages, numbers, decisions, consolidated, enabled };
}
