import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A page that only says something: a titled card with a sentence and, when given, one action
 * (a failed route, a screen one may not use).
 */
export function MessageCard({
  id,
  title,
  detail,
  detailTestId,
  action,
}: {
  /** The title's id, which names the card for screen readers. */
  id: string;
  title: ReactNode;
  detail: ReactNode;
  detailTestId?: string;
  action?: ReactNode;
}) {
  return (
    <Card
      component="section"
      aria-labelledby={id}
      sx={{ width: '100%', maxWidth: 560, mx: 'auto' }}
    >
      <CardContent>
        <Typography id={id} component="h1" variant="h5" gutterBottom sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography component="p" variant="body1" data-testid={detailTestId}>
          {detail}
        </Typography>
      </CardContent>
      {action && <CardActions sx={{ px: 2, pb: 2 }}>{action}</CardActions>}
    </Card>
  );
}
