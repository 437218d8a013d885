import { QuestionnaireScreen } from '../../features/questionnaire/components/questionnaire-screen.tsx';

/** /home (spec §2): the questionnaire screen, starting a disclosure without a request. */
export function Component() {
  return <QuestionnaireScreen />;
}
