import { fileURLToPath } from 'node:url';
import { readSourceDir, type SourceTexts } from '../../src/catalog/source-files.ts';
import type { VersionSummary } from '../../src/catalog/catalog-service.ts';
import { api } from '../helpers.ts';

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

/** Imports and activates the sound test catalogue; answers its version. */
export async function activateSound(baseUrl: string, adminToken: string): Promise<string> {
  const answer = await upload(baseUrl, adminToken, await soundFiles(), { activate: true });
  const version = answer.body.body?.version;
  if (answer.status !== 200 || !version?.active) {
    throw new Error(
      `importing the test catalogue answered ${answer.status}: ${JSON.stringify(answer.body)}`,
    );
  }
  return version.version;
}
