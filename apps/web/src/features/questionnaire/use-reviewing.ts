import { reviewOffered } from '@vmer/domain/lifecycle';
import { roleSchema, type DisclosureStatus } from '@vmer/domain/model';
import { useAppSelector } from '../../app/hooks.ts';
import { selectSession } from './questionnaire-slice.ts';

/**
 * Where the caller stands in the review of the disclosure on screen (requirements §4, W-14,
 * W-17): whether they are a reviewer of it at all, whether they may review it (not when they
 * submitted it themselves), and whether they hold its review claim, which overrides need.
 */
export function useReviewing() {
  const session = useAppSelector(selectSession);
  const role = useAppSelector((state) => state.userInfo.userInfo.role);
  const parsed = roleSchema.safeParse(role);
  const reviewer =
    session.action === 'view' &&
    session.status !== null &&
    parsed.success &&
    reviewOffered(session.status as DisclosureStatus, parsed.data);
  const offered = reviewer && !session.submittedByCaller;
  const claim = session.claim ?? null;
  return {
    id: session.id,
    /** A reviewer of submitted disclosures looks at one. */
    reviewer,
    /** They may validate, reject and claim it: they did not submit it. */
    offered,
    claim,
    /** They hold the claim: they may override its decisions. */
    holding: offered && claim?.mine === true,
  };
}
