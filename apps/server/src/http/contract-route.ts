import type { ApiRoute } from '@vmer/domain/api';
import type { FastifyContextConfig } from 'fastify';

/** The OpenAPI security scheme of a person's bearer access token. */
export const BEARER_SCHEME = 'bearer';
/** The OpenAPI security scheme of a caller system's client-credentials token (with scopes). */
export const CALLER_SYSTEM_SCHEME = 'callerSystem';

/**
 * The Fastify route options of a route of the HTTP contract (`@vmer/domain/api`): its method,
 * path and schemas, so that a handler is registered as
 * `app.route({ ...fromContract(apiRoutes.health), handler })`. The OpenAPI document is generated
 * from the same schemas. `extra` adds what only the server knows (rate limits). A route with a
 * `clientScope` also takes a caller system's token holding that scope, and says so in its
 * OpenAPI security.
 * The contract's `headers` are documentation: the handlers read those headers themselves, so
 * that a bad one is refused with its own message.
 */
export function fromContract<const R extends ApiRoute>(
  route: R,
  extra: { config?: FastifyContextConfig; bodyLimit?: number } = {},
) {
  const schema = {
    summary: route.summary,
    tags: [...route.tags],
    ...(route.public ? { security: [] } : {}),
    ...(route.clientScope
      ? { security: [{ [BEARER_SCHEME]: [] }, { [CALLER_SYSTEM_SCHEME]: [route.clientScope] }] }
      : {}),
    params: route.params,
    querystring: route.query,
    body: route.body,
    response: route.responses,
  };
  for (const key of ['params', 'querystring', 'body', 'response'] as const) {
    if (schema[key] === undefined) delete schema[key];
  }
  return {
    method: route.method,
    url: route.path,
    ...(extra.bodyLimit === undefined ? {} : { bodyLimit: extra.bodyLimit }),
    config: {
      ...(route.public ? { public: true } : {}),
      ...(route.clientScope ? { clientScope: route.clientScope } : {}),
      ...extra.config,
    },
    schema: schema as {
      summary: string;
      tags: string[];
      params: R['params'];
      querystring: R['query'];
      body: R['body'];
      response: R['responses'];
    },
  };
}
