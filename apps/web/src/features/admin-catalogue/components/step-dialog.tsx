import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormDialog } from '../../../components/form-dialog.tsx';
import type { ApiError } from '../../../lib/api-client.ts';

/** What a step's dialog collects: a note, and when to activate (null: at once). */
export interface StepInput {
  note: string;
  activateAt: string | null;
}

/** The server's own words for a refusal (already in the reader's language), or a general one. */
function refusalText(error: unknown, fallback: string): string {
  const failure = error as ApiError | undefined;
  if (failure?.kind === 'response' && failure.message) {
    const details = failure.errors.map((item) => item.message).filter(Boolean);
    return [failure.message, ...details].join(' ');
  }
  return fallback;
}

/**
 * A confirmation of one studio step (requirements K-03, K-11): what it does in words, a note
 * when the step takes one, a choice of at once or at a date and time when it activates, and the
 * server's refusal beside the fields. Closes only once the step succeeded.
 */
export function StepDialog({
  title,
  text,
  submitLabel,
  destructive = false,
  note,
  schedule = false,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  submitLabel: string;
  destructive?: boolean;
  /** A note field: required or optional, and its label. */
  note?: { label: string; required: boolean };
  schedule?: boolean;
  /** Performs the step; throws the API error when refused. */
  onConfirm: (input: StepInput) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [noteText, setNoteText] = useState('');
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [noteMissing, setNoteMissing] = useState(false);
  const [atMissing, setAtMissing] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missingNote = Boolean(note?.required) && noteText.trim() === '';
    const activateAt = schedule && when === 'later' && at ? new Date(at) : null;
    const missingAt =
      schedule && when === 'later' && (!activateAt || Number.isNaN(activateAt.getTime()));
    setNoteMissing(missingNote);
    setAtMissing(missingAt);
    if (missingNote || missingAt) return;
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm({ note: noteText.trim(), activateAt: activateAt?.toISOString() ?? null });
      onClose();
    } catch (error) {
      setFailure(refusalText(error, t('adminCatalogue.studio.stepFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog titleId={titleId} busy={busy} onClose={onClose}>
      <DialogForm
        titleId={titleId}
        title={title}
        failure={failure}
        busy={busy}
        busyLabel={t('common.loading')}
        submitLabel={submitLabel}
        {...(destructive ? { submitColor: 'error' as const } : {})}
        onSubmit={submit}
        onCancel={onClose}
      >
        <Typography>{text}</Typography>
        {note && (
          <TextField
            label={note.label}
            value={noteText}
            onChange={(event) => setNoteText(event.target.value)}
            required={note.required}
            error={noteMissing}
            helperText={noteMissing ? t('adminCatalogue.studio.noteRequired') : undefined}
            multiline
            minRows={2}
            autoFocus
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        )}
        {schedule && (
          <RadioGroup
            aria-label={t('adminCatalogue.studio.whenLabel')}
            value={when}
            onChange={(event) => setWhen(event.target.value as 'now' | 'later')}
          >
            <FormControlLabel
              value="now"
              control={<Radio />}
              label={t('adminCatalogue.studio.activateNow')}
            />
            <FormControlLabel
              value="later"
              control={<Radio />}
              label={t('adminCatalogue.studio.activateLater')}
            />
          </RadioGroup>
        )}
        {schedule && when === 'later' && (
          <TextField
            type="datetime-local"
            label={t('adminCatalogue.studio.activateAt')}
            value={at}
            onChange={(event) => setAt(event.target.value)}
            required
            error={atMissing}
            helperText={atMissing ? t('adminCatalogue.studio.activateAtRequired') : undefined}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
      </DialogForm>
    </FormDialog>
  );
}
