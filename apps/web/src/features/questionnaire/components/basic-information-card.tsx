import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ageAfterBirthDateEdit,
  birthDateAge,
  validateAge,
  validateBirthDate,
} from '@vmer/domain/applicant';
import { todayIso } from '@vmer/domain/decision-engine';
import { textIn } from '@vmer/domain/languages';
import { profilePlausibility } from '@vmer/domain/plausibility';
import { GENDERS, RSM_SCORES, type Gender, type RsmScore } from '@vmer/domain/model';
import { needsSmokingStatus, presetSmokingAnswers, smokingStatusIssue } from '@vmer/domain/smoking';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import {
  ageBasisChosen,
  ageEntered,
  applicationNumberEntered,
  birthDateEntered,
  formReset,
  genderChosen,
  heightEntered,
  rsmScoreChosen,
  selectApplicationNumber,
  selectChosenImpairments,
  smokingStatusChosen,
  weightEntered,
} from '../questionnaire-slice.ts';
import { useScreenContext } from '../use-screen-context.ts';
import { HeightInput } from './questions/height-input.tsx';
import { WeightInput } from './questions/weight-input.tsx';
import { ScreenCard } from './screen-card.tsx';

const BOTH_WEIGHT_UNITS = ['KG', 'LB'] as const;

/**
 * The Customer profile / Basic information card (requirements §2, §5, design §8): application
 * number, age, gender, risk score, birth date (with phkl's last-age option), height, weight,
 * BMI and smoking status, and Reset.
 */
export function BasicInformationCard() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { profile, readOnly, insurerEntry, selection, language, smokingQuestion } =
    useScreenContext();
  const applicationNumber = useAppSelector(selectApplicationNumber);
  const chosen = useAppSelector(selectChosenImpairments);
  const [confirmReset, setConfirmReset] = useState(false);
  const [birthDateTouched, setBirthDateTouched] = useState(false);
  const genderLabel = useId();
  const basisLabel = useId();
  const heightHelp = useId();
  const weightHelp = useId();

  // I-17, I-18: what cannot be true shows at its field, as the server would refuse it.
  const implausible = profilePlausibility(profile, todayIso());
  const implausibleAt = (path: string) => implausible.find((issue) => issue.path === path);
  const heightIssue = implausibleAt('height');
  const weightIssue = implausibleAt('weight');
  const ageIssue =
    (profile.age === null ? null : validateAge(profile.age)[0]) ?? implausibleAt('age') ?? null;
  const birthDate = profile.birthDate ?? '';
  // A whole date typed is checked at once (a date in the future gives no age, so say why), and
  // an age basis chosen says the age comes from the birth date, which is then needed.
  const birthDateIssue =
    birthDateTouched || birthDate.length === 8 || profile.ageBasis !== undefined
      ? (validateBirthDate(birthDate)[0] ?? implausibleAt('birthDate'))
      : undefined;
  const basis = profile.ageBasis ?? 'last';
  const smokingIssue = smokingStatusIssue(profile.smokingStatus, chosen);
  const anythingEntered =
    applicationNumber !== '' ||
    chosen.length > 0 ||
    Object.values(profile).some((value) => value !== null && value !== undefined);

  const derivedAge = (text: string, ageBasis: 'last' | 'next') =>
    birthDateAge(text, new Date(), ageBasis);

  return (
    <ScreenCard
      titleId="basic-information-title"
      title={t('mer.basic.title')}
      action={
        <Button
          variant="outlined"
          disabled={readOnly}
          onClick={() => (anythingEntered ? setConfirmReset(true) : dispatch(formReset()))}
        >
          {t('mer.basic.reset')}
        </Button>
      }
      outside={
        <Dialog
          open={confirmReset}
          onClose={() => setConfirmReset(false)}
          aria-labelledby="reset-title"
        >
          <DialogTitle id="reset-title">{t('mer.basic.resetTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText>{t('mer.basic.resetConfirm')}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirmReset(false)}>{t('mer.common.cancel')}</Button>
            <Button
              variant="contained"
              onClick={() => {
                setConfirmReset(false);
                dispatch(formReset());
              }}
            >
              {t('mer.basic.reset')}
            </Button>
          </DialogActions>
        </Dialog>
      }
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            fullWidth
            required
            size="small"
            label={t('mer.basic.applicationNumber')}
            value={applicationNumber}
            disabled={readOnly}
            helperText={t('application_number_helper')}
            onChange={(e) => dispatch(applicationNumberEntered(e.target.value))}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <TextField
            fullWidth
            required
            size="small"
            label={t('mer.basic.age')}
            value={profile.age ?? ''}
            disabled={readOnly}
            error={ageIssue !== undefined && ageIssue !== null}
            helperText={ageIssue ? t(ageIssue.code, ageIssue.params ?? {}) : undefined}
            onChange={(e) => {
              const digits = e.target.value.replace(/\D/g, '').slice(0, 3);
              dispatch(ageEntered(digits === '' ? null : Number(digits)));
            }}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <TextField
            select
            fullWidth
            required
            size="small"
            label={t('mer.basic.rsmScore')}
            value={profile.rsmScore ?? ''}
            disabled={readOnly}
            onChange={(e) => dispatch(rsmScoreChosen(e.target.value as RsmScore))}
          >
            {RSM_SCORES.map((score) => (
              <MenuItem key={score} value={score}>
                {score}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormControl required disabled={readOnly}>
            <FormLabel id={genderLabel}>{t('mer.basic.gender')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={genderLabel}
              value={profile.gender ?? ''}
              onChange={(_, value) => dispatch(genderChosen(value as Gender))}
            >
              {GENDERS.map((gender) => (
                <FormControlLabel
                  key={gender}
                  value={gender}
                  control={<Radio />}
                  label={t(gender === 'Male' ? 'mer.basic.male' : 'mer.basic.female')}
                />
              ))}
            </RadioGroup>
          </FormControl>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            fullWidth
            size="small"
            label={t('mer.basic.birthDate')}
            value={birthDate}
            disabled={readOnly}
            error={birthDateIssue !== undefined}
            helperText={
              birthDateIssue ? t(birthDateIssue.code, birthDateIssue.params ?? {}) : undefined
            }
            onBlur={() => setBirthDateTouched(true)}
            onChange={(e) => {
              const text = e.target.value.replace(/\D/g, '').slice(0, 8);
              // The age follows the birth date, and goes with the birth date it came from.
              const age = ageAfterBirthDateEdit(
                { birthDate, age: profile.age },
                text,
                new Date(),
                basis,
              );
              const derived = derivedAge(text, basis) !== null;
              dispatch(
                birthDateEntered({
                  birthDate: text,
                  age,
                  ...(derived ? { ageBasis: basis } : {}),
                }),
              );
            }}
            slotProps={{ htmlInput: { inputMode: 'numeric', placeholder: 'DDMMYYYY' } }}
          />
        </Grid>
        {insurerEntry?.lastAgeOption && (
          <Grid size={12}>
            <FormControl disabled={readOnly}>
              <FormLabel id={basisLabel}>{t('mer.basic.ageBasis')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby={basisLabel}
                value={basis}
                onChange={(_, value) => {
                  const next = value === 'next' ? 'next' : 'last';
                  dispatch(ageBasisChosen({ basis: next, age: derivedAge(birthDate, next) }));
                }}
              >
                <FormControlLabel
                  value="last"
                  control={<Radio />}
                  label={t('mer.basic.lastBirthday')}
                />
                <FormControlLabel
                  value="next"
                  control={<Radio />}
                  label={t('mer.basic.nextBirthday')}
                />
              </RadioGroup>
            </FormControl>
          </Grid>
        )}
        <Grid size={{ xs: 12, md: 6 }}>
          <FormLabel component="div" sx={{ mb: 1 }}>
            {t('mer.basic.height')}
          </FormLabel>
          <HeightInput
            value={profile.height}
            disabled={readOnly}
            invalid={heightIssue !== undefined}
            {...(heightIssue ? { describedBy: heightHelp } : {})}
            onChange={(value) => dispatch(heightEntered(value))}
          />
          {heightIssue && (
            <FormHelperText error id={heightHelp}>
              {t(heightIssue.code, heightIssue.params ?? {})}
            </FormHelperText>
          )}
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormLabel component="div" sx={{ mb: 1 }}>
            {t('mer.basic.weight')}
          </FormLabel>
          <WeightInput
            value={profile.weight}
            units={BOTH_WEIGHT_UNITS}
            disabled={readOnly}
            invalid={weightIssue !== undefined}
            {...(weightIssue ? { describedBy: weightHelp } : {})}
            onChange={(value) => dispatch(weightEntered(value))}
          />
          {weightIssue && (
            <FormHelperText error id={weightHelp}>
              {t(weightIssue.code, weightIssue.params ?? {})}
            </FormHelperText>
          )}
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {t('mer.basic.bmi')}
            </Typography>
            <Typography variant="h6" component="p" aria-live="polite">
              {profile.bmi ?? t('mer.basic.bmiNone')}
            </Typography>
          </Box>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            select
            fullWidth
            size="small"
            label={t('mer.basic.smokingStatus')}
            value={profile.smokingStatus ?? ''}
            disabled={readOnly}
            required={needsSmokingStatus(chosen)}
            error={smokingIssue !== null}
            helperText={smokingIssue ? t(smokingIssue.code) : undefined}
            onChange={(e) => {
              const status = e.target.value;
              // Spec §4: a smoking question without an option for the status is only logged.
              const withoutAnswers = chosen.map((impairment) => ({ impairment, answers: {} }));
              const { misses } = presetSmokingAnswers(withoutAnswers, status, smokingQuestion);
              for (const miss of misses) {
                console.error('No smoking option for the status', miss);
              }
              dispatch(smokingStatusChosen({ status, smokingQuestion }));
            }}
          >
            {selection.smokingStatusList.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {textIn(option.label, language)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
      </Grid>
    </ScreenCard>
  );
}
