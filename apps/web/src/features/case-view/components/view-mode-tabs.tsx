import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Comparison } from '../default-comparison.ts';
import { CompareRevisions } from './compare-revisions.tsx';
import { Timeline } from './timeline.tsx';

const TABS = ['case', 'form', 'timeline', 'compare'] as const;
type CaseTab = (typeof TABS)[number];

interface ViewModeTabsProps {
  disclosureId: string;
  /** The disclosure as readable text (the questionnaire's). */
  readable: ReactNode;
  /** The questionnaire's form in view mode, word for word as the specification shows it. */
  form: ReactNode;
}

/**
 * The case view of a disclosure in view mode (requirements W-11, W-12, W-13): the case as
 * readable text first, the read-only form, the audit timeline and the comparison of two
 * revisions, as tabs a keyboard moves between (arrow keys, as MUI's tabs do).
 */
export function ViewModeTabs({ disclosureId, readable, form }: ViewModeTabsProps) {
  const { t } = useTranslation();
  const id = useId();
  const [tab, setTab] = useState<CaseTab>('case');
  // Revisions picked in the compare view, or one revision picked in the timeline.
  const [choice, setChoice] = useState<Comparison | number | null>(null);

  const panel: Record<CaseTab, () => ReactNode> = {
    case: () => (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {readable}
      </Paper>
    ),
    form: () => form,
    timeline: () => (
      <Timeline
        disclosureId={disclosureId}
        onRevision={(revision) => {
          setChoice(revision);
          setTab('compare');
        }}
      />
    ),
    compare: () => (
      <CompareRevisions disclosureId={disclosureId} choice={choice} onChoose={setChoice} />
    ),
  };

  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_event, value: CaseTab) => setTab(value)}
        aria-label={t('caseView.tabs')}
        variant="scrollable"
        scrollButtons={false}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`caseView.${name}`)}
            id={`${id}-tab-${name}`}
            aria-controls={`${id}-panel-${name}`}
            sx={{ textTransform: 'none', minWidth: { xs: 72, sm: 90 } }}
          />
        ))}
      </Tabs>
      {TABS.map((name) => (
        <Box
          key={name}
          role="tabpanel"
          id={`${id}-panel-${name}`}
          aria-labelledby={`${id}-tab-${name}`}
          hidden={tab !== name}
        >
          {tab === name && panel[name]()}
        </Box>
      ))}
    </Box>
  );
}
