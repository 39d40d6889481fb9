import { describe, expect, it } from 'vitest';
import { idsOf, type ConformanceContext } from './conformance-context';
import { DELETED_FIELD, DuplicateKeyError } from './port';
import type { Doc, Filter } from './port';

const people: Doc[] = [
  { _id: 'a', name: 'Ann', age: 31, tags: ['admin', 'ops'], address: { city: 'Lyon', zip: '69001' }, joined: new Date('2024-01-05T00:00:00Z'), orders: [{ sku: 'x', qty: 2 }] },
  { _id: 'b', name: 'bob', age: 25, tags: ['ops'], address: { city: 'Paris' }, nickname: null, joined: new Date('2024-03-01T00:00:00Z'), orders: [{ sku: 'y', qty: 9 }] },
  { _id: 'c', name: 'Cleo', age: 42, tags: [], address: { city: 'Lyon' }, joined: new Date('2023-11-20T00:00:00Z') },
  { _id: 'd', name: 'dan', tags: ['dev'], nickname: 'D', orders: [{ sku: 'y', qty: 1 }, { sku: 'x', qty: 5 }] },
  { _id: 'e', name: 'Eve', age: '40' },
];

interface Holder extends Doc {
  list: number[];
  inner: { n: number };
}

const filterCases: Array<[string, Filter, string[]]> = [
  ['equality', { name: 'Ann' }, ['a']],
  ['a dotted path', { 'address.city': 'Lyon' }, ['a', 'c']],
  ['a path through an array of documents', { 'orders.sku': 'x' }, ['a', 'd']],
  ['array membership', { tags: 'ops' }, ['a', 'b']],
  ['a whole array', { tags: ['ops'] }, ['b']],
  ['null, which also matches a missing field', { nickname: null }, ['a', 'b', 'c', 'e']],
  ['$eq', { age: { $eq: 25 } }, ['b']],
  ['$ne, which matches a missing field', { age: { $ne: 25 } }, ['a', 'c', 'd', 'e']],
  ['$gt within the operand type only', { age: { $gt: 30 } }, ['a', 'c']],
  ['$gte', { age: { $gte: 31 } }, ['a', 'c']],
  ['$lt', { age: { $lt: 31 } }, ['b']],
  ['$lte', { age: { $lte: 31 } }, ['a', 'b']],
  ['a range', { age: { $gte: 25, $lt: 40 } }, ['a', 'b']],
  ['a string range in byte order', { name: { $gte: 'a' } }, ['b', 'd']],
  ['a date range', { joined: { $gte: new Date('2024-01-01T00:00:00Z') } }, ['a', 'b']],
  ['$gt on a path through an array', { 'orders.qty': { $gt: 4 } }, ['b', 'd']],
  ['$in', { age: { $in: [25, 42] } }, ['b', 'c']],
  ['$in on an array field', { tags: { $in: ['dev', 'admin'] } }, ['a', 'd']],
  ['$in on _id', { _id: { $in: ['a', 'c', 'zz'] } }, ['a', 'c']],
  ['$nin, which matches a missing field', { tags: { $nin: ['ops'] } }, ['c', 'd', 'e']],
  ['$exists true, null included', { nickname: { $exists: true } }, ['b', 'd']],
  ['$exists false', { nickname: { $exists: false } }, ['a', 'c', 'e']],
  ['$exists on a dotted path', { 'address.zip': { $exists: true } }, ['a']],
  ['$regex', { name: { $regex: '^[a-z]' } }, ['b', 'd']],
  ["$regex with $options 'i'", { name: { $regex: 'AN', $options: 'i' } }, ['a', 'd']],
  ['$and', { $and: [{ 'address.city': 'Lyon' }, { age: { $gt: 35 } }] }, ['c']],
  ['$or', { $or: [{ name: 'Ann' }, { tags: 'dev' }] }, ['a', 'd']],
  ['$not, which matches a missing field', { age: { $not: { $gt: 30 } } }, ['b', 'd', 'e']],
  ['$not with a regular expression', { name: { $not: /^a/i } }, ['b', 'c', 'd', 'e']],
  ['an empty filter', {}, ['a', 'b', 'c', 'd', 'e']],
  ['an empty clause of $and, which every document matches', { $and: [{}, { name: 'Ann' }] }, ['a']],
  ['an empty clause of $or, which every document matches', { $or: [{ name: 'Ann' }, {}] }, ['a', 'b', 'c', 'd', 'e']],
  ['$or of one literal in several fields, ignoring case', { $or: [{ name: { $regex: 'E', $options: 'i' } }, { nickname: { $regex: 'E', $options: 'i' } }] }, ['c', 'e']],
  ['$or of one literal in fields holding arrays and null', { $or: [{ nickname: { $regex: 'd', $options: 'i' } }, { tags: { $regex: 'OP', $options: 'i' } }] }, ['a', 'b', 'd']],
  ['$or of one literal, case kept', { $or: [{ name: { $regex: 'D' } }, { nickname: { $regex: 'D' } }] }, ['d']],
];

// Searches as the admin lists write them: one escaped literal, case ignored, in several fields.
const searched: Doc[] = [
  { _id: 'p1', name: 'Ann Lee', email: 'ann@example.com', city: 'Lyon' },
  { _id: 'p2', name: 'Émile Zola', email: 'EMILE@example.com', city: 'Paris' },
  { _id: 'p3', name: 'Bob', email: null, city: ['Nice', 'ÉVIAN'] },
  { _id: 'p4', name: 'a.b (c)', email: 'dot@example.com', city: 42 },
  { _id: 'p5', email: 'k@example.com', city: 'KELVIN' },
];
const literally = (text: string) => ({ $regex: text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), $options: 'i' });
const searchCases: Array<[string, string, string[]]> = [
  ['ASCII in any field', 'LEE', ['p1']],
  ['in the last field', 'lyon', ['p1']],
  ['never across two fields', 'example.comlyon', []],
  ['text outside ASCII, folded as MongoDB folds it', 'émile', ['p2']],
  ['ASCII within text outside ASCII', 'zola', ['p2']],
  ['an element of an array', 'évian', ['p3']],
  ['metacharacters taken literally', 'a.b (c)', ['p4']],
  ['a dot that is not a wildcard', 'a.c', []],
  ['a number is not text', '42', []],
  ['in every document with it', '@example.com', ['p1', 'p2', 'p4', 'p5']],
];

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
