import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textIn } from '@vmer/domain/languages';
import type { ExclusionWording, Language } from '@vmer/domain/model';
import {
  OVERRIDE_NOTE_MAX,
  OVERRIDE_REASON_LABELS,
  OVERRIDE_REASONS,
  type OverrideReason,
} from '@vmer/domain/workbench';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import type { ApiError } from '../../../lib/api-client.ts';
import { useOverrideDecisionMutation } from '../api/questionnaire-api.ts';
import { disclosureVersionChanged, selectSession } from '../questionnaire-slice.ts';
import type { OverrideTarget } from './decision-summary.tsx';

const KINDS = ['D', 'P', 'U', 'points', 'exclusion'] as const;
type Kind = (typeof KINDS)[number];

/** How a decision written as the document writes it ('D', '50', 'EX1,EX3') is entered. */
function kindOf(decision: string | undefined): { kind: Kind; points: string; codes: string[] } {
  const none = { points: '', codes: [] as string[] };
  if (decision === 'D' || decision === 'P' || decision === 'U') return { kind: decision, ...none };
  if (decision?.startsWith('EX')) return { kind: 'exclusion', ...none, codes: decision.split(',') };
  return { kind: 'points', ...none, points: decision ?? '' };
}

/** The decision as the override call takes it, or null while it is not complete. */
function decisionOf(kind: Kind, points: string, codes: string[]): string | null {
  if (kind === 'points') return /^\d{1,4}$/.test(points) ? String(Number(points)) : null;
  if (kind === 'exclusion') return codes.length > 0 ? codes.join(',') : null;
  return kind;
}

interface OverrideDialogProps {
  target: OverrideTarget;
  /** The exclusions of the disclosure's catalogue version, to choose from. */
  exclusions: readonly ExclusionWording[];
  language: Language;
  onClose: () => void;
}

/**
 * The reviewer holding the claim overrides the engine's decision of one condition for one
 * benefit (requirements W-18, design §10): a decision the engine could have made, a reason from
 * the domain's list and a note; or removes the override. The engine's decision stays as it is.
 */
export function OverrideDialog({ target, exclusions, language, onClose }: OverrideDialogProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const session = useAppSelector(selectSession);
  const [send, sending] = useOverrideDecisionMutation();
  const initial = kindOf(target.current?.decision);
  const [kind, setKind] = useState<Kind>(target.current ? initial.kind : 'D');
  const [points, setPoints] = useState(initial.points);
  const [codes, setCodes] = useState<string[]>(initial.codes);
  const [reason, setReason] = useState<OverrideReason | ''>(target.current?.reason ?? '');
  const [note, setNote] = useState(target.current?.note ?? '');
  const [refusal, setRefusal] = useState<string | null>(null);
  const decision = decisionOf(kind, points, codes);

  const submit = async (remove: boolean) => {
    if (!session.id || session.version === null) return;
    setRefusal(null);
    try {
      const answer = await send({
        id: session.id,
        version: session.version,
        impairmentUuid: target.impairmentUuid,
        indicator: target.indicator,
        decision: remove ? null : decision,
        ...(!remove && reason ? { reason } : {}),
        ...(!remove && note.trim() ? { note: note.trim() } : {}),
      }).unwrap();
      dispatch(disclosureVersionChanged(answer.version));
      onClose();
    } catch (error) {
      const failure = error as ApiError;
      // A 409 (claim lapsed, changed meanwhile) is explained here; others in the snackbar.
      if (failure.kind === 'response' && failure.status === 409)
        setRefusal(failure.message ?? t('mer.review.refused'));
    }
  };

  const toggle = (code: string) =>
    setCodes((chosen) =>
      chosen.includes(code) ? chosen.filter((c) => c !== code) : [...chosen, code],
    );

  return (
    <Dialog open onClose={onClose} aria-labelledby="override-title" fullWidth maxWidth="sm">
      <DialogTitle id="override-title">{t('mer.override.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('mer.override.subtitle', {
            condition: target.condition,
            benefit: target.benefit,
            engine: target.engine,
          })}
        </DialogContentText>
        <Stack spacing={2}>
          <TextField
            select
            label={t('mer.override.kind')}
            value={kind}
            onChange={(e) => setKind(e.target.value as Kind)}
          >
            {KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`mer.override.kinds.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          {kind === 'points' && (
            <TextField
              label={t('mer.override.points')}
              value={points}
              onChange={(e) => setPoints(e.target.value.replace(/\D/g, '').slice(0, 4))}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          )}
          {kind === 'exclusion' && (
            <FormControl component="fieldset">
              <FormLabel component="legend">{t('mer.override.exclusions')}</FormLabel>
              <FormGroup>
                {exclusions.map((exclusion) => (
                  <FormControlLabel
                    key={exclusion.code}
                    control={
                      <Checkbox
                        checked={codes.includes(exclusion.code)}
                        onChange={() => toggle(exclusion.code)}
                      />
                    }
                    label={`${exclusion.code}: ${textIn(exclusion.wording, language)}`}
                  />
                ))}
              </FormGroup>
            </FormControl>
          )}
          <TextField
            select
            required
            label={t('mer.override.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value as OverrideReason)}
          >
            {OVERRIDE_REASONS.map((code) => (
              <MenuItem key={code} value={code}>
                {textIn(OVERRIDE_REASON_LABELS[code], language)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('mer.override.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={2}
            helperText={t('mer.override.noteHelp', {
              length: note.length,
              max: OVERRIDE_NOTE_MAX,
            })}
            slotProps={{ htmlInput: { maxLength: OVERRIDE_NOTE_MAX } }}
          />
          {refusal && <Alert severity="warning">{refusal}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {target.current && (
          <Button
            color="error"
            disabled={sending.isLoading}
            onClick={() => void submit(true)}
            sx={{ mr: 'auto' }}
          >
            {t('mer.override.remove')}
          </Button>
        )}
        <Button onClick={onClose}>{t('mer.common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={sending.isLoading || decision === null || reason === ''}
          onClick={() => void submit(false)}
        >
          {t('mer.override.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
