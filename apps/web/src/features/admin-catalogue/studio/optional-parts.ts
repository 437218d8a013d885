import type { Language } from '@vmer/domain/model';
import { lazy, type ComponentType } from 'react';

/**
 * The condition preview (K-07) and the structured editor (K-04) live in their own folders and
 * load beside the draft page when it shows them. They are found by their export's name, so the
 * page works (with the YAML view alone) in a tree that does not hold one of them.
 */
const previewModules = import.meta.glob<Record<string, unknown>>([
  '../preview/*.tsx',
  '!../preview/preview-parts.tsx',
]);
const structuredModules = import.meta.glob<Record<string, unknown>>('../structured/*.tsx');

export const HAS_PREVIEW = Object.keys(previewModules).length > 0;
export const HAS_STRUCTURED = Object.keys(structuredModules).length > 0;

const Nothing = () => null;

function part<P>(modules: Record<string, () => Promise<Record<string, unknown>>>, name: string) {
  return lazy(async () => {
    const loaded = await Promise.all(Object.values(modules).map((load) => load()));
    const found = loaded.map((exports) => exports[name]).find((value) => value !== undefined);
    return { default: (typeof found === 'function' ? found : Nothing) as ComponentType<P> };
  });
}

interface Indicators {
  indicators: readonly { code: string }[];
}

export const ConditionPreview = part<Indicators & { file: unknown; language: Language }>(
  previewModules,
  'ConditionPreview',
);

export const StructuredConditionEditor = part<
  Indicators & {
    value: unknown;
    onChange: (next: unknown) => void;
    /** The check's problems in this file, at the data path each concerns. */
    problems: readonly { path: readonly (string | number)[]; message: string }[];
  }
>(structuredModules, 'StructuredConditionEditor');
