import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { createContext, useContext, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SIGN_IN_KINDS, type SignInKind } from '@vmer/domain/admin';
import { textIn } from '@vmer/domain/languages';
import { ROLES, type Language, type Role } from '@vmer/domain/model';
import type { ProductChoice } from '../../../components/product-filters.tsx';
import type { FieldProblems, PersonDraft } from '../people-form.ts';

/** An insurer the administrator holds, named in the interface language. */
export interface InsurerChoice {
  code: string;
  name: string;
}

/** Who the administrator is: their insurer list (as the header holds it) and their user name. */
interface Administrator {
  products: readonly ProductChoice[];
  userName: string;
}

const AdministratorContext = createContext<Administrator>({ products: [], userName: '' });
/** Gives the screens' dialogs the administrator they work for. */
export const AdministratorProvider = AdministratorContext.Provider;

/** The signed-in administrator's user name. */
export function useAdministratorName(): string {
  return useContext(AdministratorContext).userName;
}

/** The administrator's own insurers, named in the interface language. */
export function useHeldInsurers(): InsurerChoice[] {
  const { i18n } = useTranslation();
  const { products } = useContext(AdministratorContext);
  const seen = new Map<string, InsurerChoice>();
  for (const entry of products) {
    const code = entry.insurerCode.toLowerCase();
    if (!seen.has(code))
      seen.set(code, { code, name: textIn(entry.insurerName, i18n.language as Language) });
  }
  return [...seen.values()];
}

/** A role's job title; never the raw value. */
export function useRoleTitle(): (role: string | null) => string {
  const { t } = useTranslation();
  return (role) =>
    role && (ROLES as readonly string[]).includes(role)
      ? t(`adminPeople.roles.${role}`)
      : t('adminPeople.roles.none');
}

/** The role select of the create and edit forms. */
export function RoleField({
  value,
  onChange,
  error,
  disabled = false,
  help,
}: {
  value: Role | '';
  onChange: (role: Role) => void;
  error?: string | undefined;
  disabled?: boolean;
  help?: string | undefined;
}) {
  const { t } = useTranslation();
  const title = useRoleTitle();
  return (
    <TextField
      select
      required
      label={t('adminPeople.form.role')}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as Role)}
      error={!!error}
      helperText={error ?? help}
    >
      {ROLES.map((role) => (
        <MenuItem key={role} value={role}>
          {title(role)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The insurers to give, as checkboxes: only those the administrator holds. */
export function InsurersField({
  value,
  onChange,
  choices,
  error,
  disabled = false,
  help,
}: {
  value: readonly string[];
  onChange: (insurers: string[]) => void;
  choices: readonly InsurerChoice[];
  error?: string | undefined;
  disabled?: boolean;
  help?: string | undefined;
}) {
  const { t } = useTranslation();
  const helpId = useId();
  const toggle = (code: string, on: boolean) =>
    onChange(on ? [...value, code] : value.filter((held) => held !== code));
  return (
    <FormControl component="fieldset" error={!!error} disabled={disabled} aria-describedby={helpId}>
      <FormLabel component="legend">{t('adminPeople.form.insurers')}</FormLabel>
      <FormGroup row>
        {choices.map((choice) => (
          <FormControlLabel
            key={choice.code}
            control={
              <Checkbox
                checked={value.includes(choice.code)}
                onChange={(event) => toggle(choice.code, event.target.checked)}
              />
            }
            label={`${choice.name} (${choice.code})`}
          />
        ))}
      </FormGroup>
      <FormHelperText id={helpId}>
        {error ?? help ?? t('adminPeople.form.insurersHelp')}
      </FormHelperText>
    </FormControl>
  );
}

/** The fields of a new person: how they sign in, their names, role and insurers. */
export function PersonFields({
  draft,
  problems,
  onChange,
  choices,
}: {
  draft: PersonDraft;
  problems: FieldProblems;
  onChange: (change: Partial<PersonDraft>) => void;
  choices: readonly InsurerChoice[];
}) {
  const { t } = useTranslation();
  const kindId = useId();
  const text = (field: 'userName' | 'displayName' | 'email' | 'subject', required = false) => (
    <TextField
      label={t(`adminPeople.form.${field}`)}
      value={draft[field]}
      required={required}
      onChange={(event) => onChange({ [field]: event.target.value })}
      error={!!problems[field]}
      helperText={problems[field]}
      {...(field === 'email' ? { type: 'email', autoComplete: 'off' } : {})}
    />
  );
  return (
    <>
      <FormControl component="fieldset">
        <FormLabel component="legend" id={kindId}>
          {t('adminPeople.form.signIn')}
        </FormLabel>
        <RadioGroup
          row
          aria-labelledby={kindId}
          value={draft.signIn}
          onChange={(event) => onChange({ signIn: event.target.value as SignInKind })}
        >
          {SIGN_IN_KINDS.map((kind) => (
            <FormControlLabel
              key={kind}
              value={kind}
              control={<Radio />}
              label={t(`adminPeople.signIn.${kind}`)}
            />
          ))}
        </RadioGroup>
        <FormHelperText>
          {t(
            draft.signIn === 'embedded'
              ? 'adminPeople.form.embeddedHelp'
              : 'adminPeople.form.externalHelp',
          )}
        </FormHelperText>
      </FormControl>
      {draft.signIn === 'embedded' ? text('userName', true) : text('subject')}
      {text('displayName', true)}
      {text('email')}
      <RoleField value={draft.role} onChange={(role) => onChange({ role })} error={problems.role} />
      <InsurersField
        value={draft.insurers}
        onChange={(insurers) => onChange({ insurers })}
        choices={choices}
        error={problems.insurers}
      />
    </>
  );
}
