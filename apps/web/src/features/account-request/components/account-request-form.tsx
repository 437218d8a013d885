import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import {
  FIELD_MAX_LENGTH,
  REQUESTABLE_ROLES,
  accountRequestMailto,
  validateAccountRequest,
  type AccountRequest,
  type AccountRequestField,
  type FieldProblem,
} from '../account-request.ts';

const EMPTY: AccountRequest = { name: '', email: '', insurer: '', role: '' };

/**
 * /account-request (DESIGN.md §5): how access is granted, and a validated request form. The
 * request reaches the administrator as an e-mail to the help desk address, written by the
 * user's own e-mail program.
 */
export function AccountRequestForm({ helpDeskEmail }: { helpDeskEmail: string | null }) {
  const { t } = useTranslation();
  const [request, setRequest] = useState<AccountRequest>(EMPTY);
  const [attempts, setAttempts] = useState(0);
  const [prepared, setPrepared] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const problems = validateAccountRequest(request);
  const submitted = attempts > 0;

  // After a refused attempt, take the user to the first field to correct.
  useEffect(() => {
    if (attempts > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts]);

  const message = (problem: FieldProblem | undefined) =>
    problem ? t(`accountRequest.${problem.key}`, problem.params ?? {}) : undefined;
  const fieldProps = (field: AccountRequestField) => ({
    name: field,
    value: request[field],
    required: true,
    error: submitted && problems[field] !== undefined,
    helperText: submitted ? message(problems[field]) : undefined,
    onChange: (event: { target: { value: string } }) =>
      setRequest({ ...request, [field]: event.target.value }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempts((count) => count + 1);
    if (Object.keys(problems).length > 0 || !helpDeskEmail) return;
    const labels = {
      name: t('accountRequest.name'),
      email: t('accountRequest.email'),
      insurer: t('accountRequest.insurer'),
      role: t('accountRequest.role'),
    };
    const roleLabel = request.role ? t(`accountRequest.roles.${request.role}`) : '';
    window.location.href = accountRequestMailto(
      helpDeskEmail,
      t('accountRequest.mailSubject'),
      request,
      labels,
      roleLabel,
    );
    setPrepared(true);
  };

  return (
    <Paper
      component="section"
      aria-labelledby="account-request-title"
      sx={{ p: { xs: 3, md: 4 }, width: '100%', maxWidth: 560 }}
    >
      <Stack spacing={2.5} component="form" ref={form} noValidate onSubmit={submit}>
        <Typography id="account-request-title" component="h1" variant="h5" sx={{ fontWeight: 700 }}>
          {t('accountRequest.title')}
        </Typography>
        <Typography>{t('accountRequest.howAccessWorks')}</Typography>
        {helpDeskEmail && (
          <Typography variant="body2" color="text.secondary">
            {t('accountRequest.formIntro', { email: helpDeskEmail })}
          </Typography>
        )}
        <TextField
          label={t('accountRequest.name')}
          autoComplete="name"
          slotProps={{ htmlInput: { maxLength: FIELD_MAX_LENGTH.name } }}
          {...fieldProps('name')}
        />
        <TextField
          label={t('accountRequest.email')}
          type="email"
          autoComplete="email"
          slotProps={{ htmlInput: { maxLength: FIELD_MAX_LENGTH.email } }}
          {...fieldProps('email')}
        />
        <TextField
          label={t('accountRequest.insurer')}
          autoComplete="organization"
          slotProps={{ htmlInput: { maxLength: FIELD_MAX_LENGTH.insurer } }}
          {...fieldProps('insurer')}
        />
        <TextField select label={t('accountRequest.role')} {...fieldProps('role')}>
          {REQUESTABLE_ROLES.map((role) => (
            <MenuItem key={role} value={role}>
              {t(`accountRequest.roles.${role}`)}
            </MenuItem>
          ))}
        </TextField>
        {prepared && (
          <Alert severity="success" role="status">
            {t('accountRequest.prepared')}
          </Alert>
        )}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between' }}
        >
          <Button component={RouterLink} to={paths.landing}>
            {t('accountRequest.backToSignIn')}
          </Button>
          <Button type="submit" variant="contained" disabled={!helpDeskEmail}>
            {t('accountRequest.submit')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
