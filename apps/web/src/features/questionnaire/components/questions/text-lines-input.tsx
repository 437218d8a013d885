import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { MAX_ANSWER_LINES, parseTextAnswer } from '@vmer/domain/answers';
import type { TextEntry } from '@vmer/domain/model';
import { unitLabel } from '@vmer/domain/units';
import { filterNumberInput, linePath, numberOnBlur, questionIssues } from '@vmer/domain/validation';
import type { QuestionInputProps } from './question-input-props.ts';

const BLANK_LINE: TextEntry = { value: '', unit: '' };

/** A free-text line grows with its text up to this many lines, then scrolls. */
const MAX_TEXT_ROWS = 4;

/**
 * Whether the browser sizes a text area to its content by itself (CSS `field-sizing`). Then a
 * free-text line is a plain text area, which never measures itself from script; elsewhere MUI's
 * auto-sizing one does, after each render of the line (a forced layout).
 */
const sizesToContent = () =>
  typeof CSS !== 'undefined' &&
  typeof CSS.supports === 'function' &&
  CSS.supports('field-sizing', 'content');

/** MUI's input line height is 1.4375em: one line at least, MAX_TEXT_ROWS at most. */
const GROWING_TEXT_AREA = {
  '& textarea': {
    fieldSizing: 'content',
    minHeight: '1.4375em',
    maxHeight: `${MAX_TEXT_ROWS * 1.4375}em`,
    overflowY: 'auto',
  },
} as const;

/**
 * How a free-text line's text area grows: by CSS where it can (up to MAX_TEXT_ROWS lines, as
 * MUI's would, at the input's line height), by MUI's measuring text area elsewhere.
 */
function textAreaProps(): {
  field: Pick<TextFieldProps, 'multiline' | 'maxRows' | 'sx'>;
  input: { inputComponent: 'textarea' } | undefined;
  textarea: { rows: number; type: undefined } | undefined;
} {
  if (!sizesToContent())
    return {
      field: { multiline: true, maxRows: MAX_TEXT_ROWS },
      input: undefined,
      textarea: undefined,
    };
  return {
    // A plain text area, styled as MUI's multiline input; one row, grown by its content.
    input: { inputComponent: 'textarea' },
    textarea: { rows: 1, type: undefined },
    field: {
      multiline: true,
      sx: GROWING_TEXT_AREA,
    },
  };
}

/**
 * T (free text) and N (number) questions (requirements §3, §5): up to 5 lines, each a value and, when
 * the question defines units, a units dropdown. A number line keeps only what a number may
 * hold as it is typed and is cleared on leaving it when it is not a valid number.
 */
export function TextLinesInput({
  question,
  answer,
  readOnly,
  onChange,
  labelId,
  invalid,
  language,
  numeric: isNumber,
}: QuestionInputProps & { numeric: boolean }) {
  const { t } = useTranslation();
  const stored = parseTextAnswer(answer);
  const lines = stored.length > 0 ? stored : [BLANK_LINE];
  const units = question.units ?? [];
  const lineIssues = invalid ? questionIssues(question, answer) : [];
  const growing = textAreaProps();

  // A single blank line is no answer at all, so it is not recorded.
  const commit = (next: TextEntry[]) => {
    const only = next.length === 1 ? next[0] : undefined;
    onChange(only && only.value === '' && only.unit === '' ? undefined : next);
  };
  const update = (index: number, patch: Partial<TextEntry>) =>
    commit(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));

  return (
    <div className="text-lines">
      {lines.map((line, index) => {
        const issue = lineIssues.find((i) => i.path === linePath(question.uuid, index));
        const lineLabel = t('mer.question.line', { n: index + 1 });
        return (
          <div key={index} className="text-line">
            <TextField
              {...(isNumber ? {} : growing.field)}
              fullWidth
              size="small"
              label={lines.length > 1 ? lineLabel : t('mer.question.value')}
              value={line.value}
              disabled={readOnly}
              error={issue !== undefined && issue.code !== 'please_select_a_unit'}
              onChange={(e) =>
                update(index, {
                  value: isNumber ? filterNumberInput(e.target.value) : e.target.value,
                })
              }
              onBlur={
                isNumber
                  ? () => {
                      const kept = numberOnBlur(line.value);
                      if (kept !== line.value) update(index, { value: kept });
                    }
                  : undefined
              }
              slotProps={{
                ...(isNumber || !growing.input ? {} : { input: growing.input }),
                htmlInput: {
                  'aria-describedby': labelId,
                  ...(isNumber ? { inputMode: 'decimal' as const } : growing.textarea),
                },
              }}
            />
            {units.length > 0 && (
              <TextField
                select
                size="small"
                label={t('mer.question.unit')}
                value={line.unit}
                disabled={readOnly}
                error={issue?.code === 'please_select_a_unit'}
                helperText={
                  issue?.code === 'please_select_a_unit' ? t('please_select_a_unit') : undefined
                }
                onChange={(e) => update(index, { unit: e.target.value })}
                sx={{ minWidth: 140 }}
              >
                {units.map((unit) => (
                  <MenuItem key={unit} value={unit}>
                    {unitLabel(unit, language)}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {lines.length > 1 && !readOnly && (
              <IconButton
                aria-label={t('mer.question.removeLine', { n: index + 1 })}
                onClick={() => commit(lines.filter((_, i) => i !== index))}
              >
                <DeleteIcon />
              </IconButton>
            )}
          </div>
        );
      })}
      {lines.length < MAX_ANSWER_LINES && !readOnly && (
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => commit([...lines, BLANK_LINE])}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('mer.question.addLine')}
        </Button>
      )}
    </div>
  );
}
