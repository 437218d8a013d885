import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import type { AdminInsurer } from '@vmer/domain/admin';
import { checkInsurer } from '@vmer/domain/insurer-check';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TitledSection } from '../../../components/titled-section.tsx';
import type { ApiError } from '../../../lib/api-client.ts';
import { useSaveInsurerMutation, type SavedInsurer } from '../api/admin-insurers-api.ts';
import { newChannel, newProduct, serverMessages, type Channel } from '../insurer-draft.ts';
import {
  CodeField,
  NameFields,
  ProductFields,
  type ConditionChoice,
  type FieldContext,
} from './product-fields.tsx';

/** The refusal of the last save: messages by field, other problems, or the 409's message. */
interface Refusal {
  fields: Map<string, string>;
  other: string[];
  stale: string | null;
}

function ChannelFields({
  channel,
  path,
  conditions,
  context,
  onChange,
  onRemove,
}: {
  channel: Channel;
  path: string;
  conditions: readonly ConditionChoice[];
  context: FieldContext;
  onChange: (channel: Channel) => void;
  onRemove: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const productsMessage = context.messages.get(`${path}.products`);
  const code = channel.code || '…';
  const setProduct = (index: number, product: Channel['products'][number]) =>
    onChange({ ...channel, products: channel.products.map((p, i) => (i === index ? product : p)) });
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography id={titleId} component="h4" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('adminInsurers.channelTitle', { code: code.toUpperCase() })}
        </Typography>
        {onRemove && (
          <IconButton
            aria-label={t('adminInsurers.removeChannel', { code: code.toUpperCase() })}
            disabled={context.disabled}
            onClick={onRemove}
          >
            <DeleteIcon />
          </IconButton>
        )}
      </Stack>
      <Stack spacing={2}>
        <CodeField
          label={t('adminInsurers.channelCode')}
          value={channel.code}
          path={`${path}.code`}
          context={context}
          onChange={(code) => onChange({ ...channel, code })}
        />
        {channel.products.map((product, index) => (
          <ProductFields
            // Products have no identity but their place while being edited.
            key={index}
            product={product}
            path={`${path}.products.${index}`}
            conditions={conditions}
            context={context}
            onChange={(changed) => setProduct(index, changed)}
            onRemove={
              channel.products.length > 1
                ? () =>
                    onChange({
                      ...channel,
                      products: channel.products.filter((_p, i) => i !== index),
                    })
                : undefined
            }
          />
        ))}
        {productsMessage && <FormHelperText error>{productsMessage}</FormHelperText>}
        <Box>
          <Button
            startIcon={<AddIcon />}
            disabled={context.disabled}
            onClick={() => onChange({ ...channel, products: [...channel.products, newProduct()] })}
          >
            {t('adminInsurers.addProduct')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

/**
 * The editor of one insurer (requirements O-11): names in both languages, the smoking list,
 * the last-age option, the print cover, and its channels and products with the conditions
 * they offer. Checked as the server checks it (checkInsurer) once a save is tried; saving asks
 * for confirmation, since it makes and activates a new catalogue version.
 */
export function InsurerEditor({
  original,
  creating,
  catalogVersion,
  conditions,
  takenCodes,
  onSaved,
  onStale,
}: {
  original: AdminInsurer;
  creating: boolean;
  catalogVersion: string;
  conditions: readonly ConditionChoice[];
  /** The codes a new insurer may not have: those the administrator sees (the server knows all). */
  takenCodes: readonly string[];
  onSaved: (saved: SavedInsurer) => void;
  /** Reloads the insurers after a 409 (the catalogue changed meanwhile). */
  onStale: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(original);
  const [attempts, setAttempts] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [saveInsurer, { isLoading: saving }] = useSaveInsurerMutation();
  const form = useRef<HTMLFormElement>(null);
  const smokingId = useId();
  const confirmId = useId();
  const conditionUuids = useMemo(() => new Set(conditions.map((c) => c.uuid)), [conditions]);
  const issues = checkInsurer(draft, {
    conditions: conditionUuids,
    ...(creating ? { takenCodes: new Set(takenCodes) } : {}),
  });
  const changed = JSON.stringify(draft) !== JSON.stringify(original);

  // The server's word on a field first; the checks' once a save was tried.
  const messages = new Map<string, string>(refusal?.fields);
  if (attempts > 0) {
    for (const issue of issues) {
      if (!messages.has(issue.path)) messages.set(issue.path, t(issue.code, issue.params ?? {}));
    }
  }
  const context: FieldContext = { messages, disabled: saving };

  // After a refused attempt, take the user to the first field to correct.
  useEffect(() => {
    if (attempts > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts, refusal]);

  const edit = (change: Partial<AdminInsurer>) => {
    setDraft((current) => ({ ...current, ...change }));
    setRefusal((current) => current && { ...current, fields: new Map() });
  };
  const setChannel = (index: number, channel: Channel) =>
    edit({ channels: draft.channels.map((c, i) => (i === index ? channel : c)) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempts((count) => count + 1);
    setRefusal(null);
    if (issues.length === 0) setConfirming(true);
  };

  const save = async () => {
    setConfirming(false);
    const answer = await saveInsurer({ insurer: draft, catalogVersion, creating });
    if (!('error' in answer)) {
      onSaved(answer.data);
      return;
    }
    const error = answer.error as ApiError;
    if (error.kind === 'response' && error.status === 409) {
      setRefusal({
        fields: new Map(),
        other: [],
        stale: error.message ?? t('adminInsurers.refused'),
      });
      return;
    }
    const { fields, other } =
      error.kind === 'response'
        ? serverMessages(error.errors)
        : { fields: new Map<string, string>(), other: [] };
    // A refusal naming no field still says what the server said.
    const said = error.message ?? t('adminInsurers.refused');
    setRefusal({ fields, other: other.length || fields.size ? other : [said], stale: null });
    setAttempts((count) => count + 1);
  };

  const name = draft.code.toUpperCase() || t('adminInsurers.newInsurer');
  const codeMessage = messages.get('code');
  return (
    <Box component="form" ref={form} noValidate aria-busy={saving} onSubmit={submit}>
      <Stack spacing={3}>
        {creating && (
          <TextField
            label={t('adminInsurers.insurerCode')}
            value={draft.code}
            size="small"
            required
            disabled={saving}
            error={codeMessage !== undefined}
            helperText={codeMessage ?? t('adminInsurers.insurerCodeHelp')}
            sx={{ maxWidth: { sm: 320 } }}
            slotProps={{ htmlInput: { maxLength: 30, spellCheck: false } }}
            onChange={(event) => edit({ code: event.target.value.trim() })}
          />
        )}
        <TitledSection title={t('adminInsurers.names')}>
          <NameFields
            name={draft.name}
            path="name"
            context={context}
            onChange={(value) => edit({ name: value })}
          />
        </TitledSection>
        <TitledSection title={t('adminInsurers.options')}>
          <Stack spacing={1}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography id={smokingId} variant="body2">
                {t('adminInsurers.smokingList')}
              </Typography>
              <RadioGroup
                row
                aria-labelledby={smokingId}
                value={draft.smokingList}
                onChange={(event) => edit({ smokingList: event.target.value as 'A' | 'B' })}
              >
                {(['A', 'B'] as const).map((list) => (
                  <FormControlLabel
                    key={list}
                    value={list}
                    disabled={saving}
                    control={<Radio size="small" />}
                    label={t('adminInsurers.smokingListOption', { list })}
                  />
                ))}
              </RadioGroup>
            </Stack>
            <FormControlLabel
              control={
                <Switch
                  checked={draft.lastAgeOption}
                  disabled={saving}
                  onChange={(event) => edit({ lastAgeOption: event.target.checked })}
                />
              }
              label={t('adminInsurers.lastAgeOption')}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={draft.printCover}
                  disabled={saving}
                  onChange={(event) => edit({ printCover: event.target.checked })}
                />
              }
              label={t('adminInsurers.printCover')}
            />
          </Stack>
        </TitledSection>
        <TitledSection title={t('adminInsurers.channels')}>
          <Stack spacing={2}>
            {draft.channels.map((channel, index) => (
              <ChannelFields
                key={index}
                channel={channel}
                path={`channels.${index}`}
                conditions={conditions}
                context={context}
                onChange={(changed) => setChannel(index, changed)}
                onRemove={
                  draft.channels.length > 1
                    ? () => edit({ channels: draft.channels.filter((_c, i) => i !== index) })
                    : undefined
                }
              />
            ))}
            {messages.get('channels') && (
              <FormHelperText error>{messages.get('channels')}</FormHelperText>
            )}
            <Box>
              <Button
                startIcon={<AddIcon />}
                disabled={saving}
                onClick={() => edit({ channels: [...draft.channels, newChannel()] })}
              >
                {t('adminInsurers.addChannel')}
              </Button>
            </Box>
          </Stack>
        </TitledSection>

        {attempts > 0 && issues.length > 0 && !refusal && (
          <Alert severity="error">{t('adminInsurers.fixProblems')}</Alert>
        )}
        {refusal?.stale && (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" onClick={onStale}>
                {t('adminInsurers.reload')}
              </Button>
            }
          >
            {refusal.stale}
          </Alert>
        )}
        {refusal && refusal.other.length > 0 && (
          <Alert severity="error">
            {t('adminInsurers.refused')}
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {refusal.other.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </Box>
          </Alert>
        )}

        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          {!creating && (
            <Button
              disabled={!changed || saving}
              onClick={() => {
                setDraft(original);
                setAttempts(0);
                setRefusal(null);
              }}
            >
              {t('adminInsurers.undo')}
            </Button>
          )}
          <Button
            type="submit"
            variant="contained"
            disabled={(!changed && !creating) || saving}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {saving ? t('adminInsurers.saving') : t('adminInsurers.save')}
          </Button>
        </Stack>
      </Stack>

      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby={`${confirmId}-title`}
        aria-describedby={`${confirmId}-text`}
      >
        <DialogTitle id={`${confirmId}-title`}>{t('adminInsurers.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${confirmId}-text`}>
            {t('adminInsurers.confirmText', {
              next: Number(catalogVersion) + 1,
              version: catalogVersion,
              insurer: name,
            })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('common.cancel')}</Button>
          <Button variant="contained" onClick={() => void save()} autoFocus>
            {t('adminInsurers.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
