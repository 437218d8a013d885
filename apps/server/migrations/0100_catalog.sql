-- The catalogue (design §6): immutable versions, one of them active, and the questionnaire
-- instances answered by POST /api/disease/list.

create table catalog_versions (
  -- 1, 2, 3…: what authors type in `npm run catalog -- activate 2`.
  version integer primary key check (version >= 1),
  -- sha256 of the source files; importing the same files again answers this version.
  content_hash text not null unique,
  author text not null,
  notes text not null default '',
  created_at timestamptz not null default now(),
  -- The source files as imported, by path ({ "catalog.yaml": "…", … }), for export.
  sources jsonb not null,
  -- The compiled Catalog (packages/domain model.ts), what the questionnaire reads.
  compiled jsonb not null,
  active boolean not null default false,
  activated_at timestamptz
);

-- At most one active version.
create unique index catalog_versions_one_active on catalog_versions (active) where active;

create table questionnaire_instances (
  id uuid primary key,
  subject text not null,
  insurer_code text not null,
  channel text not null,
  product_code text not null,
  catalog_version integer not null references catalog_versions (version),
  -- The POST /api/disease/list request as received (gender, age, rsmScore, flag).
  request jsonb not null,
  disease_list jsonb not null,
  created_at timestamptz not null default now()
);

create index questionnaire_instances_created_at on questionnaire_instances (created_at);
