/**
 * The catalogue's YAML sources on the server side: reading a folder and hashing a catalogue.
 * Parsing and checking the texts is the domain's (`@vmer/domain/catalog/source-texts`), the
 * same check the studio runs in the browser.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SourceTexts } from '@vmer/domain/catalog/source-texts';

export { checkSourceTexts, formatProblem, type SourceTexts } from '@vmer/domain/catalog/source-texts';

/** The sample catalogue shipped with the product, at the top of the repository. */
export const SHIPPED_CATALOG_DIR = fileURLToPath(new URL('../../../../catalog', import.meta.url));

const YAML = /\.ya?ml$/;

/**
 * Reads a catalogue folder: the YAML files at its top and in `impairments/`. Other files
 * (schema.json, notes) are not part of the catalogue and are left out.
 */
export async function readSourceDir(dir: string): Promise<SourceTexts> {
  const texts: SourceTexts = {};
  for (const sub of ['', 'impairments']) {
    let names: string[];
    try {
      names = await readdir(join(dir, sub));
    } catch (error) {
      if (sub !== '' && (error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    for (const name of names.filter((n) => YAML.test(n)).sort()) {
      const path = sub ? `${sub}/${name}` : name;
      texts[path] = await readFile(join(dir, path), 'utf8');
    }
  }
  return texts;
}

/**
 * The content hash of a catalogue: the same files with the same texts give the same hash,
 * whatever order they are listed in.
 */
export function contentHash(texts: SourceTexts): string {
  const hash = createHash('sha256');
  for (const path of Object.keys(texts).sort()) {
    hash.update(`${path}\0${texts[path]}\0`);
  }
  return hash.digest('hex');
}
