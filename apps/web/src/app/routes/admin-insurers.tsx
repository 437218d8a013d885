import { InsurersScreen } from '../../features/admin-insurers/components/insurers-screen.tsx';
import { adminInsurersTexts } from '../../features/admin-insurers/locales.ts';
import { insurerListApi } from '../../features/header-selection/api/insurer-list-api.ts';
import { addScreenTexts } from '../../lib/i18n.ts';
import { useAppDispatch } from '../hooks.ts';

// The screen's texts travel with its chunk.
addScreenTexts(adminInsurersTexts);

/**
 * /admin/insurers (requirements O-11): the administrator's insurers and products. A saved
 * change reaches the header's selectors at once: the insurer list is asked for again.
 */
export function Component() {
  const dispatch = useAppDispatch();
  const refreshInsurerList = () =>
    void dispatch(
      insurerListApi.endpoints.getInsurerList.initiate(undefined, {
        forceRefetch: true,
        subscribe: false,
      }),
    );
  return <InsurersScreen onSaved={refreshInsurerList} />;
}
