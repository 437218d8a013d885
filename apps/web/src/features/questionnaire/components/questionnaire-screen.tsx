import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DISCLOSURE_STATUS } from '@vmer/domain/model';
import { useAppDispatch } from '../../../app/hooks.ts';
import { bmiRuleApplied } from '../questionnaire-slice.ts';
import { useLoadDisclosure } from '../use-load-disclosure.ts';
import { useScreenContext } from '../use-screen-context.ts';
import { BasicInformationCard } from './basic-information-card.tsx';
import { ConditionsCard } from './conditions-card.tsx';
import { DisclosureCard } from './disclosure-card.tsx';
import { PrintView } from './print-view.tsx';

/**
 * The main questionnaire screen (spec §2) at /home and /questionnaire/{requestId}: basic
 * information, the conditions chosen, and the Video MER disclosure with its decisions; on
 * paper, the printed disclosure instead.
 */
export function QuestionnaireScreen({ requestId }: { requestId?: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { profile, session, ruleAgeList, special, names, selection } = useScreenContext();
  const { loading } = useLoadDisclosure(requestId, selection.insurerCode, special?.others?.uuid);
  const { age, gender, bmi } = profile;
  const returned = session.action === 'edit' && session.status === DISCLOSURE_STATUS.REJECTED;

  // The BMI rule follows the applicant's age, gender and BMI (spec §4).
  useEffect(() => {
    dispatch(
      bmiRuleApplied({
        ruleAgeList,
        abnormalBmiImpairment: special?.abnormalBmi ?? undefined,
        abnormalBmiImpairmentName: names.abnormalBmiImpairmentName,
      }),
    );
  }, [
    age,
    gender,
    bmi,
    ruleAgeList,
    special?.abnormalBmi,
    names.abnormalBmiImpairmentName,
    dispatch,
  ]);

  return (
    <>
      <Stack spacing={3} className="no-print">
        <Typography component="h1" variant="h5">
          {t('mer.screen.title')}
        </Typography>
        {loading && <LinearProgress aria-label={t('mer.screen.loading')} />}
        {returned && (
          <Alert severity="warning" sx={{ whiteSpace: 'pre-line' }}>
            {session.rejectReason
              ? t('mer.disclosure.returnedReason', { reason: session.rejectReason })
              : t('mer.disclosure.returned')}
          </Alert>
        )}
        <BasicInformationCard />
        <ConditionsCard />
        <DisclosureCard />
      </Stack>
      <PrintView />
    </>
  );
}
