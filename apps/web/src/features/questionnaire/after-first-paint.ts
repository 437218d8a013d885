/**
 * What the questionnaire screen loads once its first page has painted (design §7): its dialogs
 * and the condition search with its index library. One module, so that the build makes one
 * script of them: a single request after the paint, where one per dialog made six (F-01).
 * Each part is still asked for through its own loader (`lazyDialog`, `loadConditionSearch`).
 */
export * as conditionSearch from '@vmer/domain/condition-search';
export { IncompleteDialog } from './components/incomplete-dialog.tsx';
export { OverrideDialog } from './components/override-dialog.tsx';
export { RejectDialog } from './components/reject-dialog.tsx';
export { ResultDialog } from './components/result-dialog.tsx';
export { ValidateDialog } from './components/validate-dialog.tsx';
export { ShortcutsDialog } from './keyboard/shortcuts-dialog.tsx';
