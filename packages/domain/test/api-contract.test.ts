import { describe, expect, it } from 'vitest';
import {
  apiPath,
  apiRoutes,
  endpoints,
  isEnvelope,
  ok,
  routePath,
  type ApiRoute,
} from '../src/api/index.ts';

const routes: ApiRoute[] = Object.values(apiRoutes);

describe('the HTTP contract', () => {
  it('fills in and encodes a route’s path parameters', () => {
    expect(routePath(apiRoutes.disclosureView, { requestId: 'a b/c' })).toBe(
      '/impairment/video_mer/disclosure/a%20b%2Fc',
    );
    expect(apiPath(apiRoutes.catalogueUpdate, { id: 'x' })).toBe(
      '/api/impairment/video_mer/disclosure/x/update-catalogue',
    );
    expect(apiPath(apiRoutes.health)).toBe('/api/health');
    expect(() => routePath(apiRoutes.questions, {} as { uuid: string })).toThrow(/uuid/);
  });

  it('names each method and path once', () => {
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('declares every path parameter with a schema, and no parameter the path lacks', () => {
    for (const route of routes) {
      const names = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
      const declared = route.params
        ? Object.keys((route.params as unknown as { shape: object }).shape)
        : [];
      expect(declared.sort(), route.path).toEqual(names.sort());
    }
  });

  it('gives every endpoint its schemas', () => {
    expect(Object.keys(apiRoutes)).toEqual(Object.keys(endpoints));
    for (const [name, endpoint] of Object.entries(endpoints)) {
      expect(apiRoutes[name as keyof typeof apiRoutes]).toMatchObject(endpoint);
    }
  });

  it('tells an envelope from any other answer', () => {
    expect(isEnvelope(ok({ id: 1 }))).toBe(true);
    expect(isEnvelope({ code: 404, message: 'Not found' })).toBe(true);
    expect(isEnvelope('<html>Bad gateway</html>')).toBe(false);
    expect(isEnvelope(null)).toBe(false);
    expect(isEnvelope({ status: 200 })).toBe(false);
  });
});
