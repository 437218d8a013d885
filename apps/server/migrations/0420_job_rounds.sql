-- When each background job last started a round, on any server (requirements N-08). A server
-- runs a round only when it moves this time on from one interval ago or more (one upsert), so
-- of several replicas on one database exactly one runs each round, and a server restarted
-- more often than a job's interval does not run it more often. Times are the database's
-- clock, so servers whose clocks differ still agree.
create table job_rounds (
  job text primary key,
  started_at timestamptz not null
);
