import { CatalogueScreen } from '../../features/admin-catalogue/components/catalogue-screen.tsx';
import { adminCatalogueTexts } from '../../features/admin-catalogue/locales.ts';
import { addScreenTexts } from '../../lib/i18n.ts';

// The screen's texts travel with its chunk.
addScreenTexts(adminCatalogueTexts);

/** /admin/catalogue (requirements K-01, K-02): the catalogue's versions and their differences. */
export function Component() {
  return <CatalogueScreen />;
}
