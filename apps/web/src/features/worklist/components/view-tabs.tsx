import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import type { WorklistCounts, WorklistView } from '@vmer/domain/workbench';
import { VIEWS } from '../worklist-url.ts';

/** How many disclosures a view holds for the current filters. */
function countOf(view: WorklistView, counts: WorklistCounts): number {
  if (view === 'all') return Object.values(counts.byStatus).reduce((sum, n) => sum + n, 0);
  return counts[view];
}

/**
 * The worklist's views as tabs (requirements W-03, W-06, W-20): all, created by me, awaiting my
 * review and returned to me, each with its count for the current filters.
 */
export function ViewTabs({
  view,
  counts,
  onView,
}: {
  view: WorklistView;
  counts: WorklistCounts | undefined;
  onView: (view: WorklistView) => void;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={view}
      onChange={(_event, next: WorklistView) => onView(next)}
      aria-label={t('worklist.views.label')}
      variant="scrollable"
      allowScrollButtonsMobile
    >
      {VIEWS.map((name) => (
        <Tab
          key={name}
          value={name}
          sx={{ textTransform: 'none' }}
          label={
            counts
              ? t('worklist.tabCount', {
                  name: t(`worklist.views.${name}`),
                  count: countOf(name, counts),
                })
              : t(`worklist.views.${name}`)
          }
        />
      ))}
    </Tabs>
  );
}
