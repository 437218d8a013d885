-- The logging calls of requirements §7 (design §5): tracking events, condition searches and
-- conclusions, each kept with the insurer it belongs to so reads stay within the caller's.

create table analytics_events (
  id bigint generated always as identity primary key,
  insurer_code text not null,
  request_id uuid,
  subject text not null,
  activity varchar(500) not null,
  from_page varchar(500) not null,
  details varchar(500),
  question_list jsonb not null default '[]',
  created_at timestamptz not null default now()
);

create index analytics_events_request on analytics_events (request_id, insurer_code, id)
  where request_id is not null;
create index analytics_events_insurer_created on analytics_events (insurer_code, created_at);

create table search_events (
  id bigint generated always as identity primary key,
  insurer_code text not null,
  subject text not null,
  keyword varchar(500) not null,
  disease varchar(500),
  type smallint not null check (type in (1, 2, 3)),
  created_at timestamptz not null default now()
);

create index search_events_insurer_created on search_events (insurer_code, created_at);

create table conclusions (
  id bigint generated always as identity primary key,
  insurer_code text not null,
  request_id uuid,
  subject text not null,
  conclusion jsonb not null,
  created_at timestamptz not null default now()
);

create index conclusions_request on conclusions (request_id, insurer_code) where request_id is not null;
create index conclusions_insurer_created on conclusions (insurer_code, created_at);
