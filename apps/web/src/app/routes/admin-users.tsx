import { PeopleScreen } from '../../features/admin-people/components/people-screen.tsx';
import { AdministratorProvider } from '../../features/admin-people/components/person-fields.tsx';
import { adminPeopleTexts } from '../../features/admin-people/locales.ts';
import { selectHeaderSelection } from '../../features/header-selection/header-selection-slice.ts';
import { selectUserName } from '../../features/user-info/user-info-slice.ts';
import { addScreenTexts } from '../../lib/i18n.ts';
import { useAppSelector } from '../hooks.ts';

// The screen's texts travel with its chunk.
addScreenTexts(adminPeopleTexts);

/**
 * /admin/users (requirements O-02..O-08): people and access, for administrators, who grant
 * only the insurers of their own insurer list, which the header already holds.
 */
export function Component() {
  const { fullProductList } = useAppSelector(selectHeaderSelection);
  const userName = useAppSelector(selectUserName);
  return (
    <AdministratorProvider value={{ products: fullProductList, userName }}>
      <PeopleScreen />
    </AdministratorProvider>
  );
}
