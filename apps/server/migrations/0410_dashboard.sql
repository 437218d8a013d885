-- The operations dashboard (design §11, requirements A-12, A-15): per-condition decision
-- categories on each disclosed condition, and rollup tables the dashboard reads instead of a
-- million disclosures. A write marks the (insurer, UTC day) it touches as dirty in the same
-- transaction; the refresh (a job, and the dashboard call itself when marks are waiting)
-- recomputes those days from the base tables and deletes the marks it saw.

-- The row summary (apps/server/src/disclosures/row-summary.ts) also writes each indicator's
-- decision category ({"LIFE": "decline"}) and each condition's decisions counted by category
-- ({"<uuid>": [standard, debits, exclusion, refer, postpone, decline]}, all benefits). Rows
-- saved before this migration have neither until their next save: they count in the figures
-- by status, but not in the decision mix, and their conditions count without categories.
alter table disclosures
  add column decision_categories jsonb not null default '{}'::jsonb,
  add column condition_categories jsonb not null default '{}'::jsonb;

-- Each condition row carries its own decisions by category (null for rows saved before).
alter table disclosure_conditions add column categories smallint[];

create or replace function disclosure_conditions_sync() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.condition_uuids = old.condition_uuids then
    update disclosure_conditions set
      insurer_code = new.insurer_code, status = new.status, needs_review = new.needs_review,
      created_at = new.created_at, updated_at = new.updated_at, submitted_at = new.submitted_at,
      categories = (select array_agg(c::smallint order by n)
                    from jsonb_array_elements_text(new.condition_categories -> condition_uuid)
                      with ordinality as x (c, n))
    where disclosure_id = new.id;
    return null;
  end if;
  if tg_op = 'UPDATE' then
    delete from disclosure_conditions where disclosure_id = new.id;
  end if;
  insert into disclosure_conditions (disclosure_id, condition_uuid, insurer_code, status,
    needs_review, created_at, updated_at, submitted_at, categories)
  select new.id, u, new.insurer_code, new.status, new.needs_review, new.created_at,
    new.updated_at, new.submitted_at,
    (select array_agg(c::smallint order by n)
     from jsonb_array_elements_text(new.condition_categories -> u) with ordinality as x (c, n))
  from (select distinct u from unnest(new.condition_uuids) as u) as conditions;
  return null;
end
$$;

drop trigger disclosure_conditions_on_update on disclosures;
create trigger disclosure_conditions_on_update
  after update on disclosures
  for each row when (new.condition_uuids is distinct from old.condition_uuids
    or new.insurer_code is distinct from old.insurer_code
    or new.status is distinct from old.status
    or new.needs_review is distinct from old.needs_review
    or new.created_at is distinct from old.created_at
    or new.updated_at is distinct from old.updated_at
    or new.submitted_at is distinct from old.submitted_at
    or new.condition_categories is distinct from old.condition_categories)
  execute function disclosure_conditions_sync();

-- The days to recompute: 'disclosures' by the day a disclosure was created, 'reviews' by the
-- day of a validate or reject, 'searches' by the day of a search that found nothing. No key:
-- every writing statement adds its own marks, so a mark added by a transaction still running
-- while the refresh deletes the marks it sees stays for the next refresh.
create table dashboard_dirty (
  kind text not null check (kind in ('disclosures', 'reviews', 'searches')),
  insurer_code text not null,
  day date not null
);

-- A disclosure's insurer and creation never change through the API; a change of either by
-- hand marks the day it leaves as well as the day it joins.
create function dashboard_mark_disclosures() returns trigger language plpgsql as $$
begin
  insert into dashboard_dirty (kind, insurer_code, day)
  select distinct 'disclosures', insurer_code, (created_at at time zone 'UTC')::date from changed;
  return null;
end
$$;

create function dashboard_mark_disclosures_moved() returns trigger language plpgsql as $$
begin
  insert into dashboard_dirty (kind, insurer_code, day)
  select distinct 'disclosures', o.insurer_code, (o.created_at at time zone 'UTC')::date
  from previous o join changed n on n.id = o.id
  where n.insurer_code <> o.insurer_code or n.created_at <> o.created_at;
  return null;
end
$$;

create trigger dashboard_disclosures_inserted after insert on disclosures
  referencing new table as changed for each statement
  execute function dashboard_mark_disclosures();
create trigger dashboard_disclosures_updated after update on disclosures
  referencing new table as changed for each statement
  execute function dashboard_mark_disclosures();
create trigger dashboard_disclosures_moved after update on disclosures
  referencing old table as previous new table as changed for each statement
  execute function dashboard_mark_disclosures_moved();

create function dashboard_mark_reviews() returns trigger language plpgsql as $$
begin
  insert into dashboard_dirty (kind, insurer_code, day)
  select distinct 'reviews', insurer_code, (at at time zone 'UTC')::date from changed
  where operation in ('validate', 'reject');
  return null;
end
$$;

create trigger dashboard_audit_inserted after insert on disclosure_audit
  referencing new table as changed for each statement
  execute function dashboard_mark_reviews();

create function dashboard_mark_searches() returns trigger language plpgsql as $$
begin
  insert into dashboard_dirty (kind, insurer_code, day)
  select distinct 'searches', insurer_code, (created_at at time zone 'UTC')::date from changed
  where type = 3;
  return null;
end
$$;

create trigger dashboard_searches_inserted after insert on search_events
  referencing new table as changed for each statement
  execute function dashboard_mark_searches();

-- A refresh recomputes a review day from the validations and rejections of an insurer's day.
create index disclosure_audit_reviews on disclosure_audit (insurer_code, at)
  where operation in ('validate', 'reject');
-- Overrides counted by the day they were made.
create index disclosure_overrides_insurer_at on disclosure_overrides (insurer_code, at);

-- When the rollups were last brought up to date (one row).
create table dashboard_refresh (
  id smallint primary key check (id = 1),
  refreshed_at timestamptz not null
);
insert into dashboard_refresh (id, refreshed_at) values (1, now());

-- The rollups, by insurer and UTC day (the day a disclosure was created, or of the event),
-- then channel and product where the figure has them. Each is recomputed a whole day at a time.
-- Disclosures created per day by their status now.
create table dashboard_status (
  insurer_code text not null,
  day date not null,
  channel text not null,
  product_code text not null,
  status smallint not null,
  n integer not null,
  primary key (insurer_code, day, channel, product_code, status)
);

-- Submitted disclosures (submitted, validated, rejected) by the ISO week of their last
-- submission, and those of them free of refer, postpone and decline.
create table dashboard_submissions (
  insurer_code text not null,
  day date not null,
  channel text not null,
  product_code text not null,
  week date not null,
  submitted integer not null,
  straight_through integer not null,
  primary key (insurer_code, day, channel, product_code, week)
);

-- Submitted disclosures' consolidated decisions per indicator by category.
create table dashboard_decisions (
  insurer_code text not null,
  day date not null,
  channel text not null,
  product_code text not null,
  indicator text not null,
  category text not null,
  n integer not null,
  primary key (insurer_code, day, channel, product_code, indicator, category)
);

-- Submitted disclosures per condition, and the condition's decisions by category (all
-- benefits; in DECISION_CATEGORIES order).
create table dashboard_conditions (
  insurer_code text not null,
  day date not null,
  channel text not null,
  product_code text not null,
  condition_uuid text not null,
  name text not null,
  disclosures integer not null,
  categories integer[] not null,
  primary key (insurer_code, day, channel, product_code, condition_uuid)
);

-- Durations in whole seconds: kind 1 from creation to the last submission (submitted ones),
-- kind 2 from the last submission to its validation (validated ones).
create table dashboard_durations (
  insurer_code text not null,
  day date not null,
  channel text not null,
  product_code text not null,
  kind smallint not null,
  seconds integer not null,
  n integer not null,
  primary key (insurer_code, day, channel, product_code, kind, seconds)
);

-- Validations and rejections by the day they were given; `reason` is a rejection's reason
-- trimmed and lower-cased, '' for a validation.
create table dashboard_reviews (
  insurer_code text not null,
  day date not null,
  channel text not null,
  product_code text not null,
  rejected boolean not null,
  reason text not null,
  n integer not null,
  primary key (insurer_code, day, channel, product_code, rejected, reason)
);

-- Searches that found nothing per day and term (trimmed, lower-cased). The search log is
-- swept after LOG_RETENTION_DAYS; its counts stay here.
create table dashboard_search_misses (
  insurer_code text not null,
  day date not null,
  term text not null,
  n integer not null,
  primary key (insurer_code, day, term)
);

-- What was stored before this migration: every day with data is dirty, so the first refresh
-- builds the rollups.
insert into dashboard_dirty (kind, insurer_code, day)
select distinct 'disclosures', insurer_code, (created_at at time zone 'UTC')::date
from disclosures;
insert into dashboard_dirty (kind, insurer_code, day)
select distinct 'reviews', insurer_code, (at at time zone 'UTC')::date
from disclosure_audit where operation in ('validate', 'reject');
insert into dashboard_dirty (kind, insurer_code, day)
select distinct 'searches', insurer_code, (created_at at time zone 'UTC')::date
from search_events where type = 3;
