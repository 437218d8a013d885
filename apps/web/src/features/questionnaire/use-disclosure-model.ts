import { useMemo } from 'react';
import { todayIso } from '@vmer/domain/decision-engine';
import { evaluateDisclosure } from '@vmer/domain/evaluation';
import { buildPages, questionNumbers } from '@vmer/domain/paging';
import { useAppSelector } from '../../app/hooks.ts';
import { selectQuestionnaire } from './questionnaire-slice.ts';
import { useScreenContext } from './use-screen-context.ts';

/**
 * What the disclosure card shows, computed by the domain from the screen's state: pages,
 * question numbers, and the domain's evaluation (each condition's decision, the consolidated
 * decision, what a submit lacks and which actions are enabled).
 */
export function useDisclosureModel() {
  const context = useScreenContext();
  const { language, indicators, ruleAgeList, names } = context;
  const questionnaire = useAppSelector(selectQuestionnaire);
  const { chosen, profile, applicationNumber } = questionnaire;

  const pages = useMemo(() => buildPages(chosen, language), [chosen, language]);
  const numbers = useMemo(() => questionNumbers(pages), [pages]);
  const codes = useMemo(() => indicators.map((i) => i.code), [indicators]);
  const evaluation = useMemo(
    () =>
      evaluateDisclosure(
        { profile, chosen, applicationNumber },
        {
          indicators: codes,
          ruleAgeList,
          abnormalBmiImpairmentName: names.abnormalBmiImpairmentName,
          asOf: todayIso(),
        },
      ),
    [profile, chosen, applicationNumber, codes, ruleAgeList, names.abnormalBmiImpairmentName],
  );
  const { decisions, consolidated, enabled } = evaluation;

  return {
    ...context,
    questionnaire,
    pages,
    numbers,
    evaluation,
    decisions,
    consolidated,
    enabled,
  };
}
