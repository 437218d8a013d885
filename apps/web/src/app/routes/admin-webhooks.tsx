import { WebhooksScreen } from '../../features/admin-webhooks/components/webhooks-screen.tsx';
import { adminWebhooksTexts } from '../../features/admin-webhooks/locales.ts';
import { addScreenTexts } from '../../lib/i18n.ts';

// The screen's texts travel with its chunk.
addScreenTexts(adminWebhooksTexts);

/** /admin/webhooks (requirements N-02 to N-04): the insurers' webhook endpoints and deliveries. */
export function Component() {
  return <WebhooksScreen />;
}
