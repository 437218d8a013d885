import { fileURLToPath } from 'node:url';
import { readSourceDir, type SourceTexts } from '../../src/catalog/source-files.ts';
import type { VersionSummary } from '../../src/catalog/catalog-service.ts';
import { api, tokenFor } from '../helpers.ts';

/** The small sound catalogue under fixtures/sound, as an upload's files. */
export function soundFiles(): Promise<SourceTexts> {
  return readSourceDir(fileURLToPath(new URL('./fixtures/sound', import.meta.url)));
}

/** Uploads files as admin; answers the envelope. */
export function upload(
  baseUrl: string,
  token: string,
  files: SourceTexts,
  extra: { notes?: string; activate?: boolean } = {},
) {
  return api<{ created: boolean; version: VersionSummary }>(baseUrl, '/api/catalog/versions', {
    token,
    body: { files, ...extra },
  });
}

/** A release as the studio's routes answer it. */
export interface ReleaseAnswer {
  id: string;
  version: string;
  status: string;
  approver: string | null;
  activateAt: string | null;
}

/**
 * Activates a version the one way there is (K-11): admin1 (or `asker`) asks for its release
 * and admin2 (or `approver`) approves it at once. Answers the activated release.
 */
export async function activateVersion(
  baseUrl: string,
  version: string,
  tokens: { asker?: string; approver?: string } = {},
): Promise<ReleaseAnswer> {
  const asker = tokens.asker ?? (await tokenFor(baseUrl, 'admin1'));
  const approver = tokens.approver ?? (await tokenFor(baseUrl, 'admin2'));
  const asked = await api<ReleaseAnswer>(baseUrl, '/api/catalog/releases', {
    token: asker,
    body: { version, note: `Activate version ${version}` },
  });
  const id = asked.body.body?.id;
  if (asked.status !== 200 || !id) {
    throw new Error(`asking to activate ${version} answered ${asked.status}: ${JSON.stringify(asked.body)}`);
  }
  const approved = await api<ReleaseAnswer>(baseUrl, `/api/catalog/releases/${id}/approve`, {
    token: approver,
    body: {},
  });
  if (approved.status !== 200 || approved.body.body?.status !== 'activated') {
    throw new Error(
      `approving the release of ${version} answered ${approved.status}: ${JSON.stringify(approved.body)}`,
    );
  }
  return approved.body.body;
}

/** Uploads files as a new version and activates it through a release (K-11); answers the version. */
export async function uploadAndActivate(
  baseUrl: string,
  adminToken: string,
  files: SourceTexts,
  tokens: { approver?: string } = {},
): Promise<string> {
  const answer = await upload(baseUrl, adminToken, files);
  const version = answer.body.body?.version;
  if (answer.status !== 200 || !version) {
    throw new Error(`importing the catalogue answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  await activateVersion(baseUrl, version.version, { asker: adminToken, ...tokens });
  return version.version;
}

/** Imports and activates the sound test catalogue; answers its version. */
export async function activateSound(
  baseUrl: string,
  adminToken: string,
  approver?: string,
): Promise<string> {
  return uploadAndActivate(baseUrl, adminToken, await soundFiles(), approver ? { approver } : {});
}
