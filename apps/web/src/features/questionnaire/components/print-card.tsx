import PrintIcon from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import { memo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/** The print action shows only on screens taller than this (requirements §2, §9). */
const PRINT_MIN_HEIGHT = 667;

function subscribeToResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}
const tallEnough = () => window.innerHeight > PRINT_MIN_HEIGHT;

/**
 * The print action: a titled card with a print button, on screens taller than 667 px.
 * Memoised: its actions' card renders at every answer, this card need not.
 */
export const PrintCard = memo(function PrintCard({ onPrint }: { onPrint: () => void }) {
  const { t } = useTranslation();
  const show = useSyncExternalStore(subscribeToResize, tallEnough, () => false);
  return (
    show && (
      <Card variant="outlined" sx={{ mt: 3 }} component="aside" aria-labelledby="print-title">
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
    )
  );
});
