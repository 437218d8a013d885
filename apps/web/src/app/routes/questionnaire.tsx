import { useParams } from 'react-router';
import { QuestionnaireScreen } from '../../features/questionnaire/components/questionnaire-screen.tsx';
import { questionnaireTexts } from '../../features/questionnaire/locales.ts';
import { addScreenTexts } from '../../lib/i18n.ts';

// The screen's texts travel with its chunk (2.8 KB gzipped that the first page does without).
addScreenTexts(questionnaireTexts);

/**
 * /questionnaire/:requestId? (requirements §2): the same screen for a disclosure request; without an
 * id, as /home.
 */
export function Component() {
  const { requestId } = useParams();
  return <QuestionnaireScreen requestId={requestId} />;
}
