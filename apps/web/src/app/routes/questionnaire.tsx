import LinearProgress from '@mui/material/LinearProgress';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { caseViewTexts } from '../../features/case-view/locales.ts';
import { QuestionnaireScreen } from '../../features/questionnaire/components/questionnaire-screen.tsx';
import type { ViewModeTabsProps } from '../../features/questionnaire/components/view-mode.tsx';
import { questionnaireTexts } from '../../features/questionnaire/locales.ts';
import { lazyChunk } from '../../lib/chunk-load.ts';
import { addScreenTexts } from '../../lib/i18n.ts';
import '../questionnaire-wiring.ts';

// The screen's texts travel with its chunk (2.8 KB gzipped that the first page does without).
addScreenTexts(questionnaireTexts);
addScreenTexts(caseViewTexts);

/**
 * The case view's tabs, with the timeline and the comparison of revisions (and MUI's tabs,
 * tables and select they use): only a disclosure in view mode shows them, so they load when
 * one does, not with every disclosure's first page (design §7, issue 19).
 */
const CaseViewTabs = lazyChunk(
  'view-mode-tabs',
  () => import('../../features/case-view/components/view-mode-tabs.tsx'),
  (module) => module.ViewModeTabs,
);

function ViewModeTabs(props: ViewModeTabsProps) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<LinearProgress aria-label={t('caseView.loadingTabs')} />}>
      <CaseViewTabs {...props} />
    </Suspense>
  );
}

/**
 * /questionnaire/:requestId? (requirements §2): the same screen for a disclosure request; without an
 * id, as /home. In view mode the case view's tabs (requirements W-11..W-13) hold its form.
 */
export function Component() {
  const { requestId } = useParams();
  return <QuestionnaireScreen requestId={requestId} viewTabs={ViewModeTabs} />;
}
