import Alert from '@mui/material/Alert';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textIn } from '@vmer/domain/languages';
import { catalogueConditionNamed, createSelfDefined } from '@vmer/domain/impairments';
import { isUnderAge } from '@vmer/domain/applicant';
import type { DiseaseListEntry, Impairment } from '@vmer/domain/model';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { useNotify } from '../../../lib/use-notify.ts';
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
import { useTrack } from '../tracking.ts';
import { useScreenContext } from '../use-screen-context.ts';
import { ScreenCard } from './screen-card.tsx';

/** Condition search starts at this many typed characters (design §8). */
const SEARCH_MIN_CHARS = 3;
const NO_MATCH_LOG_DELAY_MS = 1000;

type Choice = DiseaseListEntry | string;

const filterEntries = createFilterOptions<DiseaseListEntry>({ trim: true });

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
  const options = (list.data?.diseaseList ?? []).filter(
    (entry) => !chosen.some((impairment) => impairment.uuid === entry.uuid),
  );
  const searching = input.trim().length >= SEARCH_MIN_CHARS;
  const matches = searching
    ? filterEntries(options, { inputValue: input, getOptionLabel: (o) => textIn(o.name, language) })
    : options;

  // A search that finds nothing is logged once the user pauses (type 3, design §8).
  const loggedNoMatch = useRef('');
  useEffect(() => {
    const keyword = input.trim();
    if (!searching || matches.length > 0 || loggedNoMatch.current === keyword) return;
    const timer = window.setTimeout(() => {
      loggedNoMatch.current = keyword;
      void logSearch({ keyword, disease: null, type: 3 });
    }, NO_MATCH_LOG_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [input, searching, matches.length, logSearch]);

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

  const choose = async (typedOrChosen: Choice) => {
    const keyword = input.trim();
    // Text naming a catalogue condition, in either language, chooses it (Enter on 'gout').
    const choice =
      typeof typedOrChosen === 'string'
        ? (catalogueConditionNamed(list.data?.diseaseList ?? [], typedOrChosen) ?? typedOrChosen)
        : typedOrChosen;
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

  const disabled = readOnly || underAge || !listRequest || busy;

  return (
    <ScreenCard titleId="conditions-title" title={t('mer.conditions.title')}>
      <Stack spacing={2}>
        <Autocomplete<DiseaseListEntry, false, false, true>
          freeSolo
          options={options}
          value={null}
          inputValue={input}
          disabled={disabled}
          loading={list.isFetching || busy}
          loadingText={t('mer.conditions.loading')}
          noOptionsText={t('mer.conditions.noOptions')}
          getOptionLabel={(o) => (typeof o === 'string' ? o : textIn(o.name, language))}
          filterOptions={() => matches}
          onInputChange={(_, value, reason) => {
            if (reason !== 'reset') setInput(value);
          }}
          onChange={(_, value) => {
            if (value !== null) void choose(value);
          }}
          slotProps={{ listbox: { sx: { maxHeight: '40vh' } } }}
          renderInput={(params) => (
            <TextField
              {...params}
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
            {chosen.map((impairment) => (
              <li key={impairment.uuid}>
                <Chip
                  label={textIn(impairment.name, language)}
                  color={impairment.selfDefined ? 'secondary' : 'primary'}
                  variant="outlined"
                  onDelete={
                    readOnly
                      ? undefined
                      : () => {
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
    </ScreenCard>
  );
}
