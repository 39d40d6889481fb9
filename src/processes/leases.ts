import type { Collection, ReadStore } from '../read-store/port';
import { DuplicateKeyError } from '../read-store/port';
import { LEASES } from '../projections/read-models';

/**
 * One node works an item (docs/decisions/0063): before a process manager or a
 * mail sender completes an item it takes the item's lease, a record of who
 * holds it and until when, in a store every node of the deployment reaches.
 * The take is one conditional write, so of nodes racing for one item exactly
 * one gets it; a node that dies mid-item leaves it to another once the lease
 * has run out.
 */
export interface Leases {
  /**
   * Takes `key` for `holder` until `now + ttlMs` when nobody else holds it
   * (never taken, run out, or already this holder's: then it is renewed).
   * True when `holder` holds it now.
   */
  take(key: string, holder: string, ttlMs: number, now?: number): Promise<boolean>;
  /** Lets `key` go at once, if `holder` holds it. */
  release(key: string, holder: string): Promise<void>;
  close(): Promise<void>;
}


type LeaseDoc = { _id: string; holder: string; expiresAt: number };

/**
 * Leases as documents of a read store (MongoDB shared by every node, or the
 * in-memory store of one process): an upsert whose filter asks that the lease
 * be free or the holder's own. When a document for the key exists and is held
 * by another, the upsert tries to insert the key again and the store refuses
 * it with DuplicateKeyError (MongoDB's E11000): the conditional write both
 * adapters pass in the conformance suite (src/read-store/conformance-writes.ts).
 */
export function createReadStoreLeases(store: ReadStore): Leases {
  const leases = (): Collection<LeaseDoc> => store.collection<LeaseDoc>(LEASES);
  return {
    async take(key, holder, ttlMs, now = Date.now()) {
      try {
        await leases().updateOne(
          { _id: key, $or: [{ holder }, { expiresAt: { $lte: now } }] },
          { $set: { holder, expiresAt: now + ttlMs } },
          { upsert: true },
        );
        return true;
      } catch (error) {
        if (error instanceof DuplicateKeyError) return false;
        throw error;
      }
    },
    async release(key, holder) {
      await leases().updateOne({ _id: key, holder }, { $set: { expiresAt: 0 } });
    },
    async close() {
      // The store is the read models', closed with them.
    },
  };
}
