import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textIn } from '@vmer/domain/languages';
import { createSelfDefined } from '@vmer/domain/impairments';
import {
  isUnderAge,
  MAX_IMPAIRMENTS,
  type DiseaseListEntry,
  type Impairment,
} from '@vmer/domain/model';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { useNotify } from '../../../lib/use-notify.ts';
import { loadConditionSearch, useConditionSearch } from '../use-condition-search.ts';
import {
  useDiseaseListQuery,
  useLazyQuestionsQuery,
  useLogSearchMutation,
} from '../api/questionnaire-api.ts';
import {
  bmiAlertDismissed,
  genderAlertDismissed,
  impairmentChosen,
  impairmentRemoved,
  productAlertDismissed,
  productChanged,
  refusalDismissed,
  selectAlerts,
  selectChosenImpairments,
  selectResets,
} from '../questionnaire-slice.ts';
import { CONDITION_SEARCH_ID } from '../keyboard/use-interview-shortcuts.ts';
import { useTrack } from '../tracking.ts';
import { useScreenContext } from '../use-screen-context.ts';
import { ScreenCard } from './screen-card.tsx';

/** Condition search starts at this many typed characters (design §8). */
const SEARCH_MIN_CHARS = 3;
const NO_MATCH_LOG_DELAY_MS = 1000;
/** At most this many suggestions are listed while searching. */
const SUGGESTIONS = 20;

type Choice = DiseaseListEntry | string;

/**
 * The Questionnaire card (requirements §2): the condition chooser (list or free text), the chosen
 * conditions as deletable chips, and the gender-change and impairment-was-removed alerts.
 */
export function ConditionsCard() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const context = useScreenContext();
  const { profile, session, readOnly, language, names, smokingQuestion, special, listRequest } =
    context;
  const chosen = useAppSelector(selectChosenImpairments);
  const { genderChangeRemoved, productChangeRemoved, abnormalBmiReadded, refusal } =
    useAppSelector(selectAlerts);
  const track = useTrack(session.requestId);
  const underAge = isUnderAge(profile.age);
  const list = useDiseaseListQuery(listRequest && !underAge && !readOnly ? listRequest : skipToken);
  const [loadQuestions] = useLazyQuestionsQuery();
  const [logSearch] = useLogSearchMutation();
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(false);
  // Reset clears the search text with the rest of the form.
  const resets = useAppSelector(selectResets);
  const [resetsSeen, setResetsSeen] = useState(resets);
  if (resets !== resetsSeen) {
    setResetsSeen(resets);
    setInput('');
  }
  const diseaseList = list.data?.diseaseList;
  const isChosen = (entry: DiseaseListEntry) =>
    chosen.some((impairment) => impairment.uuid === entry.uuid);
  const options = (diseaseList ?? []).filter((entry) => !isChosen(entry));
  const searching = input.trim().length >= SEARCH_MIN_CHARS;
  // The domain's search over names and synonyms of every language (I-02); its index is built
  // once per disease list. Until its code has loaded, a search shows that it is loading.
  const search = useConditionSearch();
  const found = useMemo(
    () =>
      searching && diseaseList && search
        ? search.searchConditions(diseaseList, input, SUGGESTIONS + MAX_IMPAIRMENTS)
        : [],
    [searching, diseaseList, input, search],
  );
  const suggestions = found.filter((match) => !isChosen(match.entry)).slice(0, SUGGESTIONS);
  const matchedText = new Map(suggestions.map((match) => [match.entry.uuid, match.matched]));
  const matches = searching ? suggestions.map((match) => match.entry) : options;
  // Text matching nothing asks before it becomes a self-defined condition (I-04).
  const [confirming, setConfirming] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // A search that finds nothing is logged once the user pauses (type 3, design §8).
  const loggedNoMatch = useRef('');
  useEffect(() => {
    const keyword = input.trim();
    if (!searching || !search || matches.length > 0 || loggedNoMatch.current === keyword) return;
    const timer = window.setTimeout(() => {
      loggedNoMatch.current = keyword;
      void logSearch({ keyword, disease: null, type: 3 });
    }, NO_MATCH_LOG_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [input, searching, search, matches.length, logSearch]);

  // Choosing another product for a new disclosure removes the chosen conditions it does not
  // offer, once its list has arrived: the server would refuse to store them.
  const product = listRequest
    ? `${listRequest.insurerCode}|${listRequest.channel}|${listRequest.productCode}`
    : null;
  const lastProduct = useRef(product);
  const productToCheck = useRef<string | null>(null);
  useEffect(() => {
    if (product === lastProduct.current) return;
    if (lastProduct.current !== null) productToCheck.current = product;
    lastProduct.current = product;
  }, [product]);
  const offered = list.currentData?.diseaseList;
  useEffect(() => {
    const ready = offered !== undefined && special !== undefined;
    if (productToCheck.current === null || productToCheck.current !== product || !ready) return;
    productToCheck.current = null;
    if (readOnly || session.id !== null) return;
    const specialUuids = [special.abnormalBmi, special.highLowBmi, special.others]
      .filter((i) => i != null)
      .map((i) => i.uuid);
    dispatch(productChanged({ offered: offered ?? [], specialUuids }));
  }, [product, offered, readOnly, session.id, special, dispatch]);

  useEffect(() => {
    if (!refusal) return;
    notify(t(refusal));
    dispatch(refusalDismissed());
  }, [refusal, notify, t, dispatch]);

  const add = (impairment: Impairment) =>
    dispatch(impairmentChosen({ impairment, names, smokingQuestion }));

  const choose = async (choice: Choice) => {
    const keyword = input.trim();
    setBusy(true);
    try {
      if (typeof choice === 'string') {
        const template = special?.others;
        const condition = template && createSelfDefined(template, choice, Date.now(), chosen);
        if (!condition) return;
        add(condition);
        void logSearch({ keyword: keyword || choice, disease: condition.name.en, type: 2 });
        track('impairment_added', condition.name.en);
      } else {
        const questionList = await loadQuestions(
          { uuid: choice.uuid, catalogVersion: session.catalogVersion },
          true,
        ).unwrap();
        add({ ...choice, questionList });
        void logSearch({ keyword, disease: choice.name.en, type: 1 });
        track('impairment_added', choice.name.en);
      }
      setInput('');
    } catch {
      // The failed question call already shows in the global snackbar; nothing is added.
    } finally {
      setBusy(false);
    }
  };

  // Enter on typed text (I-04, T-04): the condition it names or confidently matches, by name or
  // synonym in either language; otherwise the interviewer confirms a self-defined condition.
  const enter = async (typed: string) => {
    const { conditionForEnter } = await loadConditionSearch();
    const named = conditionForEnter(diseaseList ?? [], typed);
    if (named) void choose(named);
    else if (typed.trim() !== '') setConfirming(typed.trim());
  };

  const confirmSelfDefined = () => {
    const name = confirming;
    setConfirming(null);
    if (name !== null) void choose(name);
  };

  // A removed chip hands the focus to the next chip, else the previous one, else the search (I-09).
  const chipRefs = useRef(new Map<string, HTMLDivElement>());
  const focusAfterRemoval = useRef<string | null>(null);
  useEffect(() => {
    const target = focusAfterRemoval.current;
    if (target === null) return;
    focusAfterRemoval.current = null;
    (chipRefs.current.get(target) ?? inputRef.current)?.focus();
  }, [chosen]);

  const disabled = readOnly || underAge || !listRequest || busy;

  return (
    <ScreenCard titleId="conditions-title" title={t('mer.conditions.title')}>
      <Stack spacing={2}>
        <Autocomplete<DiseaseListEntry, false, false, true>
          id={CONDITION_SEARCH_ID}
          freeSolo
          options={options}
          value={null}
          inputValue={input}
          disabled={disabled}
          loading={list.isFetching || busy || (searching && !search)}
          loadingText={t('mer.conditions.loading')}
          noOptionsText={t('mer.conditions.noOptions')}
          getOptionLabel={(o) => (typeof o === 'string' ? o : textIn(o.name, language))}
          filterOptions={() => matches}
          onInputChange={(_, value, reason) => {
            if (reason !== 'reset') setInput(value);
          }}
          onChange={(_, value) => {
            if (typeof value === 'string') void enter(value).catch(() => undefined);
            else if (value !== null) void choose(value);
          }}
          renderOption={(props, option) => {
            const { key, ...optionProps } = props;
            const label = textIn(option.name, language);
            // Found through another text than the name shown: a synonym, or the name in
            // another language (I-03).
            const term = matchedText.get(option.uuid)?.term;
            const other = term !== undefined && term !== label ? term : null;
            return (
              <li
                key={key}
                {...optionProps}
                aria-labelledby={`${optionProps.id}-name`}
                aria-describedby={other !== null ? `${optionProps.id}-matched` : undefined}
              >
                <Stack>
                  <span id={`${optionProps.id}-name`}>{label}</span>
                  {other !== null && (
                    <Typography
                      id={`${optionProps.id}-matched`}
                      variant="body2"
                      color="text.secondary"
                    >
                      {t('mer.conditions.matched', { term: other })}
                    </Typography>
                  )}
                </Stack>
              </li>
            );
          }}
          slotProps={{ listbox: { sx: { maxHeight: '40vh' } } }}
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={inputRef}
              size="small"
              label={t('mer.conditions.search')}
              helperText={underAge ? t('mer.conditions.underAge') : t('mer.conditions.searchHelp')}
              error={underAge}
            />
          )}
        />
        {chosen.length > 0 && (
          <Stack
            component="ul"
            direction="row"
            aria-label={t('mer.conditions.chosen')}
            sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
          >
            {chosen.map((impairment, index) => (
              <li key={impairment.uuid}>
                <Chip
                  ref={(element: HTMLDivElement | null) => {
                    if (element) chipRefs.current.set(impairment.uuid, element);
                    else chipRefs.current.delete(impairment.uuid);
                  }}
                  label={textIn(impairment.name, language)}
                  color={impairment.selfDefined ? 'secondary' : 'primary'}
                  variant="outlined"
                  onDelete={
                    readOnly
                      ? undefined
                      : () => {
                          const next = chosen[index + 1] ?? chosen[index - 1];
                          focusAfterRemoval.current = next?.uuid ?? '';
                          dispatch(
                            impairmentRemoved({
                              uuid: impairment.uuid,
                              abnormalBmiImpairmentName: names.abnormalBmiImpairmentName,
                            }),
                          );
                          track('impairment_removed', impairment.name.en);
                        }
                  }
                />
              </li>
            ))}
          </Stack>
        )}
        {genderChangeRemoved.length > 0 && (
          <Alert severity="info" onClose={() => dispatch(genderAlertDismissed())}>
            {t('mer.conditions.genderAlert', {
              names: genderChangeRemoved.map((name) => textIn(name, language)).join(', '),
            })}
          </Alert>
        )}
        {productChangeRemoved.length > 0 && (
          <Alert severity="info" onClose={() => dispatch(productAlertDismissed())}>
            {t('mer.conditions.productAlert', {
              names: productChangeRemoved.map((name) => textIn(name, language)).join(', '),
            })}
          </Alert>
        )}
        {abnormalBmiReadded && (
          <Alert severity="warning" onClose={() => dispatch(bmiAlertDismissed())}>
            {t('mer.conditions.bmiAlert', { name: names.abnormalBmiImpairmentName })}
          </Alert>
        )}
      </Stack>
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        // Enter confirms, Escape cancels (I-04); a focused button keeps its own Enter.
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.target instanceof HTMLButtonElement) return;
          event.preventDefault();
          confirmSelfDefined();
        }}
        aria-labelledby="self-defined-title"
        aria-describedby="self-defined-text"
      >
        <DialogTitle id="self-defined-title">
          {t('mer.conditions.confirmTitle', { name: confirming ?? '' })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="self-defined-text">
            {t('mer.conditions.confirmText')}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>{t('mer.common.cancel')}</Button>
          <Button variant="contained" onClick={confirmSelfDefined}>
            {t('mer.conditions.confirmAdd')}
          </Button>
        </DialogActions>
      </Dialog>
    </ScreenCard>
  );
}
