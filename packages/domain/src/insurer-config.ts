/**
 * What of the catalogue an insurer uses (requirements K-13): the one owner of "which
 * indicators does this insurer decide on". The server, the questionnaire and the exports ask
 * here instead of reading the catalogue's global list.
 */
import type { Indicator } from './model.ts';

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
