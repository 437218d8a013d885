-- "Returned to me" is the rejected disclosures a person submitted last (design §10): read from
-- an index of the rejected ones by submitter, in the worklist's default order.
create index disclosures_returned on disclosures (submitted_by, insurer_code, updated_at desc, id desc)
  where status = 5;
