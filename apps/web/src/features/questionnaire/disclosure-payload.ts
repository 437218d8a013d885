import { buildDocument } from '@vmer/domain/disclosure';
import type { ImpairmentDecision } from '@vmer/domain/decision-engine';
import type { DisclosurePayload } from '@vmer/domain/lifecycle';
import type { QuestionnaireState } from './questionnaire-slice.ts';

/** What a payload needs beyond the screen's state. */
export interface PayloadContext {
  /** The domain's decision of each chosen condition (the document carries them). */
  decisions: readonly ImpairmentDecision[];
  /** The active catalogue version, for a disclosure not saved yet. */
  activeCatalogVersion: string | undefined;
  /** The header's insurer, channel and product, for a disclosure not saved yet. */
  selection: { insurerCode: string; channel: string; productCode: string };
}

/**
 * What Save, Submit and Export send (design §4), built from the screen's state: the one
 * builder of the Save button and of the background save (I-11).
 */
export function disclosurePayload(
  questionnaire: Pick<QuestionnaireState, 'session' | 'profile' | 'chosen' | 'applicationNumber'>,
  { decisions, activeCatalogVersion, selection }: PayloadContext,
): DisclosurePayload {
  const { session, profile, chosen, applicationNumber } = questionnaire;
  return {
    id: session.id,
    requestId: session.requestId,
    version: session.version,
    applicationNumber,
    age: profile.age,
    gender: profile.gender,
    rsmScore: profile.rsmScore,
    disclosureJson: JSON.stringify(
      buildDocument(
        { profile, chosen },
        // The version it was answered on; the active one for a disclosure not saved yet.
        { catalogVersion: session.catalogVersion ?? activeCatalogVersion ?? '', decisions },
      ),
    ),
    ...(session.id === null
      ? {
          insurerCode: selection.insurerCode,
          channel: selection.channel,
          productCode: selection.productCode,
        }
      : {}),
  };
}
