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
import type { ApiError } from '../../../lib/api-client.ts';
import {
  FIELD_MAX_LENGTH,
  REQUESTABLE_ROLES,
  accountRequestBody,
  fieldOfPath,
  validateAccountRequest,
  type AccountRequest,
  type AccountRequestField,
} from '../account-request.ts';
import { useRequestAccountMutation } from '../api/account-request-api.ts';

const EMPTY: AccountRequest = { name: '', email: '', insurerCode: '', role: '', message: '' };

type ServerProblems = Partial<Record<AccountRequestField, string>>;

/** Why the server did not record the request, beyond problems with single fields. */
type Failure = 'rateLimited' | 'failed';

function BackToSignIn() {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to={paths.landing}>
      {t('accountRequest.backToSignIn')}
    </Button>
  );
}

/** Replaces the form once the request is recorded. */
function RequestSent() {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Paper
      component="section"
      aria-labelledby="account-request-sent"
      sx={{ p: { xs: 3, md: 4 }, width: '100%', maxWidth: 560 }}
    >
      <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
        <Typography
          id="account-request-sent"
          ref={heading}
          tabIndex={-1}
          component="h1"
          variant="h5"
          sx={{ fontWeight: 700, outline: 'none' }}
        >
          {t('accountRequest.sentTitle')}
        </Typography>
        <Typography role="status">{t('accountRequest.sent')}</Typography>
        <BackToSignIn />
      </Stack>
    </Paper>
  );
}

/**
 * /account-request (design §5): how access is granted, and a form recording a request for
 * the administrators. Checked here with the server's limits before it is sent; whatever the
 * server answers, nothing typed is lost.
 */
export function AccountRequestForm() {
  const { t } = useTranslation();
  const [request, setRequest] = useState<AccountRequest>(EMPTY);
  const [attempts, setAttempts] = useState(0);
  const [serverProblems, setServerProblems] = useState<ServerProblems>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [requestAccount, { isLoading, isSuccess }] = useRequestAccountMutation();
  const form = useRef<HTMLFormElement>(null);
  const problems = validateAccountRequest(request);
  const submitted = attempts > 0;

  // After a refused attempt, take the user to the first field to correct.
  useEffect(() => {
    if (attempts > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts, serverProblems]);

  if (isSuccess) return <RequestSent />;

  const message = (field: AccountRequestField): string | undefined => {
    const problem = submitted ? problems[field] : undefined;
    if (problem) return t(`accountRequest.${problem.key}`, problem.params ?? {});
    return serverProblems[field];
  };
  const fieldProps = (field: AccountRequestField) => ({
    id: `account-request-${field}`,
    name: field,
    value: request[field],
    error: message(field) !== undefined,
    helperText: message(field),
    disabled: isLoading,
    onChange: (event: { target: { value: string } }) => {
      setRequest({ ...request, [field]: event.target.value });
      setServerProblems(({ [field]: _answered, ...rest }) => rest);
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempts((count) => count + 1);
    setFailure(null);
    if (Object.keys(problems).length > 0) return;
    const answer = await requestAccount(accountRequestBody(request));
    if (!('error' in answer)) return;
    const error = answer.error as ApiError;
    const fields: ServerProblems = {};
    if (error.kind === 'response') {
      for (const { path, message: text } of error.errors) {
        const field = fieldOfPath(path);
        if (field) fields[field] = text;
      }
    }
    setServerProblems(fields);
    if (Object.keys(fields).length === 0)
      setFailure(error.kind === 'response' && error.status === 429 ? 'rateLimited' : 'failed');
  };

  return (
    <Paper
      component="section"
      aria-labelledby="account-request-title"
      sx={{ p: { xs: 3, md: 4 }, width: '100%', maxWidth: 560 }}
    >
      <Stack
        spacing={2.5}
        component="form"
        ref={form}
        noValidate
        aria-busy={isLoading}
        onSubmit={(event) => void submit(event)}
      >
        <Typography id="account-request-title" component="h1" variant="h5" sx={{ fontWeight: 700 }}>
          {t('accountRequest.title')}
        </Typography>
        <Typography>{t('accountRequest.howAccessWorks')}</Typography>
        <TextField
          label={t('accountRequest.name')}
          autoComplete="name"
          required
          slotProps={{ htmlInput: { maxLength: FIELD_MAX_LENGTH.name } }}
          {...fieldProps('name')}
        />
        <TextField
          label={t('accountRequest.email')}
          type="email"
          autoComplete="email"
          required
          slotProps={{ htmlInput: { maxLength: FIELD_MAX_LENGTH.email } }}
          {...fieldProps('email')}
        />
        <TextField
          label={t('accountRequest.insurerCode')}
          autoComplete="organization"
          required
          slotProps={{ htmlInput: { maxLength: FIELD_MAX_LENGTH.insurerCode } }}
          {...fieldProps('insurerCode')}
        />
        <TextField select label={t('accountRequest.role')} required {...fieldProps('role')}>
          {REQUESTABLE_ROLES.map((role) => (
            <MenuItem key={role} value={role}>
              {t(`accountRequest.roles.${role}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('accountRequest.message')}
          multiline
          minRows={3}
          slotProps={{ htmlInput: { maxLength: FIELD_MAX_LENGTH.message } }}
          {...fieldProps('message')}
          helperText={
            message('message') ?? t('accountRequest.messageHelp', { max: FIELD_MAX_LENGTH.message })
          }
        />
        {failure && (
          <Alert severity="error" role="alert">
            {t(`accountRequest.${failure}`)}
          </Alert>
        )}
        <Stack
          direction={{ xs: 'column-reverse', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between' }}
        >
          <BackToSignIn />
          <Button type="submit" variant="contained" loading={isLoading} loadingPosition="start">
            {isLoading ? t('accountRequest.sending') : t('accountRequest.submit')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
