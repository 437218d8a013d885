import { AccountRequestForm } from '../../features/account-request/components/account-request-form.tsx';

/** /account-request: the page Create An Account leads to (DESIGN.md §5). */
export function Component() {
  return <AccountRequestForm />;
}
