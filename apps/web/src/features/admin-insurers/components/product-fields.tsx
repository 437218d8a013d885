import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { textIn } from '@vmer/domain/languages';
import type { Bilingual, Language } from '@vmer/domain/model';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { htmlLanguageOf } from '../../../lib/i18n.ts';
import { messageAt, type FieldMessages, type Product } from '../insurer-draft.ts';

/** A condition a product may offer: the active catalogue's. */
export interface ConditionChoice {
  uuid: string;
  name: Bilingual;
}

/** What every field of the editor is given: where its messages are, and whether it is busy. */
export interface FieldContext {
  messages: FieldMessages;
  disabled: boolean;
}

/** A name in English and in Chinese, side by side (one above the other on a phone). */
export function NameFields({
  name,
  path,
  context,
  onChange,
}: {
  name: Bilingual;
  path: string;
  context: FieldContext;
  onChange: (name: Bilingual) => void;
}) {
  const { t } = useTranslation();
  const field = (language: 'en' | 'cn_traditional', label: string) => {
    const message = context.messages.get(`${path}.${language}`);
    return (
      <TextField
        label={label}
        value={name[language]}
        size="small"
        fullWidth
        required
        disabled={context.disabled}
        error={message !== undefined}
        helperText={message}
        slotProps={{ htmlInput: { lang: htmlLanguageOf(language), maxLength: 200 } }}
        onChange={(event) => onChange({ ...name, [language]: event.target.value })}
      />
    );
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      {field('en', t('adminInsurers.nameEn'))}
      {field('cn_traditional', t('adminInsurers.nameCn'))}
    </Stack>
  );
}

/** A channel's or product's code (at most 50 characters, spaces trimmed), with the problem at `path`. */
export function CodeField({
  label,
  value,
  path,
  context,
  onChange,
}: {
  label: string;
  value: string;
  path: string;
  context: FieldContext;
  onChange: (code: string) => void;
}) {
  const message = context.messages.get(path);
  return (
    <TextField
      label={label}
      value={value}
      size="small"
      required
      disabled={context.disabled}
      error={message !== undefined}
      helperText={message}
      sx={{ maxWidth: { sm: 240 } }}
      slotProps={{ htmlInput: { maxLength: 50, spellCheck: false } }}
      onChange={(event) => onChange(event.target.value.trim())}
    />
  );
}

/**
 * One product of a channel: its code, its names, and the conditions it offers (all, or those
 * chosen from the active catalogue's).
 */
export function ProductFields({
  product,
  path,
  conditions,
  context,
  onChange,
  onRemove,
}: {
  product: Product;
  path: string;
  conditions: readonly ConditionChoice[];
  context: FieldContext;
  onChange: (product: Product) => void;
  /** Absent for a channel's only product. */
  onRemove: (() => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const titleId = useId();
  const conditionsMessage = messageAt(context.messages, `${path}.impairments`);
  const chosen = product.impairments === 'all' ? null : product.impairments;
  const byUuid = new Map(conditions.map((condition) => [condition.uuid, condition]));
  const title = t('adminInsurers.productTitle', { code: product.code || '…' });
  return (
    <Box
      role="group"
      aria-labelledby={titleId}
      sx={{ borderLeft: 3, borderColor: 'divider', pl: 2, py: 1 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id={titleId} component="h5" variant="subtitle2">
          {title}
        </Typography>
        {onRemove && (
          <IconButton
            aria-label={t('adminInsurers.removeProduct', { code: product.code || '…' })}
            disabled={context.disabled}
            onClick={onRemove}
            size="small"
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        )}
      </Stack>
      <Stack spacing={2}>
        <CodeField
          label={t('adminInsurers.productCode')}
          value={product.code}
          path={`${path}.code`}
          context={context}
          onChange={(code) => onChange({ ...product, code })}
        />
        <NameFields
          name={product.name}
          path={`${path}.name`}
          context={context}
          onChange={(name) => onChange({ ...product, name })}
        />
        <RadioGroup
          row
          aria-label={`${t('adminInsurers.conditionsOffered')} – ${title}`}
          value={chosen ? 'chosen' : 'all'}
          onChange={(event) =>
            onChange({ ...product, impairments: event.target.value === 'all' ? 'all' : [] })
          }
        >
          <FormControlLabel
            value="all"
            disabled={context.disabled}
            control={<Radio size="small" />}
            label={t('adminInsurers.allConditions')}
          />
          <FormControlLabel
            value="chosen"
            disabled={context.disabled}
            control={<Radio size="small" />}
            label={t('adminInsurers.chosenConditions')}
          />
        </RadioGroup>
        {chosen && (
          <Autocomplete
            multiple
            size="small"
            options={conditions}
            value={chosen.map(
              (uuid) => byUuid.get(uuid) ?? { uuid, name: { en: uuid, cn_traditional: uuid } },
            )}
            disabled={context.disabled}
            filterSelectedOptions
            getOptionLabel={(choice) => textIn(choice.name, language)}
            isOptionEqualToValue={(a, b) => a.uuid === b.uuid}
            noOptionsText={t('adminInsurers.noCondition')}
            onChange={(_event, choices) =>
              onChange({ ...product, impairments: choices.map((choice) => choice.uuid) })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('adminInsurers.conditions')}
                error={conditionsMessage !== undefined}
                helperText={conditionsMessage}
              />
            )}
          />
        )}
        {!chosen && conditionsMessage && <FormHelperText error>{conditionsMessage}</FormHelperText>}
      </Stack>
    </Box>
  );
}
