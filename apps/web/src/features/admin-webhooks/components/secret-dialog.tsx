import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookSecretAnswer } from '../api/webhooks-api.ts';

/**
 * A new endpoint's or a rotated signing secret, shown this once (design §13): a read-only
 * field to select, a copy button, and a plain warning that it cannot be shown again.
 */
export function SecretDialog({
  answer,
  onClose,
}: {
  answer: WebhookSecretAnswer;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const warningId = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(answer.secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={warningId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{t('adminWebhooks.secret.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning" id={warningId}>
            {t('adminWebhooks.secret.warning')}
          </Alert>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {answer.endpoint.url}
          </Typography>
          <TextField
            label={t('adminWebhooks.secret.label', { url: answer.endpoint.url })}
            value={answer.secret}
            slotProps={{
              htmlInput: {
                readOnly: true,
                spellCheck: false,
                'data-testid': 'webhook-secret',
                style: { fontFamily: 'monospace' },
              },
            }}
            onFocus={(event) => event.target.select()}
          />
          <div>
            <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
              {t('adminWebhooks.secret.copy')}
            </Button>
          </div>
          <div role="status">
            {copied && (
              <Typography variant="body2">
                {t(
                  copied === 'yes'
                    ? 'adminWebhooks.secret.copied'
                    : 'adminWebhooks.secret.copyFailed',
                )}
              </Typography>
            )}
          </div>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('adminWebhooks.secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
