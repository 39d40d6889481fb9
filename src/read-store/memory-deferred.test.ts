import { describe, expect, it } from 'vitest';
import { createMemoryReadStore, fillMemoryCollection, inspectMemoryCollection, memoryDocuments, memorySnapshotOf } from './memory';
import { decodeCollection, decodeCollectionInSlices, encodeCollection } from './memory-snapshot-columns';
import { DECODED_PER_TURN } from './memory-slices';
import { DuplicateKeyError, type Doc } from './port';

const docs: Doc[] = Array.from({ length: 50 }, (_, i) => ({ _id: `b${i}`, realtorId: `r${i % 5}`, amount: 100 + i, ...(i === 7 ? { _deleted: true } : {}) }));

/** A collection restored from a snapshot's bytes, counting how often they were decoded. */
async function restored() {
  const encoded = await encodeCollection(docs);
  const store = createMemoryReadStore();
  const collection = store.collection('bids');
  const decoded = { times: 0 };
  fillMemoryCollection(collection, {
    count: docs.length,
    encoded,
    load: () => {
      decoded.times++;
      return decodeCollection(encoded);
    },
  });
  return { collection, encoded, decoded };
}

describe('a memory collection restored from a snapshot', () => {
  it('is decoded only when first used, and its indexes asked for meanwhile are built then', async () => {
    const { collection, encoded, decoded } = await restored();
    await collection.createIndex({ realtorId: 1 });
    await collection.createIndex({ amount: 1 }, { unique: true });
    expect(decoded.times).toBe(0);
    // Not used yet: what a snapshot writes back is the bytes it came from.
    expect(memorySnapshotOf(collection)).toEqual({ count: 50, encoded });

    expect(await collection.find({ realtorId: 'r1' })).toHaveLength(10);
    expect(inspectMemoryCollection(collection)).toEqual({ plan: 'index:realtorId_1', documentsExamined: 10 });
    expect(decoded.times).toBe(1);
    expect(await collection.countDocuments({})).toBe(49);
    await expect(collection.insertOne({ _id: 'b99', realtorId: 'r1', amount: 120 })).rejects.toBeInstanceOf(DuplicateKeyError);
    expect(decoded.times).toBe(1);
    // Decoded, it holds the documents themselves (grouped by shape: the tombstone comes last).
    expect([...(memorySnapshotOf(collection) as Doc[])].sort((a, b) => a._id.localeCompare(b._id))).toEqual([...docs].sort((a, b) => a._id.localeCompare(b._id)));
  });

  it('is decoded by whichever use comes first: a write, a count, or a look at its documents', async () => {
    const uses: Array<(collection: Awaited<ReturnType<typeof restored>>['collection']) => Promise<unknown>> = [
      (c) => c.updateOne({ _id: 'b3' }, { $set: { amount: 1 } }),
      (c) => c.deleteMany({ realtorId: 'r0' }),
      (c) => c.countDocuments({ realtorId: 'r2' }),
      (c) => c.insertOne({ _id: 'new', realtorId: 'r9', amount: 1 }),
      async (c) => memoryDocuments(c),
    ];
    for (const use of uses) {
      const { collection, decoded } = await restored();
      await use(collection);
      expect(decoded.times).toBe(1);
      expect(Array.isArray(memorySnapshotOf(collection))).toBe(true);
    }
  });

  it('dropped before any use, is empty and never decoded', async () => {
    const { collection, decoded } = await restored();
    await collection.drop();
    expect(await collection.countDocuments({})).toBe(0);
    expect(decoded.times).toBe(0);
  });

  it('given a large collection, when it is first read, then it is decoded a slice at a time with the event loop free between slices, and a write meanwhile finishes it at once', async () => {
    const many: Doc[] = Array.from({ length: 2 * DECODED_PER_TURN + 10 }, (_, i) => ({ _id: `b${i}`, realtorId: `r${i % 5}`, amount: i }));
    const encoded = await encodeCollection(many);
    const restore = () => {
      const collection = createMemoryReadStore().collection('bids');
      const taken = { slices: 0, whole: 0 };
      fillMemoryCollection(collection, {
        count: many.length,
        encoded,
        load: () => {
          taken.whole++;
          return decodeCollection(encoded);
        },
        *slices(rows) {
          for (const slice of decodeCollectionInSlices(encoded, rows)) {
            taken.slices++;
            yield slice;
          }
        },
      });
      return { collection, taken };
    };
    const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

    const { collection, taken } = restore();
    await collection.createIndex({ realtorId: 1 });
    let answered = false;
    const reading = collection.find({ realtorId: 'r1' }).then((found) => ((answered = true), found));
    await turn();
    await turn();
    // Part way: not answered yet, the bytes still what a snapshot writes back.
    expect(answered).toBe(false);
    expect(taken.slices).toBeGreaterThan(0);
    expect(memorySnapshotOf(collection)).toEqual({ count: many.length, encoded });
    expect(await reading).toHaveLength(many.length / 5);
    expect(inspectMemoryCollection(collection).plan).toBe('index:realtorId_1');
    expect(taken).toEqual({ slices: 3, whole: 0 });

    const again = restore();
    const read = again.collection.findOne({ _id: 'b7' });
    await turn();
    await turn();
    await again.collection.updateOne({ _id: 'b7' }, { $set: { amount: -1 } });
    expect(await read).toEqual({ _id: 'b7', realtorId: 'r2', amount: -1 });
    expect(await again.collection.countDocuments({})).toBe(many.length);
    expect(again.taken).toEqual({ slices: 3, whole: 0 });
  });
});
