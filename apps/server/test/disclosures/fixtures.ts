/**
 * Disclosures to test with, built from the shipped sample catalogue: every shown question
 * answered in the form its type takes, so a test can ask for a complete or a partial one.
 */
import { fileURLToPath } from 'node:url';
import { serializeHeight, serializeWeight, type AnswerMap } from '@vmer/domain/answers';
import type { Catalog, DisclosureDocument, Impairment, Profile, Question } from '@vmer/domain';
import { answerOf, visibleQuestions } from '@vmer/domain/questionnaire';
import { checkSourceTexts, readSourceDir } from '../../src/catalog/source-files.ts';

const CATALOG_DIR = fileURLToPath(new URL('../../../../catalog', import.meta.url));

/** The shipped sample catalogue, compiled. */
export async function sampleCatalog(): Promise<Catalog> {
  const checked = checkSourceTexts(await readSourceDir(CATALOG_DIR));
  if (!checked.catalog)
    throw new Error(`sample catalogue has problems: ${JSON.stringify(checked.problems)}`);
  return checked.catalog;
}

export function impairmentOf(catalog: Catalog, uuid: string): Impairment {
  const impairment = catalog.impairments.find((i) => i.uuid === uuid);
  if (!impairment) throw new Error(`no impairment ${uuid} in the sample catalogue`);
  return impairment;
}

/** How to answer a choice question: its first option, or the first one that opens children. */
export type Choice = 'first' | 'opening';

function answerFor(q: Question, choice: Choice): AnswerMap[string] {
  switch (q.type) {
    case 'S':
    case 'R':
    case 'C':
    case 'M': {
      // The smoking question as the smoking status presets it: another answer contradicts it (I-21).
      const smoking = q.answerList.find((o) => o.smokingValue === PROFILE.smokingStatus);
      const opening = choice === 'opening' ? q.answerList.find((o) => !o.hasDecision) : undefined;
      return [
        (smoking ?? opening ?? q.answerList.find((o) => o.hasDecision) ?? q.answerList[0]!).uuid,
      ];
    }
    case 'T':
      return [{ value: 'Seen by Dr Chan & team <ok>', unit: q.units?.[0] ?? '' }];
    case 'N':
      // 120, or the nearest number the question's own bounds take (I-19).
      return [
        {
          value: String(Math.min(Math.max(120, q.min ?? 120), q.max ?? 120)),
          unit: q.units?.[0] ?? '',
        },
      ];
    case 'D':
      return { value: '2015-03-01', exact: true, zoneId: 'Asia/Hong_Kong' };
    case 'H':
      return serializeHeight({ cm: 170, ft: 5, inch: 6.93 });
    case 'W':
      return serializeWeight({ kg: 70, lb: 154.32 });
  }
}

/**
 * Answers for an impairment: every shown question answered (children included, as they open),
 * except the last `leaveOut` mandatory-or-not shown questions, which stay unanswered.
 */
export function answersFor(
  impairment: Impairment,
  choice: Choice = 'first',
  leaveOut = 0,
): AnswerMap {
  const answers: AnswerMap = {};
  for (let changed = true; changed;) {
    changed = false;
    for (const q of visibleQuestions(impairment, answers)) {
      if (answerOf(answers, q.uuid) !== undefined) continue;
      answers[q.uuid] = answerFor(q, choice);
      changed = true;
    }
  }
  const shown = visibleQuestions(impairment, answers);
  for (const q of shown.slice(shown.length - leaveOut)) delete answers[q.uuid];
  return answers;
}

/** phkl's agency product, which offers every condition. */
/** The prefix of the disclosure lifecycle's calls (design §4). */
export const DISCLOSURE_API = '/api/impairment/video_mer';

export const PHKL = { insurerCode: 'phkl', channel: 'agency', productCode: 'WL01' };
/** phkl's bank channel product, which offers fewer conditions than its agency one. */
export const PHKL_BANCA = { insurerCode: 'phkl', channel: 'banca', productCode: 'TERM10' };
/** slhk's one product. */
export const SLHK = { insurerCode: 'slhk', channel: 'broker', productCode: 'SAV05' };
/** The demo insurer's product. */
export const DEMO = { insurerCode: 'demo', channel: 'direct', productCode: 'DEMO1' };

export const PROFILE: Profile = {
  birthDate: '01031981',
  age: 45,
  gender: 'Male',
  rsmScore: 'A',
  height: serializeHeight({ cm: 170, ft: 5, inch: 6.93 }),
  weight: serializeWeight({ kg: 70, lb: 154.32 }),
  bmi: 24.2,
  smokingStatus: 'never',
};

/** The applicant fields a save or submit sends beside the document, as {@link PROFILE} has them. */
export const APPLICANT = { age: PROFILE.age, gender: PROFILE.gender, rsmScore: PROFILE.rsmScore };

/** The applicant fields and the document a save or submit sends (without product or number). */
export function disclosureFields(doc: DisclosureDocument) {
  return { ...APPLICANT, disclosureJson: JSON.stringify(doc) };
}

/** A disclosure document for some impairments with the answers given. */
export function documentFor(
  catalogVersion: string,
  entries: { impairment: Impairment; answers: AnswerMap; name?: string; selfDefined?: boolean }[],
  profile: Profile = PROFILE,
): DisclosureDocument {
  return {
    schemaVersion: 1,
    catalogVersion,
    profile,
    impairments: entries.map(({ impairment, answers, name, selfDefined }) => ({
      uuid: impairment.uuid,
      name: name ?? impairment.name.en,
      selfDefined: selfDefined ?? false,
      answers: Object.entries(answers).map(([questionUuid, answer]) => ({ questionUuid, answer })),
    })),
  };
}

/** A document of the catalogue's conditions named, each answered as {@link answersFor} answers it. */
export function answeredDocument(
  catalog: Catalog,
  catalogVersion: string,
  uuids: readonly string[],
  profile: Profile = PROFILE,
): DisclosureDocument {
  return documentFor(
    catalogVersion,
    uuids.map((uuid) => {
      const impairment = impairmentOf(catalog, uuid);
      return { impairment, answers: answersFor(impairment) };
    }),
    profile,
  );
}

/** A complete document: hypertension answered down its opening children, asthma fully. */
export function completeDocument(catalog: Catalog, catalogVersion: string): DisclosureDocument {
  const hypertension = impairmentOf(catalog, 'hypertension');
  const asthma = impairmentOf(catalog, 'asthma');
  return documentFor(catalogVersion, [
    { impairment: hypertension, answers: answersFor(hypertension, 'opening') },
    { impairment: asthma, answers: answersFor(asthma) },
  ]);
}

/** Hypertension complete (children opened), asthma with its last two shown questions unanswered. */
export function partialDocument(catalog: Catalog, catalogVersion: string): DisclosureDocument {
  const hypertension = impairmentOf(catalog, 'hypertension');
  const asthma = impairmentOf(catalog, 'asthma');
  return documentFor(catalogVersion, [
    { impairment: hypertension, answers: answersFor(hypertension, 'opening') },
    { impairment: asthma, answers: answersFor(asthma, 'first', 2) },
  ]);
}

/** The embedded provider's answer to a caller system's client-credentials grant. */
export function clientCredentialsGrant(
  baseUrl: string,
  clientId: string,
  secret: string,
): Promise<Response> {
  return fetch(`${baseUrl}/oidc/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'disclosure:request' }),
  });
}

/** An access token of a caller system, by the client-credentials grant of the embedded provider. */
export async function clientToken(
  baseUrl: string,
  clientId: string,
  secret: string,
): Promise<string> {
  const response = await clientCredentialsGrant(baseUrl, clientId, secret);
  const body = (await response.json()) as { access_token?: string; error?: string };
  if (!body.access_token)
    throw new Error(`client credentials refused: ${body.error ?? response.status}`);
  return body.access_token;
}
