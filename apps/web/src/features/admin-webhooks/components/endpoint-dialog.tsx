import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@vmer/domain/webhooks';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm, FormDialog } from '../../../components/form-dialog.tsx';
import type { ApiError } from '../../../lib/api-client.ts';
import {
  useCreateWebhookMutation,
  useUpdateWebhookMutation,
  type WebhookSecretAnswer,
} from '../api/webhooks-api.ts';

/**
 * The form of a new endpoint or of a change to one (requirements N-02): its URL, the events
 * it hears of, a description and whether it is enabled. The server's word on a field (its 400,
 * in the user's language) shows beside the field and takes the focus.
 */
export function EndpointDialog({
  endpoint,
  insurers,
  onCreated,
  onSaved,
  onClose,
}: {
  /** The endpoint to change; none for a new one. */
  endpoint: WebhookEndpoint | null;
  insurers: readonly string[];
  onCreated: (answer: WebhookSecretAnswer) => void;
  onSaved: (url: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const form = useRef<HTMLDivElement>(null);
  const [insurer, setInsurer] = useState(endpoint?.insurer ?? insurers[0] ?? '');
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.events ?? [...WEBHOOK_EVENTS]);
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const [fields, setFields] = useState<Map<string, string>>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const [create, creating] = useCreateWebhookMutation();
  const [update, updating] = useUpdateWebhookMutation();
  const busy = creating.isLoading || updating.isLoading;

  useEffect(() => {
    if (attempts > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts]);

  const toggle = (event: WebhookEventType, on: boolean) =>
    setEvents((current) =>
      WEBHOOK_EVENTS.filter((known) => (known === event ? on : current.includes(known))),
    );

  const submit = async (submitted: FormEvent) => {
    submitted.preventDefault();
    const own = new Map<string, string>();
    if (url.trim() === '') own.set('url', t('adminWebhooks.form.urlRequired'));
    if (events.length === 0) own.set('events', t('adminWebhooks.form.eventsRequired'));
    setFailure(null);
    setFields(own);
    setAttempts((count) => count + 1);
    if (own.size > 0) return;
    const answer = endpoint
      ? await update({ id: endpoint.id, change: { url, events, description, enabled } })
      : await create({ insurer, url, events, description });
    if (!('error' in answer)) {
      if (endpoint) onSaved(url.trim());
      else onCreated(answer.data as WebhookSecretAnswer);
      return;
    }
    const error = answer.error as ApiError;
    const server = new Map<string, string>();
    const other: string[] = [];
    if (error.kind === 'response') {
      for (const { path, message } of error.errors) {
        const field = path.split('.')[0] ?? '';
        if (['insurer', 'url', 'events', 'description', 'enabled'].includes(field)) {
          if (!server.has(field)) server.set(field, message);
        } else other.push(message);
      }
    }
    setFields(server);
    setFailure(
      server.size > 0 && other.length === 0
        ? null
        : ((other.join(' ') || error.message) ?? t('adminWebhooks.form.refused')),
    );
    setAttempts((count) => count + 1);
  };

  const eventsHelp = fields.get('events');
  return (
    <FormDialog titleId={titleId} busy={busy} onClose={onClose}>
      <DialogForm
        titleId={titleId}
        title={t(endpoint ? 'adminWebhooks.form.editTitle' : 'adminWebhooks.form.addTitle')}
        failure={failure}
        busy={busy}
        busyLabel={t('adminWebhooks.form.saving')}
        submitLabel={t('adminWebhooks.form.save')}
        onSubmit={submit}
        onCancel={onClose}
      >
        <div ref={form} style={{ display: 'contents' }}>
          {!endpoint && insurers.length > 1 && (
            <TextField
              select
              label={t('adminWebhooks.form.insurer')}
              value={insurer}
              onChange={(change) => setInsurer(change.target.value)}
              error={fields.has('insurer')}
              helperText={fields.get('insurer')}
              disabled={busy}
            >
              {insurers.map((code) => (
                <MenuItem key={code} value={code}>
                  {code.toUpperCase()}
                </MenuItem>
              ))}
            </TextField>
          )}
          {!endpoint && insurers.length <= 1 && fields.has('insurer') && (
            <FormHelperText error>{fields.get('insurer')}</FormHelperText>
          )}
          <TextField
            label={t('adminWebhooks.form.url')}
            value={url}
            onChange={(change) => {
              setUrl(change.target.value);
              setFields((current) => new Map([...current].filter(([key]) => key !== 'url')));
            }}
            required
            type="url"
            autoComplete="url"
            autoFocus
            error={fields.has('url')}
            helperText={fields.get('url') ?? t('adminWebhooks.form.urlHelp')}
            disabled={busy}
            slotProps={{ htmlInput: { maxLength: WEBHOOK_URL_MAX, spellCheck: false } }}
          />
          <FormControl component="fieldset" error={eventsHelp !== undefined} disabled={busy}>
            <FormLabel component="legend">{t('adminWebhooks.form.events')}</FormLabel>
            <FormGroup>
              {WEBHOOK_EVENTS.map((event) => (
                <FormControlLabel
                  key={event}
                  control={
                    <Checkbox
                      checked={events.includes(event)}
                      onChange={(change) => toggle(event, change.target.checked)}
                      slotProps={{
                        input: { 'aria-invalid': eventsHelp !== undefined || undefined },
                      }}
                    />
                  }
                  label={t(`adminWebhooks.event.${event}`)}
                />
              ))}
            </FormGroup>
            {eventsHelp && <FormHelperText>{eventsHelp}</FormHelperText>}
          </FormControl>
          <TextField
            label={t('adminWebhooks.form.description')}
            value={description}
            onChange={(change) => setDescription(change.target.value)}
            error={fields.has('description')}
            helperText={fields.get('description')}
            disabled={busy}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: WEBHOOK_DESCRIPTION_MAX } }}
          />
          {endpoint && (
            <FormControlLabel
              control={
                <Switch
                  checked={enabled}
                  onChange={(change) => setEnabled(change.target.checked)}
                  disabled={busy}
                />
              }
              label={t('adminWebhooks.form.enabled')}
            />
          )}
        </div>
      </DialogForm>
    </FormDialog>
  );
}
