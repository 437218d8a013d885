import { useMemo, useState } from 'react';
import { todayIso, type ImpairmentDecision } from '@vmer/domain/decision-engine';
import { evaluateDisclosure } from '@vmer/domain/evaluation';
import { buildPages, questionNumbers } from '@vmer/domain/paging';
import { useAppSelector } from '../../app/hooks.ts';
import { selectQuestionnaire } from './questionnaire-slice.ts';
import { useScreenContext } from './use-screen-context.ts';

/** A condition's decision as last shown, and its content, to tell whether a new one differs. */
interface Shown {
  content: string;
  decision: ImpairmentDecision;
}

/**
 * The domain's decisions, each condition's the same object as before when its content did not
 * change: an answer then renders again the decision row and "why" of the condition whose
 * decision it changed, not every condition's (issue 19). The decisions stay the domain's.
 */
function keepUnchanged(
  decisions: readonly ImpairmentDecision[],
  shown: Map<string, Shown>,
): ImpairmentDecision[] {
  const kept = decisions.map((decision) => {
    const content = JSON.stringify(decision);
    const before = shown.get(decision.impairmentUuid);
    if (before?.content === content) return before.decision;
    shown.set(decision.impairmentUuid, { content, decision });
    return decision;
  });
  if (shown.size > decisions.length) {
    const present = new Set(decisions.map((d) => d.impairmentUuid));
    for (const uuid of shown.keys()) if (!present.has(uuid)) shown.delete(uuid);
  }
  return kept;
}

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
  // This screen's decisions as last shown: a cache kept from render to render, not state.
  const [shown] = useState(() => new Map<string, Shown>());
  const evaluation = useMemo(() => {
    const evaluated = evaluateDisclosure(
      { profile, chosen, applicationNumber },
      {
        indicators: codes,
        ruleAgeList,
        abnormalBmiImpairmentName: names.abnormalBmiImpairmentName,
        asOf: todayIso(),
      },
    );
    return { ...evaluated, decisions: keepUnchanged(evaluated.decisions, shown) };
  }, [
    profile,
    chosen,
    applicationNumber,
    codes,
    ruleAgeList,
    names.abnormalBmiImpairmentName,
    shown,
  ]);
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
