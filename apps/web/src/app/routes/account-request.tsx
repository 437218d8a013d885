import { useTranslation } from 'react-i18next';
import { AccountRequestForm } from '../../features/account-request/components/account-request-form.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /account-request: the page Create An Account leads to (design §5). */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('accountRequest.title'));
  return <AccountRequestForm />;
}
