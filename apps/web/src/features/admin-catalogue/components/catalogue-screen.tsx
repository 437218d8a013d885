import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNotify } from '../../../lib/use-notify.ts';
import { ErrorWithAction } from '../../../components/error-with-action.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  useCatalogDiffQuery,
  useCatalogReleasesQuery,
  useCatalogVersionsQuery,
  useCreateDraftMutation,
  useRequestReleaseMutation,
  type CatalogVersion,
} from '../api/catalogue-api.ts';
import { DiffView } from './diff-view.tsx';
import { DraftsSection } from './drafts-section.tsx';
import { StepDialog } from './step-dialog.tsx';
import { VersionsTable } from './versions-table.tsx';

/**
 * The pair compared first: the active version and the newest other one, the older of the two
 * first so that the changes read forwards. Versions are numbered in the order they were made.
 */
function defaultPair(versions: CatalogVersion[]): { from: string; to: string } | null {
  const active = versions.find((version) => version.active) ?? versions[0];
  const other = versions.find((version) => version !== active);
  if (!active || !other) return null;
  const [from, to] = [active.version, other.version].sort((a, b) => Number(a) - Number(b));
  return { from: from!, to: to! };
}

function VersionSelect({
  label,
  value,
  versions,
  onChange,
}: {
  label: string;
  value: string;
  versions: CatalogVersion[];
  onChange: (version: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      size="small"
      sx={{ minWidth: 220 }}
      slotProps={{ select: { native: true } }}
    >
      {versions.map((version) => (
        <option key={version.version} value={version.version}>
          {t(
            version.active ? 'adminCatalogue.versionOptionActive' : 'adminCatalogue.versionOption',
            { version: version.version },
          )}
        </option>
      ))}
    </TextField>
  );
}

/** Two versions chosen, and what changed between them in words (requirements K-02). */
function Compare({ versions }: { versions: CatalogVersion[] }) {
  const { t } = useTranslation();
  const [pair, setPair] = useState(() => defaultPair(versions));
  const different = pair !== null && pair.from !== pair.to;
  const diff = useCatalogDiffQuery(different ? pair : skipToken);

  if (!pair) return <Typography>{t('adminCatalogue.onlyOne')}</Typography>;
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <VersionSelect
          label={t('adminCatalogue.from')}
          value={pair.from}
          versions={versions}
          onChange={(from) => setPair({ ...pair, from })}
        />
        <VersionSelect
          label={t('adminCatalogue.to')}
          value={pair.to}
          versions={versions}
          onChange={(to) => setPair({ ...pair, to })}
        />
      </Stack>
      {!different && <Typography>{t('adminCatalogue.sameVersion')}</Typography>}
      {different && diff.isFetching && <LinearProgress aria-label={t('common.loading')} />}
      {different && diff.isError && !diff.isFetching && (
        <ErrorWithAction
          message={t('adminCatalogue.diffFailed')}
          action={t('common.retry')}
          onAction={() => void diff.refetch()}
        />
      )}
      {different && diff.data && !diff.isFetching && <DiffView diff={diff.data} />}
    </Stack>
  );
}

type VersionStep = { kind: 'newDraft' | 'rollback'; version: string };

/** A draft started from a version (K-03), or an earlier version asked back (K-11). */
function VersionStepDialog({ step, onClose }: { step: VersionStep; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const [createDraft] = useCreateDraftMutation();
  const [requestRelease] = useRequestReleaseMutation();
  const releases = useCatalogReleasesQuery();
  const { version } = step;
  const s = 'adminCatalogue.studio';
  if (step.kind === 'newDraft') {
    return (
      <StepDialog
        title={t(`${s}.newDraftTitle`, { version })}
        text={t(`${s}.newDraftText`, { version })}
        submitLabel={t(`${s}.newDraft`)}
        note={{ label: t(`${s}.draftNote`), required: false }}
        onClose={onClose}
        onConfirm={async ({ note }) => {
          const draft = await createDraft({
            basedOn: version,
            ...(note ? { notes: note } : {}),
          }).unwrap();
          notify(t(`${s}.draftCreated`, { id: draft.id, version }));
          void navigate(`/admin/catalogue/drafts/${draft.id}`);
        }}
      />
    );
  }
  return (
    <StepDialog
      title={t(`${s}.rollbackTitle`, { version })}
      text={t(`${s}.rollbackText`, { version })}
      submitLabel={t(`${s}.rollbackSubmit`)}
      note={{ label: t(`${s}.rollbackNote`), required: true }}
      onClose={onClose}
      onConfirm={async ({ note }) => {
        await requestRelease({ version, note }).unwrap();
        notify(t(`${s}.rollbackRequested`, { version }));
        void releases.refetch();
      }}
    />
  );
}

/**
 * /admin/catalogue (requirements K-01, K-02, K-03, K-11): the catalogue's versions, newest
 * first, each starting a draft or asked back as a rollback; the drafts with their steps; and
 * two versions compared in words. Administrators only (the screen table of design §11).
 */
export function CatalogueScreen({ me }: { me: readonly string[] }) {
  const { t } = useTranslation();
  useDocumentTitle(t('adminCatalogue.documentTitle'));
  const { data, isLoading, isError, refetch } = useCatalogVersionsQuery();
  const [versionStep, setVersionStep] = useState<VersionStep | null>(null);

  return (
    <Stack spacing={3} sx={{ width: '100%', maxWidth: 1200, mx: 'auto', minWidth: 0 }}>
      <Box>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
          {t('adminCatalogue.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('adminCatalogue.intro')}
        </Typography>
      </Box>
      {isLoading && <LinearProgress aria-label={t('common.loading')} />}
      {isError && (
        <ErrorWithAction
          message={t('adminCatalogue.loadFailed')}
          action={t('common.retry')}
          onAction={() => void refetch()}
        />
      )}
      {data && (
        <>
          <Box component="section" aria-labelledby="catalogue-versions">
            <Typography id="catalogue-versions" component="h2" variant="h6" sx={{ mb: 1 }}>
              {t('adminCatalogue.versionsTitle')}
            </Typography>
            <VersionsTable
              versions={data}
              onNewDraft={(version) => setVersionStep({ kind: 'newDraft', version })}
              onRollback={(version) => setVersionStep({ kind: 'rollback', version })}
            />
          </Box>
          <Box component="section" aria-labelledby="catalogue-drafts">
            <Typography id="catalogue-drafts" component="h2" variant="h6" sx={{ mb: 1 }}>
              {t('adminCatalogue.studio.draftsTitle')}
            </Typography>
            <DraftsSection me={me} />
          </Box>
          <Box component="section" aria-labelledby="catalogue-compare">
            <Typography id="catalogue-compare" component="h2" variant="h6" sx={{ mb: 2 }}>
              {t('adminCatalogue.compareTitle')}
            </Typography>
            {/* A version approved meanwhile offers a new pair. */}
            <Compare key={data.length} versions={data} />
          </Box>
        </>
      )}
      {versionStep && <VersionStepDialog step={versionStep} onClose={() => setVersionStep(null)} />}
    </Stack>
  );
}
