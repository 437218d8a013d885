import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

/**
 * The address of a chunk the web build's manifest names (a chunk group of `screenChunks` in
 * apps/web/vite.config.ts, or a lazy module's own), as the browser asks for it; of the build
 * the server serves (WEB_DIST, else apps/web/dist).
 */
export async function chunkFile(name: string): Promise<string> {
  const dist =
    process.env.WEB_DIST ?? fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
  const manifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; name?: string }
  >;
  const found = Object.values(manifest).find((candidate) => candidate.name === name);
  expect(found, name).toBeDefined();
  return `/${found!.file}`;
}
