import { describe, expect, it } from 'vitest';
import { idsOf, type ConformanceContext } from './conformance-context';
import { DuplicateKeyError, type Collection, type Doc, type Filter, type FindOptions } from './port';

// Deterministic listings with repeated values, missing fields and arrays.
export function sampleListings(count: number): Doc[] {
  return Array.from({ length: count }, (_, i) => ({
    _id: `l${String(i).padStart(4, '0')}`,
    ownerId: `o${(i * 7) % 5}`,
    status: ['open', 'closed', 'draft'][i % 3],
    ...(i % 11 === 0 ? {} : { createdAt: new Date(Date.UTC(2024, 0, 1 + ((i * 37) % 60))) }),
    price: (i * 13) % 50,
    tags: i % 4 === 0 ? ['garden', 'pool'] : ['garden'],
  }));
}

const queries: Array<[Filter, FindOptions]> = [
  [{ status: 'open' }, {}],
  [{ status: { $in: ['open', 'draft'] }, price: { $gte: 20 } }, { sort: { createdAt: -1, _id: 1 }, limit: 7 }],
  [{ ownerId: 'o3' }, { sort: { createdAt: -1, _id: -1 }, skip: 2, limit: 5 }],
  [{ ownerId: { $eq: 'o1' }, status: 'closed' }, { sort: { price: 1, _id: 1 } }],
  [{}, { sort: { createdAt: 1, _id: 1 }, skip: 10, limit: 24 }],
  [{ tags: 'pool' }, { sort: { createdAt: -1, _id: 1 }, limit: 24 }],
  [{ $or: [{ status: 'draft' }, { price: { $lt: 5 } }] }, { sort: { createdAt: -1, _id: -1 } }],
  // An equality, then string bounds, along one index (a walk of its range only); a number or no value there matches no string bound.
  [{ ownerId: 'o3', status: { $gte: 'closed', $lt: 'open' } }, { sort: { ownerId: 1, status: 1, _id: 1 }, limit: 4 }],
  [{ ownerId: 'o1', status: { $gt: 'closed' } }, { sort: { ownerId: -1, status: -1 } }],
  [{ ownerId: 'o2', status: { $lte: 'open' } }, { sort: { ownerId: 1, status: 1, _id: -1 }, limit: 6 }],
  [{ ownerId: 'o4', status: { $gt: 'a', $lte: 'draft' } }, { sort: { ownerId: 1, status: 1 }, limit: 3 }],
];

export function describeIndexConformance(context: ConformanceContext): void {
  const seeded = async (docs: Doc[]) => {
    const collection = context.fresh();
    for (const doc of docs) await collection.insertOne(doc);
    return collection;
  };

  const refusal = (work: Promise<unknown>) => work.then(() => 'accepted', (error: unknown) => error);

  describe('indexes', () => {
    it('give the same answers as a collection without them, through writes', async () => {
      const docs = sampleListings(120);
      const plain = await seeded(docs);
      const indexed = await seeded(docs);
      await indexed.createIndex({ status: 1 });
      await indexed.createIndex({ createdAt: -1 });
      await indexed.createIndex({ ownerId: 1, createdAt: -1 });
      await indexed.createIndex({ tags: 1 });
      await indexed.createIndex({ ownerId: 1, status: 1 });
      const compare = async () => {
        for (const [filter, options] of queries) {
          const [expected, actual] = [await plain.find(filter, options), await indexed.find(filter, options)];
          // Without a sort the order is the plan's, on MongoDB as well.
          if (options.sort) expect(actual).toEqual(expected);
          else expect(idsOf(actual)).toEqual(idsOf(expected));
          expect(await indexed.countDocuments(filter)).toBe(await plain.countDocuments(filter));
        }
      };
      await compare();
      for (const collection of [plain, indexed] as Array<Collection<Doc>>) {
        await collection.updateMany({ ownerId: 'o3' }, { $set: { status: 'open', createdAt: new Date(Date.UTC(2025, 0, 1)) } });
        await collection.deleteMany({ status: 'draft', price: { $lt: 25 } });
        await collection.updateOne({ _id: 'l0005' }, { $unset: { createdAt: '' }, $push: { tags: 'pool' } });
        await collection.updateMany({ _id: { $in: ['l0001', 'l0002', 'l0003', 'l0004'] } }, { $set: { status: 7 } });
        await collection.updateMany({ _id: { $in: ['l0006', 'l0008', 'l0009', 'l0010'] } }, { $unset: { status: '' } });
      }
      await compare();
    });

    it('are idempotent; a different definition under the same name is refused', async () => {
      const collection = await seeded([{ _id: '1', email: 'a@x', at: 1 }]);
      await collection.createIndex({ email: 1 });
      await collection.createIndex({ email: 1 });
      await collection.createIndex({ email: 1, at: -1 });
      await collection.createIndex({ email: 1, at: -1 });
      await expect(collection.createIndex({ email: 1 }, { unique: true })).rejects.toThrow();
      expect(idsOf(await collection.find({ email: 'a@x' }))).toEqual(['1']);
    });
  });

  describe('unique indexes', () => {
    const users = async () => {
      const collection = await seeded([
        { _id: 'u1', email: 'a@x', name: 'A' },
        { _id: 'u2', email: 'b@x', name: 'B' },
      ]);
      await collection.createIndex({ email: 1 }, { unique: true });
      return collection;
    };
    const original = [
      { _id: 'u1', email: 'a@x', name: 'A' },
      { _id: 'u2', email: 'b@x', name: 'B' },
    ];

    it('refuse an insert that repeats a key', async () => {
      const collection = await users();
      const refused = await refusal(collection.insertOne({ _id: 'u3', email: 'a@x' }));
      expect(refused).toBeInstanceOf(DuplicateKeyError);
      expect(refused).toMatchObject({ key: { email: 'a@x' } });
      expect(await collection.find({}, { sort: { _id: 1 } })).toEqual(original);
    });

    it('refuse updates and upserts that repeat a key, changing nothing', async () => {
      const collection = await users();
      expect(await refusal(collection.updateOne({ _id: 'u2' }, { $set: { email: 'a@x', name: 'changed' } }))).toBeInstanceOf(DuplicateKeyError);
      expect(await refusal(collection.updateMany({ name: 'B' }, { $set: { email: 'a@x' } }))).toBeInstanceOf(DuplicateKeyError);
      expect(await refusal(collection.updateOne({ _id: 'u9' }, { $set: { email: 'b@x' } }, { upsert: true }))).toBeInstanceOf(DuplicateKeyError);
      expect(await refusal(collection.updateOne({ email: 'b@x', name: 'nobody' }, { $set: { n: 1 } }, { upsert: true }))).toBeInstanceOf(DuplicateKeyError);
      expect(await collection.find({}, { sort: { _id: 1 } })).toEqual(original);
    });

    it('free a key when its document changes or goes', async () => {
      const collection = await users();
      await collection.updateOne({ _id: 'u1' }, { $set: { email: 'new@x' } });
      await collection.insertOne({ _id: 'u3', email: 'a@x' });
      await collection.deleteOne({ _id: 'u2' });
      await collection.insertOne({ _id: 'u4', email: 'b@x' });
      expect(await collection.countDocuments()).toBe(3);
    });

    it('index a missing field as null, so two documents without it collide', async () => {
      const collection = await users();
      await collection.insertOne({ _id: 'u3', name: 'no email' });
      expect(await refusal(collection.insertOne({ _id: 'u4', name: 'no email either' }))).toBeInstanceOf(DuplicateKeyError);
    });

    it('on several fields refuse only the same combination', async () => {
      const collection = context.fresh();
      await collection.createIndex({ propertyId: 1, realtorId: 1 }, { unique: true, name: 'one_bid_per_realtor' });
      await collection.insertOne({ _id: 'b1', propertyId: 'p1', realtorId: 'r1' });
      await collection.insertOne({ _id: 'b2', propertyId: 'p1', realtorId: 'r2' });
      await collection.insertOne({ _id: 'b3', propertyId: 'p2', realtorId: 'r1' });
      expect(await refusal(collection.insertOne({ _id: 'b4', propertyId: 'p1', realtorId: 'r1' }))).toBeInstanceOf(DuplicateKeyError);
      expect(await collection.countDocuments()).toBe(3);
    });

    it('cannot be created over duplicates, and then do not exist', async () => {
      const collection = await seeded([
        { _id: '1', email: 'same' },
        { _id: '2', email: 'same' },
      ]);
      expect(await refusal(collection.createIndex({ email: 1 }, { unique: true }))).toBeInstanceOf(DuplicateKeyError);
      await collection.insertOne({ _id: '3', email: 'same' });
      expect(await collection.countDocuments({ email: 'same' })).toBe(3);
    });
  });
}
