import { skipToken } from '@reduxjs/toolkit/query';
import { useState, type ComponentProps } from 'react';
import { DISCLOSURE_STATUS } from '@vmer/domain/model';
import { useAppSelector } from '../../../app/hooks.ts';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { useDisclosureOverridesQuery } from '../api/questionnaire-api.ts';
import { selectSession } from '../questionnaire-slice.ts';
import { useReviewing } from '../use-reviewing.ts';
import { useScreenContext } from '../use-screen-context.ts';
import { DecisionSummary, type OverrideTarget } from './decision-summary.tsx';

/** The reviewer's override of one decision, asked for from its cell (W-18). */
const OverrideDialog = lazyDialog(
  'override-dialog',
  () => import('../after-first-paint.ts'),
  (module) => module.OverrideDialog,
  () => true,
);

type ReviewableDecisionsProps = Omit<
  ComponentProps<typeof DecisionSummary>,
  'overrides' | 'onOverride'
>;

/**
 * The decision table of a disclosure under review or reviewed (requirements W-18, design §10):
 * the reviewer's overrides beside the engine's decisions, and, for the reviewer holding the
 * claim, an Override action in each decided cell.
 */
export function ReviewableDecisions(props: ReviewableDecisionsProps) {
  const session = useAppSelector(selectSession);
  const { holding } = useReviewing();
  const { exclusions } = useScreenContext();
  const reviewed =
    session.action === 'view' &&
    (session.status === DISCLOSURE_STATUS.SUBMITTED ||
      session.status === DISCLOSURE_STATUS.VALIDATED);
  const overrides = useDisclosureOverridesQuery(reviewed && session.id ? session.id : skipToken);
  const [target, setTarget] = useState<OverrideTarget | null>(null);
  return (
    <>
      <DecisionSummary
        {...props}
        overrides={overrides.data?.overrides}
        onOverride={holding ? setTarget : undefined}
      />
      {target && (
        <OverrideDialog
          target={target}
          exclusions={exclusions}
          language={props.language}
          onClose={() => setTarget(null)}
        />
      )}
    </>
  );
}
