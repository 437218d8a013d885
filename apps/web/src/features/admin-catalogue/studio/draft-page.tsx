import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { catalogFileSchema, impairmentFileSchema } from '@vmer/domain/catalog/source-schema';
import type { LocatedProblem } from '@vmer/domain/catalog/source-texts';
import { apiPath, endpoints } from '@vmer/domain/api/endpoints';
import { textIn } from '@vmer/domain/languages';
import type { Language } from '@vmer/domain/model';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ErrorWithAction } from '../../../components/error-with-action.tsx';
import type { ApiError } from '../../../lib/api-client.ts';
import { appUrl } from '../../../lib/base-path.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useFormatters } from '../../../lib/use-formatters.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import {
  useCatalogDraftQuery,
  useDismissConflictMutation,
  useSaveDraftMutation,
  useSubmitDraftMutation,
  type Draft,
} from '../api/catalogue-api.ts';
import { StepDialog } from '../components/step-dialog.tsx';
import { caseResults, type CaseResult } from './case-results.ts';
import { useCatalogueCheck } from './use-catalogue-check.ts';
import { readLocalCopy, writeLocalCopy } from './local-copy.ts';
import { SideBySide } from './merge-view.tsx';
import {
  ConditionPreview,
  HAS_PREVIEW,
  HAS_STRUCTURED,
  StructuredConditionEditor,
} from './optional-parts.ts';
import { YamlEditor, type CatalogJsonSchema, type YamlEditorHandle } from './yaml-editor.tsx';
import { readYaml, writeYaml } from './yaml-write.ts';
import { ImpactPanel } from '../impact/impact-panel.tsx';

const CATALOG = 'catalog.yaml';
const INSURERS = 'insurers.yaml';
const s = 'adminCatalogue.studio';

const isCondition = (path: string) => path.startsWith('impairments/');

/** Which part of the catalogue's JSON Schema a file follows. */
function schemaPart(path: string): string {
  if (path === CATALOG) return 'catalog';
  if (path === INSURERS) return 'insurers';
  return 'impairment';
}

/** The catalogue's JSON Schema, as the server publishes it (docs/catalogue.md "Editor completion"). */
function useCatalogSchema(): Record<string, unknown> | undefined {
  const [schema, setSchema] = useState<Record<string, unknown>>();
  useEffect(() => {
    let live = true;
    fetch(appUrl(apiPath(endpoints.catalogSchema)))
      .then((response) => (response.ok ? response.json() : undefined))
      .then((value: unknown) => {
        if (live && typeof value === 'object' && value !== null) {
          setSchema(value as Record<string, unknown>);
        }
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return schema;
}

/** A condition's name in the reader's language, read from its YAML without a full parse. */
function conditionName(text: string): { en: string; cn: string } {
  const data = readYaml(text) as { name?: { en?: unknown; cn_traditional?: unknown } } | undefined;
  const en = typeof data?.name?.en === 'string' ? data.name.en : '';
  const cn = typeof data?.name?.cn_traditional === 'string' ? data.name.cn_traditional : '';
  return { en, cn };
}

interface Conflict {
  revision: number;
  updatedBy: string;
  updatedAt: string;
  theirs: Record<string, string>;
  /** Files both people changed. */
  paths: string[];
}

/** A decision per indicator in words: `LIFE 25, CI 0`. */
function decisionText(
  value: CaseResult['expected'] | CaseResult['actual'],
  t: (key: string) => string,
): string {
  if (value === null) return '—';
  if (value === 'incomplete') return t(`${s}.incomplete`);
  if (value === 'refused') return t(`${s}.refused`);
  const entries = Object.entries(value);
  if (entries.length === 0) return t(`${s}.noDecision`);
  return entries.map(([indicator, decision]) => `${indicator} ${decision}`).join(', ');
}

function CaseList({ results, onGoTo }: { results: CaseResult[]; onGoTo: (line: number) => void }) {
  const { t } = useTranslation();
  if (results.length === 0) {
    return <Typography color="text.secondary">{t(`${s}.noCases`)}</Typography>;
  }
  const failing = results.filter((result) => result.status === 'fail').length;
  const passing = results.filter((result) => result.status === 'pass').length;
  return (
    <Stack spacing={1}>
      <Typography variant="body2" role="status">
        {t(`${s}.casesSummary`, { failing, passing, total: results.length })}
      </Typography>
      <List component="div" dense disablePadding>
        {results.map((result) => {
          const name = result.name ?? t(`${s}.caseName`, { number: result.index + 1 });
          const tone =
            result.status === 'fail'
              ? { background: '#fdecea', color: '#7f1d1d' }
              : result.status === 'pass'
                ? { background: '#e7f4ea', color: '#1b5120' }
                : { background: '#eceff1', color: '#263238' };
          const statusText = t(
            result.status === 'fail'
              ? `${s}.caseFail`
              : result.status === 'pass'
                ? `${s}.casePass`
                : `${s}.caseUnknown`,
          );
          return (
            <ListItemButton
              key={result.index}
              onClick={() => onGoTo(result.line)}
              data-case-status={result.status}
              sx={{ alignItems: 'flex-start', borderBottom: 1, borderColor: 'divider' }}
            >
              <Stack spacing={0.5} sx={{ width: '100%', minWidth: 0 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Chip size="small" label={statusText} sx={{ ...tone, fontWeight: 600 }} />
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
                </Stack>
                <Typography variant="body2">
                  {t(`${s}.expected`)}: {decisionText(result.expected, t)}
                </Typography>
                <Typography variant="body2">
                  {t(`${s}.actual`)}: {decisionText(result.actual, t)}
                </Typography>
                {result.problems.map((problem) => (
                  <Typography
                    key={problem}
                    variant="body2"
                    sx={{ color: '#7f1d1d', overflowWrap: 'anywhere' }}
                  >
                    {problem}
                  </Typography>
                ))}
              </Stack>
            </ListItemButton>
          );
        })}
      </List>
    </Stack>
  );
}

function ProblemList({
  problems,
  checking,
  onGoTo,
}: {
  problems: LocatedProblem[];
  checking: boolean;
  onGoTo: (problem: LocatedProblem) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="draft-problems">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography id="draft-problems" component="h2" variant="h6">
          {t(`${s}.problemsTitle`, { count: problems.length })}
        </Typography>
        {checking && (
          <Typography variant="body2" color="text.secondary">
            {t(`${s}.checking`)}
          </Typography>
        )}
      </Stack>
      {problems.length === 0 ? (
        <Typography>{t(`${s}.noProblems`)}</Typography>
      ) : (
        <List component="div" dense disablePadding sx={{ maxHeight: 280, overflow: 'auto' }}>
          {problems.map((problem, index) => (
            <ListItemButton
              key={`${problem.file}:${problem.line}:${index}`}
              onClick={() => onGoTo(problem)}
            >
              <ListItemText
                primary={problem.message}
                secondary={t(`${s}.problemAt`, { ...problem })}
                slotProps={{
                  primary: { sx: { overflowWrap: 'anywhere' } },
                  secondary: { sx: { fontFamily: 'monospace' } },
                }}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Box>
  );
}

/**
 * The draft's editor (requirements K-05, K-06, K-08): its files, the chosen one in the YAML
 * editor or the structured one, the catalogue check run in the browser while typing with its
 * problems inline and listed, the chosen condition's regression cases, save with recovery from
 * a stale save, and submission for approval once nothing is wrong.
 */
function DraftEditor({
  draft,
  reload,
}: {
  draft: Draft;
  reload: () => Promise<Draft | undefined>;
}) {
  const { t, i18n } = useTranslation();
  const { formatDateTime } = useFormatters();
  const notify = useNotify();
  const schema = useCatalogSchema();
  const editor = useRef<YamlEditorHandle>(null);
  const [saveDraft, saving] = useSaveDraftMutation();
  const [submitDraft] = useSubmitDraftMutation();
  const [dismissConflict] = useDismissConflictMutation();

  const editable = draft.status === 'draft';
  // Unsaved edits from an earlier visit come back, on the revision they were made on.
  const [restored] = useState(() => {
    const local = editable ? readLocalCopy(draft.id) : null;
    const kept = Object.fromEntries(
      Object.entries(local?.files ?? {}).filter(([file, value]) => draft.files[file] !== value),
    );
    return local && Object.keys(kept).length > 0 ? { revision: local.revision, files: kept } : null;
  });
  const [base, setBase] = useState<Record<string, string>>(draft.files);
  const [revision, setRevision] = useState(restored?.revision ?? draft.revision);
  const [edits, setEdits] = useState<Record<string, string>>(restored?.files ?? {});

  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [comparing, setComparing] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [view, setView] = useState<'yaml' | 'structured'>('yaml');
  const [search, setSearch] = useState('');
  const [pendingLine, setPendingLine] = useState<number | null>(null);

  const paths = useMemo(() => Object.keys(base).sort(), [base]);
  const [path, setPath] = useState(
    () => paths.find(isCondition) ?? paths.find((p) => p === CATALOG) ?? paths[0] ?? CATALOG,
  );
  const texts = useMemo(() => ({ ...base, ...edits }), [base, edits]);
  const checked = useCatalogueCheck(texts, draft.problems);
  const problems = checked.problems;
  const text = texts[path] ?? '';
  const dirty = Object.keys(edits).length > 0;
  const checking = checked.texts !== texts;

  useEffect(() => {
    if (restored) notify(t(`${s}.restoredLocal`));
  }, [restored, notify, t]);

  useEffect(() => {
    if (editable) writeLocalCopy(draft.id, { revision, files: edits });
  }, [draft.id, editable, edits, revision]);

  useEffect(() => {
    if (pendingLine === null) return;
    const timer = setTimeout(() => {
      editor.current?.goToLine(pendingLine);
      setPendingLine(null);
    });
    return () => clearTimeout(timer);
  }, [pendingLine, path]);

  const setText = (file: string, value: string) => {
    setEdits((current) => {
      const next = { ...current };
      if (base[file] === value) delete next[file];
      else next[file] = value;
      return next;
    });
  };

  const names = useMemo(
    () =>
      Object.fromEntries(
        paths.filter(isCondition).map((file) => [file, conditionName(base[file] ?? '')]),
      ),
    [paths, base],
  );
  const label = (file: string) => {
    if (file === CATALOG) return `${t(`${s}.catalogFile`)} (${CATALOG})`;
    if (file === INSURERS) return `${t(`${s}.insurersFile`)} (${INSURERS})`;
    const name = names[file];
    const named = { en: name?.en ?? '', cn_traditional: name?.cn || (name?.en ?? '') };
    return textIn(named, i18n.language as Language) || file;
  };
  const query = search.trim().toLowerCase();
  const listed = paths.filter((file) => {
    if (!query) return true;
    const name = names[file];
    return [file, name?.en ?? '', name?.cn ?? ''].some((value) =>
      value.toLowerCase().includes(query),
    );
  });
  const conditions = listed.filter(isCondition).sort((a, b) => label(a).localeCompare(label(b)));
  const others = listed.filter((file) => !isCondition(file));

  const indicators = useMemo(() => {
    const parsed = catalogFileSchema.safeParse(readYaml(texts[CATALOG] ?? ''));
    return parsed.success ? parsed.data.indicators : [];
  }, [texts]);
  const parsed = useMemo(() => (isCondition(path) ? readYaml(text) : undefined), [path, text]);
  // The structured view takes a file of the condition's shape only; its own data, not zod's copy.
  const structured = useMemo(
    () =>
      parsed !== undefined && impairmentFileSchema.safeParse(parsed).success ? parsed : undefined,
    [parsed],
  );
  const cases = useMemo(
    () => (isCondition(path) ? caseResults(path, text, texts[CATALOG], problems) : []),
    [path, text, texts, problems],
  );
  const fileProblems = useMemo(
    () => problems.filter((problem) => problem.file === path && problem.line > 0),
    [problems, path],
  );
  // The same problems at their fields in the structured view, where the check knows the field.
  const fieldProblems = useMemo(
    () =>
      problems.flatMap((problem) =>
        problem.file === path && problem.path
          ? [{ path: problem.path, message: problem.message }]
          : [],
      ),
    [problems, path],
  );
  const fileSchema = useMemo<CatalogJsonSchema | undefined>(
    () =>
      schema
        ? ({
            ...schema,
            anyOf: undefined,
            $ref: `#/$defs/${schemaPart(path)}`,
          } as CatalogJsonSchema)
        : undefined,
    [schema, path],
  );

  const goTo = (file: string, line: number) => {
    if (file !== path) {
      setPath(file);
      setView('yaml');
    }
    setPendingLine(Math.max(line, 1));
  };

  const save = async () => {
    try {
      const saved = await saveDraft({ id: draft.id, revision, files: edits }).unwrap();
      setBase({ ...base, ...edits });
      setEdits({});
      setRevision(saved.revision);
      notify(t(`${s}.saved`, { revision: saved.revision }));
    } catch (error) {
      const failure = error as ApiError;
      if (failure.kind === 'response' && failure.status === 409) {
        const current = await reload();
        if (!current) return;
        setConflict({
          revision: current.revision,
          updatedBy: current.updatedBy,
          updatedAt: current.updatedAt,
          theirs: current.files,
          paths: Object.keys(edits).filter((file) => current.files[file] !== base[file]),
        });
        setComparing(false);
      } else if (failure.kind === 'transport' || failure.shownByCaller) {
        notify(t(`${s}.saveFailed`));
      }
    }
  };

  const takeTheirs = () => {
    if (!conflict) return;
    setBase(conflict.theirs);
    setRevision(conflict.revision);
    setEdits({});
    setConflict(null);
    notify(t(`${s}.tookTheirs`));
  };

  const reapplyMine = () => {
    if (!conflict) return;
    setBase(conflict.theirs);
    setRevision(conflict.revision);
    setEdits(
      Object.fromEntries(
        Object.entries(edits).filter(([file, value]) => conflict.theirs[file] !== value),
      ),
    );
    setConflict(null);
    notify(t(`${s}.reappliedMine`));
  };

  const restoreCopy = (files: Record<string, string | null>) => {
    const restored = Object.fromEntries(
      Object.entries(files).filter((entry): entry is [string, string] => entry[1] !== null),
    );
    setEdits((current) => ({ ...current, ...restored }));
    notify(t(`${s}.copyRestored`));
  };

  const blocked = !editable
    ? null
    : problems.length > 0
      ? t(`${s}.submitBlocked`, { count: problems.length })
      : dirty
        ? t(`${s}.submitBlockedUnsaved`)
        : null;

  const showPreview = isCondition(path) && HAS_PREVIEW;
  const showStructured = isCondition(path) && HAS_STRUCTURED;
  const language = i18n.language as Language;

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1}
        sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography variant="body2" role="status" sx={{ flexGrow: 1 }}>
          {editable ? (dirty ? t(`${s}.unsaved`) : t(`${s}.allSaved`)) : null}
          {editable && dirty ? ` · ${t(`${s}.keptLocally`)}` : ''}
        </Typography>
        {editable && (
          <Button
            variant="outlined"
            onClick={() => void save()}
            disabled={!dirty || saving.isLoading || conflict !== null}
          >
            {saving.isLoading ? t(`${s}.saving`) : t(`${s}.save`)}
          </Button>
        )}
        {editable && (
          <Button
            variant="contained"
            onClick={() => setSubmitting(true)}
            disabled={blocked !== null || checking}
            aria-describedby={blocked ? 'submit-blocked' : undefined}
          >
            {t(`${s}.submit`)}
          </Button>
        )}
      </Stack>
      {blocked && (
        <Typography id="submit-blocked" variant="body2" color="text.secondary">
          {blocked}
        </Typography>
      )}
      {!editable && (
        <Alert severity="info">
          {t(`${s}.readOnly`, { status: t(`${s}.status.${draft.status}`) })}
        </Alert>
      )}

      {conflict && (
        <Alert
          severity="warning"
          role="alert"
          aria-labelledby="draft-conflict"
          sx={{ '& .MuiAlert-message': { width: '100%' } }}
        >
          <Typography id="draft-conflict" sx={{ fontWeight: 600 }}>
            {t(`${s}.conflictTitle`)}
          </Typography>
          <Typography>
            {t(`${s}.conflictText`, {
              who: conflict.updatedBy,
              revision: conflict.revision,
              when: formatDateTime(new Date(conflict.updatedAt)),
            })}
          </Typography>
          {conflict.paths.length > 0 && (
            <Typography variant="body2">
              {t(`${s}.conflictFiles`, { files: conflict.paths.join(', ') })}
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="outlined" size="small" onClick={() => setComparing(!comparing)}>
              {comparing ? t(`${s}.closeCompare`) : t(`${s}.compare`)}
            </Button>
            <Button variant="outlined" size="small" onClick={takeTheirs}>
              {t(`${s}.takeTheirs`)}
            </Button>
            <Button variant="contained" size="small" onClick={reapplyMine}>
              {t(`${s}.reapplyMine`)}
            </Button>
          </Stack>
          {comparing && (
            <Stack spacing={2} sx={{ mt: 2 }}>
              {(conflict.paths.length > 0 ? conflict.paths : Object.keys(edits)).map((file) => (
                <Box key={file}>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {t(`${s}.mineLabel`)} — {file}
                    </Typography>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {t(`${s}.theirsLabel`)}
                    </Typography>
                  </Stack>
                  <SideBySide
                    mine={texts[file] ?? ''}
                    theirs={conflict.theirs[file] ?? ''}
                    mineLabel={`${t(`${s}.mineLabel`)} — ${file}`}
                    theirsLabel={`${t(`${s}.theirsLabel`)} — ${file}`}
                    label={t(`${s}.mergeLabel`, { file })}
                  />
                </Box>
              ))}
            </Stack>
          )}
        </Alert>
      )}

      {draft.conflictCopies.length > 0 && (
        <Box component="section" aria-labelledby="conflict-copies">
          <Typography
            id="conflict-copies"
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 600 }}
          >
            {t(`${s}.conflictCopies`)}
          </Typography>
          <List dense disablePadding>
            {draft.conflictCopies.map((copy) => (
              <Stack
                key={copy.id}
                component="li"
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ py: 0.5, alignItems: { sm: 'center' } }}
              >
                <Typography variant="body2" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
                  {t(`${s}.conflictCopy`, {
                    who: copy.savedBy,
                    when: formatDateTime(new Date(copy.savedAt)),
                    revision: copy.revision,
                    files: Object.keys(copy.files).join(', '),
                  })}
                </Typography>
                {editable && (
                  <Button size="small" onClick={() => restoreCopy(copy.files)}>
                    {t(`${s}.restoreCopy`)}
                  </Button>
                )}
                <Button
                  size="small"
                  onClick={() =>
                    void dismissConflict({ id: draft.id, conflictId: copy.id })
                      .unwrap()
                      .then(() => {
                        notify(t(`${s}.copyDismissed`));
                        return reload();
                      })
                      .catch(() => undefined)
                  }
                >
                  {t(`${s}.dismissCopy`)}
                </Button>
              </Stack>
            ))}
          </List>
        </Box>
      )}

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            md: '240px minmax(0, 1fr)',
            lg: showPreview ? '220px minmax(0, 1fr) 420px' : '220px minmax(0, 1fr)',
          },
          alignItems: 'start',
        }}
      >
        <Box component="nav" aria-label={t(`${s}.filesNav`)} sx={{ minWidth: 0 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {t(`${s}.filesTitle`)}
          </Typography>
          <TextField
            size="small"
            fullWidth
            type="search"
            label={t(`${s}.findCondition`)}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <List
            component="div"
            dense
            sx={{
              maxHeight: { xs: 220, md: '70vh' },
              overflow: 'auto',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              mt: 1,
            }}
          >
            {[...others, ...conditions].map((file) => {
              const count = problems.filter((problem) => problem.file === file).length;
              return (
                <ListItemButton
                  key={file}
                  selected={file === path}
                  aria-current={file === path ? 'true' : undefined}
                  onClick={() => {
                    setPath(file);
                    if (!isCondition(file)) setView('yaml');
                  }}
                >
                  <ListItemText
                    primary={label(file)}
                    secondary={count > 0 ? t(`${s}.problemsTitle`, { count }) : undefined}
                    slotProps={{
                      primary: { sx: { overflowWrap: 'anywhere' } },
                      secondary: { sx: { color: '#7f1d1d' } },
                    }}
                  />
                  {edits[file] !== undefined && (
                    <Box
                      component="span"
                      aria-label={t(`${s}.unsaved`)}
                      sx={{
                        ml: 1,
                        width: 8,
                        height: 8,
                        borderRadius: '50%',
                        bgcolor: 'warning.main',
                      }}
                    />
                  )}
                </ListItemButton>
              );
            })}
            {listed.length === 0 && (
              <Typography sx={{ p: 1 }} color="text.secondary">
                {t(`${s}.noConditionFound`)}
              </Typography>
            )}
          </List>
        </Box>

        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {label(path)}{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              {path}
            </Typography>
          </Typography>
          {showStructured && (
            <Tabs
              value={view}
              onChange={(_event, next: 'yaml' | 'structured') => setView(next)}
              aria-label={t(`${s}.viewTabs`)}
            >
              <Tab
                value="yaml"
                label={t(`${s}.yamlView`)}
                id="tab-yaml"
                aria-controls="panel-edit"
              />
              <Tab
                value="structured"
                label={t(`${s}.structuredView`)}
                id="tab-structured"
                aria-controls="panel-edit"
              />
            </Tabs>
          )}
          <Box
            id="panel-edit"
            role={showStructured ? 'tabpanel' : undefined}
            aria-labelledby={showStructured ? `tab-${view}` : undefined}
          >
            {view === 'structured' && showStructured ? (
              structured === undefined ? (
                <Alert severity="warning">{t(`${s}.notParsed`)}</Alert>
              ) : (
                <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}>
                  <StructuredConditionEditor
                    value={structured}
                    indicators={indicators}
                    problems={fieldProblems}
                    onChange={(next) => {
                      if (editable) setText(path, writeYaml(text, next));
                    }}
                  />
                </Suspense>
              )
            ) : (
              <YamlEditor
                ref={editor}
                value={text}
                onChange={(value) => setText(path, value)}
                problems={fileProblems}
                schema={fileSchema}
                label={t(`${s}.editorLabel`, { file: path })}
                readOnly={!editable}
              />
            )}
          </Box>
          {isCondition(path) && (
            <Box component="section" aria-labelledby="draft-cases">
              <Typography id="draft-cases" component="h2" variant="h6" sx={{ mb: 1 }}>
                {t(`${s}.casesTitle`)}
              </Typography>
              <CaseList results={cases} onGoTo={(line) => goTo(path, line)} />
            </Box>
          )}
        </Stack>

        {showPreview && (
          <Box sx={{ minWidth: 0, gridColumn: { md: '2', lg: 'auto' } }}>
            <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}>
              <ConditionPreview file={parsed} indicators={indicators} language={language} />
            </Suspense>
          </Box>
        )}
      </Box>

      <ProblemList
        problems={problems}
        checking={checking}
        onGoTo={(problem) => goTo(problem.file, problem.line)}
      />

      {submitting && (
        <StepDialog
          title={t(`${s}.submitTitle`, { id: draft.id })}
          text={t(`${s}.submitText`)}
          submitLabel={t(`${s}.submit`)}
          note={{ label: t(`${s}.submitNote`), required: true }}
          onClose={() => setSubmitting(false)}
          onConfirm={async ({ note }) => {
            await submitDraft({ id: draft.id, note }).unwrap();
            notify(t(`${s}.submitted`, { id: draft.id }));
            await reload();
          }}
        />
      )}
    </Stack>
  );
}

/** /admin/catalogue/drafts/:id (requirements K-05, K-06, K-08, K-11): one draft of the catalogue. */
export function DraftPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useCatalogDraftQuery(id);
  useDocumentTitle(t(`${s}.draftTitle`, { id }));
  const draft = query.data;

  return (
    <Stack spacing={2} sx={{ width: '100%', maxWidth: 1600, mx: 'auto', minWidth: 0 }}>
      <Link component={RouterLink} to="/admin/catalogue" sx={{ alignSelf: 'flex-start' }}>
        {t(`${s}.back`)}
      </Link>
      <Box>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
          {t(`${s}.draftTitle`, { id })}
        </Typography>
        {draft && (
          <Typography variant="body2" color="text.secondary">
            {t(`${s}.draftSubtitle`, {
              version: draft.basedOn,
              status: t(`${s}.status.${draft.status}`),
              revision: draft.revision,
              author: draft.author,
            })}
            {draft.notes ? ` · ${draft.notes}` : ''}
          </Typography>
        )}
      </Box>
      {query.isLoading && <LinearProgress aria-label={t('common.loading')} />}
      {query.isError && !draft && (
        <ErrorWithAction
          message={t(`${s}.draftLoadFailed`)}
          action={t('common.retry')}
          onAction={() => void query.refetch()}
        />
      )}
      {draft && (
        <DraftEditor
          key={`${draft.id}:${draft.status}`}
          draft={draft}
          reload={async () => (await query.refetch()).data}
        />
      )}
      {draft && <ImpactPanel target={{ draftId: draft.id }} />}
    </Stack>
  );
}
