import { useEffect, useRef, useState } from 'react';
import {
  checkSourceTexts,
  type LocatedProblem,
  type SourceTexts,
} from '@vmer/domain/catalog/source-texts';

/** How long typing pauses before the draft is checked again. */
const CHECK_DELAY_MS = 400;

export interface CheckRequest {
  id: number;
  texts: SourceTexts;
}

export interface CheckAnswer {
  id: number;
  problems: LocatedProblem[];
}

/** The worker that checks, or null where the browser has none (then the page checks). */
function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./check-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
}

/**
 * The domain's catalogue check (the server's own) over the whole draft while typing, in a
 * worker so that the editor keeps taking keys: the texts last checked (null before the first
 * check) and their problems, the server's until then. An answer for texts edited since is
 * dropped.
 */
export function useCatalogueCheck(
  texts: SourceTexts,
  initial: LocatedProblem[],
): { texts: SourceTexts | null; problems: LocatedProblem[] } {
  const [checked, setChecked] = useState<{
    texts: SourceTexts | null;
    problems: LocatedProblem[];
  }>({ texts: null, problems: initial });
  const worker = useRef<Worker | null | undefined>(undefined);
  const asked = useRef(new Map<number, SourceTexts>());
  const latest = useRef(0);

  useEffect(() => {
    const started = startWorker();
    worker.current = started;
    if (!started) return;
    const pending = asked.current;
    started.onmessage = ({ data }: MessageEvent<CheckAnswer>) => {
      const sent = pending.get(data.id);
      pending.delete(data.id);
      if (sent && data.id === latest.current) setChecked({ texts: sent, problems: data.problems });
    };
    // A worker that fails to load leaves the check to the page.
    started.onerror = () => {
      started.terminate();
      worker.current = null;
      for (const [id, sent] of pending) {
        pending.delete(id);
        if (id === latest.current)
          setChecked({ texts: sent, problems: checkSourceTexts(sent).problems });
      }
    };
    return () => {
      started.terminate();
      worker.current = undefined;
      pending.clear();
    };
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => {
      const id = ++latest.current;
      if (worker.current) {
        asked.current.set(id, texts);
        worker.current.postMessage({ id, texts } satisfies CheckRequest);
      } else {
        setChecked({ texts, problems: checkSourceTexts(texts).problems });
      }
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [texts]);

  return checked;
}
