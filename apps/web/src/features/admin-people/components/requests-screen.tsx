import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  ACCOUNT_REQUEST_STATES,
  DECLINE_REASON_MAX,
  type AccountRequestState,
  type AdminAccountRequest,
} from '@vmer/domain/admin';
import { ROLES, type Role } from '@vmer/domain/model';
import {
  CardPager,
  DescriptionLine,
  DESCRIPTION_LIST_SX,
} from '../../../components/card-parts.tsx';
import { ErrorWithAction } from '../../../components/error-with-action.tsx';
import { DialogForm, FormDialog } from '../../../components/form-dialog.tsx';
import { ScreenHeader } from '../../../components/screen-frame.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useFormatters } from '../../../lib/use-formatters.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import {
  useAccountRequestApproveMutation,
  useAccountRequestDeclineMutation,
  useAccountRequestsQuery,
} from '../api/admin-people-api.ts';
import { EMPTY_DRAFT, serverProblems, statusOf, type PersonDraft } from '../people-form.ts';
import { CreatePersonDialog } from './create-person-dialog.tsx';
import { useHeldInsurers, useRoleTitle } from './person-fields.tsx';

/** A user name suggested from a request's e-mail address (the part before @, cleaned). */
function suggestedUserName(email: string): string {
  const local = (email.split('@')[0] ?? '').replace(/[^A-Za-z0-9._-]/g, '').slice(0, 50);
  return local.length >= 3 ? local : '';
}

/** The create form pre-filled from a request: its name, e-mail, role and insurer. */
function draftOf(request: AdminAccountRequest, held: readonly string[]): PersonDraft {
  const role = ROLES.find((known) => known === request.role);
  return {
    ...EMPTY_DRAFT,
    userName: suggestedUserName(request.email),
    displayName: request.name,
    email: request.email,
    role: (role ?? '') as Role | '',
    insurers: held.includes(request.insurerCode) ? [request.insurerCode] : [],
  };
}

/** Asks for the reason of a decline (at most DECLINE_REASON_MAX characters, counted). */
function DeclineDialog({
  request,
  onClose,
}: {
  request: AdminAccountRequest;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [decline, { isLoading }] = useAccountRequestDeclineMutation();
  const length = reason.trim().length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (length === 0) return setProblem(t('adminRequests.reasonRequired'));
    if (length > DECLINE_REASON_MAX)
      return setProblem(t('adminPeople.form.tooLong', { max: DECLINE_REASON_MAX }));
    setProblem(null);
    try {
      await decline({ id: request.id, reason: reason.trim() }).unwrap();
      notify(t('adminRequests.declined'));
      onClose();
    } catch (error) {
      if (statusOf(error) === 409) return setFailure(t('adminRequests.decided'));
      const server = serverProblems(error);
      const onReason = (server.fields as Record<string, string | undefined>).reason;
      if (onReason) setProblem(onReason);
      else setFailure(server.message ?? t('adminPeople.form.failed'));
    }
  };

  return (
    <FormDialog titleId={titleId} busy={isLoading} onClose={onClose}>
      <DialogForm
        titleId={titleId}
        title={t('adminRequests.declineTitle', { name: request.name })}
        failure={failure}
        busy={isLoading}
        busyLabel={t('adminRequests.declining')}
        submitLabel={t('adminRequests.decline')}
        submitColor="error"
        onSubmit={submit}
        onCancel={onClose}
      >
        <TextField
          label={t('adminRequests.reason')}
          required
          multiline
          minRows={3}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setProblem(null);
          }}
          error={!!problem || length > DECLINE_REASON_MAX}
          helperText={problem ?? t('adminRequests.reasonHelp', { length, max: DECLINE_REASON_MAX })}
        />
      </DialogForm>
    </FormDialog>
  );
}

/**
 * /admin/account-requests (requirements O-09, O-10): pending, approved and declined requests
 * naming the administrator's insurers (and those no administrator holds); approving opens the
 * create form pre-filled from the request; declining asks a reason.
 */
export function RequestsScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('adminRequests.documentTitle'));
  const headingId = useId();
  const tabsId = useId();
  const { formatDateTime } = useFormatters();
  const roleTitle = useRoleTitle();
  const held = useHeldInsurers().map((insurer) => insurer.code);
  const [params, setParams] = useSearchParams();
  const state = (ACCOUNT_REQUEST_STATES.find((known) => known === params.get('state')) ??
    'pending') as AccountRequestState;
  const [page, setPage] = useState(1);
  const list = useAccountRequestsQuery({ state, page });
  const [approve] = useAccountRequestApproveMutation();
  const [approving, setApproving] = useState<AdminAccountRequest | null>(null);
  const [declining, setDeclining] = useState<AdminAccountRequest | null>(null);

  const answer = list.currentData;
  let results;
  if (list.isError && !answer) {
    results = (
      <ErrorWithAction
        message={t('adminRequests.failed')}
        action={t('common.retry')}
        onAction={() => void list.refetch()}
      />
    );
  } else if (!answer) {
    results = <LinearProgress aria-label={t('adminRequests.loading')} />;
  } else if (answer.items.length === 0) {
    results = (
      <Typography role="status" sx={{ py: 4, textAlign: 'center' }} color="text.secondary">
        {t('adminRequests.empty')}
      </Typography>
    );
  } else {
    results = (
      <Box>
        <Stack
          component="ul"
          aria-label={t('adminRequests.list')}
          spacing={1.5}
          sx={{ p: 0, m: 0 }}
        >
          {answer.items.map((request) => (
            <Card component="li" key={request.id} variant="outlined" sx={{ listStyle: 'none' }}>
              <CardContent>
                <Typography
                  component="h2"
                  variant="subtitle1"
                  sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                >
                  {request.name}
                </Typography>
                <Box component="dl" sx={{ ...DESCRIPTION_LIST_SX, my: 1 }}>
                  <DescriptionLine label={t('adminRequests.columns.email')}>
                    {request.email}
                  </DescriptionLine>
                  <DescriptionLine label={t('adminRequests.columns.insurer')}>
                    {request.insurerCode}
                    {!request.routed && ` (${t('adminRequests.unrouted')})`}
                  </DescriptionLine>
                  <DescriptionLine label={t('adminRequests.columns.role')}>
                    {roleTitle(request.role)}
                  </DescriptionLine>
                  {request.message && (
                    <DescriptionLine label={t('adminRequests.columns.message')}>
                      {request.message}
                    </DescriptionLine>
                  )}
                  <DescriptionLine label={t('adminRequests.columns.date')}>
                    {formatDateTime(new Date(request.createdAt))}
                  </DescriptionLine>
                  {request.state !== 'pending' && (
                    <DescriptionLine label={t('adminRequests.columns.decision')}>
                      {t('adminRequests.decidedBy', {
                        state: t(`adminRequests.tabs.${request.state}`),
                        by: request.decidedBy ?? '–',
                        at: request.decidedAt ? formatDateTime(new Date(request.decidedAt)) : '–',
                      })}
                      {request.declineReason && `: ${request.declineReason}`}
                    </DescriptionLine>
                  )}
                </Box>
                {request.state === 'pending' && (
                  <Stack direction="row" spacing={1}>
                    <Button
                      variant="contained"
                      size="small"
                      aria-label={t('adminRequests.approveOf', { name: request.name })}
                      onClick={() => setApproving(request)}
                    >
                      {t('adminRequests.approve')}
                    </Button>
                    <Button
                      variant="outlined"
                      color="error"
                      size="small"
                      aria-label={t('adminRequests.declineOf', { name: request.name })}
                      onClick={() => setDeclining(request)}
                    >
                      {t('adminRequests.decline')}
                    </Button>
                  </Stack>
                )}
              </CardContent>
            </Card>
          ))}
        </Stack>
        {(page > 1 || answer.hasMore) && (
          <CardPager
            pageLabel={t('adminRequests.page', { page })}
            labels={{ previous: t('adminRequests.previous'), next: t('adminRequests.next') }}
            previousDisabled={page <= 1}
            nextDisabled={!answer.hasMore}
            onPrevious={() => setPage(page - 1)}
            onNext={() => setPage(page + 1)}
          />
        )}
      </Box>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ width: '100%', maxWidth: 960 }}>
      <ScreenHeader headingId={headingId} title={t('adminRequests.title')} />
      <Tabs
        value={state}
        onChange={(_event, value: AccountRequestState) => {
          setPage(1);
          setParams(value === 'pending' ? {} : { state: value });
        }}
        aria-label={t('adminRequests.tabs.label')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {ACCOUNT_REQUEST_STATES.map((value) => (
          <Tab
            key={value}
            value={value}
            label={t(`adminRequests.tabs.${value}`)}
            id={`${tabsId}-${value}`}
            aria-controls={`${tabsId}-panel`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${state}`}>
        {results}
      </Box>
      {approving && (
        <CreatePersonDialog
          open
          title={t('adminPeople.form.approveTitle', { name: approving.name })}
          submitLabel={t('adminPeople.form.approve')}
          initial={draftOf(approving, held)}
          onSubmit={async (user) => await approve({ id: approving.id, user }).unwrap()}
          refusal={(error) => (statusOf(error) === 409 ? t('adminRequests.decided') : null)}
          onClose={() => setApproving(null)}
        />
      )}
      {declining && <DeclineDialog request={declining} onClose={() => setDeclining(null)} />}
    </Box>
  );
}
