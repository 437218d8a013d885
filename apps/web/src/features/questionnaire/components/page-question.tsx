import { memo, useCallback } from 'react';
import type { AnswerValue } from '@vmer/domain/model';
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
  // The same function from render to render, so that the question's memoised input is not
  // rendered again when only its number or its neighbours change.
  const onChange = useCallback(
    (answer: AnswerValue | undefined) =>
      dispatch(answerRecorded({ impairmentUuid, questionUuid: question.uuid, answer })),
    [dispatch, impairmentUuid, question.uuid],
  );
  return <QuestionField question={question} {...shown} onChange={onChange} />;
});
