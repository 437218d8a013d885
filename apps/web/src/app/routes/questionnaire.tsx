import { useParams } from 'react-router';
import { QuestionnaireScreen } from '../../features/questionnaire/components/questionnaire-screen.tsx';

/** /questionnaire/:requestId? (spec §2): the same screen for a disclosure request; without an id, as /home. */
export function Component() {
  const { requestId } = useParams();
  return <QuestionnaireScreen requestId={requestId} />;
}
