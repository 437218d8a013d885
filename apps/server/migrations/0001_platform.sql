-- Platform tables: people who sign in, and the embedded sign-in provider's storage.

create table users (
  subject text primary key,
  user_name text not null,
  display_name text not null,
  role text check (role in ('agent', 'interviewer', 'underwriter', 'admin')),
  insurers text[] not null default '{}',
  language text not null default 'en' check (language in ('en', 'cn_traditional')),
  password_hash text,
  demo boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- The embedded provider signs people in by user name, so those names are unique.
create unique index users_local_user_name on users (lower(user_name)) where password_hash is not null;

create table oidc_payloads (
  model text not null,
  id text not null,
  payload jsonb not null,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (model, id)
);

create index oidc_payloads_grant_id on oidc_payloads (grant_id) where grant_id is not null;
create index oidc_payloads_uid on oidc_payloads (uid) where uid is not null;
create index oidc_payloads_user_code on oidc_payloads (user_code) where user_code is not null;
create index oidc_payloads_expires_at on oidc_payloads (expires_at);

create table platform_secrets (
  name text primary key,
  value jsonb not null,
  created_at timestamptz not null default now()
);
