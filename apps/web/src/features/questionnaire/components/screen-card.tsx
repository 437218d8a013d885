import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import type { ReactNode } from 'react';

/**
 * One of the questionnaire screen's cards: a section named by its h2 title, an optional action
 * beside the title, the card's content, and what belongs to the card outside it (its dialogs).
 */
export function ScreenCard({
  titleId,
  title,
  action,
  outside,
  children,
}: {
  titleId: string;
  title: string;
  action?: ReactNode;
  outside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader
        title={title}
        slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' } }}
        action={action}
      />
      <CardContent>{children}</CardContent>
      {outside}
    </Card>
  );
}
