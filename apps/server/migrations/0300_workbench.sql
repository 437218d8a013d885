-- The underwriter's workbench (design §10): what a worklist row shows is kept on the row, so
-- the worklist never reads documents; review claims are leases on the row; every stored
-- document is kept as an immutable revision; overrides sit beside the engine's decisions.

alter table disclosures
  -- The subject of the person (or caller system) that created it: "created by me".
  add column created_by_subject text,
  -- When it was last submitted; null until then.
  add column submitted_at timestamptz,
  -- The consolidated decision per indicator as the document writes it, and whether any of
  -- them is D, P, U or an exclusion.
  add column decisions jsonb not null default '{}'::jsonb,
  add column needs_review boolean not null default false,
  -- The disclosed conditions' uuids and names, in the document's order.
  add column condition_uuids text[] not null default '{}',
  add column condition_names text[] not null default '{}',
  -- Who validated or rejected it last (user name).
  add column reviewed_by text,
  -- The review claim: holder's subject and user name, and when it was taken.
  add column claimed_by text,
  add column claimed_by_name text,
  add column claimed_at timestamptz;

-- Rows stored before this migration: what SQL can derive is filled in here (creator by user
-- name when exactly one user has it, the last submission and review from the audit trail, the
-- conditions from the document); the decision summary needs the engine, so those rows show no
-- decision until their next save.
update disclosures d set
  created_by_subject = (select min(u.subject) from users u where u.user_name = d.created_by
                        having count(*) = 1),
  submitted_at = (select max(a.at) from disclosure_audit a
                  where a.disclosure_id = d.id and a.operation = 'submit'),
  reviewed_by = (select a.actor from disclosure_audit a
                 where a.disclosure_id = d.id and a.operation in ('validate', 'reject')
                 order by a.id desc limit 1),
  condition_uuids = coalesce((select array_agg(e ->> 'uuid' order by n)
                     from jsonb_array_elements(d.document -> 'impairments') with ordinality as x (e, n)),
                    '{}'),
  condition_names = coalesce((select array_agg(e ->> 'name' order by n)
                     from jsonb_array_elements(d.document -> 'impairments') with ordinality as x (e, n)),
                    '{}');

-- Worklist orders: each sort column with id, per insurer, so a keyset page is an index range.
create index disclosures_insurer_updated on disclosures (insurer_code, updated_at desc, id desc);
create index disclosures_insurer_created on disclosures (insurer_code, created_at desc, id desc);
create index disclosures_insurer_submitted on disclosures (insurer_code, submitted_at desc, id desc)
  where submitted_at is not null;
-- The personal views, created by me and returned to me: each insurer's rows of one creator in
-- order, so "mine" reads one page of them, not the insurer's rows filtered.
create index disclosures_creator on disclosures (created_by_subject, insurer_code, updated_at desc, id desc);
create index disclosures_needs_review on disclosures (insurer_code, updated_at desc, id desc)
  where needs_review;
-- The review queue (submitted disclosures) with what "awaiting my review" reads of a row, so
-- its count and pages read the index alone.
create index disclosures_review_queue on disclosures (insurer_code, updated_at desc, id desc)
  include (submitted_by, claimed_by, claimed_at) where status = 3;
create index disclosures_conditions on disclosures using gin (condition_uuids);
-- Statistics of every condition, rare ones included: the planner then finds a rarely disclosed
-- condition through the index above instead of reading an insurer's rows in order for it.
alter table disclosures alter column condition_uuids set statistics 1000;

-- Every document a save, submit or catalogue update stored, numbered per disclosure from 1.
-- Rows are only ever added, like the audit trail.
create table disclosure_revisions (
  disclosure_id uuid not null references disclosures (id),
  revision integer not null check (revision >= 1),
  insurer_code text not null,
  operation text not null,
  status smallint not null check (status between 1 and 5),
  catalog_version text,
  document jsonb not null,
  actor text not null,
  at timestamptz not null default now(),
  primary key (disclosure_id, revision)
);

create trigger disclosure_revisions_no_update_or_delete
  before update or delete on disclosure_revisions
  for each row execute function disclosure_audit_append_only();

create trigger disclosure_revisions_no_truncate
  before truncate on disclosure_revisions
  for each statement execute function disclosure_audit_append_only();

-- A reviewer's override of the engine's decision of one condition for one indicator.
create table disclosure_overrides (
  disclosure_id uuid not null references disclosures (id),
  impairment_uuid text not null,
  indicator text not null,
  insurer_code text not null,
  catalog_version text,
  engine_decision text not null,
  decision text not null,
  reason text not null,
  note text,
  by_subject text not null,
  by_name text not null,
  at timestamptz not null default now(),
  primary key (disclosure_id, impairment_uuid, indicator)
);

create index disclosure_overrides_version on disclosure_overrides (catalog_version, impairment_uuid);

alter table disclosure_audit add column revision integer;
alter table disclosure_audit drop constraint disclosure_audit_operation_check;
alter table disclosure_audit add constraint disclosure_audit_operation_check
  check (operation in ('request', 'save', 'submit', 'validate', 'reject', 'update_catalogue',
                       'claim', 'release', 'override'));
