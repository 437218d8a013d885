import AddIcon from '@mui/icons-material/Add';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useId, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImpairmentFile, SourceQuestion } from '@vmer/domain/catalog/source-schema';
import type { Indicator } from '@vmer/domain/model';
import { addScreenTexts } from '../../../lib/i18n.ts';
import {
  BilingualField,
  EditorContext,
  ItemActions,
  UuidField,
  keysOf,
  useShownText,
  pathKey,
  type EditorContextValue,
  type FileProblem,
} from './fields.tsx';
import { structuredEditorTexts } from './locales.ts';
import { QuestionList } from './question-editor.tsx';
import { freshUuid, moved, uuidsOf } from './tree.ts';

// The editor's texts travel with its chunk.
addScreenTexts(structuredEditorTexts);

export interface StructuredConditionEditorProps {
  /** The condition file's source data, as the YAML view also edits it. */
  value: ImpairmentFile;
  /** The whole file after each edit. */
  onChange: (next: ImpairmentFile) => void;
  /** The catalogue check's problems in this file, shown at their fields. */
  problems?: readonly FileProblem[];
  /** The draft's indicators: one decision field each. */
  indicators: readonly Indicator[];
}

const GENDERS = ['Both', 'Male', 'Female'] as const;
const SYNONYM_LANGUAGES = ['en', 'cn_traditional'] as const;

function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 3 }}>
      <Typography component="h2" variant="h6" id={id} sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * A condition edited as a form (requirements K-04): its names, search words and gender, its
 * question groups, and its question tree — questions and options added, moved and deleted,
 * child questions nested under an option, types, required or not, bounds, bands and a decision
 * per indicator — every text in both languages side by side. Each edit hands the whole file
 * on, so the YAML view and this one edit the same data.
 */
export function StructuredConditionEditor({
  value,
  onChange,
  problems = [],
  indicators,
}: StructuredConditionEditorProps) {
  const { t } = useTranslation();
  const shownText = useShownText();
  // Read by content: a caller's new list of the same problems re-renders nothing.
  const problemsKey = JSON.stringify(problems);
  const byPath = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const problem of JSON.parse(problemsKey) as FileProblem[]) {
      const key = pathKey(problem.path);
      map.set(key, [...(map.get(key) ?? []), problem.message]);
    }
    return map;
  }, [problemsKey]);
  // Edits read the file as it stands at the moment, so the editors of unchanged questions can
  // keep their props, and two edits before a render build on each other.
  const latest = useRef({ value, onChange });
  useLayoutEffect(() => {
    latest.current = { value, onChange };
  });
  const edit = useCallback((change: (file: ImpairmentFile) => ImpairmentFile) => {
    const next = change(latest.current.value);
    latest.current = { ...latest.current, value: next };
    latest.current.onChange(next);
  }, []);
  const current = useCallback(() => latest.current.value, []);
  const problemsAt = useCallback(
    (path: readonly (string | number)[]) => byPath.get(pathKey(path)) ?? [],
    [byPath],
  );
  const groups = useMemo(() => value.groups ?? [], [value.groups]);
  const context: EditorContextValue = useMemo(
    () => ({ groups, current, edit, indicators, problemsAt }),
    [groups, current, edit, indicators, problemsAt],
  );
  const set = <K extends keyof ImpairmentFile>(key: K, next: ImpairmentFile[K] | undefined) => {
    const { [key]: _old, ...rest } = value;
    onChange((next === undefined ? rest : { ...rest, [key]: next }) as ImpairmentFile);
  };
  const groupKeys = keysOf(value.groups ?? []);
  const usedGroups = new Set(topLevelGroups(value.questions ?? []));

  return (
    <EditorContext value={context}>
      <Box data-testid="structured-editor" sx={{ minWidth: 0 }}>
        <Part title={t('structuredEditor.condition')}>
          <Typography variant="body2" color="text.secondary">
            {t('structuredEditor.conditionUuid', { uuid: value.uuid })}
          </Typography>
          <BilingualField
            label={t('structuredEditor.field.name')}
            value={value.name}
            path={['name']}
            onChange={(next) => set('name', next)}
          />
          <TextField
            select
            size="small"
            label={t('structuredEditor.gender')}
            value={value.gender ?? 'Both'}
            sx={{ width: { xs: '100%', sm: 260 }, my: 1 }}
            onChange={(e) => set('gender', e.target.value as ImpairmentFile['gender'])}
          >
            {GENDERS.map((gender) => (
              <MenuItem key={gender} value={gender}>
                {t(`structuredEditor.genders.${gender}`)}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ my: 1 }}>
            {SYNONYM_LANGUAGES.map((language) => (
              <Autocomplete
                key={language}
                multiple
                freeSolo
                fullWidth
                options={[]}
                value={[...(value.synonyms?.[language] ?? [])]}
                onChange={(_, words) => {
                  const list = (words as string[]).map((w) => w.trim()).filter(Boolean);
                  const synonyms = { ...value.synonyms, [language]: list };
                  if (list.length === 0) delete synonyms[language];
                  set('synonyms', Object.keys(synonyms).length > 0 ? synonyms : undefined);
                }}
                renderValue={(words, getItemProps) =>
                  words.map((word, index) => {
                    const { key, ...item } = getItemProps({ index });
                    return <Chip key={key} size="small" label={word} {...item} />;
                  })
                }
                renderInput={(params) => (
                  <TextField
                    {...params}
                    size="small"
                    label={t('structuredEditor.inLanguage', {
                      field: t('structuredEditor.synonyms'),
                      language: t(`structuredEditor.language.${language}`),
                    })}
                    helperText={
                      problemsAt(['synonyms', language])[0] ?? t('structuredEditor.synonymsHelp')
                    }
                    error={problemsAt(['synonyms', language]).length > 0}
                  />
                )}
              />
            ))}
          </Stack>
        </Part>

        <Part title={t('structuredEditor.groups')}>
          {(value.groups ?? []).map((group, index) => {
            const title = t('structuredEditor.groupTitle', {
              n: index + 1,
              header: shownText(group.header),
            });
            return (
              <Box
                key={groupKeys[index]}
                component="section"
                aria-label={title}
                sx={{ borderLeft: 3, borderColor: 'divider', pl: { xs: 1, sm: 2 }, my: 1 }}
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <Typography
                    component="h3"
                    variant="subtitle1"
                    sx={{ fontWeight: 600, flexGrow: 1, overflowWrap: 'anywhere' }}
                  >
                    {title}
                  </Typography>
                  <ItemActions
                    item={title}
                    index={index}
                    count={value.groups.length}
                    confirmChildren={usedGroups.has(group.uuid)}
                    onMove={(by) => set('groups', moved(value.groups, index, by))}
                    onDelete={() =>
                      onChange({
                        ...value,
                        groups: value.groups.filter((_, i) => i !== index),
                        questions: value.questions.filter((q) => q.group !== group.uuid),
                      })
                    }
                  />
                </Stack>
                <Box sx={{ mt: 1.5 }}>
                  <UuidField
                    value={group.uuid}
                    path={['groups', index, 'uuid']}
                    onCommit={(uuid) =>
                      onChange({
                        ...value,
                        groups: value.groups.map((g, i) => (i === index ? { ...g, uuid } : g)),
                        questions: value.questions.map((q) =>
                          q.group === group.uuid ? { ...q, group: uuid } : q,
                        ),
                      })
                    }
                  />
                </Box>
                <BilingualField
                  label={t('structuredEditor.field.header')}
                  value={group.header}
                  path={['groups', index, 'header']}
                  onChange={(header) =>
                    set(
                      'groups',
                      value.groups.map((g, i) => (i === index ? { ...g, header: header! } : g)),
                    )
                  }
                />
                <BilingualField
                  label={t('structuredEditor.field.description')}
                  value={group.description}
                  path={['groups', index, 'description']}
                  optional
                  onChange={(description) =>
                    set(
                      'groups',
                      value.groups.map((g, i) => {
                        if (i !== index) return g;
                        const { description: _old, ...rest } = g;
                        return description ? { ...rest, description } : rest;
                      }),
                    )
                  }
                />
              </Box>
            );
          })}
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() => {
              const uuid = freshUuid(uuidsOf(value), `${value.uuid}-g`);
              set('groups', [
                ...(value.groups ?? []),
                {
                  uuid,
                  header: {
                    en: t('structuredEditor.newGroup', { lng: 'en' }),
                    cn_traditional: t('structuredEditor.newGroup', { lng: 'cn_traditional' }),
                  },
                },
              ]);
            }}
          >
            {t('structuredEditor.addGroup')}
          </Button>
        </Part>

        <Part title={t('structuredEditor.questions')}>
          <QuestionList questions={value.questions ?? []} listPath={[]} numberPrefix="" depth={0} />
        </Part>
      </Box>
    </EditorContext>
  );
}

function topLevelGroups(questions: readonly SourceQuestion[]): string[] {
  return questions.flatMap((q) => (q.group ? [q.group] : []));
}
