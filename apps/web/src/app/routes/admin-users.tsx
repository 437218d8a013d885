import { PeopleScreen } from '../../features/admin-people/components/people-screen.tsx';
import { AsAdministrator } from '../administration.tsx';

/**
 * /admin/users (requirements O-02..O-08): people and access, for administrators, who grant
 * only the insurers of their own insurer list.
 */
export function Component() {
  return (
    <AsAdministrator>
      <PeopleScreen />
    </AsAdministrator>
  );
}
