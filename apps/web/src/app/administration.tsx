import type { ReactNode } from 'react';
import { AdministratorProvider } from '../features/admin-people/components/person-fields.tsx';
import { adminPeopleTexts } from '../features/admin-people/locales.ts';
import { selectHeaderSelection } from '../features/header-selection/header-selection-slice.ts';
import { selectUserName } from '../features/user-info/user-info-slice.ts';
import { addScreenTexts } from '../lib/i18n.ts';
import { useAppSelector } from './hooks.ts';

// The administration screens' texts travel with their chunks.
addScreenTexts(adminPeopleTexts);

/**
 * The people and account-request screens' surroundings: the signed-in administrator, who
 * grants only the insurers of their own insurer list, which the header already holds.
 */
export function AsAdministrator({ children }: { children: ReactNode }) {
  const { fullProductList } = useAppSelector(selectHeaderSelection);
  const userName = useAppSelector(selectUserName);
  return (
    <AdministratorProvider value={{ products: fullProductList, userName }}>
      {children}
    </AdministratorProvider>
  );
}
