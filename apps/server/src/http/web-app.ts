import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_DOCS_PATH, AUTH_CONFIG_ELEMENT_ID } from '@vmer/domain/api';
import { isPagePath } from '@vmer/domain/pages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound, sendError } from './error-handler.ts';
import { HttpError } from './errors.ts';

/** Paths that belong to the server, never to the web app's router. */
const SERVER_PATHS = /^\/(api|oidc|metrics)(\/|$|\?)/;

/**
 * A request URL's path within the app: PUBLIC_URL's path taken off when the request carries it
 * (a proxy that passes the path on), kept as it is when it does not (a proxy that cuts it off).
 */
export function withoutBasePath(basePath: string): (request: { url?: string }) => string {
  return ({ url = '/' }) => {
    if (url === basePath || url.startsWith(`${basePath}?`)) return `/${url.slice(basePath.length)}`;
    return url.startsWith(`${basePath}/`) ? url.slice(basePath.length) : url;
  };
}

/** JSON safe inside a `<script>` element: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The app's page with its `<base href>`: the build's addresses are relative to it, so one build
 * serves the root and any sub-path (requirements N-11). It also carries what
 * `GET /api/auth/config` answers, as data the page does not run (the CSP allows only the
 * build's own inline script, by its hash): the app reads the provider from it at once, not
 * after a first call (F-01).
 */
function servedPage(html: string, basePath: string, authConfig: unknown): string {
  return html
    .replace(/<head>/i, `$&\n    <base href="${basePath}/" />`)
    .replace(
      /<\/head>/i,
      `<script type="application/json" id="${AUTH_CONFIG_ELEMENT_ID}">${scriptJson(authConfig)}</script>$&`,
    );
}

/**
 * The CSP sources that allow the built page's own inline scripts, one `'sha256-…'` each: the
 * page's first script, which starts a disclosure's opening call and its chunks as the page is
 * parsed (apps/web/vite.config.ts, `firstScreenPreload`). A script the build did not write into
 * index.html matches none, so no other inline script runs. None without a build.
 */
export function pageScriptSources(webDist: string): string[] {
  const indexHtml = join(webDist, 'index.html');
  return existsSync(indexHtml) ? inlineScriptSources(readFileSync(indexHtml, 'utf8')) : [];
}

/** The hash source of each inline script of `html` (one without a `src`). */
function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)]
    .filter(([, attributes = '']) => !/\bsrc\s*=/i.test(attributes))
    .map(([, , text = '']) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`);
}

/** The methods a path is probed for when the request's own has no route there. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * The methods that have a route of their own at the path, wildcards (the static files') aside:
 * a known path asked with another method answers 405 with them in `Allow` (requirements N-16).
 */
function allowedMethods(app: FastifyInstance, path: string): string[] {
  return METHODS.filter((method) => {
    const found = app.findRoute({ method, url: path });
    return found !== null && !('*' in found.params);
  });
}

/** What crawlers may index: nothing, since every page is behind sign-in or about it. */
const ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';

const NOT_BUILT_PAGE = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Video MER</title></head>
<body>
<main>
<h1>Video MER</h1>
<p>The web app is not built. Run <code>npm run build</code> (or <code>npm start</code>, which builds it) and reload.</p>
<p>The API answers at <a href="${API_DOCS_PATH}">${API_DOCS_PATH}</a>.</p>
</main>
</body>
</html>`;

/**
 * Serves the built web app (apps/web/dist): hashed files under /assets cached for a year,
 * index.html never cached and answered for every other page path (history fallback), so
 * /home, /questionnaire/x and /login/callback load the app. Without a build, a page says so.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  basePath: string,
  authConfig: unknown,
): Promise<void> {
  const indexHtml = join(webDist, 'index.html');
  const page = existsSync(indexHtml)
    ? servedPage(readFileSync(indexHtml, 'utf8'), basePath, authConfig)
    : null;
  const built = page !== null;
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: true,
      // The build writes each script compressed beside it (.br, .gz): sent as it is rather than
      // compressed again at every request; a file without them is compressed as any answer is.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response, path) => {
        const cacheControl = path.startsWith(join(webDist, 'assets'))
          ? 'public, max-age=31536000, immutable'
          : path.endsWith('index.html')
            ? 'no-store'
            : 'no-cache';
        response.header('cache-control', cacheControl);
      },
    });
  }

  const sendApp = (reply: FastifyReply, status = 200) => {
    reply.code(status).header('cache-control', 'no-store');
    return reply.type('text/html; charset=utf-8').send(page ?? NOT_BUILT_PAGE);
  };

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    const allowed = allowedMethods(app, path);
    // A route that found nothing for its own method (a static file missing) stays a 404.
    if (allowed.length > 0 && !allowed.includes(request.method))
      return sendError(
        new HttpError(405, 'method_not_allowed', undefined, { allow: allowed.join(', ') }),
        request,
        reply,
      );
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !SERVER_PATHS.test(request.url);
    // A missing hashed asset is a 404, not the app: a stale chunk must fail visibly (requirements §8).
    if (!isPage || request.url.startsWith('/assets/')) return notFound(request, reply);
    // The app's own pages load it with 200; any other page path still loads the app, so that it
    // shows its translated not-found page, but answers 404, so that crawlers, monitors and
    // people reading the status see the truth.
    if (isPagePath(path)) return sendApp(reply);
    // A file the build does not have (favicon.ico, sitemap.xml) is no page: no HTML for it.
    if (/\.[a-z0-9]+$/i.test(path)) return notFound(request, reply);
    return sendApp(reply, 404);
  });
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(ROBOTS_TXT),
  );
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendApp(reply));
}
