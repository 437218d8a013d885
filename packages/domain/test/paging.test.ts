import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildPages,
  incompleteSummary,
  movePage,
  numberedQuestions,
  pageIndexOf,
  questionNumbers,
} from '../src/paging.ts';
import { selfDefinedCondition } from '../src/impairments.ts';
import type { Page } from '../src/paging.ts';
import { chooseOption, questionnaireIndex } from '../src/questionnaire.ts';
import type { ChosenImpairment } from '../src/questionnaire.ts';
import type { AnswerMap } from '../src/answers.ts';
import {
  all,
  asthma,
  copyOf,
  hypertension,
  impairment,
  longForm,
  others,
  thyroid,
} from './fixtures.ts';

const chosen = (...list: [ChosenImpairment['impairment'], AnswerMap?][]): ChosenImpairment[] =>
  list.map(([impairment, answers]) => ({ impairment, answers: answers ?? {} }));
const uuids = (page: Page): string[] => page.questionList.map((q) => q.uuid);

/** Long form with every question answered 'no', except those named. */
const longFormAnswers = (unanswered: string[] = []): AnswerMap =>
  Object.fromEntries(
    longForm.questionList
      .filter((q) => q.level === 1 && !unanswered.includes(q.uuid))
      .map((q) => [q.uuid, [q.answerList[1]!.uuid]]),
  );

describe('pages', () => {
  it('E-34 a page carries its index, dropdown label, questionnaire, group and question list', () => {
    const pages = buildPages(chosen([hypertension], [asthma]), 'en');
    pages.forEach((page, index) => {
      expect(page.index).toBe(index);
      expect(page.label).toMatch(
        new RegExp(
          `^${page.impairmentUuid === 'hypertension' ? 'Hypertension' : 'Asthma'} - Page ${page.number} - \\S`,
        ),
      );
      expect(typeof page.group.uuid).toBe('string');
      expect(page.questionList.length).toBeGreaterThan(0);
    });
    expect(pages.map((p) => p.impairmentUuid)).toContain('asthma');
  });

  it('S-27 builds pages per impairment, never mixing two conditions', () => {
    const pages = buildPages(chosen([hypertension], [asthma]), 'en');
    for (const page of pages) {
      const imp = page.impairmentUuid === 'hypertension' ? hypertension : asthma;
      for (const q of page.questionList)
        expect(questionnaireIndex(imp).questions.has(q.uuid)).toBe(true);
    }
    expect(pages.map((p) => p.impairmentUuid)).toEqual([
      'hypertension',
      'hypertension',
      'asthma',
      'asthma',
    ]);
  });

  it('S-28 groups pages by question group, in group order', () => {
    const pages = buildPages(chosen([hypertension]), 'en');
    expect(pages.map((p) => p.group.uuid)).toEqual(['htn-history', 'htn-control']);
    expect(pages.map(uuids)).toEqual([
      ['htn-diagnosed', 'htn-smoking'],
      ['htn-controlled', 'htn-notes'],
    ]);
    for (const page of pages) {
      for (const q of page.questionList) expect(q.group.uuid).toBe(page.group.uuid);
    }
  });

  it('S-28 orders groups by their index even when questions are written in another order', () => {
    const pages = buildPages(chosen([longForm]), 'en');
    expect(pages.map((p) => p.group.uuid)).toEqual(['lf-a', 'lf-a', 'lf-b']);
  });

  it('S-29 C-05 a group of 7 top-level questions spans two pages of 5 and 2', () => {
    const pages = buildPages(chosen([longForm]), 'en');
    expect(pages.map((p) => p.questionList.length)).toEqual([5, 2, 5]);
  });

  it('S-29 C-05 children stay on their parent page and do not count towards the 5', () => {
    let answers: AnswerMap = {};
    for (let i = 1; i <= 5; i++)
      answers = chooseOption(longForm, answers, `lf-a${i}`, `lf-a${i}-yes`);
    const [first] = buildPages(chosen([longForm, answers]), 'en');
    expect(first!.questionList.filter((q) => q.level === 1)).toHaveLength(5);
    expect(uuids(first!).slice(0, 4)).toEqual(['lf-a1', 'lf-a1-detail', 'lf-a2', 'lf-a2-detail']);
    expect(first!.questionList).toHaveLength(10);
  });

  it('S-30 labels pages condition - Page n - group header, n within the condition', () => {
    const pages = buildPages(chosen([hypertension], [asthma]), 'en');
    expect(pages.map((p) => p.label)).toEqual([
      'Hypertension - Page 1 - History',
      'Hypertension - Page 2 - Control',
      'Asthma - Page 1 - Symptoms',
      'Asthma - Page 2 - Treatment',
    ]);
    expect(pages.map((p) => p.index)).toEqual([0, 1, 2, 3]);
  });

  it('S-30 labels follow the language', () => {
    expect(buildPages(chosen([asthma]), 'cn_traditional')[0]!.label).toBe('哮喘 - 第 1 頁 - 病徵');
  });

  it('S-38 removing a condition removes its pages', () => {
    const both = buildPages(chosen([hypertension], [asthma]), 'en');
    const one = buildPages(chosen([asthma]), 'en');
    expect(both).toHaveLength(4);
    expect(one.map((p) => p.label)).toEqual([
      'Asthma - Page 1 - Symptoms',
      'Asthma - Page 2 - Treatment',
    ]);
  });

  it('numbers questions across the questionnaire in page order, children included', () => {
    const answers = chooseOption(hypertension, {}, 'htn-controlled', 'htn-controlled-no');
    const pages = buildPages(chosen([hypertension, answers], [asthma]), 'en');
    expect(pages.map((p) => p.firstQuestionNumber)).toEqual([1, 3, 7, 8]);
  });

  it('finds the page showing a question', () => {
    const pages = buildPages(chosen([hypertension], [asthma]), 'en');
    expect(pageIndexOf(pages, 'asthma', 'ast-smoking')).toBe(3);
    expect(pageIndexOf(pages, 'hypertension', 'ast-smoking')).toBe(-1);
  });

  it('C-05 no page ever holds more than 5 top-level questions', () => {
    fc.assert(
      fc.property(fc.subarray([hypertension, asthma, thyroid, longForm, others]), (imps) => {
        for (const page of buildPages(chosen(...imps.map((i): [typeof i] => [i])), 'en')) {
          expect(page.questionList.filter((q) => q.level === 1).length).toBeLessThanOrEqual(5);
        }
      }),
    );
  });
});

describe('incomplete dialog', () => {
  it('G-02 lists the numbers of the unanswered questions of the page', () => {
    const state = chosen([hypertension, { 'htn-smoking': ['htn-smoking-never'] }]);
    const pages = buildPages(state, 'en');
    const summary = incompleteSummary(pages.slice(0, 1), state);
    expect(summary).toMatchObject({
      complete: false,
      listing: 'questions',
      questionNumbers: [1],
      more: false,
    });
    expect(summary.missing).toEqual([
      { impairmentUuid: 'hypertension', questionUuid: 'htn-diagnosed', number: 1, pageIndex: 0 },
    ]);
  });

  it('G-03 C-06 lists at most 10 question numbers, then "and more"', () => {
    // Five top-level questions on one page, each opening three mandatory children.
    const wide = impairment({
      uuid: 'wide',
      name: 'Wide',
      groups: [{ uuid: 'w', header: 'W' }],
      questions: [1, 2, 3, 4, 5].map((i) => ({
        uuid: `w${i}`,
        type: 'R' as const,
        options: [
          {
            uuid: `w${i}-yes`,
            questions: [1, 2, 3].map((j) => ({ uuid: `w${i}-${j}`, type: 'T' as const })),
          },
          { uuid: `w${i}-no`, decision: all('0') },
        ],
      })),
    });
    const answers = Object.fromEntries([1, 2, 3, 4, 5].map((i) => [`w${i}`, [`w${i}-yes`]]));
    const state = chosen([wide, answers]);
    const pages = buildPages(state, 'en');
    expect(pages).toHaveLength(1);
    const summary = incompleteSummary(pages, state);
    expect(summary.listing).toBe('questions');
    expect(summary.missing).toHaveLength(15);
    expect(summary.questionNumbers).toEqual([2, 3, 4, 6, 7, 8, 10, 11, 12, 14]);
    expect(summary.more).toBe(true);

    const line = [{ value: 'x', unit: '' }];
    const ten = chosen([wide, { ...answers, w5: ['w5-no'], 'w1-1': line, 'w1-2': line }]);
    const exactly = incompleteSummary(buildPages(ten, 'en'), ten);
    expect(exactly.questionNumbers).toHaveLength(10);
    expect(exactly.more).toBe(false);
  });

  it('G-04 C-07 lists page names, at most 5, when missing answers span several pages', () => {
    const state = chosen(
      ...Array.from({ length: 6 }, (_, i): [typeof asthma] => [copyOf(asthma, `asthma-${i}`)]),
    );
    const summary = incompleteSummary(buildPages(state, 'en'), state);
    expect(summary.listing).toBe('pages');
    expect(summary.pageLabels).toHaveLength(5);
    expect(summary.pageLabels[0]).toBe('Asthma - Page 1 - Symptoms');
    expect(summary.questionNumbers).toEqual([]);
    expect(summary.more).toBe(true);
    expect(summary.firstPageIndex).toBe(0);
  });

  it('G-04 lists the names of just the incomplete pages', () => {
    const state = chosen(
      [asthma, { 'ast-smoking': ['ast-smoking-light'] }],
      [hypertension, { 'htn-controlled': ['htn-controlled-yes'] }],
    );
    const summary = incompleteSummary(buildPages(state, 'en'), state);
    expect(summary.pageLabels).toEqual([
      'Asthma - Page 1 - Symptoms',
      'Hypertension - Page 1 - History',
    ]);
    expect(summary.more).toBe(false);
  });

  it('is complete when nothing is missing', () => {
    const state = chosen([longForm, longFormAnswers()]);
    const summary = incompleteSummary(buildPages(state, 'en'), state);
    expect(summary).toMatchObject({ complete: true, missing: [], firstPageIndex: -1, more: false });
  });
});

describe('moving between pages', () => {
  const state = chosen([longForm, longFormAnswers(['lf-a2'])]);
  const pages = buildPages(state, 'en');

  it('S-31 Next page with an unanswered mandatory question stays and shows the dialog', () => {
    const move = movePage(pages, state, 0, 1);
    expect(move.page).toBe(0);
    expect(move.incomplete?.questionNumbers).toEqual([2]);
  });

  it('S-32 Next page with the current page complete moves on', () => {
    expect(movePage(pages, state, 1, 2)).toEqual({ page: 2, incomplete: null });
  });

  it('S-33 moving back is free even with the current page incomplete', () => {
    expect(movePage(pages, state, 0, 0)).toEqual({ page: 0, incomplete: null });
    const incompleteLast = chosen([longForm, longFormAnswers(['lf-b1'])]);
    expect(movePage(buildPages(incompleteLast, 'en'), incompleteLast, 2, 0)).toEqual({
      page: 0,
      incomplete: null,
    });
  });

  it('S-34 jumping forward by the dropdown checks the current page like Next page', () => {
    expect(movePage(pages, state, 0, 2).page).toBe(0);
  });

  it('keeps indexes within the pages', () => {
    expect(movePage(pages, state, 1, 99).page).toBe(2);
    expect(movePage([], [], 3, 4)).toEqual({ page: 0, incomplete: null });
  });
});

describe('question numbers', () => {
  it('T-05 a self-defined condition and Others, sharing the template’s questions, each keep their own numbers', () => {
    const typed = selfDefinedCondition(others, `${others.uuid}-1`, 'Knee pain');
    const pages = buildPages(chosen([hypertension], [typed], [others]), 'en');
    const numbers = questionNumbers(pages);
    const shownHtn = pages.filter((p) => p.impairmentUuid === 'hypertension');
    const htnCount = shownHtn.reduce((n, p) => n + p.questionList.length, 0);
    expect(numbers.get(typed.uuid)?.get('other-diagnosis')).toBe(htnCount + 1);
    expect(numbers.get(others.uuid)?.get('other-diagnosis')).toBe(htnCount + 8 + 1);
    // The numbers are those the screen shows beside each question.
    for (const page of pages) {
      page.questionList.forEach((q, i) => {
        expect(numbers.get(page.impairmentUuid)?.get(q.uuid)).toBe(page.firstQuestionNumber + i);
      });
    }
  });

  it('T-19 a condition’s numbered questions come in page order with the screen’s numbers', () => {
    const answers = longFormAnswers();
    answers['lf-a1'] = ['lf-a1-yes'];
    const pages = buildPages(chosen([asthma], [longForm, answers]), 'en');
    const listed = numberedQuestions(pages, 'long-form');
    const onScreen = pages
      .filter((p) => p.impairmentUuid === 'long-form')
      .flatMap((p) =>
        p.questionList.map((q, i) => ({ question: q, number: p.firstQuestionNumber + i })),
      );
    expect(listed).toEqual(onScreen);
    // Group Alpha's questions come first though Beta's have the lower indexes.
    expect(listed[0]!.question.uuid).toBe('lf-a1');
    expect(listed.map((l) => l.number)).toEqual(
      Array.from({ length: listed.length }, (_, i) => listed[0]!.number + i),
    );
  });
});
