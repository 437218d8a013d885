import PrintIcon from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import coverUrl from '../assets/print-cover.svg';

/** The print action shows only on screens taller than this (spec §2, §9). */
export const PRINT_MIN_HEIGHT = 667;

function subscribeToResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}
const tallEnough = () => window.innerHeight > PRINT_MIN_HEIGHT;

// What paper shows: the disclosure without the app's chrome and controls; the cover only there.
const PRINT_STYLES = {
  '.print-only': { display: 'none' },
  '@media print': {
    'header, footer, nav, .no-print, .MuiSnackbar-root': { display: 'none !important' },
    '.print-only': { display: 'block' },
    '.MuiCard-root': { boxShadow: 'none', breakInside: 'avoid-page' },
  },
} as const;

interface PrintCardProps {
  onPrint: () => void;
  /** The insurer's printout starts with its cover image (slhk, spec §1). */
  printCover: boolean;
}

/** The print action: a titled card with a print button, on screens taller than 667 px. */
export function PrintCard({ onPrint, printCover }: PrintCardProps) {
  const { t } = useTranslation();
  const show = useSyncExternalStore(subscribeToResize, tallEnough, () => false);
  return (
    <>
      <GlobalStyles styles={PRINT_STYLES} />
      {printCover && (
        <Box
          className="print-only"
          component="img"
          src={coverUrl}
          alt=""
          sx={{ width: '100%', mb: 2, pageBreakAfter: 'always' }}
        />
      )}
      {show && (
        <Card
          variant="outlined"
          className="no-print"
          sx={{ mt: 3 }}
          component="aside"
          aria-labelledby="print-title"
        >
          <CardHeader
            title={t('mer.disclosure.printTitle')}
            slotProps={{ title: { id: 'print-title', component: 'h3', variant: 'subtitle1' } }}
          />
          <CardContent sx={{ pt: 0 }}>
            <Typography variant="body2" color="text.secondary">
              {t('mer.disclosure.printHelp')}
            </Typography>
          </CardContent>
          <CardActions>
            <Button startIcon={<PrintIcon />} onClick={onPrint}>
              {t('mer.disclosure.print')}
            </Button>
          </CardActions>
        </Card>
      )}
    </>
  );
}
