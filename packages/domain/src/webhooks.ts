import { z } from 'zod';
import { insurerCodeSchema } from './lifecycle.ts';

/**
 * Webhooks for caller systems (design §13, requirements N-02 to N-04): endpoints an
 * administrator registers per insurer, and the log of what was sent to each.
 */

/** The events an endpoint may ask for: a disclosure's status changes a caller acts on. */
export const WEBHOOK_EVENTS = [
  'disclosure.submitted',
  'disclosure.validated',
  'disclosure.rejected',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** The longest endpoint URL. */
export const WEBHOOK_URL_MAX = 2000;
/** The longest description of an endpoint. */
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** Deliveries per page of an endpoint's log. */
export const WEBHOOK_DELIVERY_PAGE_SIZE = 50;

const endpointId = z.uuid();
const webhookUrl = z.string().trim().min(1).max(WEBHOOK_URL_MAX);
const events = z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length);
const description = z.string().trim().max(WEBHOOK_DESCRIPTION_MAX);

/** An endpoint as the administrator reads it: never its secret. */
export const webhookEndpointSchema = z.object({
  id: z.string(),
  insurer: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** GET /api/admin/webhooks: the endpoints of the administrator's insurers, oldest first. */
export const webhookEndpointListSchema = z.object({ items: z.array(webhookEndpointSchema) });

/** POST /api/admin/webhooks: a new endpoint (the URL is checked by the server, design §13). */
export const createWebhookSchema = z
  .object({
    insurer: insurerCodeSchema,
    url: webhookUrl,
    events,
    description: description.optional(),
  })
  .strict();

/** PUT /api/admin/webhooks/:id: what changes; what is left out stays. */
export const updateWebhookSchema = z
  .object({
    url: webhookUrl.optional(),
    events: events.optional(),
    description: description.optional(),
    enabled: z.boolean().optional(),
  })
  .strict();

/**
 * A new endpoint or a rotated secret: the secret (`whsec_` and the base64 key, Standard
 * Webhooks) is answered this once and never again.
 */
export const webhookSecretAnswerSchema = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string(),
});

export const webhookParamsSchema = z.object({ id: endpointId }).strict();
export const webhookDeliveryParamsSchema = z
  .object({ id: endpointId, deliveryId: z.string().regex(/^[1-9]\d{0,18}$/) })
  .strict();

/** GET …/deliveries: a page of an endpoint's deliveries, newest first, after a cursor. */
export const webhookDeliveryQuerySchema = z
  .object({
    cursor: z
      .string()
      .regex(/^[1-9]\d{0,18}$/)
      .optional(),
  })
  .strict();

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'dead'] as const;

/** One event sent (or to be sent) to one endpoint, with its attempts. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  messageId: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  disclosureId: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  /** When the next try is due; null once delivered or dead. */
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** Each try, oldest first: when, the status answered (null when none came), the error. */
  tries: z.array(
    z.object({
      at: z.string(),
      statusCode: z.number().int().nullable(),
      error: z.string().nullable(),
      durationMs: z.number().int(),
    }),
  ),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = z.object({
  items: z.array(webhookDeliverySchema),
  nextCursor: z.string().nullable(),
});
