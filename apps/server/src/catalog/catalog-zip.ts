/**
 * A catalogue as a zip of its YAML files, the same paths as the catalogue's folder
 * (requirements K-14). Reading one is bounded before anything is unpacked: the zip's size,
 * its entries' count, each entry's and all entries' unpacked size, how much larger than the
 * zip they unpack to, and each path's shape.
 */
import { CATALOG_FILE_LIMITS } from '@vmer/domain/api';
import type { SourceTexts } from '@vmer/domain/catalog/source-texts';
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { HttpError, type FieldError } from '../http/errors.ts';
import { isStudioPath } from './studio-service.ts';

const MB = 1024 * 1024;
/** Files besides the catalogue's that a zip of its folder may hold: left out, not refused. */
const IGNORED = /(^|\/)(__MACOSX\/|\.[^/]*$)|\.json$|\.md$|\.txt$/;
const YAML = /\.yaml$/;

/** A catalogue's files as a zip, with a fixed time on every entry so equal files zip equally. */
export function zipCatalog(files: SourceTexts, time: Date): Buffer {
  const entries: Zippable = {};
  for (const path of Object.keys(files).sort()) entries[path] = strToU8(files[path]!);
  return Buffer.from(zipSync(entries, { level: 6, mtime: time }));
}

function refused(errors: FieldError[]): HttpError {
  return new HttpError(400, 'bad_request', errors.slice(0, 50));
}

interface Entry {
  name: string;
  size: number;
  originalSize: number;
}

/**
 * The catalogue files of a zip, by path. A zip of the folder itself (one top folder holding
 * catalog.yaml) reads the same as a zip of its contents. Answers 400 naming what is wrong.
 */
export function unzipCatalog(zip: Uint8Array): SourceTexts {
  const limits = CATALOG_FILE_LIMITS;
  if (zip.length > limits.maxZipBytes) {
    throw new HttpError(400, {
      key: 'catalog_zip_too_big',
      params: { max: limits.maxZipBytes / MB, unpacked: limits.maxUnzippedBytes / MB },
    });
  }
  // First the directory alone: nothing is unpacked until every bound holds.
  const entries: Entry[] = [];
  const tooMany = new Error('too many entries');
  try {
    unzipSync(zip, {
      filter: (file) => {
        entries.push({ name: file.name, size: file.size, originalSize: file.originalSize });
        if (entries.length > limits.maxFiles * 2) throw tooMany;
        return false;
      },
    });
  } catch (error) {
    if (error === tooMany) {
      throw refused([
        { path: 'content', message: { key: 'catalog_too_many_files', params: { max: limits.maxFiles } } },
      ]);
    }
    throw new HttpError(400, 'catalog_zip_invalid');
  }
  const files = entries.filter((entry) => !entry.name.endsWith('/') && !IGNORED.test(entry.name));
  // A zip of the folder: one top folder around everything.
  const tops = new Set(files.map((entry) => entry.name.split('/')[0]));
  const [top] = tops;
  const prefix =
    tops.size === 1 && top !== undefined && top !== 'impairments' && files.every((e) => e.name.includes('/'))
      ? `${top}/`
      : '';
  const errors: FieldError[] = [];
  const wanted = new Map<string, string>();
  let total = 0;
  for (const entry of files) {
    const path = entry.name.slice(prefix.length);
    if (!YAML.test(path) || !isStudioPath(path)) {
      errors.push({ path: entry.name, message: 'catalog_path_invalid' });
      continue;
    }
    if (entry.originalSize > limits.maxFileChars) {
      errors.push({
        path: entry.name,
        message: { key: 'catalog_file_too_big', params: { max: limits.maxFileChars } },
      });
    }
    total += entry.originalSize;
    wanted.set(entry.name, path);
  }
  if (wanted.size > limits.maxFiles) {
    errors.push({
      path: 'content',
      message: { key: 'catalog_too_many_files', params: { max: limits.maxFiles } },
    });
  }
  if (errors.length > 0) throw refused(errors);
  if (total > limits.maxUnzippedBytes) {
    throw new HttpError(400, {
      key: 'catalog_zip_too_big',
      params: { max: limits.maxZipBytes / MB, unpacked: limits.maxUnzippedBytes / MB },
    });
  }
  if (total > Math.max(zip.length, 1024) * limits.maxZipRatio) {
    throw new HttpError(400, 'catalog_zip_ratio');
  }
  let unpacked: Record<string, Uint8Array>;
  try {
    // Each entry unpacks into a buffer of its declared size and no more.
    unpacked = unzipSync(zip, { filter: (file) => wanted.has(file.name) });
  } catch {
    throw new HttpError(400, 'catalog_zip_invalid');
  }
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  const texts: SourceTexts = {};
  for (const [name, bytes] of Object.entries(unpacked)) {
    const path = wanted.get(name)!;
    try {
      texts[path] = decoder.decode(bytes);
    } catch {
      errors.push({
        path: name,
        message: { en: 'The file is not UTF-8 text.', cn_traditional: '檔案並非 UTF-8 文字。' },
      });
    }
  }
  if (errors.length > 0) throw refused(errors);
  return texts;
}
