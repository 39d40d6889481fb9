import { createHash } from 'node:crypto';
import type { StandingBid, RefundOrder } from '../domain/bidding/policies';
import { refundEventName, refundForBidOnDeletedProperty, refundsForDeletedProperty } from '../domain/bidding/policies';
import { userStreamId } from '../domain/accounts/commands';
import { account } from '../domain/accounts/decide';
import { handleCommand } from '../domain/shared/command-handler';
import type { EventStore, RecordedEvent } from '../event-store/port';
import { bidRefundedMail } from '../mail/bids';
import type { Mailer } from '../mail/port';
import type { BidDoc, BidPropertyDoc } from '../projections/bids';
import { BID_PROPERTIES, BIDS } from '../projections/bids';
import type { Projection } from '../projections/projection';
import type { UserDoc } from '../projections/users';
import { USERS } from '../projections/users';
import type { ReadStore } from '../read-store/port';
import type { Logger } from './logger';

export const BID_REFUNDS = 'bid-refunds';

/** A UUID derived from a name (version-5 layout over SHA-256): the same name always gives the same event id. */
export function nameToUuid(name: string): string {
  const bytes = createHash('sha256').update(`bidhome:${name}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface BidRefundReactorDeps {
  eventStore: EventStore;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
}

export type BidRefundReactor = Projection & {
  /** Resolves once every mail queued so far was sent or failed (tests, shutdown). */
  idle(): Promise<void>;
};

/**
 * The refund process manager (docs/decisions/0013). It follows the log with
 * the projections, after the `bids` projection, so it sees the standing bids
 * of a property when its PropertyDeleted arrives (a bid leaves `bids` only at
 * its own BidRefunded, later in the log). For each bid it appends RefundBid to
 * the realtor's stream with an event id derived from the bid id; the decider
 * decides nothing for a bid already refunded, so replaying the log at every
 * boot, or a second node following the same log, refunds nothing twice. A mail
 * goes out only when this very call wrote the refund: the event read back must
 * carry this attempt's token. Mails are sent off the projection path so a slow
 * provider never holds the read models back; a crash between the append and
 * the mail loses that mail rather than sending it twice.
 */
export function createBidRefundReactor(deps: BidRefundReactorDeps): BidRefundReactor {
  const pending = new Set<Promise<void>>();

  const mail = (store: ReadStore, realtorId: string, propertyTitle: string) => {
    const sending = (async () => {
      const realtor = await store.collection<UserDoc>(USERS).findOne({ _id: realtorId });
      if (!realtor) return;
      await deps.mailer.send(bidRefundedMail({ to: realtor.email, name: realtor.name, propertyTitle, publicUrl: deps.publicUrl }));
    })().catch((error: unknown) => deps.logger.error('refund mail failed', { realtorId, error }));
    pending.add(sending);
    void sending.finally(() => pending.delete(sending));
  };

  const refund = async (order: RefundOrder, cause: RecordedEvent, store: ReadStore, propertyTitle: string) => {
    const streamId = userStreamId(order.realtorId);
    const name = refundEventName(order.command.bidId);
    const eventId = nameToUuid(name);
    const attempt = crypto.randomUUID();
    try {
      const result = await handleCommand(deps.eventStore, streamId, account, order.command, {
        // The refund, then the reward withdrawals decided with it (docs/decisions/0023), each with an id of its own.
        eventId: (event, index) => (index === 0 ? eventId : nameToUuid(`${name}:${event.type}:${index}`)),
        metadata: { processManager: BID_REFUNDS, causationId: cause.id, attempt },
      });
      if (result.events.length === 0) return;
      // An identical append by another node returns as if it wrote: only the writer's token is on the event.
      const written = (await deps.eventStore.readStream(streamId)).find((event) => event.id === eventId);
      if (written?.metadata.attempt === attempt) mail(store, order.realtorId, propertyTitle);
    } catch (error) {
      // Never stop the log for one refund: it is logged, and the next replay of the log tries again.
      deps.logger.error('bid refund failed', { bidId: order.command.bidId, realtorId: order.realtorId, causationId: cause.id, error });
    }
  };

  return {
    name: BID_REFUNDS,
    collections: [],
    async apply(event, store) {
      if (event.type === 'PropertyDeleted' && event.streamId.startsWith('property-')) {
        const data = event.data as { propertyId?: string; title?: string; biddingEndsAt?: string; at: string };
        const propertyId = data.propertyId ?? event.streamId.slice('property-'.length);
        const standing = await store.collection<BidDoc>(BIDS).find({ propertyId, refundedAt: null });
        const orders = refundsForDeletedProperty(data.at, data.biddingEndsAt ?? null, standing.map(toStandingBid));
        for (const order of orders) await refund(order, event, store, data.title ?? '');
        return;
      }
      if (event.type === 'BidPlaced' && event.streamId.startsWith('user-')) {
        const { bidId, propertyId, at } = event.data as { bidId: string; propertyId: string; at: string };
        const property = await store.collection<BidPropertyDoc>(BID_PROPERTIES).findOne({ _id: propertyId }, { projection: { deleted: 1, title: 1 } });
        const bid = { bidId, realtorId: event.streamId.slice('user-'.length), placedAt: at };
        for (const order of refundForBidOnDeletedProperty(bid, property?.deleted ?? false)) await refund(order, event, store, property?.title ?? '');
      }
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

function toStandingBid(bid: BidDoc): StandingBid {
  return { bidId: bid._id, realtorId: bid.realtorId, placedAt: bid.createdAt };
}
