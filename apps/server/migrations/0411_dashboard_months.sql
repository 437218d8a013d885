-- The dashboard at a million disclosures (requirements A-15): a year of day rows was too many
-- to sum within 300 ms, so every rollup also holds one row per insurer and calendar month
-- (`month`, `day` its first day), summed from its day rows by the refresh. A range reads the
-- months it covers whole and the days at its two ends. Overrides get a rollup too, by the day
-- their disclosure was created like the other figures of disclosures; durations are kept to
-- three significant figures (7,201 s counts as 7,200 s), which a month's rows share.

alter table dashboard_status add column month boolean not null default false;
alter table dashboard_status drop constraint dashboard_status_pkey;
alter table dashboard_status add primary key (insurer_code, month, day, channel, product_code, status);

alter table dashboard_submissions add column month boolean not null default false;
alter table dashboard_submissions drop constraint dashboard_submissions_pkey;
alter table dashboard_submissions add primary key (insurer_code, month, day, channel, product_code, week);

alter table dashboard_decisions add column month boolean not null default false;
alter table dashboard_decisions drop constraint dashboard_decisions_pkey;
alter table dashboard_decisions add primary key (insurer_code, month, day, channel, product_code, indicator, category);

alter table dashboard_conditions add column month boolean not null default false;
alter table dashboard_conditions drop constraint dashboard_conditions_pkey;
alter table dashboard_conditions add primary key (insurer_code, month, day, channel, product_code, condition_uuid);

alter table dashboard_durations add column month boolean not null default false;
alter table dashboard_durations drop constraint dashboard_durations_pkey;
alter table dashboard_durations add primary key (insurer_code, month, day, channel, product_code, kind, seconds);

alter table dashboard_reviews add column month boolean not null default false;
alter table dashboard_reviews drop constraint dashboard_reviews_pkey;
alter table dashboard_reviews add primary key (insurer_code, month, day, channel, product_code, rejected, reason);

alter table dashboard_search_misses add column month boolean not null default false;
alter table dashboard_search_misses drop constraint dashboard_search_misses_pkey;
alter table dashboard_search_misses add primary key (insurer_code, month, day, term);

-- Overrides standing on the disclosures created that day, per catalogue version and condition.
create table dashboard_overrides (
  insurer_code text not null,
  day date not null,
  channel text not null,
  product_code text not null,
  catalog_version text not null,
  condition_uuid text not null,
  name text not null,
  n integer not null,
  month boolean not null default false,
  primary key (insurer_code, month, day, channel, product_code, catalog_version, condition_uuid)
);

-- Everything is rebuilt by the next refresh, months included.
insert into dashboard_dirty (kind, insurer_code, day)
select distinct 'disclosures', insurer_code, (created_at at time zone 'UTC')::date
from disclosures;
insert into dashboard_dirty (kind, insurer_code, day)
select distinct 'reviews', insurer_code, (at at time zone 'UTC')::date
from disclosure_audit where operation in ('validate', 'reject');
insert into dashboard_dirty (kind, insurer_code, day)
select distinct 'searches', insurer_code, (created_at at time zone 'UTC')::date
from search_events where type = 3;

-- Overrides are read from their rollup now.
drop index disclosure_overrides_insurer_at;
