import { hash } from 'node:crypto';
import { refundEventName } from '../../domain/bidding/policies';
import { userStreamId } from '../../domain/accounts/commands';
import { account } from '../../domain/accounts/decide';
import { handleCommand } from '../../domain/shared/command-handler';
import type { Projection } from '../../projections/projection';
import type { RefundOwedDoc } from '../../projections/bidding/refunds-owed';
import { REFUNDS_OWED, owedRefundReason } from '../../projections/bidding/refunds-owed';
import { MAILS_FROM_LOG } from '../../projections/notifications/mails-owed';
import type { ClockedProcessDeps, OwedWork } from '../owed-work';
import { createOwedWork, owedWorkOptions } from '../owed-work';
import { userStream, propertyStream } from '../../domain/shared/stream-ids';

export const BID_REFUNDS = 'bid-refunds';

/** A UUID derived from a name (version-5 layout over SHA-256): the same name always gives the same event id. */
export function nameToUuid(name: string): string {
  // One call, no Hash object: a keyed request derives four or more ids (src/http/platform/request-seeds.ts).
  const bytes = hash('sha256', `bidhome:${name}`, 'buffer').subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type BidRefundReactorDeps = ClockedProcessDeps;

export type BidRefundReactor = Projection & Pick<OwedWork<RefundOwedDoc>, 'start' | 'stop' | 'idle' | 'counts' | 'catchUp'>;

/**
 * The refund process manager (docs/decisions/0013, 0029, 0059). What it owes is the
 * `refunds_owed` read model: a bid whose listing was deleted, a bid the owner
 * never saw by the close, a bid on a listing with no realtor chosen seven days
 * after the close, until its BidRefunded is in the log. The last two fall due
 * with the clock: the worker's timer wakes for the first of them. Its worker completes each one, retrying failures
 * with capped backoff, at boot and whenever a retry is due; and as a
 * projection after the read models it hands each new debt to the worker at
 * once, so a deletion refunds straight away. Each refund is RefundBid on the
 * realtor's stream with an event id derived from the bid id; the decider
 * decides nothing for a bid already refunded, so a retry or a second node
 * refunds nothing twice. The refund owes the realtor's mail
 * (src/projections/notifications/mails-owed.ts, docs/decisions/0063): its metadata says so,
 * and the mail process sends it from the log, so a crash between the refund
 * and the mail loses nothing, and a refund written twice (two nodes, one
 * event id) owes one mail.
 */
export function createBidRefundReactor(deps: BidRefundReactorDeps): BidRefundReactor {
  const refund = async (owed: RefundOwedDoc) => {
    const streamId = userStreamId(owed.realtorId);
    const name = refundEventName(owed._id);
    const eventId = nameToUuid(name);
    const reason = owedRefundReason(owed);
    const command = { type: 'RefundBid' as const, bidId: owed._id, reason, at: owed.at };
    await handleCommand(deps.eventStore, streamId, account, command, {
      // The refund, then the reward withdrawals decided with it (docs/decisions/0023), each with an id of its own.
      eventId: (event, index) => (index === 0 ? eventId : nameToUuid(`${name}:${event.type}:${index}`)),
      metadata: { processManager: BID_REFUNDS, causationId: owed.causationId, mails: MAILS_FROM_LOG },
    });
  };

  const work = createOwedWork<RefundOwedDoc>({
    name: 'bid refund',
    owed: () => deps.readStore.collection<RefundOwedDoc>(REFUNDS_OWED),
    complete: refund,
    describe: (owed) => ({ processManager: BID_REFUNDS, bidId: owed._id, realtorId: owed.realtorId, propertyId: owed.propertyId, causationId: owed.causationId }),
    ...owedWorkOptions(deps),
  });

  return {
    name: BID_REFUNDS,
    collections: [],
    async apply(event, store, context) {
      // Debts from before this start are the worker's (it reads them all at start): no stream read per past deletion.
      if (context?.replaying) return;
      const owed = store.collection<RefundOwedDoc>(REFUNDS_OWED);
      if (event.type === 'PropertyDeleted' && propertyStream.owns(event.streamId)) {
        const propertyId = (event.data as { propertyId?: string }).propertyId ?? propertyStream.idIn(event.streamId);
        for (const item of await owed.find({ propertyId, doneAt: null })) work.kick(item);
        return;
      }
      if (event.type === 'BidPlaced' && userStream.owns(event.streamId)) {
        const item = await owed.findOne({ _id: (event.data as { bidId: string }).bidId, doneAt: null });
        if (item) work.kick(item);
      }
    },
    start: work.start,
    counts: work.counts,
    catchUp: work.catchUp,
    idle: work.idle,
    stop: work.stop,
  };
}
