/**
 * What opening a disclosure reads from its catalogue version (requirements F-01): the product's
 * disease and special lists for the applicant it holds, and the questions of the conditions it
 * names. One owner for the server, which answers all of it in one call, and for the browser,
 * which asks for what that call left out under the same requests.
 */
import { impairmentsToLoad } from './disclosure.ts';
import type { DisclosureView } from './lifecycle.ts';
import {
  disclosureDocumentSchema,
  isUnderAge,
  OTHERS_TEMPLATE_UUID,
  type DiseaseListEntry,
  type DisclosureDocument,
  type Gender,
  type Impairment,
  type Profile,
  type RsmScore,
} from './model.ts';

/** The header selection and applicant a disease or special list is asked for (requirements §3). */
export interface DiseaseListRequest {
  insurerCode: string;
  channel: string;
  productCode: string;
  gender: Gender | null;
  age: number | null;
  rsmScore: RsmScore | null;
  /** The catalogue version of the disclosure on screen; the active version when left out. */
  catalogVersion?: string | null;
}

/**
 * The disease or special list request of a product for an applicant: the one the screen makes
 * for what it shows, and the one opening a disclosure makes, so that both are one request
 * (requirements F-01). The server refuses a list for an applicant under 18 (requirements §5).
 */
export function listRequestFor(
  product: { insurerCode: string; channel: string; productCode: string },
  profile: Pick<Profile, 'gender' | 'age' | 'rsmScore'>,
  catalogVersion: string | null | undefined,
): DiseaseListRequest {
  return {
    insurerCode: product.insurerCode.toLowerCase(),
    channel: product.channel,
    productCode: product.productCode,
    gender: profile.gender,
    age: isUnderAge(profile.age) ? null : profile.age,
    rsmScore: profile.rsmScore,
    ...(catalogVersion ? { catalogVersion } : {}),
  };
}

/** The product's whole list: asked when a condition was stored for another gender (I-13). */
export const wholeListRequest = (request: DiseaseListRequest): DiseaseListRequest => ({
  ...request,
  gender: null,
  age: null,
  rsmScore: null,
});

/** A stored disclosure document, or null when it is not one. */
export function parseDisclosureDocument(json: string): DisclosureDocument | null {
  try {
    const parsed = disclosureDocumentSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** What a disclosure opens with: its document, the profile the screen shows, and its lists' request. */
export interface DisclosureOpening {
  document: DisclosureDocument | null;
  profile: Pick<Profile, 'age' | 'gender' | 'rsmScore'>;
  listRequest: DiseaseListRequest;
}

/**
 * The profile the screen will show for `view`, so that its lists are these (F-01): the row's,
 * the stored document's where the row has none.
 */
function openingProfile(
  view: DisclosureView,
  document: DisclosureDocument | null,
): DisclosureOpening['profile'] {
  return {
    age: view.age ?? document?.profile.age ?? null,
    gender: view.gender ?? document?.profile.gender ?? null,
    rsmScore: view.rsmScore ?? document?.profile.rsmScore ?? null,
  };
}

/** Reads what opening `view` needs from its catalogue version. */
export function disclosureOpening(view: DisclosureView): DisclosureOpening {
  const document = parseDisclosureDocument(view.disclosureJson);
  const profile = openingProfile(view, document);
  return { document, profile, listRequest: listRequestFor(view, profile, view.catalogVersion) };
}

/**
 * The lists' request of {@link disclosureOpening}, reading the stored document only when the
 * row lacks part of the profile: the browser keeps what the opening brought under this request
 * before its screen reads the document, and reading a whole disclosure's document twice cost
 * a first paint a parse.
 */
export function openingListRequest(view: DisclosureView): DiseaseListRequest {
  const complete = view.age !== null && view.gender !== null && view.rsmScore !== null;
  const profile = openingProfile(
    view,
    complete ? null : parseDisclosureDocument(view.disclosureJson),
  );
  return listRequestFor(view, profile, view.catalogVersion);
}

/** The uuids of the conditions a document names, the Others template's standing for its own. */
export function conditionsToLoad(
  document: DisclosureDocument | null,
  othersTemplateUuid: string | undefined,
): string[] {
  return document ? impairmentsToLoad(document, othersTemplateUuid ?? OTHERS_TEMPLATE_UUID) : [];
}

/** The entries a disease list and special list offer, the special ones after the product's. */
export function offeredEntries(
  list: readonly DiseaseListEntry[],
  special: {
    highLowBmi: Impairment | null;
    abnormalBmi: Impairment | null;
    others: Impairment | null;
  },
): DiseaseListEntry[] {
  return [
    ...list,
    ...[special.abnormalBmi, special.highLowBmi, special.others].filter((i) => i !== null),
  ];
}

/** Whether a condition the disclosure names is missing from the applicant's list. */
export const needsWholeList = (entries: readonly DiseaseListEntry[], wanted: readonly string[]) =>
  wanted.some((uuid) => !entries.some((entry) => entry.uuid === uuid));
