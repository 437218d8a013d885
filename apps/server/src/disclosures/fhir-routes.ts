import type { DisclosureDocument, DisclosureStatus } from '@vmer/domain';
import { apiRoutes, FHIR_JSON } from '@vmer/domain/api';
import { disclosureQuestionnaireResponse } from '@vmer/domain/fhir/questionnaire-response';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromContract } from '../http/contract-route.ts';
import { HttpError } from '../http/errors.ts';
import { requestDocument } from './disclosure-mapping.ts';
import { reader } from './disclosure-routes.ts';

/**
 * A disclosure as an HL7 FHIR R4 QuestionnaireResponse (requirements N-05, design §13), for
 * whoever may read the disclosure: the caller's insurers' disclosures, and for a caller system
 * with the read scope those it requested (N-01); 404 for any other.
 * It carries the stored document, whose decisions the server computed, and nothing more of
 * the disclosure than its id, request id and status.
 */
export const disclosureFhirRoutes: FastifyPluginAsyncZod = async (app) => {
  const disclosures = app.repositories.disclosures;

  app.route({
    ...fromContract(apiRoutes.disclosureFhir),
    handler: async (request, reply) => {
      const row = await disclosures.findById(reader(request), request.params.id);
      if (!row) throw new HttpError(404, 'not_found');
      // Nothing saved yet: the request's profile, answered against the active catalogue.
      const document =
        (row.document as DisclosureDocument | null) ??
        requestDocument(row, (await app.catalog.active()).version);
      const view = await app.catalog.version(document.catalogVersion);
      if (!view)
        throw new Error(`catalogue version ${document.catalogVersion} of a disclosure is missing`);
      return reply.type(FHIR_JSON).send(
        disclosureQuestionnaireResponse({
          id: row.id,
          requestId: row.request_id,
          status: row.status as DisclosureStatus,
          document,
          catalog: view.catalog,
          publicUrl: app.config.publicUrl,
        }),
      );
    },
  });
};
