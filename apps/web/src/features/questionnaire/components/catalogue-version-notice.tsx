import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textIn } from '@vmer/domain/languages';
import type { CatalogueUpdateSummary } from '@vmer/domain/lifecycle';
import type { Indicator, Language } from '@vmer/domain/model';
import { useAppDispatch } from '../../../app/hooks.ts';
import {
  questionnaireApi,
  useLazyCatalogueUpdatePreviewQuery,
  useQuestionnaireInfoQuery,
  useUpdateCatalogueMutation,
} from '../api/questionnaire-api.ts';
import { useScreenContext } from '../use-screen-context.ts';

/** A decision per indicator as "Life 25, CI 0", in the catalogue's indicator order. */
function decisionText(
  decision: Record<string, string>,
  indicators: readonly Indicator[],
  language: Language,
  none: string,
): string {
  const known = indicators.filter((indicator) => decision[indicator.code] !== undefined);
  const others = Object.keys(decision).filter((code) => !known.some((i) => i.code === code));
  const parts = [
    ...known.map((indicator) => `${textIn(indicator.label, language)} ${decision[indicator.code]}`),
    ...others.map((code) => `${code} ${decision[code]}`),
  ];
  return parts.length > 0 ? parts.join(', ') : none;
}

/** What moving to the current catalogue changes, condition by condition. */
function UpdateSummary({
  summary,
  indicators,
  language,
}: {
  summary: CatalogueUpdateSummary;
  indicators: readonly Indicator[];
  language: Language;
}) {
  const { t } = useTranslation();
  const none = t('mer.catalogue.noDecision');
  const list = (texts: { en: string; cn_traditional: string }[]) =>
    texts.map((text) => textIn(text, language)).join('; ');
  return (
    <>
      {summary.conditions.map((condition) => (
        <section key={condition.uuid} aria-label={textIn(condition.name, language)}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 2 }}>
            {textIn(condition.name, language)}
          </Typography>
          {condition.removed ? (
            <Typography variant="body2">{t('mer.catalogue.removed')}</Typography>
          ) : (
            <>
              {condition.questionsAdded.length > 0 && (
                <Typography variant="body2">
                  {t('mer.catalogue.questionsAdded', { list: list(condition.questionsAdded) })}
                </Typography>
              )}
              {condition.questionsRemoved.length > 0 && (
                <Typography variant="body2">
                  {t('mer.catalogue.questionsRemoved', { list: list(condition.questionsRemoved) })}
                </Typography>
              )}
              <Typography variant="body2">
                {t('mer.catalogue.answers', {
                  kept: condition.answersKept,
                  dropped: condition.answersDropped,
                })}
              </Typography>
              <Typography variant="body2">
                {t('mer.catalogue.decision', {
                  before: decisionText(condition.before, indicators, language, none),
                  after: decisionText(condition.after, indicators, language, none),
                })}
              </Typography>
            </>
          )}
        </section>
      ))}
    </>
  );
}

/**
 * Says when the disclosure on screen was answered on an older catalogue version than the
 * active one (it shows and decides by its own version), and offers a draft's editor the one
 * explicit way to move it: a dialog summarising what changes, then the update, after which the
 * screen reloads the disclosure on the current version.
 */
export function CatalogueVersionNotice() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { session, indicators, language } = useScreenContext();
  const active = useQuestionnaireInfoQuery();
  const [preview, previewed] = useLazyCatalogueUpdatePreviewQuery();
  const [update, updating] = useUpdateCatalogueMutation();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const stored = session.catalogVersion ?? null;
  const current = active.data?.version;
  if (stored === null || current === undefined || stored === current) return null;
  const draft = session.action !== 'view' && session.id !== null && session.version !== null;

  const ask = () => {
    if (!session.id) return;
    setOpen(true);
    void preview(session.id, false);
  };
  const confirm = async () => {
    if (!session.id || session.version === null || !session.requestId) return;
    try {
      await update({ id: session.id, version: session.version }).unwrap();
      setOpen(false);
      // The screen fills again from the stored disclosure, now on the current version.
      await dispatch(
        questionnaireApi.endpoints.disclosure.initiate(session.requestId, {
          forceRefetch: true,
          subscribe: false,
        }),
      );
    } catch {
      // The refusal shows in the global snackbar; the dialog stays open.
    }
  };

  return (
    <>
      <Alert
        severity="info"
        action={
          draft ? (
            <Button color="inherit" size="small" onClick={ask}>
              {t('mer.catalogue.update')}
            </Button>
          ) : undefined
        }
      >
        {t('mer.catalogue.notice', { stored, active: current })}
      </Alert>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id={titleId}>{t('mer.catalogue.dialogTitle', { to: current })}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t('mer.catalogue.dialogIntro', { from: stored, to: current })}
          </DialogContentText>
          {previewed.isFetching && <LinearProgress aria-label={t('mer.catalogue.loading')} />}
          {previewed.data && !previewed.isFetching && (
            <UpdateSummary summary={previewed.data} indicators={indicators} language={language} />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('mer.common.cancel')}</Button>
          <Button
            variant="contained"
            disabled={!previewed.data || previewed.isFetching || updating.isLoading}
            onClick={() => void confirm()}
          >
            {t('mer.catalogue.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
