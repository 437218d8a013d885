import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

/** Why a text is refused: it holds U+0000, or half of a UTF-16 surrogate pair. */
type TextProblem = 'text_nul' | 'text_surrogate';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE =
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What is wrong with a text for the database, or null. */
function textProblem(text: string): TextProblem | null {
  if (text.includes('\u0000')) return 'text_nul';
  if (LONE_SURROGATE.test(text)) return 'text_surrogate';
  return null;
}

/**
 * The dotted path of the first string (value or key) holding U+0000 or a lone UTF-16
 * surrogate, with which, or null. Neither PostgreSQL nor PGlite stores U+0000 in text or
 * jsonb, and jsonb refuses a lone surrogate (text columns would store a replacement
 * character instead of what was sent), so both must be refused before anything reaches the
 * database. Iterative: a body may nest far deeper than the stack.
 */
function badTextAt(value: unknown, root = ''): { path: string; problem: TextProblem } | null {
  const pending: [unknown, string][] = [[value, root]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, path] = next;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return { path, problem };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    for (const [key, child] of Object.entries(current)) {
      const childPath = path ? `${path}.${key}` : key;
      const problem = textProblem(key);
      if (problem) return { path: childPath, problem };
      pending.push([child, childPath]);
    }
  }
  return null;
}

/** Throws the 400 naming the field when a parsed value holds such a text; `root` starts its path. */
export function refuseBadText(value: unknown, root = ''): void {
  const found = badTextAt(value, root);
  if (found)
    throw new HttpError(400, 'bad_request', [{ path: found.path, message: found.problem }]);
}

/**
 * Refuses U+0000 and lone surrogates anywhere in a JSON body, before validation, with a 400
 * naming the field. A route whose config says `checksOwnText: true` checks its body itself.
 */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.checksOwnText) return;
    refuseBadText(request.body);
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route checks its body's texts for U+0000 and lone surrogates itself (to say where). */
    checksOwnText?: boolean;
  }
}
