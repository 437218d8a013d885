import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks.ts';
import type { ApiError } from '../../../lib/api-client.ts';
import { useFormatters } from '../../../lib/use-formatters.ts';
import { useClaimReviewMutation, useReleaseReviewMutation } from '../api/questionnaire-api.ts';
import { reviewClaimChanged } from '../questionnaire-slice.ts';
import { useReviewing } from '../use-reviewing.ts';

/** A refused claim or release: the server's translated reason (it names who holds the claim). */
function refusalOf(error: unknown): string | null {
  const failure = error as ApiError | undefined;
  return failure?.kind === 'response' && failure.status === 409 ? failure.message : null;
}

/**
 * The reviewer's bar above a submitted disclosure (requirements W-14): "Start review" claims it,
 * "Release" gives it back; a claim someone else holds is refused with their name. Shown to an
 * underwriter who may review it (not the one who submitted it).
 */
export function ReviewBar() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { formatDateTime } = useFormatters();
  const { offered, id, claim, holding } = useReviewing();
  const [claimReview, claiming] = useClaimReviewMutation();
  const [releaseReview, releasing] = useReleaseReviewMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const titleId = useId();
  if (!offered || id === null) return null;
  const busy = claiming.isLoading || releasing.isLoading;

  const act = async (kind: 'claim' | 'release') => {
    setRefusal(null);
    try {
      const answer = await (kind === 'claim' ? claimReview(id) : releaseReview(id)).unwrap();
      dispatch(reviewClaimChanged(answer));
    } catch (error) {
      setRefusal(refusalOf(error) ?? t('mer.review.refused'));
    }
  };

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      className="no-print"
      sx={{ p: 2 }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Stack sx={{ flex: 1 }}>
          <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('mer.review.title')}
          </Typography>
          <Typography variant="body2" role="status">
            {claim
              ? t(holding ? 'mer.review.mine' : 'mer.review.held', {
                  name: claim.claimedBy,
                  time: formatDateTime(new Date(claim.expiresAt)),
                })
              : t('mer.review.unclaimed')}
          </Typography>
        </Stack>
        {holding ? (
          <Button variant="outlined" disabled={busy} onClick={() => void act('release')}>
            {t('mer.review.release')}
          </Button>
        ) : (
          <Button
            variant="contained"
            disabled={busy || (claim !== null && !claim.mine)}
            onClick={() => void act('claim')}
          >
            {t('mer.review.start')}
          </Button>
        )}
      </Stack>
      {refusal && (
        <Alert severity="warning" sx={{ mt: 2 }} onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
    </Paper>
  );
}
