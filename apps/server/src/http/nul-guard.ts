import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

/**
 * The dotted path of the first string (value or key) holding U+0000, or null. Neither
 * PostgreSQL nor PGlite stores that character in text or jsonb, so it must be refused
 * before anything reaches the database. Iterative: a body may nest far deeper than the stack.
 */
export function nulPath(value: unknown, root = ''): string | null {
  const pending: [unknown, string][] = [[value, root]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, path] = next;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    for (const [key, child] of Object.entries(current)) {
      const childPath = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return childPath;
      pending.push([child, childPath]);
    }
  }
  return null;
}

/** Throws the 400 naming the field when a parsed value holds U+0000; `root` starts its path. */
export function refuseNul(value: unknown, root = ''): void {
  const path = nulPath(value, root);
  if (path !== null) throw new HttpError(400, 'bad_request', [{ path, message: 'text_nul' }]);
}

/** Refuses U+0000 anywhere in a JSON body, before validation, with a 400 naming the field. */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => refuseNul(request.body));
}
