/**
 * Paging (requirements §4 "Paging", §9, design §8): pages per impairment and question group, at most
 * five top-level questions each, labelled 'condition - Page n - group header' with n counting
 * within the condition; moving forward checks the current page; the incomplete dialog's list.
 */
import type { AnswerMap } from './answers.ts';
import { answerOf, forEachVisibleUnder, questionnaireIndex } from './questionnaire.ts';
import type { ChosenImpairment } from './questionnaire.ts';
import { messageText } from './messages.ts';
import { textIn } from './languages.ts';
import { questionIssues } from './validation.ts';
import type { Language, Question, QuestionGroup } from './model.ts';

/** At most this many top-level questions on a page (requirements §9). */
export const MAX_TOP_LEVEL_PER_PAGE = 5;
/** The incomplete dialog lists at most this many question numbers (requirements §9)… */
export const MAX_LISTED_QUESTIONS = 10;
/** …or at most this many page names (requirements §9). */
export const MAX_LISTED_PAGES = 5;

/** One page of the questionnaire (requirements §3 "Page"). */
export interface Page {
  /** Position across the whole questionnaire, from 0. */
  index: number;
  /**
   * The dropdown label, `${conditionName} - Page ${number} - ${groupHeader}` in English
   * (message key 'page_label').
   */
  label: string;
  /** The impairment (the requirements' "questionnaire") the page belongs to. */
  impairmentUuid: string;
  /** n in the label: the page's number within its condition, from 1. */
  number: number;
  group: QuestionGroup;
  /** The shown questions: up to 5 top-level ones, each followed by its shown children. */
  questionList: Question[];
  /**
   * The questionnaire-wide number of `questionList[0]`, from 1; the others follow on. Numbers
   * run over shown questions in page order, children included.
   */
  firstQuestionNumber: number;
}

/**
 * The pages of the chosen impairments, in order (requirements §4, design §8). Per impairment, its
 * top-level questions are grouped by question group (groups by their index, questions by
 * theirs) and cut into pages of at most 5; children stay on their parent's page. Labels are
 * in `language`; a self-defined condition's name is its typed name. Top-level questions make
 * the pages, so answering never adds or removes a page, only children within one.
 */
export function buildPages(chosen: readonly ChosenImpairment[], language: Language): Page[] {
  const pages: Page[] = [];
  let nextNumber = 1;
  for (const { impairment, answers } of chosen) {
    const byGroup = new Map<string, Question[]>();
    for (const q of questionnaireIndex(impairment).topLevel) {
      const list = byGroup.get(q.group.uuid);
      if (list) list.push(q);
      else byGroup.set(q.group.uuid, [q]);
    }
    const groups = [...byGroup.values()].sort((a, b) => a[0]!.group.index - b[0]!.group.index);
    let number = 0;
    for (const topLevel of groups) {
      for (let start = 0; start < topLevel.length; start += MAX_TOP_LEVEL_PER_PAGE) {
        const questionList: Question[] = [];
        for (const q of topLevel.slice(start, start + MAX_TOP_LEVEL_PER_PAGE)) {
          forEachVisibleUnder(impairment, q, answers, (shown) => questionList.push(shown));
        }
        number++;
        const group = topLevel[0]!.group;
        pages.push({
          index: pages.length,
          label: messageText('page_label', language, {
            condition: textIn(impairment.name, language),
            n: number,
            group: textIn(group.header, language),
          }),
          impairmentUuid: impairment.uuid,
          number,
          group,
          questionList,
          firstQuestionNumber: nextNumber,
        });
        nextNumber += questionList.length;
      }
    }
  }
  return pages;
}

/**
 * The number of every shown question, by condition uuid then question uuid. Keyed by condition
 * first because a self-defined condition and Others share the Others template's question uuids.
 */
export type QuestionNumbers = ReadonlyMap<string, ReadonlyMap<string, number>>;

/**
 * The numbers the screen shows beside the shown questions: counted from 1 across the whole
 * questionnaire in page order, children right after their parent. The decision's "why", the
 * printout and the spreadsheet cite these, so a number means one question everywhere.
 */
export function questionNumbers(pages: readonly Page[]): QuestionNumbers {
  const numbers = new Map<string, Map<string, number>>();
  for (const page of pages) {
    let own = numbers.get(page.impairmentUuid);
    if (!own) numbers.set(page.impairmentUuid, (own = new Map()));
    page.questionList.forEach((q, i) => own.set(q.uuid, page.firstQuestionNumber + i));
  }
  return numbers;
}

/** A shown question and its number (see {@link questionNumbers}). */
export interface NumberedQuestion {
  question: Question;
  number: number;
}

/** One condition's shown questions in page order, each with the number the screen shows. */
export function numberedQuestions(
  pages: readonly Page[],
  impairmentUuid: string,
): NumberedQuestion[] {
  return pages
    .filter((page) => page.impairmentUuid === impairmentUuid)
    .flatMap((page) =>
      page.questionList.map((question, i) => ({ question, number: page.firstQuestionNumber + i })),
    );
}

/** The index of the page showing a question of an impairment, or -1 when none shows it. */
export function pageIndexOf(
  pages: readonly Page[],
  impairmentUuid: string,
  questionUuid: string,
): number {
  return pages.findIndex(
    (p) =>
      p.impairmentUuid === impairmentUuid && p.questionList.some((q) => q.uuid === questionUuid),
  );
}

/** A shown question that still needs an answer. */
export interface MissingAnswer {
  impairmentUuid: string;
  questionUuid: string;
  /** Its questionnaire-wide number, from 1. */
  number: number;
  pageIndex: number;
}

/** What the incomplete dialog lists (requirements §2 "Incomplete questionnaire"). */
export interface IncompleteSummary {
  /** Nothing is missing: no dialog. */
  complete: boolean;
  /**
   * 'questions' when every missing answer is on one page (always so when one page is
   * checked, as Next page does); 'pages' when they spread over several (checking the whole
   * questionnaire, as print, export and submit do), since numbers from several pages would
   * not tell the user where to go.
   */
  listing: 'questions' | 'pages';
  /** Up to 10 question numbers, ascending (listing 'questions'). */
  questionNumbers: number[];
  /** Up to 5 page labels, in page order (listing 'pages'). */
  pageLabels: string[];
  /** More are missing than listed: the dialog adds 'and more'. */
  more: boolean;
  /** Every missing answer, in page order, for the highlights. */
  missing: MissingAnswer[];
  /** The first page with a missing answer, or -1. */
  firstPageIndex: number;
}

/**
 * What the incomplete dialog says about the given pages (one page for Next page, all of them
 * for the whole questionnaire). A question is missing when requirements §5's checks fail: a mandatory
 * question unanswered, or an optional T/N question whose lines break the rules.
 */
export function incompleteSummary(
  pages: readonly Page[],
  chosen: readonly ChosenImpairment[],
): IncompleteSummary {
  const answersOf = new Map<string, AnswerMap>(chosen.map((c) => [c.impairment.uuid, c.answers]));
  const missing: MissingAnswer[] = [];
  const pagesMissing: Page[] = [];
  for (const page of pages) {
    const answers = answersOf.get(page.impairmentUuid) ?? {};
    const before = missing.length;
    page.questionList.forEach((q, i) => {
      if (questionIssues(q, answerOf(answers, q.uuid)).length === 0) return;
      missing.push({
        impairmentUuid: page.impairmentUuid,
        questionUuid: q.uuid,
        number: page.firstQuestionNumber + i,
        pageIndex: page.index,
      });
    });
    if (missing.length > before) pagesMissing.push(page);
  }
  const listing = pagesMissing.length > 1 ? 'pages' : 'questions';
  return {
    complete: missing.length === 0,
    listing,
    questionNumbers:
      listing === 'questions' ? missing.slice(0, MAX_LISTED_QUESTIONS).map((m) => m.number) : [],
    pageLabels:
      listing === 'pages' ? pagesMissing.slice(0, MAX_LISTED_PAGES).map((p) => p.label) : [],
    more:
      listing === 'questions'
        ? missing.length > MAX_LISTED_QUESTIONS
        : pagesMissing.length > MAX_LISTED_PAGES,
    missing,
    firstPageIndex: pagesMissing[0]?.index ?? -1,
  };
}

/** Where a page move ends, and the dialog to show when it was refused. */
export interface PageMove {
  page: number;
  /** The current page's summary when moving forward found it incomplete; null otherwise. */
  incomplete: IncompleteSummary | null;
}

/**
 * Moving from one page to another (requirements §4, design §8): moving forward, by Next page, the
 * dropdown or the pagination alike, first checks the current page and stays on it when a
 * question there is missing; moving back is free. Indexes are kept within the pages.
 */
export function movePage(
  pages: readonly Page[],
  chosen: readonly ChosenImpairment[],
  current: number,
  target: number,
): PageMove {
  const last = Math.max(0, pages.length - 1);
  const from = Math.min(Math.max(0, current), last);
  const to = Math.min(Math.max(0, target), last);
  if (to <= from) return { page: to, incomplete: null };
  const summary = incompleteSummary(pages.slice(from, from + 1), chosen);
  return summary.complete ? { page: to, incomplete: null } : { page: from, incomplete: summary };
}
