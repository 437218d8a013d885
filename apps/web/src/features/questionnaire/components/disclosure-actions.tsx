import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEventCallback } from '@mui/material/utils';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, useLocation, useNavigate } from 'react-router';
import type { DisclosurePayload } from '@vmer/domain/lifecycle';
import type { Issue } from '@vmer/domain/model';
import { incompleteSummary, type IncompleteSummary } from '@vmer/domain/paging';
import { useAppDispatch, useAppStore } from '../../../app/hooks.ts';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { paths, SAME_SCREEN } from '../../../config/paths.ts';
import type { ApiError } from '../../../lib/api-client.ts';
import { downloadBase64 } from '../../../lib/download.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import {
  useExportDisclosureMutation,
  useQuestionnaireInfoQuery,
  useRejectDisclosureMutation,
  useSaveDisclosureMutation,
  useSubmitDisclosureMutation,
  useValidateDisclosureMutation,
} from '../api/questionnaire-api.ts';
import { backgroundSaveSettled } from '../device-copy/background-save.ts';
import { disclosurePayload } from '../disclosure-payload.ts';
import { disclosureStored, formReset, selectQuestionnaire } from '../questionnaire-slice.ts';
import { useTrack } from '../tracking.ts';
import type { useDisclosureModel } from '../use-disclosure-model.ts';
import { useReviewing } from '../use-reviewing.ts';
import { useInterviewCommand } from '../keyboard/interview-commands.ts';
import { PrintCard } from './print-card.tsx';
import type { ResultOutcome } from './result-dialog.tsx';

// Asked for by one action each, mostly a reviewer's: not with the first page (design §7).
const RejectDialog = lazyDialog(
  'reject-dialog',
  () => import('../after-first-paint.ts'),
  (module) => module.RejectDialog,
  (props) => props.open,
);
const ValidateDialog = lazyDialog(
  'validate-dialog',
  () => import('../after-first-paint.ts'),
  (module) => module.ValidateDialog,
  (props) => props.open,
);
const ResultDialog = lazyDialog(
  'result-dialog',
  () => import('../after-first-paint.ts'),
  (module) => module.ResultDialog,
  (props) => props.outcome !== null,
);

interface DisclosureActionsProps {
  model: ReturnType<typeof useDisclosureModel>;
  /** Show the incomplete dialog: the questions missing and what the profile lacks. */
  onIncomplete: (summary: IncompleteSummary, profileIssues?: Issue[]) => void;
}

/** The field problems of a refused call (400, 422…), as the server words them; 409 has its own. */
function refusalReasons(error: unknown): string[] {
  const e = error as ApiError | undefined;
  if (e?.kind !== 'response' || e.status === 409) return [];
  return [...new Set(e.errors.map((fieldError) => fieldError.message))];
}

/**
 * A 409's reason (someone else saved first, a move no longer allowed…): the server's translated
 * message, or undefined for any other failure, which the global snackbar reports.
 */
function conflictOf(error: unknown): string | null | undefined {
  const failure = error as ApiError | undefined;
  if (failure?.kind !== 'response' || failure.status !== 409) return undefined;
  return failure.message;
}

/**
 * The button row of the disclosure card (requirements §2, §4): by mode Save and Submit (create), Close
 * and Submit (edit), Close with Validate and Reject for a reviewer on a submitted disclosure
 * (view); Export and Print once their conditions hold (design §8). Every outcome is tracked.
 */
export function DisclosureActions({ model, onIncomplete }: DisclosureActionsProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const { questionnaire, enabled, decisions, pages, selection } = model;
  const { session, chosen, applicationNumber } = questionnaire;
  const track = useTrack(session.requestId);
  const catalog = useQuestionnaireInfoQuery();
  const [save, saving] = useSaveDisclosureMutation();
  const [submit, submitting] = useSubmitDisclosureMutation();
  const [exportFile, exporting] = useExportDisclosureMutation();
  const [validate, validating] = useValidateDisclosureMutation();
  const [reject, rejecting] = useRejectDisclosureMutation();
  const [outcome, setOutcome] = useState<ResultOutcome | null>(null);
  /** The 409 shown above the buttons: the server's reason, or ours when it gave none. */
  const [conflict, setConflict] = useState<string | null>(null);
  const [reasons, setReasons] = useState<string[]>([]);
  const reasonsTitle = useId();
  const [rejectAsked, setRejectAsked] = useState(false);
  const [validateAsked, setValidateAsked] = useState(false);
  const appStore = useAppStore();
  /** Pressed while a background save was on its way, and waiting for it (I-11). */
  const [waiting, setWaiting] = useState(false);
  const busy =
    waiting ||
    saving.isLoading ||
    submitting.isLoading ||
    exporting.isLoading ||
    validating.isLoading ||
    rejecting.isLoading;
  // Whoever submitted it last does not review it (the server refuses too): say who does.
  const { reviewer, offered: review } = useReviewing();

  // I-11: a background save on its way is waited for, and what it stored (the disclosure's
  // id and version) is what this payload carries.
  const payload = async (): Promise<DisclosurePayload> => {
    setWaiting(true);
    await backgroundSaveSettled(appStore);
    setWaiting(false);
    return disclosurePayload(selectQuestionnaire(appStore.getState()), {
      decisions,
      activeCatalogVersion: catalog.data?.version,
      selection,
    });
  };

  const leave = () => {
    const redirection = session.redirection;
    setOutcome(null);
    dispatch(formReset());
    if (redirection && /^https:\/\//i.test(redirection)) window.location.assign(redirection);
    // Back at /home the screen is shown afresh and its title takes the focus (I-09).
    else if (redirection) navigate(redirection, { replace: true });
    else navigate(paths.home, { replace: true, state: SAME_SCREEN });
  };

  const store = async (kind: 'save' | 'submit') => {
    if (kind === 'submit') {
      const summary = incompleteSummary(pages, chosen);
      // What the profile lacks is named too (a smoking status a chosen condition needs…).
      const profileIssues = model.evaluation.submitIssues.filter(
        (issue) =>
          issue.code !== 'disclosure_unanswered' && issue.code !== 'please_choose_video_mer',
      );
      if (!summary.complete || profileIssues.length > 0) {
        track(
          'submit_incomplete',
          undefined,
          summary.missing.map((m) => m.questionUuid).slice(0, 200),
        );
        onIncomplete(summary, profileIssues);
        return;
      }
    }
    setConflict(null);
    setReasons([]);
    try {
      const stored = await (kind === 'save' ? save : submit)(await payload()).unwrap();
      dispatch(disclosureStored(stored));
      track(kind, applicationNumber);
      setOutcome(kind);
      // Its address from now on, so a reload or a shared link opens it (W-22); no reload now.
      const address = generatePath(paths.questionnaire, { requestId: stored.requestId });
      if (location.pathname !== address) navigate(address, { replace: true, state: SAME_SCREEN });
    } catch (error) {
      track(`${kind}_failed`, applicationNumber);
      const reason = conflictOf(error);
      setConflict(reason === undefined ? null : (reason ?? t('mer.disclosure.conflict')));
      setReasons(refusalReasons(error));
    }
  };

  // A failure shows in the global snackbar and keeps the screen, reason included (design §8).
  const review_ = async (kind: 'validate' | 'reject', reason = '') => {
    const id = session.id;
    if (!id) return;
    try {
      await (
        kind === 'validate' ? validate(id) : reject(reason ? { id, reason } : { id })
      ).unwrap();
      track(kind, applicationNumber);
      setRejectAsked(false);
      setValidateAsked(false);
      notify(
        t(kind === 'validate' ? 'mer.review.validated' : 'mer.review.rejected', {
          applicationNumber,
        }),
      );
      leave();
    } catch {
      track(`${kind}_failed`, applicationNumber);
    }
  };

  const exportDisclosure = async () => {
    try {
      const file = await exportFile(await payload()).unwrap();
      downloadBase64(file.fileName, file.content);
      track('export', applicationNumber);
    } catch {
      track('export_failed', applicationNumber);
    }
  };

  // The same function from render to render: the print card renders once, not at every answer.
  const print = useEventCallback(() => {
    if (!enabled.print) {
      const summary = incompleteSummary(pages, chosen);
      track('print_incomplete');
      onIncomplete(summary);
      return;
    }
    track('print', applicationNumber);
    window.print();
  });

  // Ctrl+S / ⌘S saves as the Save button does, only while it is shown and enabled (I-08).
  useInterviewCommand(
    'save',
    session.action === 'create' && enabled.save && !busy ? () => void store('save') : null,
  );
  const noCondition = chosen.length === 0;
  return (
    <>
      {conflict && (
        <Alert severity="warning" sx={{ mt: 3 }} onClose={() => setConflict(null)}>
          {conflict}
        </Alert>
      )}
      {reasons.length > 0 && (
        <Alert severity="error" sx={{ mt: 3 }} onClose={() => setReasons([])}>
          <AlertTitle id={reasonsTitle}>{t('mer.disclosure.refusedReasons')}</AlertTitle>
          <Box component="ul" aria-labelledby={reasonsTitle} sx={{ m: 0, pl: 2.5 }}>
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </Box>
        </Alert>
      )}
      <Stack
        direction="row"
        sx={{ mt: 3, flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'flex-end' }}
      >
        {reviewer && session.submittedByCaller && (
          <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
            {t('mer.disclosure.ownSubmission')}
          </Typography>
        )}
        {noCondition && session.action !== 'view' && (
          <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
            {t('mer.disclosure.chooseCondition')}
          </Typography>
        )}
        <Button
          variant="outlined"
          disabled={!enabled.export || busy}
          onClick={() => void exportDisclosure()}
        >
          {t('mer.disclosure.export')}
        </Button>
        {session.action !== 'create' && (
          <Button variant="outlined" disabled={busy} onClick={() => setOutcome('close_confirm')}>
            {t('mer.disclosure.close')}
          </Button>
        )}
        {review && (
          <>
            <Button
              variant="outlined"
              color="error"
              disabled={busy}
              onClick={() => setRejectAsked(true)}
            >
              {t('mer.disclosure.reject')}
            </Button>
            <Button
              variant="contained"
              color="success"
              disabled={busy}
              onClick={() => setValidateAsked(true)}
            >
              {t('mer.disclosure.validate')}
            </Button>
          </>
        )}
        {session.action === 'create' && (
          <Button
            variant="outlined"
            disabled={!enabled.save || busy}
            onClick={() => void store('save')}
          >
            {t('mer.disclosure.save')}
          </Button>
        )}
        {session.action !== 'view' && (
          <Button
            variant="contained"
            disabled={!enabled.save || busy}
            onClick={() => void store('submit')}
          >
            {t('mer.disclosure.submit')}
          </Button>
        )}
      </Stack>
      <PrintCard onPrint={print} />
      <RejectDialog
        open={rejectAsked}
        busy={busy}
        onReject={(reason) => void review_('reject', reason)}
        onCancel={() => setRejectAsked(false)}
      />
      <ValidateDialog
        open={validateAsked}
        busy={busy}
        onValidate={() => void review_('validate')}
        onCancel={() => setValidateAsked(false)}
      />
      <ResultDialog
        outcome={outcome}
        reference={session.requestId}
        onLeave={() => {
          track(outcome === 'close_confirm' ? 'close' : `${outcome ?? ''}_ok`);
          leave();
        }}
        onCancel={() => {
          track('close_cancelled');
          setOutcome(null);
        }}
      />
    </>
  );
}
