-- A user can be deactivated without deleting the row (and so the name in audit trails):
-- their tokens are refused at the next request, and they cannot sign in or renew a session.

alter table users add column active boolean not null default true;
