import { CLAIM_EXPIRES_PATH, CLAIM_HOLDER_PATH, type ReviewClaim } from '@vmer/domain/workbench';
import { HttpError } from '../http/errors.ts';
import type { DisclosureRow } from './disclosure-repository.ts';

/** The claim columns of a disclosure row (design §10: a claim is a lease on the row). */
export type ClaimColumns = Pick<DisclosureRow, 'claimed_by' | 'claimed_by_name' | 'claimed_at'>;

const MINUTE_MS = 60_000;

/**
 * The review claim on a disclosure as the caller sees it, or null when there is none: a claim
 * older than `minutes` has lapsed and counts as none (no job clears it).
 */
export function claimOf(
  row: ClaimColumns,
  caller: { subject: string },
  minutes: number,
  now: Date = new Date(),
): ReviewClaim | null {
  if (row.claimed_by === null || row.claimed_at === null) return null;
  const claimedAt = new Date(row.claimed_at);
  const expiresAt = new Date(claimedAt.getTime() + minutes * MINUTE_MS);
  if (expiresAt.getTime() <= now.getTime()) return null;
  return {
    claimedBy: row.claimed_by_name ?? row.claimed_by,
    mine: row.claimed_by === caller.subject,
    claimedAt: claimedAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * The 409 of a change refused because another reviewer holds the claim (W-14, W-15): the
 * message names the holder, and `errors` carries the holder's user name and the claim's
 * expiry at the contract's paths (CLAIM_HOLDER_PATH, CLAIM_EXPIRES_PATH) for a screen to show.
 */
export function heldByAnother(claim: ReviewClaim): HttpError {
  const same = (text: string) => ({ en: text, cn_traditional: text });
  return new HttpError(409, { key: 'review_claimed', params: { name: claim.claimedBy } }, [
    { path: CLAIM_HOLDER_PATH, message: same(claim.claimedBy) },
    { path: CLAIM_EXPIRES_PATH, message: same(claim.expiresAt) },
  ]);
}

/** 409 naming the holder when someone other than the caller holds a live claim. */
export function requireNoOtherClaim(
  row: ClaimColumns,
  caller: { subject: string },
  minutes: number,
): void {
  const claim = claimOf(row, caller, minutes);
  if (claim && !claim.mine) throw heldByAnother(claim);
}
