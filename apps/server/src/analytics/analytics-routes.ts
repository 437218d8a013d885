import { apiRoutes, ok } from '@vmer/domain/api';
import type { disclosureStatusSchema } from '@vmer/domain/lifecycle';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AuthUser } from '../auth/authenticate.ts';
import { fromContract } from '../http/contract-route.ts';
import { HttpError } from '../http/errors.ts';
import type { LogOwner } from './analytics-repository.ts';

/** The search log type of a search that found nothing (design §8). */
const SEARCH_MISS = 3;

/**
 * The logging calls of requirements §7 (design §5): tracking events, condition searches and
 * conclusions are stored for one of the caller's insurers, and the events of a disclosure
 * request are read back within the caller's insurers.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { analytics, disclosures } = app.repositories;

  /**
   * Whose record it is: the insurer of the disclosure request it names (404 when the caller may
   * not see it), else the insurer named, else the caller's first one; always one of theirs.
   */
  async function ownerOf(
    user: AuthUser,
    named: { requestId?: string | null | undefined; insurerCode?: string | undefined },
  ): Promise<LogOwner> {
    if (named.requestId) {
      const disclosure = await disclosures.findByRequestId(user, named.requestId);
      if (!disclosure) throw new HttpError(404, 'not_found');
      if (named.insurerCode && named.insurerCode !== disclosure.insurer_code) {
        throw new HttpError(400, 'bad_request', [
          { path: 'insurerCode', message: 'disclosure_field_mismatch' },
        ]);
      }
      return {
        insurerCode: disclosure.insurer_code,
        subject: user.subject,
        requestId: disclosure.request_id,
      };
    }
    const insurerCode = named.insurerCode ?? user.insurers[0];
    if (!insurerCode || !user.insurers.includes(insurerCode)) throw new HttpError(403, 'forbidden');
    return { insurerCode, subject: user.subject, requestId: null };
  }

  app.route({
    ...fromContract(apiRoutes.trackEvent),
    handler: async (request) => {
      const owner = await ownerOf(request.user, request.body);
      return ok({ id: await analytics.addEvent(owner, request.body) });
    },
  });

  app.route({
    ...fromContract(apiRoutes.logSearch),
    handler: async (request) => {
      const owner = await ownerOf(request.user, request.body);
      const id = await analytics.addSearch(owner, request.body);
      if (request.body.type === SEARCH_MISS) app.businessMetrics.searchMiss(owner.insurerCode);
      return ok({ id });
    },
  });

  app.route({
    ...fromContract(apiRoutes.conclusion),
    handler: async (request) => {
      const owner = await ownerOf(request.user, request.body);
      return ok({ id: await analytics.addConclusion(owner, request.body) });
    },
  });

  app.route({
    ...fromContract(apiRoutes.requestAnalytics),
    handler: async (request) => {
      const disclosure = await disclosures.findByRequestId(request.user, request.params.requestId);
      if (!disclosure) throw new HttpError(404, 'not_found');
      const events = await analytics.eventsOfRequest(request.user, disclosure.request_id);
      return ok({
        requestId: disclosure.request_id,
        insurerCode: disclosure.insurer_code,
        channel: disclosure.channel,
        productCode: disclosure.product_code,
        applicationNumber: disclosure.application_number,
        status: disclosure.status as z.infer<typeof disclosureStatusSchema>,
        events: events.map((event) => ({
          activity: event.activity,
          fromPage: event.from_page,
          details: event.details,
          questionList: event.question_list,
          at: new Date(event.created_at).toISOString(),
        })),
      });
    },
  });
};
