-- Administration (design §11): people's email for pre-registration at an external provider,
-- the decisions taken on account requests, and the administration audit trail.

alter table users add column email varchar(254);
-- A person pre-registered by email is bound to their subject at their first sign-in.
create unique index users_email on users (lower(email)) where email is not null;

alter table account_requests
  add column state text not null default 'pending'
    check (state in ('pending', 'approved', 'declined')),
  add column decided_by text,
  add column decided_at timestamptz,
  add column decline_reason varchar(500),
  add column user_subject text;

-- An administrator's queue: their insurers' requests in one state, newest first.
create index account_requests_state on account_requests (state, insurer_code, created_at desc, id desc);

-- Every change made through administration: who, when, what, and the fields before → after.
-- `insurers` are the insurers the change concerns, so each administrator reads their own.
create table admin_audit (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor_subject text not null,
  actor_name text not null,
  subject_type text not null check (subject_type in ('user', 'accountRequest', 'insurer')),
  subject_id text not null,
  action text not null,
  insurers text[] not null,
  changes jsonb not null default '[]'::jsonb
);

create index admin_audit_subject on admin_audit (subject_type, subject_id, id desc);
create index admin_audit_insurers on admin_audit using gin (insurers);

create function admin_audit_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'admin_audit is append-only';
end;
$$;

create trigger admin_audit_no_update_or_delete
  before update or delete on admin_audit
  for each row execute function admin_audit_append_only();
create trigger admin_audit_no_truncate
  before truncate on admin_audit
  for each statement execute function admin_audit_append_only();
