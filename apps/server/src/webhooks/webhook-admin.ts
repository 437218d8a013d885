import { randomBytes, randomUUID } from 'node:crypto';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEventType,
  createWebhookSchema,
  updateWebhookSchema,
} from '@vmer/domain/webhooks';
import { WEBHOOK_DELIVERY_PAGE_SIZE } from '@vmer/domain/webhooks';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import { changesBetween, type AuditChange } from '../admin/admin-audit-repository.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { HttpMessageKey } from '../http/messages.ts';
import type { Repositories } from '../repositories.ts';
import type { WebhookEndpointsTable } from './webhook-tables.ts';

type EndpointRow = Selectable<WebhookEndpointsTable>;
type Admin = Pick<AuthUser, 'subject' | 'displayName' | 'insurers'>;

/** How long a rotated-out secret still signs beside the new one, so receivers can switch over. */
const ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;

/** A new signing secret per Standard Webhooks: `whsec_` and 32 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * What is wrong with an endpoint address, if anything (design §13): a full http(s) URL, https
 * in production, without credentials (they would be stored and shown as the address).
 */
export function urlProblem(raw: string, production: boolean): HttpMessageKey | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'webhook_url_invalid';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'webhook_url_invalid';
  if (url.hostname === '') return 'webhook_url_invalid';
  if (production && url.protocol !== 'https:') return 'webhook_url_https';
  if (url.username !== '' || url.password !== '') return 'webhook_url_credentials';
  return null;
}

const badField = (path: string, message: HttpMessageKey) =>
  new HttpError(400, 'bad_request', [{ path, message }]);

const AUDITED = ['insurer', 'url', 'events', 'description', 'enabled'] as const;

function endpointOf(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    insurer: row.insurer_code,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/**
 * The administration of webhook endpoints (design §13, requirements N-02, N-04): each
 * administrator sees and changes the endpoints of their own insurers only (404 for others),
 * and every change is recorded in the administration trail in its transaction.
 */
export function webhookAdmin(deps: {
  db: Kysely<Database>;
  repositories: Pick<Repositories, 'adminAudit'>;
  production: boolean;
}) {
  const { db, production } = deps;
  const audit = deps.repositories.adminAudit;

  async function owned(executor: Kysely<Database>, admin: Admin, id: string): Promise<EndpointRow> {
    if (admin.insurers.length === 0) throw new HttpError(404, 'not_found');
    const row = await executor
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', id)
      .where('insurer_code', 'in', admin.insurers)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, 'not_found');
    return row;
  }

  const checkUrl = (url: string | undefined) => {
    if (url === undefined) return;
    const problem = urlProblem(url, production);
    if (problem) throw badField('url', problem);
  };

  const audited = (row: EndpointRow) => ({
    insurer: row.insurer_code,
    url: row.url,
    events: row.events,
    description: row.description,
    enabled: row.enabled,
  });

  const record = (
    executor: Kysely<Database>,
    admin: Admin,
    row: EndpointRow,
    action: string,
    changes: readonly AuditChange[],
  ) =>
    audit.record(executor, {
      actor: admin,
      subjectType: 'webhook',
      subjectId: row.id,
      action,
      insurers: [row.insurer_code],
      changes,
    });

  return {
    async list(admin: Admin): Promise<WebhookEndpoint[]> {
      if (admin.insurers.length === 0) return [];
      const rows = await db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('insurer_code', 'in', admin.insurers)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(endpointOf);
    },

    async create(
      admin: Admin,
      input: z.output<typeof createWebhookSchema>,
    ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
      if (!admin.insurers.includes(input.insurer)) {
        throw badField('insurer', 'webhook_insurer_not_yours');
      }
      checkUrl(input.url);
      const secret = newSecret();
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('webhook_endpoints')
          .values({
            id: randomUUID(),
            insurer_code: input.insurer,
            url: input.url,
            description: input.description ?? '',
            events: [...new Set(input.events)],
            secret,
            created_by: admin.subject,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await record(trx, admin, row, 'create', changesBetween(null, audited(row), AUDITED));
        return { endpoint: endpointOf(row), secret };
      });
    },

    async update(
      admin: Admin,
      id: string,
      input: z.output<typeof updateWebhookSchema>,
    ): Promise<WebhookEndpoint> {
      checkUrl(input.url);
      return db.transaction().execute(async (trx) => {
        const before = await owned(trx, admin, id);
        const row = await trx
          .updateTable('webhook_endpoints')
          .set({
            ...(input.url === undefined ? {} : { url: input.url }),
            ...(input.events === undefined ? {} : { events: [...new Set(input.events)] }),
            ...(input.description === undefined ? {} : { description: input.description }),
            ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
            updated_at: new Date(),
          })
          .where('id', '=', before.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        const changes = changesBetween(audited(before), audited(row), AUDITED);
        if (changes.length > 0) await record(trx, admin, row, 'update', changes);
        return endpointOf(row);
      });
    },

    async remove(admin: Admin, id: string): Promise<null> {
      await db.transaction().execute(async (trx) => {
        const row = await owned(trx, admin, id);
        await trx.deleteFrom('webhook_endpoints').where('id', '=', row.id).execute();
        await record(trx, admin, row, 'delete', changesBetween(audited(row), {}, AUDITED));
      });
      return null;
    },

    async rotate(admin: Admin, id: string): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
      const secret = newSecret();
      return db.transaction().execute(async (trx) => {
        const before = await owned(trx, admin, id);
        const row = await trx
          .updateTable('webhook_endpoints')
          .set({
            secret,
            previous_secret: before.secret,
            previous_secret_until: new Date(Date.now() + ROTATION_GRACE_MS),
            updated_at: new Date(),
          })
          .where('id', '=', before.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await record(trx, admin, row, 'rotate_signing_key', []);
        return { endpoint: endpointOf(row), secret };
      });
    },

    /** A page of the endpoint's deliveries, newest first, each with its attempts. */
    async deliveries(
      admin: Admin,
      id: string,
      cursor: string | undefined,
    ): Promise<{ items: WebhookDelivery[]; nextCursor: string | null }> {
      const endpoint = await owned(db, admin, id);
      let select = db
        .selectFrom('webhook_deliveries as w')
        .innerJoin('webhook_events as e', 'e.id', 'w.event_id')
        .select([
          'w.id',
          'e.message_id',
          'e.type',
          'w.disclosure_id',
          'w.state',
          'w.attempts',
          'w.created_at',
          'w.last_attempt_at',
          'w.last_status',
          'w.last_error',
          'w.next_attempt_at',
          'w.delivered_at',
        ])
        .where('w.endpoint_id', '=', endpoint.id)
        .orderBy('w.id', 'desc')
        .limit(WEBHOOK_DELIVERY_PAGE_SIZE + 1);
      if (cursor !== undefined) select = select.where('w.id', '<', cursor);
      const rows = await select.execute();
      const page = rows.slice(0, WEBHOOK_DELIVERY_PAGE_SIZE);
      const tries =
        page.length === 0
          ? []
          : await db
              .selectFrom('webhook_attempts')
              .selectAll()
              .where(
                'delivery_id',
                'in',
                page.map((row) => row.id),
              )
              .orderBy('id')
              .execute();
      return {
        items: page.map((row) => ({
          id: String(row.id),
          messageId: row.message_id,
          event: row.type as WebhookEventType,
          disclosureId: row.disclosure_id,
          state: row.state,
          attempts: row.attempts,
          createdAt: new Date(row.created_at).toISOString(),
          lastAttemptAt: iso(row.last_attempt_at),
          lastStatus: row.last_status,
          lastError: row.last_error,
          nextAttemptAt: row.state === 'pending' ? iso(row.next_attempt_at) : null,
          deliveredAt: iso(row.delivered_at),
          tries: tries
            .filter((attempt) => String(attempt.delivery_id) === String(row.id))
            .map((attempt) => ({
              at: new Date(attempt.at).toISOString(),
              statusCode: attempt.status_code,
              error: attempt.error,
              durationMs: attempt.duration_ms,
            })),
        })),
        nextCursor: rows.length > WEBHOOK_DELIVERY_PAGE_SIZE ? String(page.at(-1)!.id) : null,
      };
    },

    /**
     * Sends a delivered or dead delivery again, with the same webhook-id, and a fresh retry
     * window; 409 while it is still pending. Audited like any change of the registration.
     */
    async resend(admin: Admin, id: string, deliveryId: string): Promise<WebhookDelivery> {
      await db.transaction().execute(async (trx) => {
        const endpoint = await owned(trx, admin, id);
        const delivery = await trx
          .selectFrom('webhook_deliveries')
          .select(['id', 'state'])
          .where('id', '=', deliveryId)
          .where('endpoint_id', '=', endpoint.id)
          .forUpdate()
          .executeTakeFirst();
        if (!delivery) throw new HttpError(404, 'not_found');
        if (delivery.state === 'pending') throw new HttpError(409, 'webhook_delivery_pending');
        const now = new Date();
        await trx
          .updateTable('webhook_deliveries')
          .set({
            state: 'pending',
            next_attempt_at: now,
            window_started_at: now,
            leased_until: null,
            delivered_at: null,
          })
          .where('id', '=', delivery.id)
          .execute();
        await record(trx, admin, endpoint, 'resend', [
          { field: 'delivery', before: delivery.state, after: 'pending' },
        ]);
      });
      const page = await this.deliveries(admin, id, String(BigInt(deliveryId) + 1n));
      const found = page.items.find((item) => item.id === deliveryId);
      if (!found) throw new HttpError(404, 'not_found');
      return found;
    },
  };
}
