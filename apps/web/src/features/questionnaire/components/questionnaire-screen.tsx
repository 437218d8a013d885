import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { ScreenOnly } from '../../../components/screen-only.tsx';
import type { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { bmiRuleApplied, selectApplicationNumber } from '../questionnaire-slice.ts';
import { useLeaveWarning } from '../use-leave-warning.ts';
import { useLoadDisclosure } from '../use-load-disclosure.ts';
import { useScreenContext } from '../use-screen-context.ts';
import { BasicInformationCard } from './basic-information-card.tsx';
import { CatalogueVersionNotice } from './catalogue-version-notice.tsx';
import { ConditionsCard } from './conditions-card.tsx';
import { DisclosureCard } from './disclosure-card.tsx';
import { PrintView } from './print-view.tsx';
import { DisclosureReference } from './disclosure-reference.tsx';
import { ReturnedBanner } from './returned-banner.tsx';
import { ReviewBar } from './review-bar.tsx';
import { ViewMode, type ViewModeTabsProps } from './view-mode.tsx';
import { DeviceCopyNotices } from '../device-copy/device-copy-notices.tsx';
import { InterviewCommandsContext } from '../keyboard/interview-commands.ts';
import { ShortcutsButton } from '../keyboard/shortcuts-button.tsx';
import { useInterviewShortcuts } from '../keyboard/use-interview-shortcuts.ts';
import { pageHeadingFocus, useFocusAfterReset } from '../keyboard/use-page-focus.ts';

const ShortcutsDialog = lazyDialog(
  'shortcuts-dialog',
  () => import('../after-first-paint.ts'),
  (module) => module.ShortcutsDialog,
  (props) => props.open,
);

/** Whether the disclosure request asked for does not exist (or is none of the caller's). */
function isUnknownRequest(error: unknown): boolean {
  const failure = error as ApiError | undefined;
  return failure?.kind === 'response' && (failure.status === 404 || failure.status === 400);
}

/** What an unknown request id shows instead of an empty, editable form: why, and a way on. */
function UnknownRequest({ requestId }: { requestId: string }) {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-labelledby="unknown-request-title" sx={{ maxWidth: 640 }}>
      <CardContent>
        <Typography id="unknown-request-title" component="h1" variant="h5" gutterBottom>
          {t('questionnaire.notFoundTitle')}
        </Typography>
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          {t('questionnaire.notFound', { requestId })}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button variant="contained" component={RouterLink} to="/home">
          {t('questionnaire.startNew')}
        </Button>
      </CardActions>
    </Card>
  );
}

/**
 * The main questionnaire screen (requirements §2) at /home and /questionnaire/{requestId}: basic
 * information, the conditions chosen, and the Video MER disclosure with its decisions; on
 * paper, the printed disclosure instead. In view mode, `viewTabs` (the case view, composed in
 * app/) shows the form as one tab beside the disclosure as readable text.
 */
export function QuestionnaireScreen({
  requestId,
  viewTabs,
}: {
  requestId?: string;
  viewTabs?: ComponentType<ViewModeTabsProps>;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { profile, session, ruleAgeList, special, names, selection } = useScreenContext();
  const { loading, error, reload } = useLoadDisclosure(
    requestId,
    selection.insurerCode,
    special?.others?.uuid,
  );
  const unknownRequest = requestId !== undefined && isUnknownRequest(error);
  // A disclosure on its way: its cards show once it is here, in one step, rather than an empty
  // form first that its notices then push down (a layout shift) and its answers then fill.
  // A new disclosure waits for its product list in the same way: the basic information's rows
  // follow the chosen product (the age basis, say), and a row added above the others once the
  // list arrived moved the whole form down on a busy machine (design §7, layout stability).
  const opening =
    (requestId !== undefined && session.requestId !== requestId && !error) ||
    (requestId === undefined && selection.status === 'loading');
  const reference = requestId ?? session.requestId;
  const applicationNumber = useAppSelector(selectApplicationNumber);
  useDocumentTitle(
    unknownRequest
      ? t('questionnaire.notFoundTitle')
      : applicationNumber
        ? t('questionnaire.documentTitleNumber', { applicationNumber })
        : t('questionnaire.documentTitle'),
  );
  useLeaveWarning();
  // Keyboard shortcuts and their dialog (I-08); the cards offer their actions in the context.
  const keyboard = useInterviewShortcuts();
  const titleRef = useFocusAfterReset<HTMLHeadingElement>();
  const { age, gender, bmi } = profile;

  // The BMI rule follows the applicant's age, gender and BMI (requirements §4).
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

  if (unknownRequest) return <UnknownRequest requestId={requestId} />;
  return (
    <InterviewCommandsContext value={keyboard.commands}>
      <Stack spacing={3} className="no-print">
        <Stack spacing={0.5}>
          <Typography
            component="h1"
            variant="h5"
            ref={titleRef}
            tabIndex={-1}
            sx={pageHeadingFocus}
          >
            {t('mer.screen.title')}
          </Typography>
          {reference && <DisclosureReference requestId={reference} />}
          <div>
            <ShortcutsButton onClick={keyboard.openDialog} />
          </div>
        </Stack>
        {(loading || opening) && <LinearProgress aria-label={t('mer.screen.loading')} />}
        {/* Mounted while the disclosure opens: it weighs the device copy against it (I-13). */}
        <DeviceCopyNotices requestId={requestId} reload={reload} />
        {!opening && (
          <ScreenOnly>
            <ReturnedBanner />
            <ReviewBar />
            <CatalogueVersionNotice />
            <ViewMode tabs={viewTabs}>
              <BasicInformationCard />
              <ConditionsCard />
              <DisclosureCard />
            </ViewMode>
          </ScreenOnly>
        )}
      </Stack>
      {!opening && <PrintView />}
      <ShortcutsDialog open={keyboard.dialogOpen} onClose={keyboard.closeDialog} />
    </InterviewCommandsContext>
  );
}
