/** What makes a spreadsheet, or a CSV saved from it, read a cell's text as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text that would start a formula (=, +, -, @, tab, carriage return) gets a leading apostrophe,
 * as OWASP recommends against formula injection: condition names, searched terms and free-text
 * answers are typed by people, and the files they travel in (the xlsx exports, the dashboard's
 * CSV downloads) are opened by others.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
