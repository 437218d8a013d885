import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  API_DOCS_PATH,
  API_PREFIX,
  apiRoutes,
  errorSchema,
  OPENAPI_PATH,
  type ApiRoute,
} from '@vmer/domain/api';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { BEARER_SCHEME, CALLER_SYSTEM_SCHEME } from './contract-route.ts';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** Each contract route by its method and full path as Fastify registers it. */
const CONTRACT = new Map<string, { name: string; route: ApiRoute }>(
  Object.entries(apiRoutes).map(([name, route]: [string, ApiRoute]) => [
    `${route.method} ${API_PREFIX}${route.path}`,
    { name, route },
  ]),
);

const ERROR_DESCRIPTIONS = {
  400: 'The request is not valid: `errors` names every offending field.',
  401: 'The bearer token is missing, expired or not valid.',
  403: "The caller's role or insurers do not allow this.",
  404: 'Nothing of this id that the caller may see.',
  409: 'The record changed meanwhile, or its state refuses this (a stale `version`, a claim held, a request already decided or still being answered).',
  422: 'The Idempotency-Key was used before with another request.',
  429: 'Too many requests; `Retry-After` says when to try again.',
  500: 'Something failed on the server; the answer holds no detail.',
  503: 'The database or the identity provider is unreachable; try again shortly.',
} as const;
type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/**
 * The error answers a route can give (requirements N-17), read from its contract: bad input
 * where it takes any, sign-in and rights where it is not public, a missing record where its
 * path names one, a conflict where it changes state, an idempotency mismatch where it takes an
 * Idempotency-Key, the rate limit where it applies (every route but health and ready).
 */
function errorStatuses(route: ApiRoute): ErrorStatus[] {
  const unlimited = route === apiRoutes.health || route === apiRoutes.ready;
  const statuses: (ErrorStatus | false)[] = [
    (route.params ?? route.query ?? route.body ?? route.headers) !== undefined && 400,
    !route.public && 401,
    !route.public && 403,
    route.params !== undefined && 404,
    !route.public && route.method !== 'GET' && 409,
    route.headers !== undefined && 422,
    !unlimited && 429,
    500,
    route !== apiRoutes.health && 503,
  ];
  return statuses.filter((status) => status !== false);
}

/**
 * The document's view of a route: only the HTTP contract's routes under /api appear (the
 * embedded sign-in provider, the web app and the metrics are no part of it), each with its
 * contract name as operation id, its documented headers (Idempotency-Key) and its error
 * answers in the envelope (requirements N-17).
 */
function documentRoute(input: TransformInput) {
  const method = [input.route.method].flat()[0];
  const contract = CONTRACT.get(`${method} ${input.url}`);
  if (!contract) return { schema: { hide: true }, url: input.url };
  const { name, route } = contract;
  const errors = Object.fromEntries(
    errorStatuses(route).map((status) => [
      status,
      {
        description: ERROR_DESCRIPTIONS[status],
        content: { 'application/json': { schema: errorSchema } },
      },
    ]),
  );
  const transformed = jsonSchemaTransform({
    ...input,
    schema: {
      ...input.schema,
      ...(route.headers ? { headers: route.headers } : {}),
      response: { ...errors, ...(input.schema.response as Record<string, unknown> | undefined) },
    },
  });
  // An answer that is not an envelope (a FHIR resource) is documented by its media type.
  const produced = route.produces
    ? {
        response: {
          ...(transformed.schema.response as Record<string, unknown> | undefined),
          200: {
            description: `A ${route.produces} document.`,
            content: { [route.produces]: { schema: { type: 'object' } } },
          },
        },
      }
    : {};
  return { ...transformed, schema: { ...transformed.schema, ...produced, operationId: name } };
}

/**
 * The OpenAPI document generated from the routes' zod schemas, at /api/docs/openapi.json,
 * and the interactive page at /api/docs (design §5).
 */
export async function registerDocs(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Video MER API',
        description:
          'Every answer is an envelope `{ code, message?, body?, errors? }`; `code` equals the HTTP status. ' +
          'An error answer also carries `error`, a stable machine-readable code beside the translated `message`. ' +
          'Every route except health, ready, docs and auth config needs a bearer access token.',
        version: '1',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // A caller system's token from the issuer's client-credentials grant; an operation
          // that takes one names the scope it needs (disclosure:request, disclosure:read).
          [CALLER_SYSTEM_SCHEME]: {
            type: 'openIdConnect',
            openIdConnectUrl: `${config.auth.issuer}/.well-known/openid-configuration`,
            description:
              "A caller system's client-credentials access token (bearer) holding the operation's scope",
          },
        },
      },
      security: [{ [BEARER_SCHEME]: [] }],
    },
    transform: documentRoute,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: API_DOCS_PATH, staticCSP: false });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
