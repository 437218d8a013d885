import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { createContext, use, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImpairmentFile } from '@vmer/domain/catalog/source-schema';
import { LANGUAGE_TABLE, textIn } from '@vmer/domain/languages';
import {
  decisionValueSchema,
  type Bilingual,
  type Decision,
  type Indicator,
  type Language,
} from '@vmer/domain/model';

/** A problem the catalogue check found, at a path inside the condition file. */
export interface FileProblem {
  path: readonly (string | number)[];
  message: string;
}

/** What every part of the editor reaches: the file, how to change it, and its problems. */
export interface EditorContextValue {
  /** The file's question groups, which top-level questions choose from. */
  groups: ImpairmentFile['groups'];
  /** The file as it stands now, read when an edit needs the whole of it (fresh uuids). */
  current: () => ImpairmentFile;
  /** Changes the file; the parts not changed keep their objects, so their editors skip rendering. */
  edit: (change: (file: ImpairmentFile) => ImpairmentFile) => void;
  indicators: readonly Indicator[];
  /** The problems reported exactly at this path of the file. */
  problemsAt: (path: readonly (string | number)[]) => string[];
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const value = use(EditorContext);
  if (!value) throw new Error('useEditor outside StructuredConditionEditor');
  return value;
}

/** A path of the file as a key, so that problems are looked up by it. */
export const pathKey = (path: readonly (string | number)[]): string => path.join('.');

const LANGUAGES = ['en', 'cn_traditional'] as const;

/**
 * A text in both languages side by side (one above the other on a phone), each labelled with
 * its field and language, each showing the check's problems and an empty text.
 */
export function BilingualField({
  label,
  value,
  path,
  multiline = false,
  optional = false,
  onChange,
}: {
  label: string;
  value: Bilingual | undefined;
  path: readonly (string | number)[];
  multiline?: boolean;
  /** An optional text: both languages empty removes it. */
  optional?: boolean;
  onChange: (next: Bilingual | undefined) => void;
}) {
  const { t } = useTranslation();
  const { problemsAt } = useEditor();
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ my: 1 }}>
      {LANGUAGES.map((language) => {
        const text = value?.[language] ?? '';
        const problems = [...problemsAt(path), ...problemsAt([...path, language])];
        // An optional text, once begun, is written in both languages too.
        const required = !optional || value !== undefined;
        const missing = required && text.trim() === '' ? t('structuredEditor.bothLanguages') : null;
        const message = problems[0] ?? missing;
        return (
          <TextField
            key={language}
            fullWidth
            size="small"
            multiline={multiline}
            label={t('structuredEditor.inLanguage', {
              field: label,
              language: t(`structuredEditor.language.${language}`),
            })}
            value={text}
            error={message !== null}
            helperText={message ?? ' '}
            slotProps={{ htmlInput: { lang: LANGUAGE_TABLE[language].htmlLang } }}
            onChange={(e) => {
              const next = { en: value?.en ?? '', cn_traditional: value?.cn_traditional ?? '' };
              next[language] = e.target.value;
              onChange(optional && !next.en && !next.cn_traditional ? undefined : next);
            }}
          />
        );
      })}
    </Stack>
  );
}

/**
 * A number that may be left empty. What is typed stays as typed while it is not yet a number
 * ('-', '1.'), so typing is never interrupted; the file changes once it reads as one.
 */
export function NumberField({
  label,
  value,
  path,
  onChange,
  helper,
}: {
  label: string;
  value: number | undefined;
  path: readonly (string | number)[];
  onChange: (next: number | undefined) => void;
  helper?: string;
}) {
  const { problemsAt } = useEditor();
  const [typed, setTyped] = useState(value === undefined ? '' : String(value));
  const reads = typed.trim() === '' ? undefined : Number(typed);
  // The file changed elsewhere (the YAML view, an undo): show its value.
  const shown =
    reads === value || (reads !== undefined && Number.isNaN(reads)) ? typed : String(value ?? '');
  const problem = problemsAt(path)[0];
  return (
    <TextField
      size="small"
      label={label}
      value={shown}
      error={problem !== undefined}
      helperText={problem ?? helper ?? ' '}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      sx={{ width: { xs: '100%', sm: 200 } }}
      onChange={(e) => {
        const text = e.target.value;
        setTyped(text);
        if (text.trim() === '') onChange(undefined);
        else if (Number.isFinite(Number(text))) onChange(Number(text));
      }}
    />
  );
}

/**
 * A decision per indicator (docs/catalogue.md "Decision values"), each checked with the
 * domain's own schema for a decision value and its message shown at the field.
 */
export function DecisionFields({
  decision,
  path,
  label,
  onChange,
}: {
  decision: Decision | undefined;
  path: readonly (string | number)[];
  /** What the decision belongs to, for each field's accessible name. */
  label: string;
  onChange: (next: Decision) => void;
}) {
  const { t } = useTranslation();
  const { indicators, problemsAt } = useEditor();
  const helpId = useId();
  return (
    <Box>
      <Box
        component="p"
        id={helpId}
        sx={{ m: 0, mb: 1, typography: 'caption', color: 'text.secondary' }}
      >
        {t('structuredEditor.decisionHelp')}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
          gap: 1,
        }}
      >
        {indicators.map(({ code }) => {
          const value = decision?.[code] ?? '';
          const own = problemsAt([...path, code])[0];
          const message =
            value === ''
              ? t('structuredEditor.decisionMissing')
              : decisionValueSchema.safeParse(value).success
                ? (own ?? null)
                : t('structuredEditor.decisionInvalid');
          return (
            <TextField
              key={code}
              size="small"
              label={code}
              value={value}
              error={message !== null}
              helperText={message ?? ' '}
              slotProps={{
                htmlInput: {
                  'aria-label': t('structuredEditor.decisionFor', { indicator: code, item: label }),
                  'aria-describedby': helpId,
                  autoCapitalize: 'characters',
                },
              }}
              onChange={(e) =>
                onChange({ ...decision, [code]: e.target.value.trim().toUpperCase() })
              }
            />
          );
        })}
      </Box>
      {problemsAt(path).map((problem) => (
        <Box key={problem} role="alert" sx={{ typography: 'caption', color: 'error.main' }}>
          {problem}
        </Box>
      ))}
    </Box>
  );
}

/**
 * Move up, move down and delete for one item of a list, each named with the item for a
 * screen reader. A move keeps the focus on the moved item's button; deleting an item with
 * questions under it asks first.
 */
export function ItemActions({
  item,
  index,
  count,
  onMove,
  onDelete,
  confirmChildren,
}: {
  item: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
  /** Deleting removes child questions too: ask before. */
  confirmChildren: boolean;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const titleId = useId();
  const move = (by: -1 | 1, button: HTMLElement) => {
    onMove(by);
    // The item's buttons move with it; the one pressed may now be disabled at an end.
    const group = button.closest('[data-item-actions]');
    setTimeout(() => {
      const same = group?.querySelector<HTMLButtonElement>(`[data-move="${by}"]:not([disabled])`);
      const other = group?.querySelector<HTMLButtonElement>(`[data-move="${-by}"]`);
      (same ?? other)?.focus();
    });
  };
  const moveUp = t('structuredEditor.moveUp', { item });
  const moveDown = t('structuredEditor.moveDown', { item });
  const remove = t('structuredEditor.delete', { item });
  return (
    <Box data-item-actions sx={{ display: 'flex', flexShrink: 0 }}>
      <Tooltip title={moveUp}>
        <span>
          <IconButton
            size="small"
            aria-label={moveUp}
            data-move="-1"
            disabled={index === 0}
            onClick={(e) => move(-1, e.currentTarget)}
          >
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={moveDown}>
        <span>
          <IconButton
            size="small"
            aria-label={moveDown}
            data-move="1"
            disabled={index === count - 1}
            onClick={(e) => move(1, e.currentTarget)}
          >
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={remove}>
        <IconButton
          size="small"
          aria-label={remove}
          onClick={() => (confirmChildren ? setAsking(true) : onDelete())}
        >
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('structuredEditor.confirmTitle', { item })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('structuredEditor.confirmChildren')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>{t('structuredEditor.cancel')}</Button>
          <Button
            color="error"
            onClick={() => {
              setAsking(false);
              onDelete();
            }}
          >
            {t('structuredEditor.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/**
 * An identifier, changed when the field is left (or Enter pressed): each key stroke would
 * otherwise rename the question or option the screen is built around.
 */
export function UuidField({
  value,
  path,
  onCommit,
}: {
  value: string;
  path: readonly (string | number)[];
  onCommit: (next: string) => void;
}) {
  const { t } = useTranslation();
  const { problemsAt } = useEditor();
  const [typed, setTyped] = useState<string | null>(null);
  const problem = problemsAt(path)[0];
  const commit = () => {
    if (typed !== null && typed.trim() !== '' && typed.trim() !== value) onCommit(typed.trim());
    setTyped(null);
  };
  return (
    <TextField
      size="small"
      label={t('structuredEditor.uuid')}
      value={typed ?? value}
      error={problem !== undefined}
      helperText={problem ?? ' '}
      sx={{ width: { xs: '100%', sm: 260 } }}
      onChange={(e) => setTyped(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}

/** React keys for items named by uuid, unique even where the file repeats one. */
export function keysOf(items: readonly { uuid: string }[]): string[] {
  const seen = new Map<string, number>();
  return items.map(({ uuid }) => {
    const n = seen.get(uuid) ?? 0;
    seen.set(uuid, n + 1);
    return n === 0 ? uuid : `${uuid}#${n}`;
  });
}

/**
 * A catalogue text as the interface language reads it (the text being edited may be half
 * written, so an empty one is read in the other language).
 */
export function useShownText(): (text: Partial<Bilingual> | undefined) => string {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  return (text) => {
    if (!text) return '';
    const en = text.en ?? '';
    const cn = text.cn_traditional ?? '';
    return textIn({ en: en || cn, cn_traditional: cn || en }, language);
  };
}
