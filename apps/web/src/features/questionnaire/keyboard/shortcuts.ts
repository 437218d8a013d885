/**
 * The interview's keyboard shortcuts (requirements I-07, I-08), declared once: what each does,
 * the keys it answers to, and whether it may fire while a text field is being typed in.
 *
 * Why these keys: screen readers take Insert or Caps Lock (NVDA, JAWS) and Control+Option
 * (VoiceOver) as their own modifiers, browsers take Alt+←/→ (history), Ctrl+PageUp/PageDown
 * (tabs) and Ctrl+digits (tabs), and macOS extends a text selection by word on Option+Shift+←/→.
 * Alt+PageDown/PageUp is none of these and carries a modifier, so it pages even from a text
 * field. Ctrl+S / ⌘S is the save every user knows (the browser's "save page" is prevented).
 * '/' (the search key of many web tools) and '?' carry no modifier, so they never fire while
 * typing; nor do the digits, which act only inside a choice question.
 */

/** A shortcut's action. */
export type ShortcutId = 'nextPage' | 'previousPage' | 'save' | 'search' | 'help';

/** The actions a screen component offers to the shortcuts (the others act on the page itself). */
export type CommandId = Extract<ShortcutId, 'nextPage' | 'previousPage' | 'save'>;

/**
 * One row of the shortcuts dialog: the keys as printed on the keyboard, each one way to press it
 * (Ctrl+S or ⌘S), and the key of its translated text.
 */
export interface ShortcutRow {
  keys: readonly string[];
  text: ShortcutId | 'digits' | 'tab' | 'arrows' | 'choose' | 'dateTyped' | 'close';
}

/** Every row of the shortcuts dialog, in the order listed (I-08: every shortcut; I-06). */
export const SHORTCUT_ROWS: readonly ShortcutRow[] = [
  { keys: ['Alt+Page Down'], text: 'nextPage' },
  { keys: ['Alt+Page Up'], text: 'previousPage' },
  { keys: ['Ctrl+S', '⌘S'], text: 'save' },
  { keys: ['/'], text: 'search' },
  { keys: ['1–9'], text: 'digits' },
  { keys: ['?'], text: 'help' },
  { keys: ['Tab', 'Shift+Tab'], text: 'tab' },
  { keys: ['← ↑ → ↓'], text: 'arrows' },
  { keys: ['Space', 'Enter'], text: 'choose' },
  { keys: ['0–9'], text: 'dateTyped' },
  { keys: ['Esc'], text: 'close' },
];

/** Input types whose keys are not typed text (a digit on a radio button is a shortcut). */
const NOT_TYPED = new Set(['radio', 'checkbox', 'button', 'submit', 'reset', 'range', 'color']);

/**
 * Whether keys pressed on this element are typed into it: a text or number input, a text
 * area, an editable region (the date field's sections) or a spin button.
 */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !NOT_TYPED.has(target.type);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target.isContentEditable || target.getAttribute('contenteditable') === 'true') return true;
  const role = target.getAttribute('role');
  return role === 'textbox' || role === 'spinbutton' || role === 'searchbox';
}

/** The subset of a keyboard event the shortcuts read (a React or a DOM event). */
export interface KeyPress {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  target: EventTarget | null;
}

/** The digit 1–9 pressed without Ctrl, Alt or ⌘ (I-07), or null. */
export function optionDigit(event: KeyPress): number | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  return /^[1-9]$/.test(event.key) ? Number(event.key) : null;
}

/** The shortcut a key press means (I-08), or null; '/' and '?' never while typing. */
export function shortcutOf(event: KeyPress): ShortcutId | null {
  const { key, altKey, ctrlKey, metaKey, shiftKey } = event;
  if (altKey && !ctrlKey && !metaKey && !shiftKey) {
    if (key === 'PageDown') return 'nextPage';
    if (key === 'PageUp') return 'previousPage';
    return null;
  }
  if ((ctrlKey || metaKey) && !altKey && !shiftKey && key.toLowerCase() === 's') return 'save';
  if (ctrlKey || metaKey || altKey || isTextEntry(event.target)) return null;
  if (key === '/') return 'search';
  if (key === '?') return 'help';
  return null;
}
