import { WorklistScreen } from '../../features/worklist/components/worklist-screen.tsx';
import { worklistTexts } from '../../features/worklist/locales.ts';
import { selectHeaderSelection } from '../../features/header-selection/header-selection-slice.ts';
import { addScreenTexts } from '../../lib/i18n.ts';
import { useAppSelector } from '../hooks.ts';

// The screen's texts travel with its chunk.
addScreenTexts(worklistTexts);

/**
 * /worklist (requirements W-01): the worklist, filtering within the insurers, channels and
 * products of the caller's insurer list, which the header already holds.
 */
export function Component() {
  const { fullProductList } = useAppSelector(selectHeaderSelection);
  return <WorklistScreen products={fullProductList} />;
}
