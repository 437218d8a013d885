-- Disclosures and their lifecycle (design §4): one row per disclosure, created either by a
-- caller system's request (status 1) or by a first save or submit from /home.

create table disclosures (
  id uuid primary key,
  -- Every disclosure has a request id, so each one opens at /questionnaire/{requestId}.
  request_id uuid not null unique,
  insurer_code text not null,
  channel text not null,
  product_code text not null,
  application_number varchar(30) not null,
  age integer check (age between 0 and 150),
  gender text check (gender in ('Male', 'Female')),
  rsm_score text check (rsm_score in ('A', 'B', 'C', 'D', 'N', 'H')),
  redirection text,
  status smallint not null check (status between 1 and 5),
  version integer not null default 1 check (version >= 1),
  catalog_version text,
  -- The disclosure document as the server stored it, decisions recomputed by the server;
  -- null while the request has not been saved yet.
  document jsonb,
  reject_reason text,
  created_by text not null,
  created_at timestamptz not null default now(),
  updated_by text not null,
  updated_at timestamptz not null default now()
);

-- The worklist: the caller's insurers, a status, newest first (id breaks ties, so a page is
-- read from the index in order with no sort).
create index disclosures_worklist on disclosures (insurer_code, status, updated_at desc, id desc);
-- Prefix search by application number (text_pattern_ops serves LIKE 'x%' in any collation).
create index disclosures_application_number on disclosures (application_number text_pattern_ops);

-- Who did what to a disclosure and when. Rows are only ever added: updates, deletes and
-- truncation are refused by triggers, so the trail cannot be rewritten through the API's role.
create table disclosure_audit (
  id bigint generated always as identity primary key,
  disclosure_id uuid not null references disclosures (id),
  insurer_code text not null,
  actor text not null,
  operation text not null check (operation in ('request', 'save', 'submit', 'validate', 'reject')),
  from_status smallint check (from_status between 1 and 5),
  to_status smallint not null check (to_status between 1 and 5),
  catalog_version text,
  payload_sha256 char(64),
  -- The reason given with a reject.
  reason text,
  at timestamptz not null default now()
);

create index disclosure_audit_disclosure on disclosure_audit (disclosure_id, id);

create function disclosure_audit_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'disclosure_audit is append-only';
end;
$$;

create trigger disclosure_audit_no_update_or_delete
  before update or delete on disclosure_audit
  for each row execute function disclosure_audit_append_only();

create trigger disclosure_audit_no_truncate
  before truncate on disclosure_audit
  for each statement execute function disclosure_audit_append_only();

-- The first answer of a save, submit, validate or reject sent with an Idempotency-Key, kept so
-- that a retry with the same key by the same caller gets the same answer and changes nothing.
create table idempotency_keys (
  subject text not null,
  key text not null,
  operation text not null,
  -- sha256 of the operation's target and body: a key reused for another request is refused.
  request_sha256 char(64) not null,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (subject, key)
);

create index idempotency_keys_created_at on idempotency_keys (created_at);
