import type { Context } from 'hono';
import { bidSeenEventName, bidSeenStreamId, seenReceipts } from '../../../domain/bidding/seen';
import { nameToUuid } from '../../../processes/bidding/bid-refunds';
import type { BidDoc } from '../../../projections/bidding/bids';
import type { AppDeps } from '../../deps';
import { appendCommand } from '../../commands';
import type { AppEnv } from '../../context';

/**
 * The owner was just shown `bids`: the ones not seen before are marked seen
 * (docs/decisions/0059). Nothing is appended when every bid was seen, so a
 * reload costs no write. Each mark's event id is derived from its bid, so two
 * loads racing write it once; nobody reads the mark back in this answer, so it
 * neither waits for the read models nor makes the next reads wait. A failed
 * mark is logged and the owner still gets the bids: the next load marks them.
 */
export async function markSeen(deps: AppDeps, c: Context<AppEnv>, propertyId: string, ownerId: string, bids: readonly BidDoc[]): Promise<void> {
  const unseen = bids.filter((bid) => !bid.seenAt);
  if (unseen.length === 0) return;
  const command = {
    type: 'MarkBidsSeen' as const,
    propertyId,
    ownerId,
    bids: unseen.map((bid) => ({ bidId: bid._id, realtorId: bid.realtorId })),
    at: deps.clock().toISOString(),
  };
  try {
    await appendCommand(deps, c, bidSeenStreamId(propertyId), seenReceipts, command, {
      eventId: (event) => nameToUuid(bidSeenEventName(event.data.bidId)),
      tellPosition: false,
    });
  } catch (error) {
    deps.logger.error('seen receipts failed', { requestId: c.get('requestId'), propertyId, bids: unseen.length, error });
  }
}
