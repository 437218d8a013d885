import Stack from '@mui/material/Stack';
import type { ComponentType, ReactNode } from 'react';
import { useAppSelector } from '../../../app/hooks.ts';
import { selectSession } from '../questionnaire-slice.ts';
import { ReadableDisclosure } from './readable-disclosure.tsx';

/** What the case view's tabs receive from the screen (composed in app/, design §9.3). */
export interface ViewModeTabsProps {
  /** The disclosure's id, for its audit trail and revisions. */
  disclosureId: string;
  /** The disclosure as readable text. */
  readable: ReactNode;
  /** The screen's own form, read-only, exactly as view mode shows it. */
  form: ReactNode;
}

/**
 * In view mode, with the case view's tabs given, the form becomes one of them beside the
 * readable disclosure (requirements W-11, W-12, W-13); otherwise the form as it is.
 */
export function ViewMode({
  tabs: Tabs,
  children,
}: {
  tabs: ComponentType<ViewModeTabsProps> | undefined;
  children: ReactNode;
}) {
  const session = useAppSelector(selectSession);
  if (!Tabs || session.action !== 'view' || !session.id) return children;
  return (
    <Tabs
      disclosureId={session.id}
      readable={<ReadableDisclosure />}
      form={<Stack spacing={3}>{children}</Stack>}
    />
  );
}
