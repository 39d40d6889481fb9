import { describe, expect, it } from 'vitest';
import { idsOf, type ConformanceContext } from './conformance-context';
import { DELETED_FIELD, DuplicateKeyError, type Doc, type Update } from './port';

export function describeWriteConformance(context: ConformanceContext): void {
  const seeded = async (...docs: Doc[]) => {
    const collection = context.fresh();
    for (const doc of docs) await collection.insertOne(doc);
    return collection;
  };

  describe('insertOne', () => {
    it('refuses a taken _id with DuplicateKeyError and keeps the stored document', async () => {
      const collection = await seeded({ _id: 'a', v: 1 });
      const refused = await collection.insertOne({ _id: 'a', v: 2 }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DuplicateKeyError);
      expect(refused).toMatchObject({ code: 11000, key: { _id: 'a' } });
      expect(await collection.find({})).toEqual([{ _id: 'a', v: 1 }]);
    });
  });

  describe('update operators', () => {
    const after = async (doc: Doc, update: Update) => {
      const collection = await seeded(doc);
      const result = await collection.updateOne({ _id: doc._id }, update);
      return { result, doc: await collection.findOne({ _id: doc._id }) };
    };

    it('$set replaces, adds and creates nested fields; the same value is not a modification', async () => {
      const changed = await after({ _id: 'x', a: 1, n: { k: 1 } }, { $set: { a: 2, b: 'new', 'n.j': 3, 'deep.er': true } });
      expect(changed.doc).toEqual({ _id: 'x', a: 2, b: 'new', n: { k: 1, j: 3 }, deep: { er: true } });
      expect(changed.result).toEqual({ matchedCount: 1, modifiedCount: 1 });
      expect((await after({ _id: 'x', a: 1 }, { $set: { a: 1 } })).result).toEqual({ matchedCount: 1, modifiedCount: 0 });
    });

    it('$inc adds to a number and starts a missing field at zero', async () => {
      expect((await after({ _id: 'x', n: 5 }, { $inc: { n: -2, fresh: 3, 'c.d': 1 } })).doc).toEqual({ _id: 'x', n: 3, fresh: 3, c: { d: 1 } });
    });

    it('$inc refuses a non-numeric field and changes nothing', async () => {
      const collection = await seeded({ _id: 'x', n: 'five', m: 1 });
      await expect(collection.updateOne({ _id: 'x' }, { $inc: { n: 1, m: 1 } })).rejects.toThrow();
      expect(await collection.findOne({ _id: 'x' })).toEqual({ _id: 'x', n: 'five', m: 1 });
    });

    it('$push appends one value, or several with $each, creating the array', async () => {
      expect((await after({ _id: 'x', t: ['a'] }, { $push: { t: 'b' } })).doc).toEqual({ _id: 'x', t: ['a', 'b'] });
      expect((await after({ _id: 'x', t: ['a'] }, { $push: { t: { $each: ['b', 'c'] } } })).doc).toEqual({ _id: 'x', t: ['a', 'b', 'c'] });
      expect((await after({ _id: 'x' }, { $push: { t: { v: 1 } } })).doc).toEqual({ _id: 'x', t: [{ v: 1 }] });
    });

    it('$pull removes every element equal to a value or matching a condition', async () => {
      expect((await after({ _id: 'x', t: ['a', 'b', 'a'] }, { $pull: { t: 'a' } })).doc).toEqual({ _id: 'x', t: ['b'] });
      expect((await after({ _id: 'x', t: [1, 5, 9] }, { $pull: { t: { $gte: 5 } } })).doc).toEqual({ _id: 'x', t: [1] });
      const bids = [{ by: 'u1', amount: 3 }, { by: 'u2', amount: 8 }, { by: 'u3', amount: 1 }];
      expect((await after({ _id: 'x', bids }, { $pull: { bids: { amount: { $lt: 5 } } } })).doc).toEqual({ _id: 'x', bids: [{ by: 'u2', amount: 8 }] });
      expect((await after({ _id: 'x', bids }, { $pull: { bids: { by: 'u2' } } })).doc?.bids).toEqual([bids[0], bids[2]]);
      expect((await after({ _id: 'x', t: ['a'] }, { $pull: { t: 'z' } })).result).toEqual({ matchedCount: 1, modifiedCount: 0 });
    });

    it('$unset removes fields; a missing one is not a modification', async () => {
      const changed = await after({ _id: 'x', a: 1, b: 2, n: { k: 1, j: 2 } }, { $unset: { a: '', 'n.k': 1 } });
      expect(changed.doc).toEqual({ _id: 'x', b: 2, n: { j: 2 } });
      expect((await after({ _id: 'x', b: 2 }, { $unset: { a: true } })).result).toEqual({ matchedCount: 1, modifiedCount: 0 });
    });

    it('$setOnInsert is ignored when a document matched', async () => {
      expect((await after({ _id: 'x', a: 1 }, { $set: { a: 2 }, $setOnInsert: { b: 1 } })).doc).toEqual({ _id: 'x', a: 2 });
    });

    it('refuses conflicting paths, a changed _id and undeclared operators', async () => {
      const collection = await seeded({ _id: 'x', a: { b: 1 } });
      await expect(collection.updateOne({ _id: 'x' }, { $set: { a: 2 }, $inc: { a: 1 } })).rejects.toThrow();
      await expect(collection.updateOne({ _id: 'x' }, { $set: { a: {} }, $inc: { 'a.b': 1 } })).rejects.toThrow();
      await expect(collection.updateOne({ _id: 'x' }, { $set: { _id: 'y' } })).rejects.toThrow();
      await expect(collection.updateOne({ _id: 'x' }, { $addToSet: { t: 1 } } as Update)).rejects.toThrow();
      await expect(collection.updateOne({ _id: 'x' }, {})).rejects.toThrow();
      expect(await collection.find({})).toEqual([{ _id: 'x', a: { b: 1 } }]);
    });
  });

  describe('updateOne and updateMany', () => {
    it('report matched and modified counts and no upsertedId without an upsert', async () => {
      const collection = await seeded({ _id: '1', s: 'x' }, { _id: '2', s: 'y' }, { _id: '3', s: 'y' });
      expect(await collection.updateMany({}, { $set: { s: 'x' } })).toEqual({ matchedCount: 3, modifiedCount: 2 });
      expect(await collection.updateMany({ s: 'none' }, { $set: { s: 'z' } })).toEqual({ matchedCount: 0, modifiedCount: 0 });
      expect(await collection.updateOne({ s: 'none' }, { $set: { s: 'z' } })).toEqual({ matchedCount: 0, modifiedCount: 0 });
    });

    it('updateOne changes a single document when several match', async () => {
      const collection = await seeded({ _id: '1', s: 'y' }, { _id: '2', s: 'y' });
      expect(await collection.updateOne({ s: 'y' }, { $set: { s: 'z' } })).toEqual({ matchedCount: 1, modifiedCount: 1 });
      expect(await collection.countDocuments({ s: 'z' })).toBe(1);
    });
  });

  describe('upserts', () => {
    it('seed the new document with the equality fields of the filter, then apply the update', async () => {
      const collection = context.fresh();
      const filter = { _id: 'u1', kind: 'listing', 'meta.source': 'feed', score: { $gt: 5 }, $and: [{ region: { $eq: 'north' } }] };
      const update: Update = { $set: { title: 't' }, $inc: { views: 1 }, $setOnInsert: { createdAt: 'now' } };
      expect(await collection.updateOne(filter, update, { upsert: true })).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedId: 'u1' });
      expect(await collection.findOne({ _id: 'u1' })).toEqual({ _id: 'u1', kind: 'listing', meta: { source: 'feed' }, region: 'north', title: 't', views: 1, createdAt: 'now' });

      const again = await collection.updateOne({ _id: 'u1' }, { $inc: { views: 1 }, $setOnInsert: { createdAt: 'later' } }, { upsert: true });
      expect(again).toEqual({ matchedCount: 1, modifiedCount: 1 });
      expect(await collection.findOne({ _id: 'u1' })).toMatchObject({ views: 2, createdAt: 'now' });
    });

    it('seed _id from $eq, and updateMany upserts one document', async () => {
      const collection = context.fresh();
      expect(await collection.updateOne({ _id: { $eq: 'u2' } }, { $set: { a: 1 } }, { upsert: true })).toMatchObject({ upsertedId: 'u2' });
      expect(await collection.updateMany({ _id: 'u3', group: 'g' }, { $set: { a: 2 } }, { upsert: true })).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedId: 'u3' });
      expect(await collection.find({}, { sort: { _id: 1 } })).toEqual([{ _id: 'u2', a: 1 }, { _id: 'u3', group: 'g', a: 2 }]);
    });

    it('refuse with DuplicateKeyError when the filter missed a document that holds the _id', async () => {
      const collection = await seeded({ _id: 'a', status: 'old' });
      const refused = await collection.updateOne({ _id: 'a', status: 'new' }, { $set: { n: 1 } }, { upsert: true }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DuplicateKeyError);
      expect(await collection.find({})).toEqual([{ _id: 'a', status: 'old' }]);
    });
  });

  describe('a tombstone standing for a range (src/projections/projection.ts deleteBelow, docs/decisions/0061)', () => {
    const raise = async (collection: ReturnType<typeof context.fresh>, below: string) => {
      try {
        await collection.updateOne({ _id: '~deleted-below:at', [DELETED_FIELD]: true, below: { $lt: below } }, { $set: { below, _position: 9 } }, { upsert: true });
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
    };

    it('is seeded by an upsert naming the marker, only rises, and stays hidden from reads and counts', async () => {
      const collection = await seeded({ _id: 'old', at: '2026-01-01' }, { _id: 'new', at: '2026-03-01' });
      await raise(collection, '2026-02-01');
      await raise(collection, '2026-01-15');
      await collection.deleteMany({ at: { $lt: '2026-02-01' } });
      expect(await collection.find({})).toEqual([{ _id: 'new', at: '2026-03-01' }]);
      expect(await collection.countDocuments({})).toBe(1);
      expect(await collection.findOne({ _id: '~deleted-below:at', [DELETED_FIELD]: true })).toEqual({ _id: '~deleted-below:at', [DELETED_FIELD]: true, below: '2026-02-01', _position: 9 });
      await raise(collection, '2026-02-15');
      expect(await collection.findOne({ _id: '~deleted-below:at', [DELETED_FIELD]: true })).toMatchObject({ below: '2026-02-15' });
    });
  });

  describe('deletes, drop and collections', () => {
    it('deleteOne removes one match, deleteMany all matches', async () => {
      const collection = await seeded({ _id: '1', s: 'x' }, { _id: '2', s: 'x' }, { _id: '3', s: 'y' }, { _id: '4', s: 'y' });
      expect(await collection.deleteOne({ s: 'x' })).toEqual({ deletedCount: 1 });
      expect(await collection.countDocuments({ s: 'x' })).toBe(1);
      expect(await collection.deleteOne({ s: 'none' })).toEqual({ deletedCount: 0 });
      expect(await collection.deleteMany({ s: 'y' })).toEqual({ deletedCount: 2 });
      expect(await collection.deleteMany({})).toEqual({ deletedCount: 1 });
      expect(await collection.countDocuments()).toBe(0);
    });

    it('drop removes every document and index, and tolerates a collection never written', async () => {
      const collection = await seeded({ _id: '1', email: 'a@x' });
      await collection.createIndex({ email: 1 }, { unique: true });
      await collection.drop();
      expect(await collection.find({})).toEqual([]);
      await collection.insertOne({ _id: '2', email: 'a@x' });
      await collection.insertOne({ _id: '3', email: 'a@x' });
      expect(await collection.countDocuments({ email: 'a@x' })).toBe(2);
      await expect(context.fresh().drop()).resolves.toBeUndefined();
    });

    it('keeps collections apart, and shares one between handles of the same name', async () => {
      const store = context.store();
      const one = context.fresh();
      const two = context.fresh();
      await one.insertOne({ _id: 'same', where: 'one' });
      await two.insertOne({ _id: 'same', where: 'two' });
      await one.updateMany({}, { $set: { touched: true } });
      await one.drop();
      expect(await two.find({})).toEqual([{ _id: 'same', where: 'two' }]);
      await store.collection(two.name).insertOne({ _id: 'other' });
      expect(idsOf(await two.find({}))).toEqual(['other', 'same']);
    });
  });
}
