import { useEffect, useState } from 'react';
import { createInterviewCommands, type InterviewCommands } from './interview-commands.ts';
import { shortcutOf } from './shortcuts.ts';

/** The id the condition search's input carries, which '/' focuses (I-08). */
export const CONDITION_SEARCH_ID = 'condition-search';

/** Inside a dialog or an open list, its own keys rule: the screen's shortcuts wait. */
const OWN_KEYS = '[role="dialog"], [role="alertdialog"], [role="listbox"], [role="menu"]';

export interface InterviewShortcuts {
  /** Given to InterviewCommandsContext, where the cards offer their actions. */
  commands: InterviewCommands;
  dialogOpen: boolean;
  openDialog: () => void;
  closeDialog: () => void;
}

/**
 * The questionnaire screen's keyboard shortcuts (I-08): Alt+PageDown / Alt+PageUp run Next page
 * and Prev page (the page check included), Ctrl+S / ⌘S runs Save when Save is enabled (the
 * browser's own save is always prevented on this screen), '/' focuses the condition search and
 * '?' opens the shortcuts dialog; the last two never while typing (shortcuts.ts says why).
 */
export function useInterviewShortcuts(): InterviewShortcuts {
  const [commands] = useState(createInterviewCommands);
  const [dialogOpen, setDialogOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const shortcut = shortcutOf(event);
      if (shortcut === null) return;
      if (shortcut === 'save') event.preventDefault();
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(OWN_KEYS)) return;
      switch (shortcut) {
        case 'nextPage':
        case 'previousPage':
        case 'save':
          if (commands.run(shortcut)) event.preventDefault();
          return;
        case 'search': {
          const search = document.getElementById(CONDITION_SEARCH_ID);
          if (search) {
            event.preventDefault();
            search.focus();
          }
          return;
        }
        case 'help':
          event.preventDefault();
          setDialogOpen(true);
          return;
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [commands]);

  return {
    commands,
    dialogOpen,
    openDialog: () => setDialogOpen(true),
    closeDialog: () => setDialogOpen(false),
  };
}
