import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SourceBand, SourceOption, SourceQuestion } from '@vmer/domain/catalog/source-schema';
import { QUESTION_TYPES, type Bilingual, type QuestionType } from '@vmer/domain/model';
import { htmlToText } from '@vmer/domain/plain-text';
import { questionType } from '@vmer/domain/question-types';
import {
  BilingualField,
  DecisionFields,
  ItemActions,
  NumberField,
  UuidField,
  keysOf,
  useEditor,
  useShownText,
} from './fields.tsx';
import {
  addQuestion,
  moveQuestion,
  moved,
  newBand,
  newOption,
  newQuestion,
  optionHasChildren,
  questionHasChildren,
  removeQuestion,
  retyped,
  updateQuestion,
  uuidsOf,
  type TreePath,
} from './tree.ts';

type Path = readonly (string | number)[];

/** Where a question of the tree sits in the file, as the check's problems name it. */
export function sourcePathOf(tree: TreePath): Path {
  return tree.flatMap((index, i) => [i % 2 === 0 ? 'questions' : 'options', index]);
}

/** The heading level for a depth in the tree: questions h3, their options h4, and so on. */
function heading(depth: number): 'h3' | 'h4' | 'h5' | 'h6' {
  return (['h3', 'h4', 'h5', 'h6'] as const)[Math.min(depth, 3)]!;
}

/** The texts new questions and options start with, in both languages. */
function useNewTexts() {
  const { t } = useTranslation();
  const both = (key: string, params: Record<string, unknown> = {}): Bilingual => ({
    en: t(key, { ...params, lng: 'en' }),
    cn_traditional: t(key, { ...params, lng: 'cn_traditional' }),
  });
  return {
    question: both('structuredEditor.newQuestion'),
    option: (n: number) => both('structuredEditor.newOption', { n }),
  };
}

/** The questions of one list (the top level, or under one option), each editable, and "add". */
export function QuestionList({
  questions,
  listPath,
  numberPrefix,
  depth,
}: {
  questions: readonly SourceQuestion[];
  listPath: TreePath;
  numberPrefix: string;
  depth: number;
}) {
  const { t } = useTranslation();
  const { groups, edit, indicators } = useEditor();
  const texts = useNewTexts();
  const keys = keysOf(questions);
  const add = () => {
    const group = listPath.length === 0 ? (groups.at(-1)?.uuid ?? undefined) : undefined;
    edit((current) =>
      addQuestion(current, listPath, newQuestion(current, texts, indicators, group)),
    );
  };
  return (
    <Box>
      {questions.map((question, index) => (
        <QuestionEditor
          key={keys[index]}
          question={question}
          path={[...listPath, index]}
          count={questions.length}
          number={`${numberPrefix}${index + 1}`}
          depth={depth}
        />
      ))}
      <Button
        size="small"
        startIcon={<AddIcon />}
        onClick={add}
        disabled={listPath.length === 0 && groups.length === 0}
      >
        {listPath.length === 0
          ? t('structuredEditor.addQuestion')
          : t('structuredEditor.addChildQuestion')}
      </Button>
    </Box>
  );
}

/** A list of texts written comma-separated, kept as typed until it reads as a list. */
function ListField({
  label,
  value,
  helper,
  onChange,
}: {
  label: string;
  value: readonly string[] | undefined;
  helper: string;
  onChange: (next: string[] | undefined) => void;
}) {
  const split = (text: string) =>
    text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
  const [typed, setTyped] = useState((value ?? []).join(', '));
  const same = split(typed).join(',') === (value ?? []).join(',');
  return (
    <TextField
      size="small"
      label={label}
      value={same ? typed : (value ?? []).join(', ')}
      helperText={helper}
      sx={{ width: { xs: '100%', sm: 300 } }}
      onChange={(e) => {
        setTyped(e.target.value);
        const list = split(e.target.value);
        onChange(list.length > 0 ? list : undefined);
      }}
    />
  );
}

/**
 * Whether an item's editor would show the same: edits replace only the objects on their way
 * to the change, so the other questions and options of a long condition skip rendering.
 */
function sameItem<P extends { path: TreePath; count: number; number: string; depth: number }>(
  a: P,
  b: P,
): boolean {
  return (Object.keys(a) as (keyof P)[]).every((key) =>
    key === 'path' ? a.path.join() === b.path.join() : a[key] === b[key],
  );
}

/** One question: its fields, its bands or options, and under each option its children. */
const QuestionEditor = memo(function QuestionEditor({
  question,
  path,
  count,
  number,
  depth,
}: {
  question: SourceQuestion;
  path: TreePath;
  count: number;
  number: string;
  depth: number;
}) {
  const { t } = useTranslation();
  const { groups, current, edit, indicators, problemsAt } = useEditor();
  const texts = useNewTexts();
  const at = sourcePathOf(path);
  const type = questionType(question.type);
  const change = (next: (q: SourceQuestion) => SourceQuestion) =>
    edit((current) => updateQuestion(current, path, next));
  const set = <K extends keyof SourceQuestion>(key: K, value: SourceQuestion[K] | undefined) =>
    change((q) => {
      const { [key]: _old, ...rest } = q;
      return (value === undefined ? rest : { ...rest, [key]: value }) as SourceQuestion;
    });
  const title = t('structuredEditor.question', { number });
  const shownText = useShownText();
  const text = htmlToText(shownText(question.question));
  const fieldProblem = (key: string) => problemsAt([...at, key])[0];
  const optionKeys = keysOf(question.options ?? []);

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={title}
      data-question={question.uuid}
      sx={{ p: { xs: 1, sm: 2 }, my: 1.5, ml: { xs: 0, sm: depth > 0 ? 1 : 0 } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography
          component={heading(depth * 2)}
          variant="subtitle1"
          sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {title}
          {text ? ` — ${text}` : ''}
        </Typography>
        <ItemActions
          item={title}
          index={path.at(-1)!}
          count={count}
          confirmChildren={questionHasChildren(question)}
          onMove={(by) => edit((current) => moveQuestion(current, path, by))}
          onDelete={() => edit((current) => removeQuestion(current, path))}
        />
      </Stack>
      {problemsAt(at).map((problem) => (
        <Typography key={problem} role="alert" variant="body2" color="error">
          {problem}
        </Typography>
      ))}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mt: 1.5, flexWrap: 'wrap' }}
        useFlexGap
      >
        <UuidField
          value={question.uuid}
          path={[...at, 'uuid']}
          onCommit={(uuid) => set('uuid', uuid)}
        />
        <TextField
          select
          size="small"
          label={t('structuredEditor.type')}
          value={question.type}
          helperText=" "
          sx={{ width: { xs: '100%', sm: 260 } }}
          onChange={(e) =>
            change((q) =>
              retyped(q, e.target.value as QuestionType, () => {
                const taken = uuidsOf(current());
                return [1, 2].map((n) => newOption(taken, q.uuid, texts.option(n), indicators));
              }),
            )
          }
        >
          {QUESTION_TYPES.map((code) => (
            <MenuItem key={code} value={code}>
              {t(`structuredEditor.types.${code}`)} ({code})
            </MenuItem>
          ))}
        </TextField>
        {path.length === 1 && (
          <TextField
            select
            size="small"
            label={t('structuredEditor.group')}
            value={question.group ?? ''}
            error={fieldProblem('group') !== undefined}
            helperText={fieldProblem('group') ?? ' '}
            sx={{ width: { xs: '100%', sm: 260 } }}
            onChange={(e) => set('group', e.target.value || undefined)}
          >
            {groups.map((group) => (
              <MenuItem key={group.uuid} value={group.uuid}>
                {shownText(group.header) || group.uuid}
              </MenuItem>
            ))}
          </TextField>
        )}
        <FormControlLabel
          label={t('structuredEditor.required')}
          control={
            <Checkbox
              checked={question.mandatory !== 'N'}
              onChange={(e) => set('mandatory', e.target.checked ? undefined : 'N')}
            />
          }
        />
      </Stack>
      <BilingualField
        label={t('structuredEditor.field.question')}
        value={question.question}
        path={[...at, 'question']}
        multiline
        onChange={(next) => set('question', next)}
      />
      <BilingualField
        label={t('structuredEditor.field.placeholder')}
        value={question.placeholder}
        path={[...at, 'placeholder']}
        optional
        onChange={(next) => set('placeholder', next)}
      />
      {(type.units || type.bounds) && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap' }}
        >
          {type.units && (
            <ListField
              label={t('structuredEditor.units')}
              value={question.units}
              helper={
                type.unitChoices
                  ? t('structuredEditor.unitsOf', { units: type.unitChoices.list.join(', ') })
                  : t('structuredEditor.unitsHelp')
              }
              onChange={(next) => set('units', next)}
            />
          )}
          {type.bounds && (
            <>
              <NumberField
                label={t('structuredEditor.min')}
                value={question.min}
                path={[...at, 'min']}
                onChange={(next) => set('min', next)}
              />
              <NumberField
                label={t('structuredEditor.max')}
                value={question.max}
                path={[...at, 'max']}
                onChange={(next) => set('max', next)}
              />
            </>
          )}
        </Stack>
      )}
      {type.bands && (
        <BandsEditor
          kind={type.bands}
          bands={question.bands ?? []}
          at={[...at, 'bands']}
          owner={title}
          depth={depth}
          onChange={(next) => set('bands', next.length > 0 ? next : undefined)}
        />
      )}
      {type.options && (
        <Box>
          <Typography component={heading(depth * 2 + 1)} variant="subtitle2" sx={{ mt: 1 }}>
            {t('structuredEditor.options')}
          </Typography>
          {(question.options ?? []).map((option, index) => (
            <OptionEditor
              key={optionKeys[index]}
              option={option}
              type={question.type}
              path={[...path, index]}
              count={question.options!.length}
              number={number}
              depth={depth}
            />
          ))}
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() =>
              change((q) => {
                const taken = uuidsOf(current());
                const n = (q.options ?? []).length + 1;
                return {
                  ...q,
                  options: [
                    ...(q.options ?? []),
                    newOption(taken, q.uuid, texts.option(n), indicators),
                  ],
                };
              })
            }
          >
            {t('structuredEditor.addOption', { question: title })}
          </Button>
        </Box>
      )}
    </Paper>
  );
}, sameItem);

/** One option: its label, whether it stands alone, and its decision or the children it opens. */
const OptionEditor = memo(function OptionEditor({
  option,
  type,
  path,
  count,
  number,
  depth,
}: {
  option: SourceOption;
  type: QuestionType;
  path: TreePath;
  count: number;
  number: string;
  depth: number;
}) {
  const { t } = useTranslation();
  const { edit, indicators } = useEditor();
  const texts = useNewTexts();
  const index = path.at(-1)!;
  const at = sourcePathOf(path);
  const questionPath = path.slice(0, -1);
  const change = (next: (o: SourceOption) => SourceOption) =>
    edit((current) =>
      updateQuestion(current, questionPath, (q) => ({
        ...q,
        options: (q.options ?? []).map((o, j) => (j === index ? next(o) : o)),
      })),
    );
  const shownText = useShownText();
  const label = shownText(option.label) || option.uuid;
  const title = t('structuredEditor.option', { question: number, n: index + 1, label });
  const { problemsAt } = useEditor();
  const opens = optionHasChildren(option);

  return (
    <Box
      component="section"
      aria-label={title}
      data-option={option.uuid}
      sx={{ borderLeft: 3, borderColor: 'divider', pl: { xs: 1, sm: 2 }, my: 1 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography
          component={heading(depth * 2 + 1)}
          variant="body1"
          sx={{ fontWeight: 500, flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {title}
        </Typography>
        <ItemActions
          item={title}
          index={index}
          count={count}
          confirmChildren={opens}
          onMove={(by) =>
            edit((current) =>
              updateQuestion(current, questionPath, (q) => ({
                ...q,
                options: moved(q.options ?? [], index, by),
              })),
            )
          }
          onDelete={() =>
            edit((current) =>
              updateQuestion(current, questionPath, (q) => ({
                ...q,
                options: (q.options ?? []).filter((_, j) => j !== index),
              })),
            )
          }
        />
      </Stack>
      {problemsAt(at).map((problem) => (
        <Typography key={problem} role="alert" variant="body2" color="error">
          {problem}
        </Typography>
      ))}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5 }}>
        <UuidField
          value={option.uuid}
          path={[...at, 'uuid']}
          onCommit={(uuid) => change((o) => ({ ...o, uuid }))}
        />
        {questionType(type).exclusiveOptions && (
          <FormControlLabel
            label={t('structuredEditor.exclusive')}
            control={
              <Checkbox
                checked={option.exclusive === true || option.unique === 'Y'}
                onChange={(e) =>
                  change((o) => {
                    const { exclusive: _e, unique: _u, ...rest } = o;
                    return e.target.checked ? { ...rest, exclusive: true } : rest;
                  })
                }
              />
            }
          />
        )}
      </Stack>
      <BilingualField
        label={t('structuredEditor.field.label')}
        value={option.label}
        path={[...at, 'label']}
        onChange={(next) => change((o) => ({ ...o, label: next! }))}
      />
      {opens ? (
        <Box>
          <Typography component={heading(depth * 2 + 2)} variant="subtitle2">
            {t('structuredEditor.childQuestions', { option: label })}
          </Typography>
          <QuestionList
            questions={option.questions!}
            listPath={path}
            numberPrefix={`${number}.${index + 1}.`}
            depth={depth + 1}
          />
        </Box>
      ) : (
        <>
          <DecisionFields
            decision={option.decision}
            path={[...at, 'decision']}
            label={title}
            onChange={(decision) => change((o) => ({ ...o, decision }))}
          />
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() =>
              edit((current) =>
                addQuestion(current, path, newQuestion(current, texts, indicators, undefined)),
              )
            }
          >
            {t('structuredEditor.nestQuestion', { option: label })}
          </Button>
        </>
      )}
    </Box>
  );
}, sameItem);

type Lower = 'none' | 'from' | 'above';
type Upper = 'none' | 'to' | 'below';

const lowerOf = (band: SourceBand): Lower =>
  band.from !== undefined ? 'from' : band.above !== undefined ? 'above' : 'none';
const upperOf = (band: SourceBand): Upper =>
  band.to !== undefined ? 'to' : band.below !== undefined ? 'below' : 'none';

/** A band with one side's bound replaced: `kind` with `value`, or none. */
function withBound(
  band: SourceBand,
  side: 'lower' | 'upper',
  kind: Lower | Upper,
  value: number | undefined,
): SourceBand {
  const { from, above, to, below, ...rest } = band;
  const kept = side === 'lower' ? { to, below } : { from, above };
  const next: SourceBand = { ...rest };
  for (const [key, v] of Object.entries(kept)) {
    if (v !== undefined) (next as Record<string, unknown>)[key] = v;
  }
  if (kind !== 'none') (next as Record<string, unknown>)[kind] = value ?? 0;
  return next;
}

/**
 * The bands of an N, H, W question (explicit lower and upper bounds, docs/catalogue.md "Bands")
 * or of a D question (months since the date), each with its decision.
 */
function BandsEditor({
  kind,
  bands,
  at,
  owner,
  depth,
  onChange,
}: {
  kind: 'number' | 'months';
  bands: readonly SourceBand[];
  at: Path;
  owner: string;
  depth: number;
  onChange: (next: SourceBand[]) => void;
}) {
  const { t } = useTranslation();
  const { indicators, problemsAt } = useEditor();
  const set = (index: number, band: SourceBand) =>
    onChange(bands.map((b, i) => (i === index ? band : b)));
  return (
    <Box>
      <Typography component={heading(depth * 2 + 1)} variant="subtitle2" sx={{ mt: 1 }}>
        {t('structuredEditor.bands')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {kind === 'number'
          ? t('structuredEditor.bandsHelp')
          : t('structuredEditor.bandsMonthsHelp')}
      </Typography>
      {problemsAt(at).map((problem) => (
        <Typography key={problem} role="alert" variant="body2" color="error">
          {problem}
        </Typography>
      ))}
      {bands.map((band, index) => {
        const title = t('structuredEditor.band', { n: index + 1, question: owner });
        const lower = lowerOf(band);
        const upper = upperOf(band);
        return (
          <Box
            key={index}
            component="section"
            aria-label={title}
            sx={{ borderLeft: 3, borderColor: 'divider', pl: { xs: 1, sm: 2 }, my: 1 }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Typography
                component={heading(depth * 2 + 2)}
                variant="body2"
                sx={{ fontWeight: 500, flexGrow: 1 }}
              >
                {t('structuredEditor.bandTitle', { n: index + 1 })}
              </Typography>
              <ItemActions
                item={title}
                index={index}
                count={bands.length}
                confirmChildren={false}
                onMove={(by) => onChange(moved(bands, index, by))}
                onDelete={() => onChange(bands.filter((_, i) => i !== index))}
              />
            </Stack>
            {problemsAt([...at, index]).map((problem) => (
              <Typography key={problem} role="alert" variant="body2" color="error">
                {problem}
              </Typography>
            ))}
            {kind === 'months' ? (
              <Box sx={{ mt: 1.5 }}>
                <NumberField
                  label={t('structuredEditor.maxMonths')}
                  value={band.maxMonths}
                  path={[...at, index, 'maxMonths']}
                  helper={t('structuredEditor.maxMonthsHelp')}
                  onChange={(maxMonths) => {
                    const { maxMonths: _old, ...rest } = band;
                    set(index, maxMonths === undefined ? rest : { ...rest, maxMonths });
                  }}
                />
              </Box>
            ) : (
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                useFlexGap
                sx={{ flexWrap: 'wrap', mt: 1.5 }}
              >
                <TextField
                  select
                  size="small"
                  label={t('structuredEditor.lower')}
                  value={lower}
                  helperText=" "
                  sx={{ width: { xs: '100%', sm: 200 } }}
                  onChange={(e) =>
                    set(
                      index,
                      withBound(band, 'lower', e.target.value as Lower, band.from ?? band.above),
                    )
                  }
                >
                  {(['none', 'from', 'above'] as const).map((k) => (
                    <MenuItem key={k} value={k}>
                      {t(`structuredEditor.bound.${k}`)}
                    </MenuItem>
                  ))}
                </TextField>
                {lower !== 'none' && (
                  <NumberField
                    label={t('structuredEditor.lowerValue')}
                    value={band[lower]}
                    path={[...at, index, lower]}
                    onChange={(value) => set(index, withBound(band, 'lower', lower, value))}
                  />
                )}
                <TextField
                  select
                  size="small"
                  label={t('structuredEditor.upper')}
                  value={upper}
                  helperText=" "
                  sx={{ width: { xs: '100%', sm: 200 } }}
                  onChange={(e) =>
                    set(
                      index,
                      withBound(band, 'upper', e.target.value as Upper, band.to ?? band.below),
                    )
                  }
                >
                  {(['none', 'to', 'below'] as const).map((k) => (
                    <MenuItem key={k} value={k}>
                      {t(`structuredEditor.bound.${k}`)}
                    </MenuItem>
                  ))}
                </TextField>
                {upper !== 'none' && (
                  <NumberField
                    label={t('structuredEditor.upperValue')}
                    value={band[upper]}
                    path={[...at, index, upper]}
                    onChange={(value) => set(index, withBound(band, 'upper', upper, value))}
                  />
                )}
              </Stack>
            )}
            <DecisionFields
              decision={band.decision}
              path={[...at, index, 'decision']}
              label={title}
              onChange={(decision) => set(index, { ...band, decision })}
            />
          </Box>
        );
      })}
      <Button
        size="small"
        startIcon={<AddIcon />}
        onClick={() => onChange([...bands, newBand(indicators)])}
      >
        {t('structuredEditor.addBand', { question: owner })}
      </Button>
    </Box>
  );
}
