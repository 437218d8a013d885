import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEventCallback } from '@mui/material/utils';
import { lazy, memo, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { movePage, type IncompleteSummary } from '@vmer/domain/paging';
import { answerOf } from '@vmer/domain/questionnaire';
import { useAppDispatch } from '../../../app/hooks.ts';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import type { Issue } from '@vmer/domain/model';
import { checkedPageKey, pageShown, questionnaireChecked } from '../questionnaire-slice.ts';
import { useDisclosureModel } from '../use-disclosure-model.ts';
import { DisclosureActions } from './disclosure-actions.tsx';
import { OneScrollSwitch } from './one-scroll/one-scroll-switch.tsx';
import type { OneScrollHandle } from './one-scroll/navigation.ts';
import { useOneScrollSetting } from './one-scroll/use-one-scroll-setting.ts';
import { PageQuestion } from './page-question.tsx';
import { OFFSCREEN_SKIPPED, QuestionList } from './questions/question-field.tsx';
import { ReviewableDecisions } from './reviewable-decisions.tsx';
import { ScreenCard } from './screen-card.tsx';
import { useInterviewCommand } from '../keyboard/interview-commands.ts';
import { pageHeadingFocus, usePageFocus } from '../keyboard/use-page-focus.ts';

/**
 * Every question in one scroll, virtualised: its code (and the virtualiser's) loads only when
 * the interviewer turns the view on, not with every disclosure's first page (design §7).
 */
const OneScrollView = lazy(() =>
  import('./one-scroll-view.tsx').then((module) => ({ default: module.OneScrollView })),
);

/** Shown when a move or a submit finds questions unanswered: not with the first page. */
const IncompleteDialog = lazyDialog(
  'incomplete-dialog',
  () => import('../after-first-paint.ts'),
  (module) => module.IncompleteDialog,
  (props) => props.summary !== null,
);

/** Pagination keeps the first and last 3 page numbers in view (requirements §2, §9). */
const PAGINATION_BOUNDARY_COUNT = 3;

interface PagingProps {
  current: number;
  onMove: (target: number) => void;
}

/** Whether two lists of page labels are the same, page by page. */
const sameLabels = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((label, i) => label === b[i]);

/** The page dropdown. Memoised: an answer that leaves the pages' labels alone does not render it. */
const PageChooser = memo(
  function PageChooser({ labels, current, onMove }: PagingProps & { labels: readonly string[] }) {
    const { t } = useTranslation();
    return (
      <TextField
        select
        size="small"
        label={t('mer.disclosure.page')}
        value={current}
        onChange={(e) => onMove(Number(e.target.value))}
      >
        {labels.map((label, index) => (
          <MenuItem key={index} value={index}>
            {label}
          </MenuItem>
        ))}
      </TextField>
    );
  },
  (before, after) =>
    before.current === after.current &&
    before.onMove === after.onMove &&
    sameLabels(before.labels, after.labels),
);

/** Prev page, the pagination and Next page. Memoised: an answer does not render them again. */
const PageButtons = memo(function PageButtons({
  count,
  current,
  onMove,
}: PagingProps & { count: number }) {
  const { t } = useTranslation();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: 'center', justifyContent: 'space-between' }}
    >
      <Button variant="outlined" disabled={current === 0} onClick={() => onMove(current - 1)}>
        {t('mer.disclosure.prevPage')}
      </Button>
      <Pagination
        count={count}
        page={current + 1}
        boundaryCount={PAGINATION_BOUNDARY_COUNT}
        onChange={(_, value) => onMove(value - 1)}
        aria-label={t('mer.disclosure.pagination')}
        getItemAriaLabel={(type, n) =>
          type === 'page'
            ? t('mer.disclosure.goToPage', { n: n ?? 0 })
            : t(`mer.disclosure.goTo.${type}`)
        }
        color="primary"
      />
      <Button
        variant="outlined"
        disabled={current >= count - 1}
        onClick={() => onMove(current + 1)}
      >
        {t('mer.disclosure.nextPage')}
      </Button>
    </Stack>
  );
});

/**
 * The Video MER disclosure card (requirements §2): the page dropdown, the current page's questions,
 * Prev page / Next page and the pagination (moving forward checks the page first), the
 * decisions, and the mode's buttons.
 */
export function DisclosureCard() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const model = useDisclosureModel();
  const { questionnaire, pages, readOnly, language, numbers, decisions, consolidated, indicators } =
    model;
  const { chosen, page: current, checkedPages } = questionnaire;
  const [incomplete, setIncomplete] = useState<IncompleteSummary | null>(null);
  const [profileIssues, setProfileIssues] = useState<Issue[]>([]);
  const page = pages[current];
  // One-scroll mode (I-23): every question on one list; paging's checks stay on submit.
  const [oneScroll, setOneScroll] = useOneScrollSetting();
  const oneScrollView = useRef<OneScrollHandle>(null);
  /** The question one-scroll focuses once the incomplete dialog closes. */
  const focusAfter = useRef<{ impairmentUuid: string; questionUuid: string } | null>(null);
  const closeIncomplete = () => {
    setIncomplete(null);
    const first = focusAfter.current;
    focusAfter.current = null;
    if (first) oneScrollView.current?.showQuestion(first.impairmentUuid, first.questionUuid, true);
  };
  const answers = chosen.find((c) => c.impairment.uuid === page?.impairmentUuid)?.answers ?? {};
  const { headingRef, focusNewPage, pageOnScreen } = usePageFocus<HTMLHeadingElement>();

  const move = (target: number) => {
    const outcome = movePage(pages, chosen, current, target);
    if (outcome.incomplete) {
      // Only the page checked shows its highlights, not pages the user has not reached.
      if (page) dispatch(questionnaireChecked([checkedPageKey(page)]));
      setProfileIssues([]);
      setIncomplete(outcome.incomplete);
      return;
    }
    dispatch(pageShown({ page: outcome.page, pageCount: pages.length }));
    if (outcome.page !== current) focusNewPage();
  };
  // The same function from render to render, so that the paging controls render again only
  // when the page or the pages change, not on every answer.
  const onMove = useEventCallback(move);
  const pageLabels = pages.map((p) => p.label);
  // Alt+PageDown / Alt+PageUp do what Next page and Prev page do, while they show and are
  // enabled (I-08); the heading is there only while the page is shown with its buttons.
  const paging = (target: number) => () => {
    if (pageOnScreen()) move(target);
  };
  // In one-scroll mode the same keys move to the next or previous condition (I-23).
  const nextCondition = () => {
    oneScrollView.current?.moveCondition(1);
  };
  const previousCondition = () => {
    oneScrollView.current?.moveCondition(-1);
  };
  useInterviewCommand(
    'nextPage',
    page && oneScroll
      ? nextCondition
      : page && current < pages.length - 1
        ? paging(current + 1)
        : null,
  );
  useInterviewCommand(
    'previousPage',
    page && oneScroll ? previousCondition : page && current > 0 ? paging(current - 1) : null,
  );
  const showIncomplete = (summary: IncompleteSummary, issues: Issue[] = []) => {
    const missingPages = new Set(summary.missing.map((m) => m.pageIndex));
    // One-scroll shows every page at once, so every page counts as checked (I-23).
    const checkedNow = pages
      .filter((p) => oneScroll || missingPages.has(p.index))
      .map(checkedPageKey);
    dispatch(questionnaireChecked(checkedNow));
    const first = summary.missing[0];
    if (oneScroll && first) {
      oneScrollView.current?.showQuestion(first.impairmentUuid, first.questionUuid, false);
      focusAfter.current = {
        impairmentUuid: first.impairmentUuid,
        questionUuid: first.questionUuid,
      };
    }
    setProfileIssues(issues);
    if (summary.firstPageIndex >= 0)
      dispatch(pageShown({ page: summary.firstPageIndex, pageCount: pages.length }));
    setIncomplete(summary);
  };

  // The decisions under the questions, paged or on one scroll alike.
  const decisionTable = (
    <>
      <Divider />
      <ReviewableDecisions
        chosen={chosen}
        decisions={decisions}
        consolidated={consolidated}
        indicators={indicators}
        numbers={numbers}
        language={language}
      />
    </>
  );

  return (
    <ScreenCard
      titleId="disclosure-title"
      title={t('mer.disclosure.title')}
      outside={
        <IncompleteDialog
          summary={incomplete}
          profileIssues={profileIssues}
          onClose={closeIncomplete}
        />
      }
    >
      {page && <OneScrollSwitch checked={oneScroll} onChange={setOneScroll} />}
      {page && oneScroll ? (
        <Stack spacing={2}>
          <Suspense
            fallback={<LinearProgress aria-label={t('mer.disclosure.oneScroll.loading')} />}
          >
            <OneScrollView
              ref={oneScrollView}
              pages={pages}
              chosen={chosen}
              language={language}
              readOnly={readOnly}
              checkedPages={checkedPages}
            />
          </Suspense>
          {decisionTable}
        </Stack>
      ) : page ? (
        <Stack spacing={2}>
          <PageChooser labels={pageLabels} current={current} onMove={onMove} />
          <Typography
            component="h3"
            variant="subtitle1"
            ref={headingRef}
            tabIndex={-1}
            sx={[{ fontWeight: 600 }, pageHeadingFocus]}
          >
            {page.label}
          </Typography>
          <QuestionList className={OFFSCREEN_SKIPPED}>
            {page.questionList.map((q, i) => (
              <PageQuestion
                key={q.uuid}
                impairmentUuid={page.impairmentUuid}
                question={q}
                number={page.firstQuestionNumber + i}
                answer={answerOf(answers, q.uuid)}
                language={language}
                readOnly={readOnly}
                checked={checkedPages.includes(checkedPageKey(page))}
              />
            ))}
          </QuestionList>
          <PageButtons count={pages.length} current={current} onMove={onMove} />
          {decisionTable}
        </Stack>
      ) : (
        <Typography color="text.secondary">{t('mer.disclosure.empty')}</Typography>
      )}
      <DisclosureActions model={model} onIncomplete={showIncomplete} />
    </ScreenCard>
  );
}
