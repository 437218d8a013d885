import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { updateUserSchema, type AdminUser } from '@vmer/domain/admin';
import type { Role } from '@vmer/domain/model';
import { DialogForm, FormDialog } from '../../../components/form-dialog.tsx';
import { useNotify } from '../../../lib/use-notify.ts';
import { useAdminUserUpdateMutation } from '../api/admin-people-api.ts';
import { serverProblems, statusOf, type FieldProblems } from '../people-form.ts';
import {
  InsurersField,
  RoleField,
  useAdministratorName,
  useHeldInsurers,
} from './person-fields.tsx';

interface EditDraft {
  displayName: string;
  email: string;
  role: Role | '';
  insurers: string[];
  active: boolean;
}

/** Asks before deactivating: the person loses access at their next action. */
function ConfirmDeactivate({
  name,
  open,
  onConfirm,
  onCancel,
}: {
  name: string;
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('adminPeople.form.deactivateTitle', { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('adminPeople.form.deactivateText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm}>
          {t('adminPeople.form.deactivate')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Changes a person (requirements O-05..O-07): name and e-mail always; role, insurers and
 * activation as the rights rules allow, each control that may not change disabled with the
 * reason beside it; a change made meanwhile by someone else is explained (409).
 */
export function EditPersonDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const choices = useHeldInsurers();
  const self = useAdministratorName() === user.userName && user.signIn === 'embedded';
  const [draft, setDraft] = useState<EditDraft>({
    displayName: user.displayName,
    email: user.email ?? '',
    role: user.role ?? '',
    insurers: user.insurers,
    active: user.active,
  });
  const [problems, setProblems] = useState<FieldProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [update, { isLoading }] = useAdminUserUpdateMutation();

  const ownAccount = self || (!user.manageable && user.otherInsurers === 0);
  const roleLocked = ownAccount || !user.manageable;
  const lockReason = ownAccount
    ? t('adminPeople.form.ownAccount')
    : !user.manageable
      ? t('adminPeople.form.notManageable', { count: user.otherInsurers })
      : undefined;

  const change = (next: Partial<EditDraft>) => setDraft((current) => ({ ...current, ...next }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const body = {
      ...(draft.displayName !== user.displayName ? { displayName: draft.displayName } : {}),
      ...(draft.email !== (user.email ?? '') ? { email: draft.email.trim() || null } : {}),
      ...(!roleLocked && draft.role && draft.role !== user.role ? { role: draft.role } : {}),
      ...(!ownAccount && draft.insurers.join() !== user.insurers.join()
        ? { insurers: draft.insurers }
        : {}),
      ...(!roleLocked && draft.active !== user.active ? { active: draft.active } : {}),
      updatedAt: user.updatedAt,
    };
    const parsed = updateUserSchema.safeParse(body);
    if (!parsed.success) {
      const local: FieldProblems = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof FieldProblems;
        local[field] ??=
          issue.message === 'email_invalid'
            ? t('accountRequest.invalidEmail')
            : field === 'displayName' && !draft.displayName.trim()
              ? t('adminPeople.form.required')
              : t('adminPeople.form.invalid');
      }
      setProblems(local);
      return;
    }
    if (draft.insurers.length === 0 && user.otherInsurers === 0 && !ownAccount) {
      setProblems({ insurers: t('adminPeople.form.pickInsurer') });
      return;
    }
    setProblems({});
    try {
      await update({ subject: user.subject, change: parsed.data }).unwrap();
      notify(t('adminPeople.form.saved'));
      onClose();
    } catch (error) {
      if (statusOf(error) === 409) {
        setFailure(t('adminPeople.form.conflict'));
        return;
      }
      const server = serverProblems(error);
      setProblems(server.fields);
      setFailure(
        server.message ?? (Object.keys(server.fields).length ? null : t('adminPeople.form.failed')),
      );
    }
  };

  return (
    <FormDialog titleId={titleId} busy={isLoading} onClose={onClose}>
      <DialogForm
        titleId={titleId}
        title={t('adminPeople.form.editTitle', { name: user.displayName })}
        failure={failure}
        busy={isLoading}
        busyLabel={t('adminPeople.form.saving')}
        submitLabel={t('adminPeople.form.save')}
        onSubmit={submit}
        onCancel={onClose}
      >
        <TextField
          label={t('adminPeople.form.displayName')}
          required
          value={draft.displayName}
          onChange={(event) => change({ displayName: event.target.value })}
          error={!!problems.displayName}
          helperText={problems.displayName}
        />
        <TextField
          label={t('adminPeople.form.email')}
          type="email"
          value={draft.email}
          onChange={(event) => change({ email: event.target.value })}
          error={!!problems.email}
          helperText={problems.email}
        />
        <RoleField
          value={draft.role}
          onChange={(role) => change({ role })}
          disabled={roleLocked}
          error={problems.role}
          help={lockReason}
        />
        <InsurersField
          value={draft.insurers}
          onChange={(insurers) => change({ insurers })}
          choices={choices}
          disabled={ownAccount}
          error={problems.insurers}
          help={
            ownAccount
              ? t('adminPeople.form.ownAccount')
              : user.otherInsurers > 0
                ? t('adminPeople.form.otherInsurersKept', { count: user.otherInsurers })
                : undefined
          }
        />
        <div>
          <FormControlLabel
            control={
              <Switch
                checked={draft.active}
                disabled={roleLocked}
                onChange={(event) =>
                  event.target.checked ? change({ active: true }) : setConfirming(true)
                }
              />
            }
            label={t('adminPeople.form.active')}
          />
          {lockReason && <FormHelperText>{lockReason}</FormHelperText>}
        </div>
      </DialogForm>
      <ConfirmDeactivate
        name={user.displayName}
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          change({ active: false });
        }}
      />
    </FormDialog>
  );
}
