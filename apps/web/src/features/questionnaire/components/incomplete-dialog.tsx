import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { Issue } from '@vmer/domain/model';
import type { IncompleteSummary } from '@vmer/domain/paging';

/**
 * The incomplete questionnaire dialog (requirements §2, §9): 'Questionnaire has not been completed.'
 * with what the customer profile still lacks (a smoking status a condition needs…), then the
 * unanswered question numbers (up to 10) or page names (up to 5), then 'and more'.
 */
export function IncompleteDialog({
  summary,
  profileIssues = [],
  onClose,
}: {
  summary: IncompleteSummary | null;
  /** What the customer profile lacks, as the domain's issues. */
  profileIssues?: readonly Issue[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const listed =
    summary?.listing === 'pages'
      ? summary.pageLabels
      : (summary?.questionNumbers ?? []).map(String);
  const list = [...listed, ...(summary?.more ? [t('and_more')] : [])].join(', ');
  return (
    <Dialog
      open={summary !== null}
      onClose={onClose}
      aria-labelledby="incomplete-title"
      aria-describedby="incomplete-text"
    >
      <DialogTitle id="incomplete-title">{t('mer.disclosure.incompleteTitle')}</DialogTitle>
      <DialogContent id="incomplete-text">
        <DialogContentText>{t('questionnaire_incomplete')}</DialogContentText>
        {profileIssues.map((issue) => (
          <DialogContentText key={issue.code} sx={{ mt: 1 }}>
            {t(issue.code, issue.params ?? {})}
          </DialogContentText>
        ))}
        {summary?.complete !== true && (
          <DialogContentText sx={{ mt: 1 }}>
            {t(
              summary?.listing === 'pages'
                ? 'mer.disclosure.pagesMissing'
                : 'mer.disclosure.questionsMissing',
              {
                list,
              },
            )}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('mer.common.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
