-- Webhooks for caller systems (design §13, requirements N-02 to N-04): the endpoints an
-- administrator registers per insurer, the events a disclosure's status change writes in the
-- statement of the change (the outbox), one delivery per event and endpoint, and each attempt.

create table webhook_endpoints (
  id uuid primary key,
  insurer_code text not null,
  url varchar(2000) not null,
  description varchar(200) not null default '',
  events text[] not null,
  -- The signing secret (whsec_…), and the one it replaced while a rotation's grace lasts.
  secret text not null,
  previous_secret text,
  previous_secret_until timestamptz,
  enabled boolean not null default true,
  created_by text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index webhook_endpoints_insurer on webhook_endpoints (insurer_code, created_at);

-- The outbox: one row per status change of a disclosure of an insurer with an endpoint.
create table webhook_events (
  id bigint generated always as identity primary key,
  -- The webhook-id every delivery of the event carries (receivers dedupe by it).
  message_id text not null unique,
  type text not null,
  disclosure_id uuid not null,
  insurer_code text not null,
  data jsonb not null,
  occurred_at timestamptz not null default now()
);

create table webhook_deliveries (
  id bigint generated always as identity primary key,
  event_id bigint not null references webhook_events (id) on delete cascade,
  endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
  disclosure_id uuid not null,
  state text not null default 'pending' check (state in ('pending', 'delivered', 'dead')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- Retries last the retry window from here (the event, or the last resend).
  window_started_at timestamptz not null default now(),
  -- While a worker sends it, no other takes it; a worker that died lets it go when this passes.
  leased_until timestamptz,
  last_attempt_at timestamptz,
  last_status integer,
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz not null default now()
);

create index webhook_deliveries_due on webhook_deliveries (next_attempt_at, id) where state = 'pending';
create index webhook_deliveries_in_order on webhook_deliveries (endpoint_id, disclosure_id, id)
  where state = 'pending';
create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, id desc);

create table webhook_attempts (
  id bigint generated always as identity primary key,
  delivery_id bigint not null references webhook_deliveries (id) on delete cascade,
  at timestamptz not null default now(),
  status_code integer,
  error text,
  duration_ms integer not null
);

create index webhook_attempts_delivery on webhook_attempts (delivery_id, id);

-- Registrations are administration: their changes join the administration trail.
alter table admin_audit drop constraint admin_audit_subject_type_check;
alter table admin_audit add constraint admin_audit_subject_type_check
  check (subject_type in ('user', 'accountRequest', 'insurer', 'webhook'));
