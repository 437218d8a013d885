/**
 * The safe HTML subset allowed in question texts (docs/catalogue.md). The browser sanitises
 * again before rendering; this check keeps anything else out of the catalogue in the first
 * place, so an author learns at lint time rather than seeing text vanish on screen.
 */

/** Tags a question text may use. */
export const ALLOWED_TAGS = ['b', 'strong', 'i', 'em', 'u', 'br', 'p', 'ul', 'ol', 'li', 'span'];
const VOID_TAGS = new Set(['br']);
/** The only attribute allowed, and only on these tags. */
const CLASS_TAGS = new Set(['span']);

const TAG =
  /^<(\/?)([A-Za-z][A-Za-z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;

/**
 * Checks one HTML text against the subset: only the allowed tags, no attribute except
 * `class` on `span`, no comments or declarations, every opened tag closed in order.
 * @returns one message per problem, empty when the text is fine.
 */
export function checkQuestionHtml(html: string): string[] {
  const problems: string[] = [];
  const open: string[] = [];
  let at = 0;
  while (at < html.length) {
    const lt = html.indexOf('<', at);
    if (lt < 0) break;
    const next = html[lt + 1] ?? '';
    if (next === '!' || next === '?') {
      problems.push('comments, declarations and processing instructions are not allowed');
      at = lt + 2;
      continue;
    }
    // A "<" not starting a tag ("BP < 140") is plain text to an HTML parser.
    if (!/[A-Za-z/]/.test(next)) {
      at = lt + 1;
      continue;
    }
    const match = TAG.exec(html.slice(lt));
    if (!match) {
      problems.push(`malformed tag at "${html.slice(lt, lt + 20)}"`);
      at = lt + 1;
      continue;
    }
    at = lt + match[0].length;
    const closing = match[1] === '/';
    const name = (match[2] ?? '').toLowerCase();
    const attributes = match[3] ?? '';
    if (!ALLOWED_TAGS.includes(name)) {
      problems.push(`tag <${name}> is not allowed (allowed: ${ALLOWED_TAGS.join(' ')})`);
      continue;
    }
    for (const [, attribute] of attributes.matchAll(ATTRIBUTE)) {
      const attributeName = (attribute ?? '').toLowerCase();
      if (closing || attributeName !== 'class' || !CLASS_TAGS.has(name)) {
        problems.push(`attribute "${attributeName}" is not allowed on <${name}>`);
      }
    }
    if (VOID_TAGS.has(name)) continue;
    if (closing) {
      if (open.at(-1) === name) open.pop();
      else problems.push(`</${name}> does not close the open tag`);
    } else {
      // HTML ignores the slash of <b/>: it opens the element like <b> does.
      open.push(name);
    }
  }
  for (const name of open) problems.push(`<${name}> is never closed`);
  return problems;
}
