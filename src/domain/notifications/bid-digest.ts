import type { Decider } from '../shared/decider';
import { streamScheme } from '../shared/stream-ids';

/*
 * The daily bid digest of one homeowner, stream `digest-{ownerId}`
 * (docs/decisions/0043). Every node of a deployment may decide that a digest
 * is due; the stream's expected revision lets one append win, and the loser,
 * deciding again on the stream as the winner left it, finds the day sent.
 */

export const digestStream = streamScheme('digest');
export const digestStreamId = digestStream.of;

/** The UTC hour from which a day's digest is due. */
export const DIGEST_HOUR_UTC = 8;

export type BidDigestSent = {
  type: 'BidDigestSent';
  data: {
    ownerId: string;
    /** The UTC day (YYYY-MM-DD) this digest is for: one a day. */
    day: string;
    bidIds: string[];
    /** The latest `createdAt` among the bids: the next digest lists bids placed after it. */
    upTo: string;
    at: string;
  };
};

export type SendBidDigest = { type: 'SendBidDigest'; ownerId: string; day: string; bidIds: string[]; upTo: string; at: string };

export type DigestState = { lastDay: string | null; upTo: string | null };

export const bidDigest: Decider<SendBidDigest, DigestState, BidDigestSent> = {
  initialState: { lastDay: null, upTo: null },
  evolve: (_state, event) => ({ lastDay: event.data.day, upTo: event.data.upTo }),
  decide(command, state) {
    // Sent already today, or nothing to tell: no digest, and no error, since every node may ask.
    if (state.lastDay !== null && state.lastDay >= command.day) return [];
    if (command.bidIds.length === 0) return [];
    const { ownerId, day, bidIds, upTo, at } = command;
    return [{ type: 'BidDigestSent', data: { ownerId, day, bidIds, upTo, at } }];
  },
};

/** The UTC day of `now` when its digest hour has come, else null (nothing is due yet today). */
export function dueDigestDay(now: Date): string | null {
  if (now.getUTCHours() < DIGEST_HOUR_UTC) return null;
  return now.toISOString().slice(0, 10);
}
