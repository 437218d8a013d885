import { memo } from 'react';
import { useAppDispatch } from '../../../app/hooks.ts';
import { answerRecorded } from '../questionnaire-slice.ts';
import { QuestionField, type QuestionFieldProps } from './questions/question-field.tsx';

type PageQuestionProps = Omit<QuestionFieldProps, 'onChange'> & { impairmentUuid: string };

/**
 * One question of the disclosure, as the paged view and the one-scroll view (I-23) both show it,
 * its answer recorded the same way. Memoised: an answer re-renders its own question and those
 * it shows or hides, not the whole page (issue 7: under 100 ms on a page of 30).
 */
export const PageQuestion = memo(function PageQuestion({
  impairmentUuid,
  question,
  ...shown
}: PageQuestionProps) {
  const dispatch = useAppDispatch();
  return (
    <QuestionField
      question={question}
      {...shown}
      onChange={(answer) =>
        dispatch(answerRecorded({ impairmentUuid, questionUuid: question.uuid, answer }))
      }
    />
  );
});
