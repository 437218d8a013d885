import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateUser, CreatedUser } from '@vmer/domain/admin';
import { DialogForm, FormDialog } from '../../../components/form-dialog.tsx';
import { useNotify } from '../../../lib/use-notify.ts';
import {
  checkDraft,
  serverProblems,
  type FieldProblems,
  type PersonDraft,
} from '../people-form.ts';
import { PersonFields, useHeldInsurers } from './person-fields.tsx';

/** The embedded user's first password, shown once with a copy button and a warning. */
function FirstPassword({ name, password }: { name: string; password: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const copy = async () => {
    await navigator.clipboard.writeText(password);
    notify(t('adminPeople.password.copied'));
  };
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{t('adminPeople.password.onlyOnce')}</Alert>
      <TextField
        label={t('adminPeople.password.label')}
        value={password}
        slotProps={{
          input: {
            readOnly: true,
            sx: { fontFamily: 'monospace', fontSize: '1.1rem' },
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  aria-label={t('adminPeople.password.copy')}
                  onClick={() => void copy()}
                  edge="end"
                >
                  <ContentCopyIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
        aria-description={t('adminPeople.password.title', { name })}
      />
    </Stack>
  );
}

/**
 * Adds a person (requirements O-03, O-04): the form checked with the contract's schema, the
 * server's refusals shown by their fields, and an embedded user's first password shown once.
 * Approving an account request uses it too, pre-filled from the request.
 */
export function CreatePersonDialog({
  open,
  title,
  submitLabel,
  initial,
  onSubmit,
  onClose,
  refusal,
}: {
  open: boolean;
  title: string;
  submitLabel: string;
  initial: PersonDraft;
  /** Sends the creation; resolves with the created person, or rejects with the API error. */
  onSubmit: (user: CreateUser) => Promise<CreatedUser>;
  onClose: () => void;
  /** A message for a refusal the caller explains (e.g. a request decided meanwhile). */
  refusal?: (error: unknown) => string | null;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const choices = useHeldInsurers();
  const [draft, setDraft] = useState<PersonDraft>(initial);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<CreatedUser | null>(null);
  const [tried, setTried] = useState(false);

  const change = (next: Partial<PersonDraft>) => {
    const merged = { ...draft, ...next };
    setDraft(merged);
    if (tried) setProblems(checkDraft(merged, t).problems ?? {});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setFailure(null);
    const checked = checkDraft(draft, t);
    if (checked.problems) {
      setProblems(checked.problems);
      return;
    }
    setSaving(true);
    try {
      const answer = await onSubmit(checked.user);
      if (answer.initialPassword) setCreated(answer);
      else {
        notify(t('adminPeople.externalCreated', { name: answer.user.displayName }));
        onClose();
      }
    } catch (error) {
      const own = refusal?.(error);
      const server = serverProblems(error);
      setProblems(server.fields);
      setFailure(
        own ??
          server.message ??
          (Object.keys(server.fields).length ? null : t('adminPeople.form.failed')),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog titleId={titleId} open={open} busy={saving} onClose={onClose}>
      {created ? (
        <>
          <DialogTitle id={titleId}>
            {t('adminPeople.password.title', { name: created.user.displayName })}
          </DialogTitle>
          <DialogContent>
            <FirstPassword name={created.user.displayName} password={created.initialPassword!} />
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              {t('adminPeople.password.done')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <DialogForm
          titleId={titleId}
          title={title}
          failure={failure}
          busy={saving}
          busyLabel={t('adminPeople.form.saving')}
          submitLabel={submitLabel}
          onSubmit={submit}
          onCancel={onClose}
        >
          <PersonFields draft={draft} problems={problems} onChange={change} choices={choices} />
        </DialogForm>
      )}
    </FormDialog>
  );
}
