import { describe, expect, it } from 'vitest';
import { createMemoryReadStore, inspectMemoryCollection } from './memory';

// Most reads and writes of projections and routes name one document by its `_id` (memory-plan.ts, selectById).
const seeded = async (count: number) => {
  const collection = createMemoryReadStore().collection('listings');
  for (let i = 0; i < count; i++) {
    await collection.insertOne({ _id: `l${i}`, slug: `s${i}`, ownerId: `o${i % 100}`, price: i % 7, createdAt: new Date(Date.UTC(2024, 0, 1, 0, i)) });
  }
  return collection;
};

describe('memory read store: by _id', () => {
  it('tests the one document of an _id with the rest of the filter, as the general plan does, tombstones hidden unless named', async () => {
    const collection = await seeded(1000);
    expect(await collection.findOne({ _id: 'l5', price: 5 })).toMatchObject({ _id: 'l5', slug: 's5' });
    expect(await collection.findOne({ _id: 'l5', price: 6 })).toBeNull();
    expect(inspectMemoryCollection(collection)).toEqual({ plan: 'id', documentsExamined: 1 });
    expect(await collection.findOne({ _id: 'missing' })).toBeNull();
    expect(inspectMemoryCollection(collection)).toEqual({ plan: 'id', documentsExamined: 0 });
    expect(await collection.updateOne({ _id: 'l6', price: { $lt: 0 } }, { $set: { price: 1 } })).toEqual({ matchedCount: 0, modifiedCount: 0 });
    expect(await collection.updateOne({ _id: 'l6', $or: [{ price: 6 }, { price: 0 }] }, { $set: { _deleted: true } })).toEqual({ matchedCount: 1, modifiedCount: 1 });
    expect(await collection.findOne({ _id: 'l6' })).toBeNull();
    expect(await collection.findOne({ _id: 'l6', _deleted: { $ne: false } })).toMatchObject({ _id: 'l6', _deleted: true });
    // A count by _id (an approval check) is the same look-up.
    expect(await collection.countDocuments({ _id: 'l5', price: 5 })).toBe(1);
    expect(inspectMemoryCollection(collection)).toEqual({ plan: 'id', documentsExamined: 1 });
    expect(await collection.countDocuments({ _id: 'l5', price: { $in: [6, 7] } })).toBe(0);
    expect(await collection.countDocuments({ _id: 'l6' })).toBe(0);
    expect(await collection.countDocuments({ _id: 'l6', _deleted: { $ne: false } })).toBe(1);
    expect(await collection.countDocuments({ _id: 'missing' })).toBe(0);
    expect(inspectMemoryCollection(collection)).toEqual({ plan: 'id', documentsExamined: 0 });
    // An upsert that inserts is seeded with the filter's equalities, dotted ones nested.
    await collection.updateOne({ _id: 'new', price: 3, 'spec.rooms': 2, slug: { $eq: 'sn' }, ownerId: { $exists: false } }, { $set: { title: 'New' } }, { upsert: true });
    expect(await collection.findOne({ _id: 'new' })).toEqual({ _id: 'new', price: 3, spec: { rooms: 2 }, slug: 'sn', title: 'New' });
    // A sort or a skip goes the general way, with the same answer.
    expect(await collection.find({ _id: 'l7' }, { sort: { price: 1 }, skip: 0 })).toHaveLength(1);
    expect(await collection.find({ _id: 'l7' }, { skip: 1 })).toEqual([]);
  });

});
