import { createContext, use, useEffect, useRef } from 'react';
import type { CommandId } from './shortcuts.ts';

/**
 * The actions the screen's components offer to the keyboard shortcuts (I-08): Next page and
 * Previous page from the disclosure card, Save from its buttons. Each registers the very
 * function its button runs, and only while its button is enabled, so a shortcut does what the
 * button does and nothing when the button could not be pressed.
 */
export interface InterviewCommands {
  /** Offers an action; returns the function that withdraws it. */
  register(id: CommandId, run: () => void): () => void;
  /** Runs the action if offered; whether it was. */
  run(id: CommandId): boolean;
}

export function createInterviewCommands(): InterviewCommands {
  const offered = new Map<CommandId, () => void>();
  return {
    register(id, run) {
      offered.set(id, run);
      return () => {
        if (offered.get(id) === run) offered.delete(id);
      };
    },
    run(id) {
      const action = offered.get(id);
      action?.();
      return action !== undefined;
    },
  };
}

/** The screen's commands; null outside the questionnaire screen (a card rendered alone). */
export const InterviewCommandsContext = createContext<InterviewCommands | null>(null);

/**
 * Offers `run` as the action of a shortcut while it is not null (its button enabled). The
 * latest function is run, so it sees the current page and answers.
 */
export function useInterviewCommand(id: CommandId, run: (() => void) | null): void {
  const commands = use(InterviewCommandsContext);
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  const offered = run !== null;
  useEffect(() => {
    if (!commands || !offered) return undefined;
    return commands.register(id, () => latest.current?.());
  }, [commands, id, offered]);
}
