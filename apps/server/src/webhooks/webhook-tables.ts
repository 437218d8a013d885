import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

/** An endpoint an administrator registered for an insurer (migration 0500). */
export interface WebhookEndpointsTable {
  id: string;
  insurer_code: string;
  url: string;
  description: ColumnType<string, string | undefined, string>;
  events: string[];
  /** `whsec_` and the base64 key: never answered but once, never logged. */
  secret: string;
  previous_secret: string | null;
  previous_secret_until: NullableTimestamp;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The outbox: one row per status change of a disclosure (migration 0500). */
export interface WebhookEventsTable {
  id: Generated<string>;
  message_id: string;
  type: string;
  disclosure_id: string;
  insurer_code: string;
  data: ColumnType<Record<string, unknown>, string, string>;
  occurred_at: Timestamp;
}

type DeliveryState = 'pending' | 'delivered' | 'dead';

/** One event for one endpoint, with where its sending stands (migration 0500). */
export interface WebhookDeliveriesTable {
  id: Generated<string>;
  event_id: string;
  endpoint_id: string;
  disclosure_id: string;
  state: ColumnType<DeliveryState, DeliveryState | undefined, DeliveryState>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  window_started_at: Timestamp;
  leased_until: NullableTimestamp;
  last_attempt_at: NullableTimestamp;
  last_status: number | null;
  last_error: string | null;
  delivered_at: NullableTimestamp;
  created_at: Timestamp;
}

/** One try at sending a delivery (migration 0500). */
export interface WebhookAttemptsTable {
  id: Generated<string>;
  delivery_id: string;
  at: Timestamp;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}
