import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorWithAction } from '../../../components/error-with-action.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { useFormatters } from '../../../lib/use-formatters.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import {
  useApproveDraftMutation,
  useApproveReleaseMutation,
  useCancelReleaseMutation,
  useCatalogDraftsQuery,
  useCatalogReleasesQuery,
  useCatalogVersionsQuery,
  useRetireDraftMutation,
  useReturnDraftMutation,
  type DraftSummary,
  type Release,
} from '../api/catalogue-api.ts';
import { StepDialog, type StepInput } from './step-dialog.tsx';

/** Tinted chips with dark text above 7:1 contrast, one tone per draft status. */
const TONES: Record<DraftSummary['status'], { background: string; color: string }> = {
  draft: { background: '#e3f2fd', color: '#0d3c61' },
  submitted: { background: '#fff4e5', color: '#5f3700' },
  approved: { background: '#ede7f6', color: '#311b92' },
  released: { background: '#e7f4ea', color: '#1b5120' },
  retired: { background: '#eceff1', color: '#263238' },
};

type Step =
  | { kind: 'retire'; draft: DraftSummary }
  | { kind: 'return'; draft: DraftSummary }
  | { kind: 'approve'; draft: DraftSummary }
  | { kind: 'cancelSchedule'; draft: DraftSummary }
  | { kind: 'approveRelease'; release: Release }
  | { kind: 'cancelRelease'; release: Release };

/** Everything that may change after a step: drafts, releases and versions are read again. */
function useRefresh() {
  const drafts = useCatalogDraftsQuery();
  const releases = useCatalogReleasesQuery();
  const versions = useCatalogVersionsQuery();
  return () => {
    void drafts.refetch();
    void releases.refetch();
    void versions.refetch();
  };
}

function StepFor({ step, onClose }: { step: Step; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const refresh = useRefresh();
  const [retire] = useRetireDraftMutation();
  const [returnDraft] = useReturnDraftMutation();
  const [approveDraft] = useApproveDraftMutation();
  const [approveRelease] = useApproveReleaseMutation();
  const [cancelRelease] = useCancelReleaseMutation();
  const done = (message: string) => {
    notify(message);
    refresh();
  };
  const s = 'adminCatalogue.studio';

  switch (step.kind) {
    case 'retire': {
      const id = step.draft.id;
      return (
        <StepDialog
          title={t(`${s}.retireTitle`, { id })}
          text={t(`${s}.retireText`)}
          submitLabel={t(`${s}.retire`)}
          destructive
          onClose={onClose}
          onConfirm={async () => {
            await retire(id).unwrap();
            done(t(`${s}.retired`, { id }));
          }}
        />
      );
    }
    case 'return': {
      const id = step.draft.id;
      return (
        <StepDialog
          title={t(`${s}.returnTitle`, { id })}
          text={t(`${s}.returnText`)}
          submitLabel={t(`${s}.return`)}
          note={{ label: t(`${s}.returnNote`), required: true }}
          onClose={onClose}
          onConfirm={async ({ note }: StepInput) => {
            await returnDraft({ id, note }).unwrap();
            done(t(`${s}.returned`, { id }));
          }}
        />
      );
    }
    case 'approve': {
      const id = step.draft.id;
      return (
        <StepDialog
          title={t(`${s}.approveTitle`, { id })}
          text={t(`${s}.approveText`, { author: step.draft.author })}
          submitLabel={t(`${s}.approve`)}
          schedule
          onClose={onClose}
          onConfirm={async ({ activateAt }: StepInput) => {
            const answer = await approveDraft({ id, activateAt }).unwrap();
            done(
              t(activateAt ? `${s}.approvedScheduled` : `${s}.approvedNow`, {
                id,
                version: answer.version.version,
              }),
            );
          }}
        />
      );
    }
    case 'cancelSchedule': {
      const releaseId = step.draft.releaseId!;
      return (
        <StepDialog
          title={t(`${s}.cancelScheduleTitle`, { version: step.draft.version })}
          text={t(`${s}.cancelScheduleText`)}
          submitLabel={t(`${s}.cancelSchedule`)}
          destructive
          onClose={onClose}
          onConfirm={async () => {
            await cancelRelease(releaseId).unwrap();
            done(t(`${s}.scheduleCancelled`, { version: step.draft.version }));
          }}
        />
      );
    }
    case 'approveRelease': {
      const { id, version, requestedBy } = step.release;
      return (
        <StepDialog
          title={t(`${s}.approveReleaseTitle`, { version })}
          text={t(`${s}.approveReleaseText`, { version, requestedBy })}
          submitLabel={t(`${s}.approve`)}
          schedule
          onClose={onClose}
          onConfirm={async ({ activateAt }: StepInput) => {
            await approveRelease({ id, activateAt }).unwrap();
            done(t(activateAt ? `${s}.releaseScheduled` : `${s}.releaseActivated`, { version }));
          }}
        />
      );
    }
    case 'cancelRelease': {
      const { id, version } = step.release;
      return (
        <StepDialog
          title={t(`${s}.cancelReleaseTitle`, { version })}
          text={t(`${s}.cancelReleaseText`)}
          submitLabel={t(`${s}.cancelRelease`)}
          destructive
          onClose={onClose}
          onConfirm={async () => {
            await cancelRelease(id).unwrap();
            done(t(`${s}.releaseCancelled`, { version }));
          }}
        />
      );
    }
  }
}

/**
 * The drafts of the catalogue with their steps (requirements K-03, K-11): open, retire,
 * return, approve (at once or at a date and time; not offered to the draft's author,
 * `me` the signed-in person's names, whom the server refuses anyway) and cancel a scheduled activation. Then the release requests — a
 * rollback to an earlier version — approved by another administrator the same way.
 */
export function DraftsSection({ me }: { me: readonly string[] }) {
  const { t } = useTranslation();
  const { formatDateTime } = useFormatters();
  const drafts = useCatalogDraftsQuery();
  const releases = useCatalogReleasesQuery();
  const [step, setStep] = useState<Step | null>(null);
  const s = 'adminCatalogue.studio';
  const empty = t('adminCatalogue.empty');
  const when = (value: string | null) => (value ? formatDateTime(new Date(value)) : empty);
  const scheduledReleases = new Map(
    (releases.data ?? []).map((release) => [release.id, release] as const),
  );
  const pendingReleases = (releases.data ?? []).filter(
    (release) =>
      release.kind === 'rollback' &&
      (release.status === 'requested' || release.status === 'scheduled'),
  );

  return (
    <Stack spacing={3}>
      {drafts.isLoading && <LinearProgress aria-label={t('common.loading')} />}
      {drafts.isError && (
        <ErrorWithAction
          message={t(`${s}.draftsFailed`)}
          action={t('common.retry')}
          onAction={() => void drafts.refetch()}
        />
      )}
      {drafts.data && drafts.data.length === 0 && (
        <Typography color="text.secondary">{t(`${s}.noDrafts`)}</Typography>
      )}
      {drafts.data && drafts.data.length > 0 && (
        <ScrollTable
          minWidth={960}
          caption={t(`${s}.draftsCaption`)}
          columns={[
            t(`${s}.column.draft`),
            t('adminCatalogue.column.status'),
            t('adminCatalogue.column.author'),
            t(`${s}.column.basedOn`),
            t(`${s}.column.updated`),
            t('adminCatalogue.column.note'),
            t(`${s}.column.approver`),
            t(`${s}.column.schedule`),
            t(`${s}.column.actions`),
          ]}
        >
          {drafts.data.map((draft) => {
            // The server refuses the approval to whoever wrote, saved or submitted the draft.
            const isAuthor = [draft.author, draft.updatedBy, draft.submittedBy].some(
              (name) => name !== null && me.includes(name),
            );
            const release = draft.releaseId ? scheduledReleases.get(draft.releaseId) : undefined;
            const scheduled = draft.status === 'approved' && release?.status === 'scheduled';
            const note = draft.returnNote ?? draft.submissionNote ?? draft.notes;
            return (
              <TableRow key={draft.id} data-draft={draft.id}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                  {draft.id}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={t(`${s}.status.${draft.status}`)}
                    sx={{ ...TONES[draft.status], fontWeight: 600 }}
                  />
                </TableCell>
                <TableCell>{draft.author}</TableCell>
                <TableCell>
                  {t('adminCatalogue.versionOption', { version: draft.basedOn })}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {when(draft.updatedAt)}
                  <Typography variant="body2" color="text.secondary">
                    {draft.updatedBy}
                  </Typography>
                </TableCell>
                <TableCell sx={{ minWidth: 180, maxWidth: 320, overflowWrap: 'anywhere' }}>
                  {note || empty}
                </TableCell>
                <TableCell>
                  {draft.approver ?? empty}
                  {draft.version && (
                    <Typography variant="body2" color="text.secondary">
                      {t('adminCatalogue.versionOption', { version: draft.version })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(draft.activateAt)}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                    <Button
                      size="small"
                      variant="outlined"
                      component={RouterLink}
                      to={`/admin/catalogue/drafts/${draft.id}`}
                      aria-label={t(`${s}.openDraft`, { id: draft.id })}
                    >
                      {t(`${s}.open`)}
                    </Button>
                    {draft.status === 'submitted' && !isAuthor && (
                      <Button
                        size="small"
                        variant="contained"
                        onClick={() => setStep({ kind: 'approve', draft })}
                        aria-label={t(`${s}.approveDraft`, { id: draft.id })}
                      >
                        {t(`${s}.approve`)}
                      </Button>
                    )}
                    {draft.status === 'submitted' && (
                      <Button
                        size="small"
                        onClick={() => setStep({ kind: 'return', draft })}
                        aria-label={t(`${s}.returnDraft`, { id: draft.id })}
                      >
                        {t(`${s}.return`)}
                      </Button>
                    )}
                    {scheduled && (
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setStep({ kind: 'cancelSchedule', draft })}
                        aria-label={t(`${s}.cancelScheduleOf`, { id: draft.id })}
                      >
                        {t(`${s}.cancelSchedule`)}
                      </Button>
                    )}
                    {(draft.status === 'draft' || draft.status === 'submitted') && (
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setStep({ kind: 'retire', draft })}
                        aria-label={t(`${s}.retireDraft`, { id: draft.id })}
                      >
                        {t(`${s}.retire`)}
                      </Button>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </ScrollTable>
      )}
      {pendingReleases.length > 0 && (
        <ScrollTable
          minWidth={960}
          caption={t(`${s}.releasesCaption`)}
          columns={[
            t('adminCatalogue.column.version'),
            t('adminCatalogue.column.status'),
            t(`${s}.column.requestedBy`),
            t('adminCatalogue.column.note'),
            t(`${s}.column.approver`),
            t(`${s}.column.schedule`),
            t(`${s}.column.actions`),
          ]}
        >
          {pendingReleases.map((release) => (
            <TableRow key={release.id} data-release={release.id}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {release.version}
              </TableCell>
              <TableCell>{t(`${s}.releaseStatus.${release.status}`)}</TableCell>
              <TableCell>
                {release.requestedBy}
                <Typography variant="body2" color="text.secondary">
                  {when(release.requestedAt)}
                </Typography>
              </TableCell>
              <TableCell sx={{ minWidth: 180, maxWidth: 320, overflowWrap: 'anywhere' }}>
                {release.note || empty}
              </TableCell>
              <TableCell>{release.approver ?? empty}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(release.activateAt)}</TableCell>
              <TableCell>
                <Stack direction="row" spacing={1}>
                  {release.status === 'requested' && !me.includes(release.requestedBy) && (
                    <Button
                      size="small"
                      variant="contained"
                      onClick={() => setStep({ kind: 'approveRelease', release })}
                      aria-label={t(`${s}.approveReleaseOf`, { version: release.version })}
                    >
                      {t(`${s}.approve`)}
                    </Button>
                  )}
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setStep({ kind: 'cancelRelease', release })}
                    aria-label={t(`${s}.cancelReleaseOf`, { version: release.version })}
                  >
                    {t(`${s}.cancelRelease`)}
                  </Button>
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </ScrollTable>
      )}
      {step && <StepFor step={step} onClose={() => setStep(null)} />}
    </Stack>
  );
}
