import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The browser instance identifier (requirements §6, §7): from the cookie, else the Instance header, else new. */
    instanceId: string;
  }
}

const INSTANCE_COOKIE = 'instance';
const INSTANCE_MAX_AGE = 24 * 60 * 60;
const INSTANCE_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The instance identifier kept in a cookie for one day and sent back as the `Instance`
 * header (requirements §6, §9). A request without the cookie gets one, on API answers and pages.
 */
export const instanceCookie = fp(
  async (app: FastifyInstance, options: { secure: boolean }) => {
    app.decorateRequest('instanceId', '');
    app.addHook('onRequest', async (request, reply) => {
      const fromCookie = request.cookies[INSTANCE_COOKIE];
      if (fromCookie && INSTANCE_ID.test(fromCookie)) {
        request.instanceId = fromCookie;
        return;
      }
      const fromHeader = request.headers.instance;
      request.instanceId =
        typeof fromHeader === 'string' && INSTANCE_ID.test(fromHeader) ? fromHeader : randomUUID();
      const url = request.url;
      // Immutable assets are shared by caches: no cookie on them.
      if (url.startsWith('/assets/') || url.startsWith('/oidc/')) return;
      reply.setCookie(INSTANCE_COOKIE, request.instanceId, {
        path: '/',
        maxAge: INSTANCE_MAX_AGE,
        sameSite: 'lax',
        secure: options.secure,
        httpOnly: false,
      });
    });
  },
  { name: 'instance-cookie', dependencies: ['@fastify/cookie'] },
);
