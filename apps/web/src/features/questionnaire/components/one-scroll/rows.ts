import type { Question } from '@vmer/domain/model';
import type { Page } from '@vmer/domain/paging';
import { checkedPageKey } from '../../questionnaire-slice.ts';

/** A condition's heading: the condition index jumps to it. */
interface ConditionRow {
  kind: 'condition';
  key: string;
  impairmentUuid: string;
  /** The condition's name, as its pages' labels give it. */
  name: string;
}

/** A question group's header, where a group starts, as the pages' labels name it. */
interface GroupRow {
  kind: 'group';
  key: string;
  impairmentUuid: string;
  header: string;
}

/** One shown question, with its number and the page it is on in the paged view. */
interface QuestionRow {
  kind: 'question';
  key: string;
  impairmentUuid: string;
  question: Question;
  number: number;
  /** Its page's key among the checked pages: the highlight follows the paged view's checks. */
  pageKey: string;
}

export type Row = ConditionRow | GroupRow | QuestionRow;

/** One condition of the index, with the position of its heading among the rows. */
interface IndexEntry {
  impairmentUuid: string;
  name: string;
  rowIndex: number;
}

interface OneScrollRows {
  rows: Row[];
  index: IndexEntry[];
}

/**
 * The one-scroll list (I-23): every page's questions in page order, so the numbers, the
 * reflexive children shown and the checks are the pages' own; a heading opens each condition
 * and a header each question group, as the pages' labels name them. `names` gives a
 * condition's name in the interface language.
 */
export function oneScrollRows(
  pages: readonly Page[],
  names: ReadonlyMap<string, string>,
  groupHeader: (page: Page) => string,
): OneScrollRows {
  const rows: Row[] = [];
  const index: IndexEntry[] = [];
  let condition: string | null = null;
  let group: string | null = null;
  for (const page of pages) {
    const impairmentUuid = page.impairmentUuid;
    if (impairmentUuid !== condition) {
      condition = impairmentUuid;
      group = null;
      const name = names.get(impairmentUuid) ?? page.label;
      index.push({ impairmentUuid, name, rowIndex: rows.length });
      rows.push({ kind: 'condition', key: `c:${impairmentUuid}`, impairmentUuid, name });
    }
    if (page.group.uuid !== group) {
      group = page.group.uuid;
      rows.push({
        kind: 'group',
        key: `g:${impairmentUuid}:${group}`,
        impairmentUuid,
        header: groupHeader(page),
      });
    }
    const pageKey = checkedPageKey(page);
    page.questionList.forEach((question, i) =>
      rows.push({
        kind: 'question',
        key: `q:${impairmentUuid}:${question.uuid}`,
        impairmentUuid,
        question,
        number: page.firstQuestionNumber + i,
        pageKey,
      }),
    );
  }
  return { rows, index };
}

/** The position of a question's row, or -1 when it is not shown. */
export function rowOfQuestion(rows: readonly Row[], impairmentUuid: string, questionUuid: string) {
  return rows.findIndex(
    (row) =>
      row.kind === 'question' &&
      row.impairmentUuid === impairmentUuid &&
      row.question.uuid === questionUuid,
  );
}
