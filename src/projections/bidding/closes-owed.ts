import type { PropertyDeleted, PropertyListed } from '../../domain/listings/events';
import { isPropertyEvent } from '../../domain/listings/events';
import { isFairCreditsAdoptedEvent } from '../../domain/bidding/adoption';
import { isBiddingClosedEvent } from '../../domain/bidding/close';
import type { RecordedEvent } from '../../event-store/port';
import type { OwedDoc } from '../owed';
import type { Projection } from '../projection';
import { updateOnce, upsertOnce } from '../projection';
import { propertyStream } from '../../domain/shared/stream-ids';

export const CLOSES_OWED = 'closes_owed';

/**
 * A listing whose close is owed a BiddingClosed (docs/decisions/0059, 0060);
 * `_id` is the propertyId, `dueAt` its close. Moved with a moved close,
 * done (void) with the listing's deletion, done with its BiddingClosed.
 */
export type CloseOwedDoc = OwedDoc & { ownerId: string; title: string; dueAt: string };

/** The closes owed, for the close process (src/processes/bidding/bidding-closes.ts). Reads only the log. */
export function createClosesOwedProjection(): Projection {
  return {
    name: CLOSES_OWED,
    collections: [CLOSES_OWED],
    handles: ['BiddingClosed', 'FairCreditsAdopted', 'PropertyListed', 'PropertyUpdated', 'PropertyDeleted'],
    async setup(store) {
      await store.collection<CloseOwedDoc>(CLOSES_OWED).createIndex({ doneAt: 1, since: 1 });
      await store.collection<CloseOwedDoc>(CLOSES_OWED).createIndex({ doneAt: 1, dueAt: 1 });
    },
    async apply(event, store) {
      const owed = store.collection<CloseOwedDoc>(CLOSES_OWED);
      if (isBiddingClosedEvent(event)) {
        const { propertyId, at } = (event.data as { propertyId: string; at: string });
        // An upsert: the mark must exist even where the debt was never recorded, so a lagging node cannot record it later.
        await upsertOnce(owed, propertyId, event.position, { $set: { doneAt: at } });
        return;
      }
      if (isFairCreditsAdoptedEvent(event)) {
        // Listings that closed before the log adopted the rules (domain/bidding/adoption.ts) are not told now.
        const { at } = event.data as { at: string };
        for (const item of await owed.find({ doneAt: null, dueAt: { $lte: at } })) await updateOnce(owed, item._id, event.position, { $set: { doneAt: at } });
        return;
      }
      if (!isPropertyEvent(event)) return;
      const propertyId = propertyStream.idIn(event.streamId);
      if (event.type === 'PropertyListed') {
        const { ownerId, title, biddingEndsAt } = (event as RecordedEvent & PropertyListed).data;
        await upsertOnce(owed, propertyId, event.position, {
          $set: { ownerId, title, dueAt: biddingEndsAt, since: biddingEndsAt, causationId: event.id },
          $setOnInsert: { doneAt: null },
        });
        return;
      }
      if (event.type === 'PropertyUpdated') {
        const data = event.data as { title?: unknown; biddingEndsAt?: unknown };
        // A moved close (docs/decisions/0059) moves the due time; an edited title is the one the inbox names.
        const moved = typeof data.biddingEndsAt === 'string' ? { dueAt: data.biddingEndsAt, since: data.biddingEndsAt } : {};
        await updateOnce(owed, propertyId, event.position, { $set: { ...(typeof data.title === 'string' ? { title: data.title } : {}), ...moved } });
        return;
      }
      if (event.type === 'PropertyDeleted') {
        // A deleted listing owes nothing; a close already written stays done.
        const { at } = (event as RecordedEvent & PropertyDeleted).data;
        const item = await owed.findOne({ _id: propertyId }, { projection: { doneAt: 1 } });
        if (item && item.doneAt === null) await updateOnce(owed, propertyId, event.position, { $set: { doneAt: at } });
      }
    },
  };
}
