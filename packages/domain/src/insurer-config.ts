/**
 * What of the catalogue an insurer uses (requirements K-13): the one owner of "which
 * indicators does this insurer decide on", "which wording does it give an exclusion" and
 * "which BMI rules does it decide by". The
 * server, the questionnaire and the exports ask here instead of reading the catalogue's
 * global lists.
 */
import type { ExclusionWording, Indicator, RuleAge } from './model.ts';

/** What resolving needs: the catalogue's indicators and its insurers' choices of them. */
export interface InsurerIndicatorSource {
  indicators: readonly Indicator[];
  insurers: readonly { code: string; indicators?: readonly string[] | undefined }[];
}

/**
 * The indicators an insurer decides on, in the catalogue's order: those its `indicators`
 * names, or all the catalogue's when it names none or the insurer is unknown (so catalogues
 * and versions written before K-13 keep deciding on every indicator).
 */
export function insurerIndicators(
  catalog: InsurerIndicatorSource,
  insurerCode: string | null | undefined,
): Indicator[] {
  const chosen = catalog.insurers.find((insurer) => insurer.code === insurerCode)?.indicators;
  if (!chosen) return [...catalog.indicators];
  return catalog.indicators.filter((indicator) => chosen.includes(indicator.code));
}

/** What resolving wordings needs: the catalogue's wordings and its insurers' own ones. */
export interface InsurerExclusionSource {
  exclusions: readonly ExclusionWording[];
  insurers: readonly { code: string; exclusions?: readonly ExclusionWording[] | undefined }[];
}

/**
 * The exclusion wordings an insurer's disclosures show: the catalogue's, in its order, each
 * replaced by the insurer's own wording of that code where it has one (K-13).
 */
export function insurerExclusions(
  catalog: InsurerExclusionSource,
  insurerCode: string | null | undefined,
): ExclusionWording[] {
  const own = catalog.insurers.find((insurer) => insurer.code === insurerCode)?.exclusions ?? [];
  return catalog.exclusions.map(
    (exclusion) => own.find((wording) => wording.code === exclusion.code) ?? exclusion,
  );
}

/** What resolving BMI rules needs: the catalogue's rules and its insurers' own ones. */
export interface InsurerBmiSource {
  ruleAgeList: readonly RuleAge[];
  insurers: readonly { code: string; ruleAgeList?: readonly RuleAge[] | undefined }[];
}

/** The BMI rules an insurer's disclosures are decided by: its own, else the catalogue's (K-13). */
export function insurerBmiRules(
  catalog: InsurerBmiSource,
  insurerCode: string | null | undefined,
): RuleAge[] {
  const own = catalog.insurers.find((insurer) => insurer.code === insurerCode)?.ruleAgeList;
  return [...(own ?? catalog.ruleAgeList)];
}
