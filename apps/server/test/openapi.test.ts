import { Validator } from '@seriousme/openapi-schema-validator';
import { API_PREFIX, apiRoutes, OPENAPI_PATH } from '@vmer/domain/api';
import { beforeAll, describe, expect, it } from 'vitest';
import { suiteApp } from './helpers.ts';

interface Operation {
  operationId?: string;
  parameters?: { in: string; name: string; required?: boolean }[];
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
interface OpenApiDocument extends Record<string, unknown> {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
}

/** Every operation of the document, by `METHOD /path`. */
function operations(document: OpenApiDocument): Map<string, Operation> {
  return new Map(
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => [
        `${method.toUpperCase()} ${path}`,
        operation,
      ]),
    ),
  );
}

/** A contract path as the document writes it: `:id` becomes `{id}`. */
const documentPath = (path: string) => `${API_PREFIX}${path.replace(/:(\w+)/g, '{$1}')}`;

describe('the OpenAPI document', () => {
  const t = suiteApp('pglite');
  let document: OpenApiDocument;
  beforeAll(async () => {
    const response = await fetch(`${t.baseUrl}${OPENAPI_PATH}`);
    expect(response.status).toBe(200);
    document = (await response.json()) as OpenApiDocument;
  });

  it('N-17 is valid OpenAPI 3.1 by a validator of the specification', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('N-17 holds exactly the contract routes, each with its contract name as a unique operation id', () => {
    const byOperation = operations(document);
    const expected = Object.entries(apiRoutes).map(
      ([name, route]) => [`${route.method} ${documentPath(route.path)}`, name] as const,
    );
    expect(
      [...byOperation.entries()].map(([key, operation]) => [key, operation.operationId]).sort(),
    ).toEqual(expected.map(([key, name]) => [key, name]).sort());
    expect(
      Object.keys(document.paths).filter((path) => !path.startsWith(`${API_PREFIX}/`)),
    ).toEqual([]);
  });

  it('N-17 N-18 every operation documents its error answers in the envelope with its error code', () => {
    const errorRef = { $ref: '#/components/schemas/Error' };
    const byOperation = operations(document);
    for (const route of Object.values(apiRoutes)) {
      const key = `${route.method} ${documentPath(route.path)}`;
      const responses = byOperation.get(key)?.responses ?? {};
      expect(Object.keys(responses), key).toContain('500');
      // An error answer the contract shapes itself (ready's 503) keeps its own schema.
      const own = Object.keys('responses' in route ? route.responses : {});
      for (const status of Object.keys(responses).filter((s) => s >= '400' && !own.includes(s)))
        expect(responses[status]?.content?.['application/json']?.schema, key).toEqual(errorRef);
    }
    const save = byOperation.get(`POST ${documentPath(apiRoutes.disclosureSave.path)}`);
    expect(Object.keys(save?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '409', '429', '500']),
    );
    const view = byOperation.get(`GET ${documentPath(apiRoutes.disclosureView.path)}`);
    expect(Object.keys(view?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '429', '500']),
    );
    const health = byOperation.get(`GET ${documentPath(apiRoutes.health.path)}`);
    expect(Object.keys(health?.responses ?? {}).sort()).toEqual(['200', '500']);
    expect(document.components.schemas.Error?.properties).toHaveProperty('error');
  });

  it('N-17 the operations that honour an Idempotency-Key document it as an optional header, and only they', () => {
    const withKey = [...operations(document)]
      .filter(([, operation]) =>
        (operation.parameters ?? []).some(
          (p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key' && !p.required,
        ),
      )
      .map(([key]) => key)
      .sort();
    const expected = Object.values(apiRoutes)
      .filter((route) => 'headers' in route)
      .map((route) => `${route.method} ${documentPath(route.path)}`)
      .sort();
    expect(expected).toContain(`POST ${documentPath(apiRoutes.disclosureSubmit.path)}`);
    expect(withKey).toEqual(expected);
  });
});
