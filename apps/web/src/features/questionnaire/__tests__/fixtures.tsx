import { render } from '@testing-library/react';
import { useState, type ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createStore } from '../../../app/store.ts';
import type { AnswerOption, AnswerValue, Language, Question } from '@vmer/domain/model';
import { addScreenTexts, initI18n } from '../../../lib/i18n.ts';
import { QuestionField } from '../components/questions/question-field.tsx';
import { questionnaireTexts } from '../locales.ts';

addScreenTexts(questionnaireTexts);
export const i18n = initI18n('en');

/** A question of the given type with everything a renderer reads, overridable. */
export function question(type: Question['type'], over: Partial<Question> = {}): Question {
  return {
    uuid: `q-${type}`,
    index: 1,
    type,
    question: { en: `Question of type ${type}`, cn_traditional: `${type} 類問題` },
    parentUuid: 'imp',
    uuidPath: 'imp',
    level: 1,
    group: { uuid: 'g', index: 1, header: { en: 'History', cn_traditional: '病歷' } },
    answerList: [],
    answer: null,
    choiceList: [],
    decision: null,
    ...over,
  };
}

/** An answer option of a question. */
export function option(uuid: string, en: string, over: Partial<AnswerOption> = {}): AnswerOption {
  return {
    uuid,
    label: { en, cn_traditional: `${en}（中）` },
    decision: { LIFE: '0' },
    hasDecision: true,
    parentUuid: 'q',
    ...over,
  };
}

interface Harness {
  q: Question;
  initial?: AnswerValue;
  language?: Language;
  readOnly?: boolean;
  checked?: boolean;
}

/**
 * Renders one question as the screen does, keeping its answer in local state so the test
 * drives it like a user; `answers` records every answer the question reported.
 */
export function renderQuestion({
  q,
  initial,
  language = 'en',
  readOnly = false,
  checked = false,
}: Harness) {
  const answers: (AnswerValue | undefined)[] = [];
  void i18n.changeLanguage(language);
  function Host(): ReactElement {
    const [answer, setAnswer] = useState<AnswerValue | undefined>(initial);
    return (
      <QuestionField
        question={q}
        number={3}
        answer={answer}
        language={language}
        readOnly={readOnly}
        checked={checked}
        onChange={(next) => {
          answers.push(next);
          setAnswer(next);
        }}
      />
    );
  }
  // The store holds the applicant's facts an answer is held against (I-16, I-21).
  const store = createStore();
  const view = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <Host />
      </I18nextProvider>
    </Provider>,
  );
  return { ...view, store, answers, last: () => answers.at(-1) };
}
