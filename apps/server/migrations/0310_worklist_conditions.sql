-- The worklist filtered by a condition (design §10, requirements W-03, W-23): one row per
-- disclosed condition of a disclosure, with the columns the worklist filters and sorts by, so a
-- condition's page is an ordered range of one index read in the sort order and filtered on the
-- index tuple; the page's rows alone are then read from disclosures. (The GIN index on
-- condition_uuids finds the rows but in no order: the planner joined its bitmap with another
-- index of the insurer and sorted them, 150 ms and more at a million rows.)
create table disclosure_conditions (
  disclosure_id uuid not null references disclosures (id) on delete cascade,
  condition_uuid text not null,
  insurer_code text not null,
  status smallint not null,
  needs_review boolean not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  submitted_at timestamptz,
  primary key (disclosure_id, condition_uuid)
);

-- Each worklist order per insurer and condition, with the filters kept here included, so a
-- page reads the index alone until it has its rows.
create index disclosure_conditions_updated on disclosure_conditions
  (insurer_code, condition_uuid, updated_at desc, disclosure_id desc)
  include (status, needs_review, created_at, submitted_at);
create index disclosure_conditions_created on disclosure_conditions
  (insurer_code, condition_uuid, created_at desc, disclosure_id desc)
  include (status, needs_review, updated_at, submitted_at);
create index disclosure_conditions_submitted on disclosure_conditions
  (insurer_code, condition_uuid, submitted_at desc, disclosure_id desc)
  include (status, needs_review, created_at, updated_at)
  where submitted_at is not null;

-- The one owner of the table: every write of a disclosure that changes its conditions or one
-- of the columns above rewrites its rows, in the write's own transaction, whichever service
-- wrote it (save, submit, catalogue update, validate, reject, claim, override).
create function disclosure_conditions_sync() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.condition_uuids = old.condition_uuids then
    update disclosure_conditions set
      insurer_code = new.insurer_code, status = new.status, needs_review = new.needs_review,
      created_at = new.created_at, updated_at = new.updated_at, submitted_at = new.submitted_at
    where disclosure_id = new.id;
    return null;
  end if;
  if tg_op = 'UPDATE' then
    delete from disclosure_conditions where disclosure_id = new.id;
  end if;
  insert into disclosure_conditions (disclosure_id, condition_uuid, insurer_code, status,
    needs_review, created_at, updated_at, submitted_at)
  select distinct new.id, u, new.insurer_code, new.status, new.needs_review, new.created_at,
    new.updated_at, new.submitted_at
  from unnest(new.condition_uuids) as u;
  return null;
end
$$;

create trigger disclosure_conditions_on_insert
  after insert on disclosures
  for each row when (cardinality(new.condition_uuids) > 0)
  execute function disclosure_conditions_sync();

create trigger disclosure_conditions_on_update
  after update on disclosures
  for each row when (new.condition_uuids is distinct from old.condition_uuids
    or new.insurer_code is distinct from old.insurer_code
    or new.status is distinct from old.status
    or new.needs_review is distinct from old.needs_review
    or new.created_at is distinct from old.created_at
    or new.updated_at is distinct from old.updated_at
    or new.submitted_at is distinct from old.submitted_at)
  execute function disclosure_conditions_sync();

-- The disclosures stored before this migration.
insert into disclosure_conditions (disclosure_id, condition_uuid, insurer_code, status,
  needs_review, created_at, updated_at, submitted_at)
select distinct d.id, u, d.insurer_code, d.status, d.needs_review, d.created_at, d.updated_at,
  d.submitted_at
from disclosures d cross join lateral unnest(d.condition_uuids) as u;

-- The GIN index on condition_uuids served the condition filter alone: no query reads it now,
-- and every save paid for it.
drop index disclosures_conditions;
alter table disclosures alter column condition_uuids set statistics -1;

analyze disclosure_conditions;
