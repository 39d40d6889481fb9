import { Query } from 'mingo';
import { describe, expect, it } from 'vitest';
import { describeReadStoreConformance } from './conformance';
import { createMemoryReadStore, inspectMemoryCollection } from './memory';
import { compileFastMatcher, DEFER, testOnce } from './memory-match';
import { DuplicateKeyError, type Collection, type Doc, type Filter, type Sort } from './port';

describeReadStoreConformance('memory', () => createMemoryReadStore());

const seeded = async (count: number, indexes: Array<[Sort, { unique?: boolean }?]> = []) => {
  const collection = createMemoryReadStore().collection('listings');
  for (const [keys, options] of indexes) await collection.createIndex(keys, options);
  for (let i = 0; i < count; i++) {
    await collection.insertOne({ _id: `l${i}`, slug: `s${i}`, ownerId: `o${i % 100}`, price: i % 7, createdAt: new Date(Date.UTC(2024, 0, 1, 0, i)) });
  }
  return collection;
};

describe('memory read store: index use', () => {
  it('reads by _id without scanning', async () => {
    const collection = await seeded(1000);
    await collection.findOne({ _id: 'l500' });
    expect(inspectMemoryCollection(collection)).toEqual({ plan: 'id', documentsExamined: 1 });
    await collection.find({ _id: { $in: ['l1', 'l2', 'missing'] } });
    expect(inspectMemoryCollection(collection)).toEqual({ plan: 'id', documentsExamined: 2 });
  });

  it('keeps an index right through updates written into the stored documents', async () => {
    const collection = await seeded(1000, [[{ ownerId: 1 }]]);
    expect(await collection.find({ ownerId: 'o1' })).toHaveLength(10);
    const found = await collection.findOne({ _id: 'l1' });
    expect(await collection.updateOne({ _id: 'l1' }, { $set: { ownerId: 'o-new' }, $inc: { price: 5 } })).toEqual({ matchedCount: 1, modifiedCount: 1 });
    expect((await collection.find({ ownerId: 'o-new' })).map((doc) => doc._id)).toEqual(['l1']);
    expect(await collection.find({ ownerId: 'o1' })).toHaveLength(9);
    // What a reader got before is its own copy.
    expect(found?.ownerId).toBe('o1');
    expect(await collection.findOne({ _id: 'l1' })).toMatchObject({ ownerId: 'o-new', price: Number(found?.price) + 5 });
  });

  it('narrows equality, $eq and $in on an indexed field for every method', async () => {
    const collection = await seeded(1000, [[{ slug: 1 }, { unique: true }], [{ ownerId: 1, createdAt: -1 }]]);
    const examined = () => inspectMemoryCollection(collection).documentsExamined;

    expect((await collection.findOne({ slug: 's500' }))?._id).toBe('l500');
    expect(inspectMemoryCollection(collection)).toEqual({ plan: 'index:slug_1', documentsExamined: 1 });
    expect(await collection.find({ ownerId: { $in: ['o1', 'o2'] } })).toHaveLength(20);
    expect(inspectMemoryCollection(collection)).toEqual({ plan: 'index:ownerId_1_createdAt_-1', documentsExamined: 20 });
    expect(await collection.countDocuments({ ownerId: { $eq: 'o3' }, price: { $gte: 0 } })).toBe(10);
    expect(examined()).toBe(10);
    expect(await collection.updateMany({ ownerId: 'o4' }, { $inc: { price: 1 } })).toMatchObject({ matchedCount: 10 });
    expect(examined()).toBe(10);
    expect(await collection.deleteMany({ slug: 's7' })).toEqual({ deletedCount: 1 });
    expect(examined()).toBe(1);

    expect(await collection.find({ price: 3 })).not.toHaveLength(0);
    expect(inspectMemoryCollection(collection)).toEqual({ plan: 'scan', documentsExamined: 999 });
  });

  it('pages along a sorted index, in either direction, without sorting the collection', async () => {
    const indexed = await seeded(1000, [[{ createdAt: -1 }]]);
    const plain = await seeded(1000);
    for (const sort of [{ createdAt: -1 }, { createdAt: 1 }, { createdAt: 1, _id: -1 }] as Sort[]) {
      const page = await indexed.find({}, { sort, skip: 24, limit: 24 });
      expect(inspectMemoryCollection(indexed)).toEqual({ plan: 'sorted:createdAt_-1', documentsExamined: 48 });
      expect(page).toEqual(await plain.find({}, { sort, skip: 24, limit: 24 }));
    }
  });

  it('counts everything, and one equality on an index, without testing a document', async () => {
    const collection = await seeded(1000, [[{ ownerId: 1 }]]);
    expect(await collection.countDocuments()).toBe(1000);
    expect(inspectMemoryCollection(collection)).toEqual({ plan: 'count', documentsExamined: 0 });
    expect(await collection.countDocuments({ ownerId: 'o7' })).toBe(10);
    expect(inspectMemoryCollection(collection)).toEqual({ plan: 'count:ownerId_1', documentsExamined: 0 });
    // A tombstone among them: its key's documents are tested, and it is not counted.
    await collection.updateOne({ _id: 'l7' }, { $set: { _deleted: true } });
    expect(await collection.countDocuments()).toBe(999);
    expect(await collection.countDocuments({ ownerId: 'o7' })).toBe(9);
    expect(inspectMemoryCollection(collection)).toEqual({ plan: 'index:ownerId_1', documentsExamined: 10 });
    await collection.deleteOne({ _id: 'l7' });
    expect(await collection.countDocuments({ ownerId: { $eq: 'o7' } })).toBe(9);
    expect(inspectMemoryCollection(collection).plan).toBe('count:ownerId_1');
    // An array under the index: a key no longer says exactly which documents are equal.
    await collection.updateOne({ _id: 'l8' }, { $set: { ownerId: ['o7', 'o9'] } });
    expect(await collection.countDocuments({ ownerId: 'o7' })).toBe(10);
    expect(inspectMemoryCollection(collection)).toEqual({ plan: 'index:ownerId_1', documentsExamined: 10 });
  });

  it('narrows by an equality inside $and, and by every clause of an $or', async () => {
    const collection = await seeded(1000, [[{ ownerId: 1 }], [{ slug: 1 }]]);
    expect(await collection.countDocuments({ $and: [{ ownerId: 'o1' }, { price: { $gte: 0 } }] })).toBe(10);
    expect(inspectMemoryCollection(collection)).toEqual({ plan: 'index:ownerId_1', documentsExamined: 10 });
    expect(await collection.find({ $or: [{ ownerId: { $in: ['o1', 'o2'] } }, { slug: 's1' }] })).toHaveLength(20);
    expect(inspectMemoryCollection(collection)).toEqual({ plan: 'or(index:ownerId_1,index:slug_1)', documentsExamined: 20 });
    expect(await collection.countDocuments({ $or: [{ ownerId: 'o1' }, { price: 3 }] })).toBe(151);
    expect(inspectMemoryCollection(collection)).toEqual({ plan: 'scan', documentsExamined: 1000 });
  });

  it('finds one literal searched in several fields through their joined text, kept current through writes', async () => {
    const collection = createMemoryReadStore().collection('people');
    await collection.createIndex({ at: -1 });
    for (let i = 0; i < 1000; i++) await collection.insertOne({ _id: `p${i}`, name: `Person ${i}`, email: `person-${i}@example.com`, at: i });
    const search = (text: string) => ({ $or: ['name', 'email'].map((field) => ({ [field]: { $regex: text, $options: 'i' } })) });
    expect(await collection.countDocuments(search('PERSON-42'))).toBe(11);
    expect(inspectMemoryCollection(collection)).toEqual({ plan: 'or(text:name|email)', documentsExamined: 11 });
    expect(await collection.countDocuments({ name: { $regex: 'son 42', $options: 'i' } })).toBe(11);
    expect(inspectMemoryCollection(collection)).toEqual({ plan: 'text:name', documentsExamined: 11 });
    const page = await collection.find({ $and: [search('person-42'), { at: { $lt: 425 } }] }, { sort: { at: -1 }, limit: 3 });
    expect(page.map((doc) => doc._id)).toEqual(['p424', 'p423', 'p422']);
    expect(inspectMemoryCollection(collection).plan).toBe('or(text:name|email)+sort');
    await collection.updateOne({ _id: 'p7' }, { $set: { email: 'PERSON-4200@example.com' } });
    await collection.insertOne({ _id: 'q', name: ['person-42'], at: 5000 });
    await collection.insertOne({ _id: 'r', name: 'Pérsön', email: 'person-42x@example.com', at: 5001 });
    await collection.deleteOne({ _id: 'p42' });
    const found = await collection.find(search('person-42'), { sort: { at: -1 } });
    expect(found.map((doc) => doc._id)).toEqual(['r', 'q', 'p429', 'p428', 'p427', 'p426', 'p425', 'p424', 'p423', 'p422', 'p421', 'p420', 'p7']);
    expect(await collection.countDocuments(search('pérsön'))).toBe(1);
    // Started together, as a list page starts its find and count: a write between them is seen.
    const [before, , after] = await Promise.all([
      collection.countDocuments(search('person-42')),
      collection.insertOne({ _id: 's', email: 'person-42@example.org', at: 6000 }),
      collection.countDocuments(search('person-42')),
    ]);
    expect([before, after]).toEqual([13, 14]);
  });

  it('keeps a text column right through many deletes and inserts again under the same ids', async () => {
    const collection = createMemoryReadStore().collection('notes');
    const search = { $or: ['title', 'body'].map((field) => ({ [field]: { $regex: 'note 12', $options: 'i' } })) };
    for (let i = 0; i < 3000; i++) await collection.insertOne({ _id: `n${i}`, title: `Note ${i}`, body: 'text' });
    expect(await collection.countDocuments(search)).toBe(111);
    expect(inspectMemoryCollection(collection).plan).toBe('or(text:title|body)');
    await collection.deleteMany({ _id: { $in: Array.from({ length: 2500 }, (_, i) => `n${i + 500}`) } });
    expect(await collection.countDocuments(search)).toBe(11);
    for (let i = 500; i < 520; i++) await collection.insertOne({ _id: `n${i}`, title: 'Other', body: `NOTE 12-${i}` });
    expect(await collection.countDocuments(search)).toBe(31);
    expect(inspectMemoryCollection(collection).plan).toBe('or(text:title|body)');
  });

  it('scans rather than collect a key held by most of the collection', async () => {
    const collection = await seeded(1000, [[{ price: 1 }]]);
    const found = await collection.find({ price: { $in: [0, 1, 2] } });
    expect(inspectMemoryCollection(collection)).toEqual({ plan: 'scan', documentsExamined: 1000 });
    expect(found.map((doc) => doc._id)).toEqual(Array.from({ length: 1000 }, (_, i) => `l${i}`).filter((_, i) => i % 7 < 3));
  });

  it('falls back to sorting once an indexed field holds an array, whose key depends on the direction', async () => {
    const collection = await seeded(50, [[{ price: 1 }]]);
    await collection.updateOne({ _id: 'l3' }, { $set: { price: [-1, 99] } });
    expect((await collection.find({}, { sort: { price: 1, _id: 1 }, limit: 1 }))[0]?._id).toBe('l3');
    expect(inspectMemoryCollection(collection).plan).toBe('scan+sort');
    expect((await collection.find({}, { sort: { price: -1, _id: 1 }, limit: 1 }))[0]?._id).toBe('l3');
  });
});

function seededRandom(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    // The high bits: the low bits of this generator cycle (the lowest one alternates).
    return Math.floor((state / 2 ** 31) * n);
  };
}

describe('memory read store: compiled filters', () => {
  it('agree with mingo on the shapes they compile', () => {
    const random = seededRandom(7);
    const pick = <T>(items: readonly T[]): T => items[random(items.length)] as T;
    const values = [undefined, null, 0, -0, 1, 2.5, -3, Number.NaN, 'a', 'b', 'Ab', 'ba', '', true, false, new Date(1), { a: 1 }, [], [1, 'a'], [2.5, Number.NaN], [[1]], [null], ['B', 'c'], 'xÉb.', 'B(a', 'é'];
    const operands = [0, 1, 2.5, -3, 'a', true, false, null];
    const condition = (): unknown => {
      switch (random(7)) {
        case 0:
          return pick(operands);
        case 1:
          return { [pick(['$eq', '$ne'])]: pick(operands) };
        case 2:
          return { $exists: random(2) === 0 };
        case 3:
          return { [pick(['$in', '$nin'])]: [pick([0, 1, 'a', true]), pick([2.5, 'b', false])] };
        case 4:
          return { $regex: pick(['a', 'b', '^b', 'a$', '']), ...(random(2) ? { $options: 'i' } : {}) };
        case 5:
          return { [pick(['$gt', '$gte', '$lt', '$lte'])]: pick(['a', 'b', '', true, false]), ...(random(2) ? { $lt: 'c' } : {}) };
        default:
          return { [pick(['$gt', '$gte', '$lt', '$lte'])]: pick([0, 1, 2.5, -3]), ...(random(2) ? { $lt: 10 } : {}) };
      }
    };
    // One literal searched in both fields, as the admin lists search (src/read-store/memory-text.ts).
    const search = (): Filter => {
      const literal = { $regex: pick(['a', 'A', 'ab', 'É', 'é', '\\.', 'b\\(']), ...(random(2) ? { $options: 'i' } : {}) };
      return { $or: [{ a: literal }, { b: literal }, ...(random(2) ? [{ a: pick(operands) }] : [])] };
    };
    const filter = (depth: number): Filter => {
      if (depth > 0 && random(4) === 0) return search();
      const clauses: Filter = {};
      for (let i = 0; i <= random(2); i += 1) clauses[pick(['a', 'b'])] = condition();
      if (depth > 0 && random(3) === 0) clauses[pick(['$and', '$or'])] = [filter(depth - 1), random(8) === 0 ? {} : filter(depth - 1)];
      return clauses;
    };
    let compared = 0;
    let decided = 0;
    for (let round = 0; round < 400; round += 1) {
      const query = filter(2);
      const fast = compileFastMatcher(query);
      const compiled = compileFastMatcher(query, true);
      expect(fast, JSON.stringify(query)).not.toBeNull();
      const mingo = new Query(query);
      for (let i = 0; i < 20; i += 1) {
        const doc: Doc = { _id: 'x' };
        for (const field of ['a', 'b']) {
          const value = pick(values);
          if (value !== undefined) doc[field] = value;
        }
        // The one-pass test of a read by `_id` decides what it can, and agrees wherever it does.
        const once = testOnce(query, doc);
        if (once !== undefined) {
          expect(once, `once ${JSON.stringify(query)} on ${JSON.stringify(doc)}`).toBe(mingo.test(doc));
          decided += 1;
        }
        try {
          expect(fast?.(doc), `${JSON.stringify(query)} on ${JSON.stringify(doc)}`).toBe(mingo.test(doc));
          // The closures a scan compiles, keeping joined texts beside the document as the store does.
          expect(compiled?.(doc, { texts: undefined }), `compiled ${JSON.stringify(query)} on ${JSON.stringify(doc)}`).toBe(mingo.test(doc));
          compared += 1;
        } catch (error) {
          if (error !== DEFER) throw error;
        }
      }
    }
    expect(compared).toBeGreaterThan(7000);
    expect(decided).toBeGreaterThan(3000);
    // Shapes it leaves to the general path.
    expect(testOnce({ a: { $regex: 'a' } }, { _id: 'x', a: 'a' })).toBeUndefined();
    expect(testOnce({ 'a.b': 1 }, { _id: 'x', a: { b: 1 } })).toBeUndefined();
    expect(testOnce({ a: { $in: [null] } }, { _id: 'x' })).toBeUndefined();
    expect(testOnce({ a: { $lt: 1 } }, { _id: 'x', a: Number.NaN })).toBeUndefined();
    expect(compileFastMatcher({ a: { $in: [null] } })).toBeNull();
    expect(compileFastMatcher({ a: { $regex: 'a', $options: 'm' } })).toBeNull();
    expect(compileFastMatcher({ a: { $regex: '(' } })).toBeNull();
    expect(compileFastMatcher({ 'a.b': 1 })).toBeNull();
    expect(compileFastMatcher({ a: { $gt: Number.POSITIVE_INFINITY } })).toBeNull();
  });
});

describe('memory read store: sorted index maintenance', () => {
  it('agrees with a full sort through random writes, ties and missing values', async () => {
    const random = seededRandom(42);
    const store = createMemoryReadStore();
    const indexed = store.collection('indexed');
    const plain = store.collection('plain');
    await indexed.createIndex({ rank: -1, group: 1 });
    const both = async (write: (collection: Collection<Doc>) => Promise<unknown>) => {
      await write(indexed);
      await write(plain);
    };
    const value = () => [null, 1, 2, 2, 3, 'x', new Date(5)][random(7)];

    for (let round = 0; round < 40; round++) {
      for (let i = 0; i < 1 + random(150); i++) {
        const id = `d${random(400)}`;
        const choice = random(3);
        const fields = { rank: value(), group: random(3) };
        if (choice === 0) await both((c) => c.updateOne({ _id: id }, { $set: fields }, { upsert: true }));
        else if (choice === 1) await both((c) => c.updateOne({ _id: id }, { $unset: { rank: '' } }));
        else await both((c) => c.deleteOne({ _id: id }));
      }
      for (const sort of [{ rank: -1, group: 1 }, { rank: 1, group: -1 }, { rank: -1, group: 1, _id: -1 }] as Sort[]) {
        const options = { sort, skip: random(20), limit: 1 + random(30) };
        expect(await indexed.find({}, options)).toEqual(await plain.find({}, options));
        expect(inspectMemoryCollection(indexed).plan).toBe('sorted:rank_-1_group_1');
      }
    }
  });
});

describe('memory read store: all-or-nothing writes', () => {
  it('refuses an updateMany as a whole when any document would break a unique index', async () => {
    const collection = createMemoryReadStore().collection('users');
    await collection.createIndex({ email: 1 }, { unique: true });
    await collection.insertOne({ _id: 'u1', email: 'a@x', group: 'g' });
    await collection.insertOne({ _id: 'u2', email: 'b@x', group: 'g' });
    // MongoDB would have changed u1 before failing on u2; the app relies on neither outcome.
    await expect(collection.updateMany({ group: 'g' }, { $set: { email: 'same@x' } })).rejects.toBeInstanceOf(DuplicateKeyError);
    await collection.updateOne({ _id: 'u2' }, { $set: { n: 'text' } });
    await expect(collection.updateMany({ group: 'g' }, { $inc: { n: 1 } })).rejects.toThrow();
    expect(await collection.find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'u1', email: 'a@x', group: 'g' },
      { _id: 'u2', email: 'b@x', group: 'g', n: 'text' },
    ]);
  });
});
