import { useParams } from 'react-router';
import { ViewModeTabs } from '../../features/case-view/components/view-mode-tabs.tsx';
import { caseViewTexts } from '../../features/case-view/locales.ts';
import { QuestionnaireScreen } from '../../features/questionnaire/components/questionnaire-screen.tsx';
import { questionnaireTexts } from '../../features/questionnaire/locales.ts';
import { addScreenTexts } from '../../lib/i18n.ts';
import '../questionnaire-wiring.ts';

// The screen's texts travel with its chunk (2.8 KB gzipped that the first page does without).
addScreenTexts(questionnaireTexts);
addScreenTexts(caseViewTexts);

/**
 * /questionnaire/:requestId? (requirements §2): the same screen for a disclosure request; without an
 * id, as /home. In view mode the case view's tabs (requirements W-11..W-13) hold its form.
 */
export function Component() {
  const { requestId } = useParams();
  return <QuestionnaireScreen requestId={requestId} viewTabs={ViewModeTabs} />;
}
