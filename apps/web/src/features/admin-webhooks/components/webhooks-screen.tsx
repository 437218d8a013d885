import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { WebhookEndpoint } from '@vmer/domain/webhooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorWithAction } from '../../../components/error-with-action.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useFormatters } from '../../../lib/use-formatters.ts';
import {
  useDeleteWebhookMutation,
  useRotateWebhookMutation,
  useWebhookInsurersQuery,
  useWebhooksQuery,
  type WebhookSecretAnswer,
} from '../api/webhooks-api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { DeliveriesDialog } from './deliveries-dialog.tsx';
import { EndpointDialog } from './endpoint-dialog.tsx';
import { SecretDialog } from './secret-dialog.tsx';

const COLUMNS = [
  'url',
  'insurer',
  'events',
  'enabled',
  'description',
  'created',
  'actions',
] as const;

type Open =
  | { kind: 'add' }
  | { kind: 'edit' | 'rotate' | 'remove' | 'log'; endpoint: WebhookEndpoint }
  | { kind: 'secret'; answer: WebhookSecretAnswer };

/**
 * /admin/webhooks (requirements N-02 to N-04): the endpoints of the administrator's insurers
 * in a table, each to change, give a new secret, delete or read its delivery log; and a new
 * one to add, whose secret is shown once.
 */
export function WebhooksScreen() {
  const { t } = useTranslation();
  const { formatDateTime } = useFormatters();
  useDocumentTitle(t('adminWebhooks.documentTitle'));
  const { data, isLoading, isFetching, isError, refetch } = useWebhooksQuery();
  const insurers = useWebhookInsurersQuery();
  const [rotate, rotating] = useRotateWebhookMutation();
  const [remove, removing] = useDeleteWebhookMutation();
  const [open, setOpen] = useState<Open | null>(null);
  const [notice, setNotice] = useState<{
    severity: 'success' | 'error';
    key: string;
    url?: string;
  } | null>(null);
  const status = useRef<HTMLDivElement>(null);
  const caption = t('adminWebhooks.listCaption');
  const empty = '—';

  useEffect(() => {
    if (notice) status.current?.focus();
  }, [notice]);

  const close = () => setOpen(null);

  const confirmRotate = async (endpoint: WebhookEndpoint) => {
    const answer = await rotate(endpoint.id);
    if ('error' in answer) {
      setOpen(null);
      setNotice({ severity: 'error', key: 'adminWebhooks.actionFailed' });
    } else setOpen({ kind: 'secret', answer: answer.data });
  };

  const confirmRemove = async (endpoint: WebhookEndpoint) => {
    const answer = await remove(endpoint.id);
    setOpen(null);
    setNotice(
      'error' in answer
        ? { severity: 'error', key: 'adminWebhooks.actionFailed' }
        : { severity: 'success', key: 'adminWebhooks.removed', url: endpoint.url },
    );
  };

  return (
    <Stack spacing={2} sx={{ width: '100%', maxWidth: 1200, mx: 'auto', minWidth: 0 }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
        {t('adminWebhooks.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('adminWebhooks.intro')}
      </Typography>
      {(isLoading || isFetching) && <LinearProgress aria-label={t('common.loading')} />}
      {isError && (
        <ErrorWithAction
          message={t('adminWebhooks.loadFailed')}
          action={t('common.retry')}
          onAction={() => void refetch()}
        />
      )}
      {notice && (
        <Alert
          severity={notice.severity}
          role="status"
          ref={status}
          tabIndex={-1}
          onClose={() => setNotice(null)}
        >
          {t(notice.key, { url: notice.url })}
        </Alert>
      )}
      {data && (
        <Box>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => {
              setNotice(null);
              setOpen({ kind: 'add' });
            }}
            disabled={!insurers.data || insurers.data.length === 0}
          >
            {t('adminWebhooks.add')}
          </Button>
        </Box>
      )}
      {data && data.items.length === 0 && <Typography>{t('adminWebhooks.none')}</Typography>}
      {data && data.items.length > 0 && (
        <>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: { xs: 'block', md: 'none' } }}
          >
            {t('adminWebhooks.scrollHint')}
          </Typography>
          <TableContainer
            tabIndex={0}
            role="region"
            aria-label={caption}
            sx={{
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
            }}
          >
            <Table size="small" sx={{ minWidth: 980 }}>
              <caption style={{ captionSide: 'top', fontWeight: 600, padding: '8px 16px' }}>
                {caption}
              </caption>
              <TableHead>
                <TableRow>
                  {COLUMNS.map((column) => (
                    <TableCell key={column} scope="col" sx={{ whiteSpace: 'nowrap' }}>
                      {t(`adminWebhooks.column.${column}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.items.map((endpoint) => (
                  <TableRow key={endpoint.id} data-endpoint={endpoint.id}>
                    <TableCell
                      component="th"
                      scope="row"
                      sx={{
                        fontWeight: 600,
                        minWidth: 180,
                        maxWidth: 320,
                        overflowWrap: 'anywhere',
                      }}
                    >
                      {endpoint.url}
                    </TableCell>
                    <TableCell>{endpoint.insurer.toUpperCase()}</TableCell>
                    <TableCell sx={{ minWidth: 160 }}>
                      {endpoint.events.map((event) => (
                        <div key={event}>{t(`adminWebhooks.event.${event}`)}</div>
                      ))}
                    </TableCell>
                    <TableCell>
                      {t(endpoint.enabled ? 'adminWebhooks.yes' : 'adminWebhooks.no')}
                    </TableCell>
                    <TableCell sx={{ minWidth: 140, maxWidth: 260, overflowWrap: 'anywhere' }}>
                      {endpoint.description || empty}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(new Date(endpoint.createdAt))}
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1} sx={{ flexWrap: 'nowrap' }}>
                        {(
                          [
                            ['log', 'deliveries', 'deliveriesLabel'],
                            ['edit', 'edit', 'editLabel'],
                            ['rotate', 'rotate', 'rotateLabel'],
                            ['remove', 'remove', 'removeLabel'],
                          ] as const
                        ).map(([kind, label, longLabel]) => (
                          <Button
                            key={kind}
                            size="small"
                            variant="outlined"
                            color={kind === 'remove' ? 'error' : 'primary'}
                            sx={{ whiteSpace: 'nowrap' }}
                            aria-label={t(`adminWebhooks.${longLabel}`, { url: endpoint.url })}
                            onClick={() => {
                              setNotice(null);
                              setOpen({ kind, endpoint });
                            }}
                          >
                            {t(`adminWebhooks.${label}`)}
                          </Button>
                        ))}
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
      {(open?.kind === 'add' || open?.kind === 'edit') && (
        <EndpointDialog
          endpoint={open.kind === 'edit' ? open.endpoint : null}
          insurers={insurers.data ?? []}
          onCreated={(answer) => setOpen({ kind: 'secret', answer })}
          onSaved={(url) => {
            setOpen(null);
            setNotice({ severity: 'success', key: 'adminWebhooks.saved', url });
          }}
          onClose={close}
        />
      )}
      {open?.kind === 'secret' && <SecretDialog answer={open.answer} onClose={close} />}
      {open?.kind === 'rotate' && (
        <ConfirmDialog
          title={t('adminWebhooks.confirmRotate.title')}
          text={t('adminWebhooks.confirmRotate.text', { url: open.endpoint.url })}
          confirm={t('adminWebhooks.confirmRotate.confirm')}
          busy={rotating.isLoading}
          onConfirm={() => void confirmRotate(open.endpoint)}
          onClose={close}
        />
      )}
      {open?.kind === 'remove' && (
        <ConfirmDialog
          title={t('adminWebhooks.confirmRemove.title')}
          text={t('adminWebhooks.confirmRemove.text', { url: open.endpoint.url })}
          confirm={t('adminWebhooks.confirmRemove.confirm')}
          busy={removing.isLoading}
          onConfirm={() => void confirmRemove(open.endpoint)}
          onClose={close}
        />
      )}
      {open?.kind === 'log' && <DeliveriesDialog endpoint={open.endpoint} onClose={close} />}
    </Stack>
  );
}
