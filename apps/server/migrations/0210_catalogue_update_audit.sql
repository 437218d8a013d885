-- A draft can be moved to the active catalogue version on purpose, and that move is recorded
-- in the audit trail like any other change.
alter table disclosure_audit drop constraint disclosure_audit_operation_check;
alter table disclosure_audit add constraint disclosure_audit_operation_check
  check (operation in ('request', 'save', 'submit', 'validate', 'reject', 'update_catalogue'));
