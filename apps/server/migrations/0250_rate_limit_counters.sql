-- Rate-limit counters (sign-in failures, refused tokens, API calls, account requests) kept in
-- the database, so that every server on one PostgreSQL spends the same budget. One row per
-- key: when its current window began (its first hit, milliseconds since 1970) and the hits in it.
-- Unlogged: losing the counts in a crash only gives everyone a fresh window.
create unlogged table rate_limit_counters (
  key text primary key,
  window_start bigint not null,
  hits integer not null
);
