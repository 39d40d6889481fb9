import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { decodeCollection, decodeCollectionInSlices, encodeCollection } from './memory-snapshot-columns';
import type { Doc } from './port';

describe("a snapshot's encoding of a collection", () => {
  it('given a large collection of distinct ids beside repeated values, when encoded and decoded, then every document comes back as it was, and the repeated values are stored once', async () => {
    // Past the point where a column of mostly distinct strings stops sharing them (ids, times), with columns that
    // repeat a few values (listings, realtors), one that repeats an earlier column's values, and nulls in both kinds.
    const docs: Doc[] = Array.from({ length: 120_000 }, (_, i) => ({
      _id: `refund-${i}`,
      propertyId: `property-${i % 3000}`,
      realtorId: i % 7 === 0 ? null : `realtor-${i % 40}`,
      since: `2030-01-01T00:${String(i % 60).padStart(2, '0')}:00.000Z`,
      dueAt: `2030-01-01T00:${String(i % 60).padStart(2, '0')}:00.000Z`,
      bidId: i % 11 === 0 ? null : `bid-${i}`,
      amount: i,
    }));
    // Another shape after it, sharing the table.
    docs.push({ _id: 'horizon', below: 'property-1', _deleted: true });

    const encoded = await encodeCollection(docs);

    expect(decodeCollection(encoded)).toEqual(docs);
    expect([...decodeCollectionInSlices(encoded, 50_000)].flat()).toEqual(docs);
    // The listing, realtor and time columns as indexes into a table of their few values: well under the documents as V8 writes them.
    expect(encoded.length).toBeLessThan(serialize(docs).length * 0.6);
  });
});
