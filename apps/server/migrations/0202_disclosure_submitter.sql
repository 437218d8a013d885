-- Separation of duties (design §3): the person who submitted a disclosure may not validate
-- or reject it, so the subject of its last submission is kept beside it.

alter table disclosures add column submitted_by text;

-- Disclosures awaiting validation were last changed by their submission, whose author is
-- recorded by user name: taken where that name is one person's.
update disclosures d
set submitted_by = u.subject
from users u
where d.status = 3 and u.user_name = d.updated_by
  and not exists (select 1 from users o where o.user_name = u.user_name and o.subject <> u.subject);
