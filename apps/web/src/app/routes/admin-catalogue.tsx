import { useAppSelector } from '../hooks.ts';
import { selectUserName } from '../../features/user-info/user-info-slice.ts';
import { CatalogueScreen } from '../../features/admin-catalogue/components/catalogue-screen.tsx';
import { adminCatalogueTexts } from '../../features/admin-catalogue/locales.ts';
import { addScreenTexts } from '../../lib/i18n.ts';
import { storedDisplayName } from '../../lib/oidc-session.ts';

// The screen's texts travel with its chunk.
addScreenTexts(adminCatalogueTexts);

/**
 * /admin/catalogue (requirements K-01, K-02, K-03, K-11): the catalogue's versions, their
 * differences and the drafts; the signed-in person's names leave out the steps that are not theirs.
 */
export function Component() {
  const userName = useAppSelector(selectUserName);
  const displayName = storedDisplayName();
  return <CatalogueScreen me={displayName ? [userName, displayName] : [userName]} />;
}
