import { describe, expect, it } from 'vitest';
import { idsOf, type ConformanceContext } from './conformance-context';
import { DELETED_FIELD, DuplicateKeyError } from './port';
import type { Doc } from './port';
import { filterCases, literally, people, searchCases, searched } from './conformance-read-cases';
import type { Holder } from './conformance-read-cases';

export function describeReadConformance(context: ConformanceContext): void {
  const seeded = async (docs: Doc[] = people) => {
    const collection = context.fresh();
    for (const doc of docs) await collection.insertOne(doc);
    return collection;
  };

  describe('filters', () => {
    it.each(filterCases)('%s', async (_label, filter, expected) => {
      const collection = await seeded();
      expect(idsOf(await collection.find(filter))).toEqual(expected);
      expect(await collection.countDocuments(filter)).toBe(expected.length);
    });

    it.each(searchCases)('searches one literal in several fields: %s', async (_label, text, expected) => {
      const collection = await seeded(searched);
      const filter = { $or: ['name', 'email', 'city'].map((field) => ({ [field]: literally(text) })) };
      expect(idsOf(await collection.find(filter))).toEqual(expected);
      expect(await collection.countDocuments(filter)).toBe(expected.length);
      expect(idsOf(await collection.find({ $and: [{ _id: { $ne: 'none' } }, filter] }, { sort: { name: 1 } }))).toEqual(expected);
    });

    it('refuses operators the port does not declare', async () => {
      const collection = await seeded();
      await expect(collection.find({ tags: { $size: 1 } })).rejects.toThrow();
      await expect(collection.find({ $nor: [{ name: 'Ann' }] })).rejects.toThrow();
    });

    it('refuses an undefined value rather than dropping the condition', async () => {
      const collection = await seeded();
      await expect(collection.deleteMany({ name: undefined })).rejects.toThrow();
      await expect(collection.find({ age: { $gt: undefined } })).rejects.toThrow();
      expect(await collection.countDocuments()).toBe(5);
    });
  });

  describe('sort, skip and limit', () => {
    const sortedIds = async (docs: Doc[], sort: Record<string, 1 | -1>) => (await (await seeded(docs)).find({}, { sort })).map((doc) => doc._id);

    it('puts missing fields first ascending and orders types as MongoDB does', async () => {
      expect(await sortedIds(people, { age: 1 })).toEqual(['d', 'b', 'a', 'c', 'e']);
      expect(await sortedIds(people, { age: -1 })).toEqual(['e', 'c', 'a', 'b', 'd']);
      const mixed: Doc[] = [
        { _id: '1', v: true },
        { _id: '2', v: new Date(0) },
        { _id: '3', v: 'text' },
        { _id: '4', v: 10 },
        { _id: '5', v: { k: 1 } },
        { _id: '6', v: null },
        { _id: '7' },
        { _id: '8', v: -2.5 },
      ];
      expect(await sortedIds(mixed, { v: 1, _id: 1 })).toEqual(['6', '7', '8', '4', '3', '5', '1', '2']);
    });

    it('sorts on two keys, null and missing equal', async () => {
      const docs: Doc[] = [
        { _id: '1', city: 'Lyon', score: 3 },
        { _id: '2', city: 'Paris', score: 5 },
        { _id: '3', city: 'Lyon', score: 9 },
        { _id: '4', score: 1 },
        { _id: '5', city: null, score: 4 },
      ];
      expect(await sortedIds(docs, { city: 1, score: -1 })).toEqual(['5', '4', '3', '1', '2']);
      expect(await sortedIds(docs, { city: -1, score: 1 })).toEqual(['2', '1', '3', '4', '5']);
    });

    it('sorts strings by bytes, without collation', async () => {
      const docs = ['b', 'B', 'a', 'é', 'Z'].map((name, i) => ({ _id: String(i), name }));
      expect(await sortedIds(docs, { name: 1 })).toEqual(['1', '4', '2', '0', '3']);
    });

    it('sorts arrays by their smallest element ascending and largest descending, an empty one first', async () => {
      const docs: Doc[] = [{ _id: 'p', v: [5, 1] }, { _id: 'q', v: 3 }, { _id: 'r', v: [2, 9] }, { _id: 's', v: [] }, { _id: 't' }];
      expect(await sortedIds(docs, { v: 1 })).toEqual(['s', 't', 'p', 'r', 'q']);
      expect(await sortedIds(docs, { v: -1 })).toEqual(['r', 'p', 'q', 't', 's']);
    });

    it('sorts on a dotted path', async () => {
      expect(await sortedIds(people, { 'address.city': -1, _id: 1 })).toEqual(['b', 'a', 'c', 'd', 'e']);
    });

    it('skips and limits after sorting', async () => {
      const collection = await seeded();
      const page = async (skip: number, limit: number) => (await collection.find({}, { sort: { _id: -1 }, skip, limit })).map((doc) => doc._id);
      expect(await page(1, 2)).toEqual(['d', 'c']);
      expect(await page(4, 10)).toEqual(['a']);
      expect(await page(9, 2)).toEqual([]);
      expect(await page(0, 0)).toEqual(['e', 'd', 'c', 'b', 'a']);
      await expect(collection.find({}, { limit: -1 })).rejects.toThrow();
    });

    it('findOne honours sort, skip and a filter that matches nothing', async () => {
      const collection = await seeded();
      expect((await collection.findOne({ 'address.city': 'Lyon' }, { sort: { age: -1 } }))?._id).toBe('c');
      expect((await collection.findOne({}, { sort: { _id: 1 }, skip: 2 }))?._id).toBe('c');
      expect(await collection.findOne({ name: 'nobody' })).toBeNull();
    });
  });

  describe('projection', () => {
    it('includes fields, with _id unless excluded', async () => {
      const collection = await seeded();
      expect(await collection.findOne({ _id: 'a' }, { projection: { name: 1 } })).toEqual({ _id: 'a', name: 'Ann' });
      expect(await collection.findOne({ _id: 'a' }, { projection: { name: 1, _id: 0 } })).toEqual({ name: 'Ann' });
      expect(await collection.findOne({ _id: 'a' }, { projection: { _id: 1 } })).toEqual({ _id: 'a' });
      expect(await collection.findOne({ _id: 'a' }, { projection: { name: 1, nowhere: 1 } })).toEqual({ _id: 'a', name: 'Ann' });
      expect(await collection.findOne({ _id: 'a' }, { projection: { 'address.city': 1 } })).toEqual({ _id: 'a', address: { city: 'Lyon' } });
      expect(await collection.find({ _id: 'd' }, { projection: { 'orders.sku': 1, _id: 0 } })).toEqual([{ orders: [{ sku: 'y' }, { sku: 'x' }] }]);
    });

    it('excludes fields', async () => {
      const collection = await seeded();
      const found = await collection.findOne({ _id: 'a' }, { projection: { tags: 0, joined: 0, orders: 0, 'address.zip': 0 } });
      expect(found).toEqual({ _id: 'a', name: 'Ann', age: 31, address: { city: 'Lyon' } });
      expect(await collection.findOne({ _id: 'e' }, { projection: { _id: 0 } })).toEqual({ name: 'Eve', age: '40' });
    });

    it('refuses a projection that both includes and excludes', async () => {
      const collection = await seeded();
      await expect(collection.find({}, { projection: { name: 1, age: 0 } })).rejects.toThrow();
    });
  });

  describe('tombstones', () => {
    const withTombstone = async () => {
      const collection = await seeded();
      await collection.createIndex({ name: 1 });
      // What deleteOnce leaves of 'b': its _id, the marker and its position.
      await collection.updateOne({ _id: 'b' }, { $set: { [DELETED_FIELD]: true, _position: 7 }, $unset: { name: '', age: '', tags: '', address: '', nickname: '', joined: '', orders: '' } });
      await collection.insertOne({ _id: 'f', name: 'Fay', [DELETED_FIELD]: true });
      return collection;
    };

    it('are never returned or counted by a read whose filter does not name them', async () => {
      const collection = await withTombstone();
      expect(await collection.findOne({ _id: 'b' })).toBeNull();
      expect(await collection.findOne({ name: 'Fay' })).toBeNull();
      expect(idsOf(await collection.find({}))).toEqual(['a', 'c', 'd', 'e']);
      expect(idsOf(await collection.find({ age: { $exists: false } }))).toEqual(['d']);
      expect(idsOf(await collection.find({ tags: { $nin: ['ops'] } }))).toEqual(['c', 'd', 'e']);
      expect((await collection.find({}, { sort: { name: 1 }, limit: 10 })).map((doc) => doc._id)).toEqual(['a', 'c', 'e', 'd']);
      expect(await collection.countDocuments()).toBe(4);
      expect(await collection.countDocuments({ _id: { $in: ['b', 'f'] } })).toBe(0);
      expect(await collection.countDocuments({ name: 'Fay' })).toBe(0);
      expect(await collection.countDocuments({ name: 'Ann' })).toBe(1);
    });

    it('are found by a read that names the marker, and matched by writes', async () => {
      const collection = await withTombstone();
      expect(await collection.find({ [DELETED_FIELD]: true }, { sort: { _id: 1 } })).toEqual([
        { _id: 'b', [DELETED_FIELD]: true, _position: 7 },
        { _id: 'f', name: 'Fay', [DELETED_FIELD]: true },
      ]);
      expect(await collection.countDocuments({ _id: 'b', [DELETED_FIELD]: { $ne: false } })).toBe(1);
      expect(await collection.countDocuments({ _id: 'a', [DELETED_FIELD]: { $ne: false } })).toBe(1);
      expect((await collection.updateOne({ _id: 'b' }, { $set: { _position: 8 } })).matchedCount).toBe(1);
      await expect(collection.insertOne({ _id: 'b', name: 'again' })).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await collection.findOne({ _id: 'b' })).toBeNull();
    });
  });

  describe('documents in and out', () => {
    it('counts documents', async () => {
      const collection = await seeded();
      expect(await collection.countDocuments()).toBe(5);
      expect(await collection.countDocuments({ tags: 'ops' })).toBe(2);
      expect(await context.fresh().countDocuments()).toBe(0);
    });

    it('counts through inserts, updates, tombstones and deletes, with an index or without', async () => {
      const collection = await seeded();
      await collection.createIndex({ name: 1 });
      await collection.createIndex({ age: 1 });
      const counts = async () => [
        await collection.countDocuments(),
        await collection.countDocuments({ name: 'Ann' }),
        await collection.countDocuments({ age: { $eq: 25 } }),
        await collection.countDocuments({ tags: 'ops' }),
      ];
      expect(await counts()).toEqual([5, 1, 1, 2]);
      await collection.insertOne({ _id: 'f', name: 'Ann', age: 25 });
      await collection.updateOne({ _id: 'b' }, { $set: { age: 26, tags: ['ops', 'dev'] } });
      expect(await counts()).toEqual([6, 2, 1, 2]);
      await collection.updateOne({ _id: 'a' }, { $set: { [DELETED_FIELD]: true } });
      expect(await counts()).toEqual([5, 1, 1, 1]);
      await collection.deleteOne({ _id: 'a' });
      await collection.updateOne({ _id: 'f' }, { $set: { name: ['Ann', 'Ann'] } });
      expect(await counts()).toEqual([5, 1, 1, 1]);
      await collection.deleteMany({});
      expect(await counts()).toEqual([0, 0, 0, 0]);
    });

    it('keeps dates as dates and leaves undefined fields out', async () => {
      const collection = context.fresh();
      await collection.insertOne({ _id: 'x', at: new Date('2024-05-01T10:00:00Z'), gone: undefined, nested: { also: undefined, kept: 1 } });
      const found = await collection.findOne({ _id: 'x' });
      expect(found?.at).toBeInstanceOf(Date);
      expect(found).toEqual({ _id: 'x', at: new Date('2024-05-01T10:00:00Z'), nested: { kept: 1 } });
      expect(Object.keys(found ?? {})).not.toContain('gone');
    });

    it('never lets a caller change stored documents through an object it holds', async () => {
      const collection = context.fresh<Holder>();
      const original = { _id: 'x', list: [1, 2], inner: { n: 1 } };
      await collection.insertOne(original);
      original.list.push(3);
      original.inner.n = 99;

      const found = await collection.findOne({ _id: 'x' });
      found?.list.push(4);
      if (found) found.inner.n = 42;
      const [listed] = await collection.find({});
      listed?.list.push(5);

      const value = { deep: [1] };
      const each = [{ v: 1 }];
      await collection.updateOne({ _id: 'x' }, { $set: { value }, $push: { items: { $each: each } } });
      value.deep.push(2);
      (each[0] as { v: number }).v = 2;

      expect(await collection.findOne({ _id: 'x' })).toEqual({ _id: 'x', list: [1, 2], inner: { n: 1 }, value: { deep: [1] }, items: [{ v: 1 }] });
    });
  });
}
