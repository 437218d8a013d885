-- Create An Account (requirements §2, design §5): requests for access from the public page
-- /account-request, kept for the administrators of the insurer named.

create table account_requests (
  id uuid primary key,
  name varchar(100) not null,
  email varchar(254) not null,
  -- As typed, in lower case: administrators see the requests of their own insurers.
  insurer_code varchar(20) not null,
  role text not null check (role in ('interviewer', 'agent', 'underwriter')),
  message varchar(1000),
  created_at timestamptz not null default now()
);

-- An administrator's page: their insurers' requests, newest first.
create index account_requests_insurer_created on account_requests (insurer_code, created_at desc, id desc);
