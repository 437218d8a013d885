import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { WebhookDelivery, WebhookEndpoint } from '@vmer/domain/webhooks';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorWithAction } from '../../../components/error-with-action.tsx';
import type { ApiError } from '../../../lib/api-client.ts';
import { useFormatters } from '../../../lib/use-formatters.ts';
import { useResendDeliveryMutation, useWebhookDeliveriesQuery } from '../api/webhooks-api.ts';

const COLUMNS = [
  'created',
  'event',
  'disclosure',
  'state',
  'attempts',
  'status',
  'next',
  'actions',
] as const;

/**
 * An endpoint's delivery log, newest first, a page at a time (requirements N-03, N-04): what
 * was sent, how often, the last status answered, when it is tried next, and Resend on a
 * delivered or dead one. A resend refused while pending (409) is said on the log.
 */
export function DeliveriesDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { formatDateTime } = useFormatters();
  const titleId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const { data, isLoading, isFetching, isError, refetch } = useWebhookDeliveriesQuery({
    id: endpoint.id,
    ...(cursor ? { cursor } : {}),
  });
  const [resend, resending] = useResendDeliveryMutation();
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; key: string } | null>(null);
  const empty = t('adminWebhooks.log.noStatus');
  const caption = t('adminWebhooks.log.caption');

  const sendAgain = async (delivery: WebhookDelivery) => {
    setNotice(null);
    const answer = await resend({ id: endpoint.id, deliveryId: delivery.id });
    if (!('error' in answer)) {
      setNotice({ severity: 'success', key: 'adminWebhooks.log.resent' });
      return;
    }
    const error = answer.error as ApiError;
    setNotice({
      severity: 'error',
      key:
        error.kind === 'response' && error.status === 409
          ? 'adminWebhooks.log.pending'
          : 'adminWebhooks.actionFailed',
    });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      fullScreen={phone}
      maxWidth="lg"
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {t('adminWebhooks.log.title', { url: endpoint.url })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {(isLoading || isFetching) && <LinearProgress aria-label={t('common.loading')} />}
          <div role="status">
            {notice && <Alert severity={notice.severity}>{t(notice.key)}</Alert>}
          </div>
          {isError && (
            <ErrorWithAction
              message={t('adminWebhooks.log.loadFailed')}
              action={t('common.retry')}
              onAction={() => void refetch()}
            />
          )}
          {data && data.items.length === 0 && (
            <Typography>{t('adminWebhooks.log.none')}</Typography>
          )}
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
                <Table size="small" sx={{ minWidth: 900 }}>
                  <caption style={{ captionSide: 'top', fontWeight: 600, padding: '8px 16px' }}>
                    {caption}
                  </caption>
                  <TableHead>
                    <TableRow>
                      {COLUMNS.map((column) => (
                        <TableCell key={column} scope="col" sx={{ whiteSpace: 'nowrap' }}>
                          {t(`adminWebhooks.log.column.${column}`)}
                        </TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.items.map((delivery) => (
                      <TableRow key={delivery.id} data-delivery={delivery.id}>
                        <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                          {formatDateTime(new Date(delivery.createdAt))}
                        </TableCell>
                        <TableCell>{t(`adminWebhooks.event.${delivery.event}`)}</TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>
                          {delivery.disclosureId}
                        </TableCell>
                        <TableCell>{t(`adminWebhooks.log.state.${delivery.state}`)}</TableCell>
                        <TableCell>{delivery.attempts}</TableCell>
                        <TableCell>{delivery.lastStatus ?? empty}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {delivery.nextAttemptAt
                            ? formatDateTime(new Date(delivery.nextAttemptAt))
                            : empty}
                        </TableCell>
                        <TableCell>
                          {delivery.state !== 'pending' && (
                            <Button
                              size="small"
                              variant="outlined"
                              disabled={resending.isLoading}
                              aria-label={t('adminWebhooks.log.resendLabel', { id: delivery.id })}
                              onClick={() => void sendAgain(delivery)}
                            >
                              {t('adminWebhooks.log.resend')}
                            </Button>
                          )}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {cursors.length > 0 && (
          <Button onClick={() => setCursors([])}>{t('adminWebhooks.log.newest')}</Button>
        )}
        {data?.nextCursor && (
          <Button onClick={() => setCursors((current) => [...current, data.nextCursor ?? ''])}>
            {t('adminWebhooks.log.older')}
          </Button>
        )}
        <Button variant="contained" onClick={onClose}>
          {t('adminWebhooks.log.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
