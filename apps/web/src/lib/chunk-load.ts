import { createElement, lazy, useState, type ComponentType } from 'react';

/** Spec §9: a script chunk that has not loaded within 120 seconds has failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A script chunk of the app could not be loaded (missing file, time-out, network). */
export class ChunkLoadError extends Error {
  /** The chunk's file name, e.g. home-B2x9.js. */
  readonly chunk: string;
  constructor(chunk: string, options?: ErrorOptions) {
    super(`Loading chunk ${chunk} failed`, options);
    this.name = 'ChunkLoadError';
    this.chunk = chunk;
  }
}

// What browsers say when a dynamic import or Vite's preload of it fails.
const IMPORT_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload/i;

/** The file name of the first script or style URL in a message, if any. */
function fileNameIn(message: string): string | null {
  const url = /(?:https?:\/\/|\/)\S+?\.(?:m?js|css)\b/.exec(message)?.[0];
  return url ? (url.split('/').pop() ?? null) : null;
}

/** The failure as a ChunkLoadError when it is one; any other error as it was. */
function asChunkLoadError(error: unknown, fallbackName: string): unknown {
  if (error instanceof ChunkLoadError) return error;
  if (!(error instanceof Error) || !IMPORT_FAILURE.test(error.message)) return error;
  return new ChunkLoadError(fileNameIn(error.message) ?? fallbackName, { cause: error });
}

/**
 * Wraps a route's dynamic import so that a missing file, a network failure or a load taking
 * longer than {@link CHUNK_LOAD_TIMEOUT_MS} rejects with a {@link ChunkLoadError}; `name` names
 * the chunk when the browser's message does not.
 */
export function loadChunk<T>(
  name: string,
  importer: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError(name)), timeoutMs);
      importer().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(asChunkLoadError(error, name));
        },
      );
    });
}

/** A value loaded once and kept, as {@link loadedOnce} makes it. */
export interface LoadedOnce<T> {
  /** Starts the load, or joins the one under way; settles with the value once it is here. */
  load: () => Promise<T>;
  /** The value when it has loaded; undefined until then. */
  loaded: () => T | undefined;
}

/**
 * What `load` brings (a chunk of code, say), loaded at the first call and kept: calls while it
 * loads share that load, and a failed load is forgotten, so that the next call tries again.
 */
export function loadedOnce<T>(load: () => Promise<T>): LoadedOnce<T> {
  let loading: Promise<T> | undefined;
  let value: { kept: T } | undefined;
  return {
    load: () =>
      (loading ??= load().then(
        (kept) => (value = { kept }).kept,
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    loaded: () => value?.kept,
  };
}

/**
 * A component whose code loads when it first renders, or earlier through `preload` (once: it
 * renders what that load brought); a load that fails or times out is a ChunkLoadError. Pages
 * are these, and so are the parts of a screen its first paint does without (design §7).
 *
 * Once its code is here, a component mounted after that renders it at once, not through
 * React.lazy: a lazy component suspends at its first render even when its module has loaded,
 * its Suspense fallback shows for a frame, and React then holds back what the screen shows
 * next until 300 ms after that fallback (its throttle on revealing suspended content), which
 * was a third of a disclosure's first paint. The choice is made as it mounts and kept: never
 * swapped while shown, which would mount its content again. `ready` loads the code and settles
 * when it is here (the app's start waits for its first screen's, see main.tsx); a `preload` or
 * `ready` that failed is tried again at the next.
 */
export function lazyChunk<T, P extends object>(
  name: string,
  importer: () => Promise<T>,
  pick: (module: T) => ComponentType<P>,
) {
  const chunk = loadedOnce(() => loadChunk(name, importer)().then(pick));
  const load = () => chunk.load().then((component) => ({ default: component }));
  const Lazy = lazy(load);
  function Chunk(props: P) {
    const [Component] = useState<ComponentType<P>>(() => chunk.loaded() ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Chunk, {
    /* The result is not waited for: the component shows its own loading state or error. */
    preload: () => void load().catch(() => undefined),
    ready: (): Promise<void> => load().then(() => undefined),
  });
}
