-- The catalogue studio (design §14, requirements K-03 to K-14): drafts edited with a revision,
-- the edits refused as stale kept as conflict copies, and release requests, which activate a
-- version once an administrator other than the one asking approves, at once or at a time.

create table catalog_drafts (
  id bigint generated always as identity primary key,
  based_on integer not null references catalog_versions (version),
  -- The catalogue's files by path, as a version's sources ({ "catalog.yaml": "…", … }).
  files jsonb not null,
  -- +1 per save; a save names the revision it was made on, a stale one is refused (K-06).
  revision integer not null default 1 check (revision >= 1),
  status text not null default 'draft'
    check (status in ('draft', 'submitted', 'approved', 'released', 'retired')),
  author_subject text not null,
  author_name text not null,
  -- The subjects of everyone who created or saved it: none of them may approve it (K-11).
  editors text[] not null,
  notes text not null default '',
  submission_note text,
  submitted_by_subject text,
  submitted_by_name text,
  submitted_at timestamptz,
  return_note text,
  approver_subject text,
  approver_name text,
  approved_at timestamptz,
  activate_at timestamptz,
  -- The version its files became on approval.
  version integer references catalog_versions (version),
  release_id bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by text not null
);

create index catalog_drafts_status on catalog_drafts (status, id desc);

-- An edit refused because the draft had moved on: kept so that nobody's work is lost.
create table catalog_draft_conflicts (
  id bigint generated always as identity primary key,
  draft_id bigint not null references catalog_drafts (id),
  -- The revision the refused edit was made on.
  revision integer not null,
  -- The paths it changed with the texts it wanted (null: it deleted the file).
  files jsonb not null,
  saved_by_subject text not null,
  saved_by_name text not null,
  saved_at timestamptz not null default now()
);

create index catalog_draft_conflicts_draft on catalog_draft_conflicts (draft_id, id);

-- The activation of a version: asked for (by a draft's submission or as a rollback), approved
-- by another administrator, activated at once or when activate_at comes (a job round).
create table catalog_releases (
  id bigint generated always as identity primary key,
  version integer not null references catalog_versions (version),
  kind text not null check (kind in ('draft', 'rollback')),
  draft_id bigint references catalog_drafts (id),
  status text not null check (status in ('requested', 'scheduled', 'activated', 'cancelled')),
  note text not null default '',
  requested_by_subject text not null,
  requested_by_name text not null,
  requested_at timestamptz not null default now(),
  approver_subject text,
  approver_name text,
  approved_at timestamptz,
  activate_at timestamptz,
  activated_at timestamptz,
  cancelled_by_name text,
  cancelled_at timestamptz
);

create index catalog_releases_due on catalog_releases (activate_at) where status = 'scheduled';
create index catalog_releases_version on catalog_releases (version, id desc);

-- The studio's steps join the administration trail.
alter table admin_audit drop constraint admin_audit_subject_type_check;
alter table admin_audit add constraint admin_audit_subject_type_check
  check (subject_type in (
    'user', 'accountRequest', 'insurer', 'webhook', 'catalogueDraft', 'catalogueRelease'
  ));
