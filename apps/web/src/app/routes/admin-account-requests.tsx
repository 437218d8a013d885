import { RequestsScreen } from '../../features/admin-people/components/requests-screen.tsx';
import { AsAdministrator } from '../administration.tsx';

/**
 * /admin/account-requests (requirements O-09, O-10): requests for access, for administrators;
 * an approval grants only the insurers of their own insurer list.
 */
export function Component() {
  return (
    <AsAdministrator>
      <RequestsScreen />
    </AsAdministrator>
  );
}
