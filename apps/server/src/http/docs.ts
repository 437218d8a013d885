import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_DOCS_PATH, OPENAPI_PATH } from '@vmer/domain/api';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';

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
          'Every route except health, ready, docs and auth config needs a bearer access token.',
        version: '1',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: API_DOCS_PATH, staticCSP: false });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
