import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import {
  useCallback,
  useImperativeHandle,
  useMemo,
  useRef,
  type FocusEvent,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';
import { textIn } from '@vmer/domain/languages';
import type { Language } from '@vmer/domain/model';
import type { Page } from '@vmer/domain/paging';
import { answerOf, type ChosenImpairment } from '@vmer/domain/questionnaire';
import type { OneScrollHandle } from './one-scroll/navigation.ts';
import { oneScrollRows, rowOfQuestion, type Row } from './one-scroll/rows.ts';
import { PageQuestion } from './page-question.tsx';
import { QuestionList } from './questions/question-field.tsx';

/** Rows rendered beyond the viewport on either side, so Tab finds the next question mounted. */
const OVERSCAN = 6;
/** First guesses of a row's height before it is measured (I-24). */
const ESTIMATES: Record<Row['kind'], number> = { condition: 56, group: 40, question: 120 };
/** What can take the focus inside a question, first one first. */
const FOCUSABLE =
  'input:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex="0"]';
/** The scrolled list: as tall as most of the screen, scrolling on its own. */
const SCROLLED_LIST = {
  height: { xs: '70vh', md: '75vh' },
  overflowY: 'auto',
  overscrollBehavior: 'contain',
} as const;
/** How many frames a jump waits for its target row to be mounted before giving up. */
const MOUNT_FRAMES = 20;

interface OneScrollViewProps {
  pages: readonly Page[];
  chosen: readonly ChosenImpairment[];
  language: Language;
  readOnly: boolean;
  /** The checked pages' keys: their unanswered questions show the highlight, as on pages. */
  checkedPages: readonly string[];
  ref?: Ref<OneScrollHandle>;
}

/** Waits frame by frame for `find` to answer an element, then hands it to `onFound`. */
function whenMounted(find: () => HTMLElement | null, onFound: (element: HTMLElement) => void) {
  let frames = 0;
  const attempt = () => {
    const element = find();
    if (element) onFound(element);
    else if (frames++ < MOUNT_FRAMES) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

/**
 * One-scroll mode (I-23, I-24): every shown question of every chosen condition on one
 * scrolling list, grouped by condition, with a sticky index of the conditions (a column beside
 * the list, a horizontal strip above it on a phone). The list renders virtually: only rows near
 * the viewport are in the page, and the row holding the focus stays mounted wherever it
 * scrolls. The questions are the paged view's own ({@link PageQuestion}), so an answer
 * records, shows children and decides exactly as there.
 */
export function OneScrollView({
  pages,
  chosen,
  language,
  readOnly,
  checkedPages,
  ref,
}: OneScrollViewProps) {
  const { t } = useTranslation();
  const { rows, index } = useMemo(() => {
    const names = new Map(
      chosen.map((c) => [c.impairment.uuid, textIn(c.impairment.name, language)]),
    );
    return oneScrollRows(pages, names, (page) => textIn(page.group.header, language));
  }, [pages, chosen, language]);
  const answersOf = useMemo(
    () => new Map(chosen.map((c) => [c.impairment.uuid, c.answers])),
    [chosen],
  );
  const checked = useMemo(() => new Set(checkedPages), [checkedPages]);

  const scrollRef = useRef<HTMLDivElement>(null);
  /** The key of the row holding the focus: it stays rendered while it has it. */
  const focusedKey = useRef<string | null>(null);

  // The virtualizer changes in place and re-renders through its own state; the app has no
  // React Compiler for this to upset.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => ESTIMATES[rows[i]?.kind ?? 'question'],
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: OVERSCAN,
    rangeExtractor: (range: Range) => {
      const shown = defaultRangeExtractor(range);
      const key = focusedKey.current;
      if (key === null) return shown;
      const focused = rows.findIndex((row) => row.key === key);
      if (focused < 0 || shown.includes(focused)) return shown;
      return [...shown, focused].sort((a, b) => a - b);
    },
  });

  const rowElement = useCallback(
    (key: string) =>
      scrollRef.current?.querySelector<HTMLElement>(`[data-row-key="${CSS.escape(key)}"]`) ?? null,
    [],
  );

  const top = virtualizer.range?.startIndex ?? 0;
  let current = index[0]?.impairmentUuid;
  for (const entry of index) if (entry.rowIndex <= top) current = entry.impairmentUuid;

  const jumpTo = useCallback(
    (rowIndex: number) => {
      const row = rows[rowIndex];
      if (!row) return;
      virtualizer.scrollToIndex(rowIndex, { align: 'start' });
      whenMounted(
        () => rowElement(row.key)?.querySelector<HTMLElement>('h3') ?? null,
        (heading) => heading.focus({ preventScroll: true }),
      );
    },
    [rows, virtualizer, rowElement],
  );

  const api = useMemo<OneScrollHandle>(
    () => ({
      showQuestion(impairmentUuid, questionUuid, focus) {
        const at = rowOfQuestion(rows, impairmentUuid, questionUuid);
        const row = rows[at];
        if (!row) return;
        virtualizer.scrollToIndex(at, { align: 'center' });
        if (!focus) return;
        whenMounted(
          () => rowElement(row.key)?.querySelector<HTMLElement>(FOCUSABLE) ?? null,
          (input) => input.focus(),
        );
      },
      moveCondition(step) {
        // From the condition holding the focus, else from the one at the top of the list.
        const focused = rows.find((row) => row.key === focusedKey.current);
        const from = focused?.impairmentUuid ?? current;
        const at = index.findIndex((entry) => entry.impairmentUuid === from);
        const target = index[at + step];
        if (!target) return false;
        jumpTo(target.rowIndex);
        return true;
      },
    }),
    [rows, virtualizer, rowElement, index, current, jumpTo],
  );
  useImperativeHandle(ref, () => api, [api]);

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-row-key]');
    focusedKey.current = row?.dataset.rowKey ?? null;
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Node | null;
    if (!next || !event.currentTarget.contains(next)) focusedKey.current = null;
  };

  const renderRow = (row: Row) => {
    switch (row.kind) {
      case 'condition':
        return (
          <Typography
            component="h3"
            variant="h6"
            tabIndex={-1}
            sx={{ pt: 2, pb: 1, fontWeight: 600, outlineOffset: 2 }}
          >
            {row.name}
          </Typography>
        );
      case 'group':
        return (
          <Typography
            component="h4"
            variant="subtitle1"
            color="text.secondary"
            sx={{ pt: 1, fontWeight: 600 }}
          >
            {row.header}
          </Typography>
        );
      case 'question':
        return (
          <>
            <PageQuestion
              impairmentUuid={row.impairmentUuid}
              question={row.question}
              number={row.number}
              answer={answerOf(answersOf.get(row.impairmentUuid) ?? {}, row.question.uuid)}
              language={language}
              readOnly={readOnly}
              checked={checked.has(row.pageKey)}
            />
            <Divider />
          </>
        );
    }
  };

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '220px minmax(0, 1fr)' },
        gap: 2,
        alignItems: 'start',
      }}
    >
      <Box
        component="nav"
        aria-label={t('mer.disclosure.oneScroll.index')}
        sx={{ position: 'sticky', top: 0, zIndex: 2, bgcolor: 'background.paper', py: 0.5 }}
      >
        <Box
          component="ul"
          sx={{
            display: 'flex',
            flexDirection: { xs: 'row', md: 'column' },
            overflowX: { xs: 'auto', md: 'visible' },
            gap: 0.5,
            m: 0,
            p: 0,
            listStyle: 'none',
          }}
        >
          {index.map((entry) => {
            const here = entry.impairmentUuid === current;
            return (
              <li key={entry.impairmentUuid}>
                <Button
                  size="small"
                  variant={here ? 'contained' : 'text'}
                  aria-current={here ? 'location' : undefined}
                  onClick={() => jumpTo(entry.rowIndex)}
                  sx={{
                    justifyContent: 'flex-start',
                    textAlign: 'start',
                    textTransform: 'none',
                    whiteSpace: { xs: 'nowrap', md: 'normal' },
                    width: { md: '100%' },
                  }}
                >
                  {entry.name}
                </Button>
              </li>
            );
          })}
        </Box>
      </Box>
      <QuestionList
        ref={scrollRef}
        role="region"
        aria-label={t('mer.disclosure.oneScroll.list')}
        data-one-scroll-list=""
        onFocus={onFocus}
        onBlur={onBlur}
        sx={SCROLLED_LIST}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <div
                key={item.key}
                data-index={item.index}
                data-row-key={row.key}
                ref={virtualizer.measureElement}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  transform: `translateY(${item.start}px)`,
                }}
              >
                {renderRow(row)}
              </div>
            );
          })}
        </div>
      </QuestionList>
    </Box>
  );
}
