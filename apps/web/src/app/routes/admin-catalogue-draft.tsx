import { catalogueImpactTexts } from '../../features/admin-catalogue/impact/locales.ts';
import { adminCatalogueTexts } from '../../features/admin-catalogue/locales.ts';
import { DraftPage } from '../../features/admin-catalogue/studio/draft-page.tsx';
import { addScreenTexts } from '../../lib/i18n.ts';
import { WithQuestionnaireParts } from '../questionnaire-parts.tsx';

// The screen's texts travel with its chunk.
addScreenTexts(adminCatalogueTexts);
addScreenTexts(catalogueImpactTexts);

/**
 * /admin/catalogue/drafts/:id (requirements K-05, K-06, K-08, K-11): one draft's files in the
 * code editor, checked while typing, beside the condition's preview in the questionnaire's own
 * components. The editor and the schema code load with this chunk only.
 */
export function Component() {
  return (
    <WithQuestionnaireParts>
      <DraftPage />
    </WithQuestionnaireParts>
  );
}
