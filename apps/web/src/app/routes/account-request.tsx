import { AccountRequestForm } from '../../features/account-request/components/account-request-form.tsx';
import { useGetAuthConfigQuery } from '../../features/auth/api/auth-config-api.ts';

/** /account-request: the page Create An Account leads to (DESIGN.md §5). */
export function Component() {
  const { data: config } = useGetAuthConfigQuery();
  return <AccountRequestForm helpDeskEmail={config?.helpDeskEmail ?? null} />;
}
