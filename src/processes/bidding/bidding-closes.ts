import type { CloseOwedDoc } from '../../projections/bidding/closes-owed';
import { CLOSES_OWED } from '../../projections/bidding/closes-owed';
import type { BidPropertyDoc } from '../../projections/bidding/bids';
import { BID_PROPERTIES } from '../../projections/bidding/bids';
import { biddingClose, biddingClosedEventName, biddingClosedStreamId } from '../../domain/bidding/close';
import { listing } from '../../domain/listings/decide';
import { propertyStreamId } from '../../domain/listings/events';
import { handleCommand, loadState } from '../../domain/shared/command-handler';
import type { Projection } from '../../projections/projection';
import { nameToUuid } from './bid-refunds';
import type { ClockedProcessDeps, OwedWork } from '../owed-work';
import { createOwedWork, owedWorkOptions } from '../owed-work';
import { propertyStream } from '../../domain/shared/stream-ids';

export const BIDDING_CLOSES = 'bidding-closes';

export type BiddingClosesDeps = ClockedProcessDeps;

export type BiddingCloses = Projection & Pick<OwedWork<CloseOwedDoc>, 'start' | 'stop' | 'idle' | 'counts' | 'catchUp'>;

/**
 * The close process manager (docs/decisions/0059, 0060): when a listing's
 * bidding window ends by the app's clock, it appends one BiddingClosed on
 * `bidding-closed-{propertyId}`, with an event id derived from the listing id,
 * so two nodes or a retry write it once. What it owes is `closes_owed`; the
 * listing's own stream is read before deciding, so a listing deleted meanwhile
 * gets none, and the close the owed item holds follows a moved close.
 */
export function createBiddingCloses(deps: BiddingClosesDeps): BiddingCloses {
  const dueNow = deps.dueNow ?? deps.now ?? Date.now;
  const close = async (owed: CloseOwedDoc) => {
    const propertyId = owed._id;
    const state = await loadState(deps.eventStore, propertyStreamId(propertyId), listing);
    const facts = await deps.readStore.collection<BidPropertyDoc>(BID_PROPERTIES).findOne({ _id: propertyId }, { projection: { bidCount: 1 } });
    const title = state.status === 'listed' ? state.title : owed.title;
    const command = {
      type: 'CloseBidding' as const,
      propertyId,
      ownerId: owed.ownerId,
      title,
      bidCount: facts?.bidCount ?? 0,
      biddingEndsAt: owed.dueAt,
      listing: state.status,
      at: new Date(dueNow()).toISOString(),
    };
    await handleCommand(deps.eventStore, biddingClosedStreamId(propertyId), biddingClose, command, {
      eventId: () => nameToUuid(biddingClosedEventName(propertyId)),
      metadata: { processManager: BIDDING_CLOSES, causationId: owed.causationId },
    });
  };

  const work = createOwedWork<CloseOwedDoc>({
    name: 'bidding close',
    owed: () => deps.readStore.collection<CloseOwedDoc>(CLOSES_OWED),
    complete: close,
    describe: (owed) => ({ processManager: BIDDING_CLOSES, propertyId: owed._id, dueAt: owed.dueAt, causationId: owed.causationId }),
    ...owedWorkOptions(deps),
  });

  return {
    name: BIDDING_CLOSES,
    collections: [],
    async apply(event, store, context) {
      // Closes from before this start are the worker's (it reads them all at start).
      if (context?.replaying) return;
      if ((event.type !== 'PropertyListed' && event.type !== 'PropertyUpdated') || !propertyStream.owns(event.streamId)) return;
      // A new or moved close: the worker's timer wakes for it if it is the next one.
      const item = await store.collection<CloseOwedDoc>(CLOSES_OWED).findOne({ _id: propertyStream.idIn(event.streamId), doneAt: null });
      if (item) work.kick(item);
    },
    start: work.start,
    counts: work.counts,
    catchUp: work.catchUp,
    idle: work.idle,
    stop: work.stop,
  };
}
