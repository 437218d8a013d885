import { AdministratorProvider } from '../../features/admin-people/components/person-fields.tsx';
import { RequestsScreen } from '../../features/admin-people/components/requests-screen.tsx';
import { adminPeopleTexts } from '../../features/admin-people/locales.ts';
import { selectHeaderSelection } from '../../features/header-selection/header-selection-slice.ts';
import { selectUserName } from '../../features/user-info/user-info-slice.ts';
import { addScreenTexts } from '../../lib/i18n.ts';
import { useAppSelector } from '../hooks.ts';

// The screen's texts travel with its chunk.
addScreenTexts(adminPeopleTexts);

/**
 * /admin/account-requests (requirements O-09, O-10): requests for access, for administrators;
 * an approval grants only the insurers of their own insurer list, which the header holds.
 */
export function Component() {
  const { fullProductList } = useAppSelector(selectHeaderSelection);
  const userName = useAppSelector(selectUserName);
  return (
    <AdministratorProvider value={{ products: fullProductList, userName }}>
      <RequestsScreen />
    </AdministratorProvider>
  );
}
