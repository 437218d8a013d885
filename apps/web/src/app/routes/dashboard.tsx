import { DashboardScreen } from '../../features/dashboard/components/dashboard-screen.tsx';
import { dashboardTexts } from '../../features/dashboard/locales.ts';
import { selectHeaderSelection } from '../../features/header-selection/header-selection-slice.ts';
import { addScreenTexts } from '../../lib/i18n.ts';
import { useAppSelector } from '../hooks.ts';

// The screen's texts travel with its chunk.
addScreenTexts(dashboardTexts);

/**
 * /dashboard (requirements O-12): the operations dashboard, filtering within the insurers,
 * channels and products of the caller's insurer list, which the header already holds.
 */
export function Component() {
  const { fullProductList } = useAppSelector(selectHeaderSelection);
  return <DashboardScreen products={fullProductList} />;
}
