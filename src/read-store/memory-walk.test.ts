import { describe, expect, it } from 'vitest';
import { createMemoryReadStore, fillMemoryCollection, inspectMemoryCollection } from './memory';
import type { Collection, Doc, Filter, Sort } from './port';

/*
 * Sorted reads along an index's range (memory-walk.ts): each answer is
 * compared with the same read of a collection without the index, which
 * tests and sorts every document.
 */

type Owed = Doc & { doneAt: string | null; since: string; n: number };

const day = (d: number) => new Date(Date.UTC(2026, 0, 1 + d)).toISOString();
const owed = (i: number): Owed => ({ _id: `item-${String(i).padStart(6, '0')}`, doneAt: i % 4 === 0 ? day(60) : null, since: day(i % 50), n: i });

async function pair(count: number): Promise<{ indexed: Collection<Owed>; plain: Collection<Owed> }> {
  const store = createMemoryReadStore();
  const indexed = store.collection<Owed>('indexed');
  const plain = store.collection<Owed>('plain');
  await indexed.createIndex({ doneAt: 1, since: 1 });
  // Inserted out of order, so that no answer comes out right by insertion order alone.
  for (let i = 0; i < count; i++) {
    const doc = owed((i * 7919) % count);
    await indexed.insertOne(doc);
    await plain.insertOne(doc);
  }
  return { indexed, plain };
}

// A collection one document past VIEW_AT_ONCE, its index's view not built yet.
async function pastViewAtOnce(): Promise<{ big: Collection<Owed>; docs: Owed[] }> {
  const big = createMemoryReadStore().collection<Owed>('big');
  const docs = Array.from({ length: 250_001 }, (_, i) => owed((i * 7919) % 250_001));
  fillMemoryCollection(big, docs);
  await big.createIndex({ doneAt: 1, since: 1 });
  return { big, docs };
}
const sort: Sort = { doneAt: 1, since: 1, _id: 1 };

describe('memory read store: walks of an index range', () => {
  it('given an equality on an index first field and string bounds on the next, when a page is read in its order, then only that range is walked', async () => {
    const { indexed, plain } = await pair(400);
    const inRange: Filter = { doneAt: null, since: { $gt: day(10), $lte: day(20) } };
    for (const sort of [{ doneAt: 1, since: 1 }, { doneAt: -1, since: -1 }, { doneAt: 1, since: 1, _id: -1 }, { doneAt: -1, since: -1, _id: 1 }] as Sort[]) {
      const page = await indexed.find(inRange, { sort, limit: 7 });
      expect(inspectMemoryCollection(indexed)).toEqual({ plan: 'sorted:doneAt_1_since_1', documentsExamined: 7 });
      expect(page).toEqual(await plain.find(inRange, { sort, limit: 7 }));
      expect(await indexed.find(inRange, { sort })).toEqual(await plain.find(inRange, { sort }));
    }
    expect(await indexed.find({ doneAt: null, since: { $gt: day(49) } }, { sort: { doneAt: 1, since: 1 } })).toEqual([]);
    expect(inspectMemoryCollection(indexed).documentsExamined).toBe(0);
  });

  it('given a page that starts after the last one read, ties by _id, when every page is read, then together they are the whole sorted answer once', async () => {
    const { indexed, plain } = await pair(400);
    const wanted: Filter = { doneAt: null, $or: [{ n: { $lt: 300 } }, { n: { $gte: 350 } }] };
    const pages: Owed[] = [];
    for (let last: Owed | undefined; ; ) {
      const { $or, ...rest } = wanted;
      const filter: Filter = last ? { ...rest, since: { $gte: last.since }, $and: [{ $or }, { $or: [{ since: { $gt: last.since } }, { _id: { $gt: last._id } }] }] } : wanted;
      const page = await indexed.find(filter, { sort, limit: 9 });
      expect(inspectMemoryCollection(indexed).plan).toBe('sorted:doneAt_1_since_1');
      pages.push(...page);
      last = page[page.length - 1];
      if (page.length < 9) break;
    }
    expect(pages).toEqual(await plain.find(wanted, { sort }));
  });

  it('given a collection past 250,000 documents whose view is not built, when a page is read, then one scan keeps it in order, and a read of everything builds the view', async () => {
    const { big, docs } = await pastViewAtOnce();
    const expected = docs
      .filter((doc) => doc.doneAt === null && doc.since >= day(7))
      .sort((a, b) => (a.since < b.since ? -1 : a.since > b.since ? 1 : a._id < b._id ? -1 : 1))
      .slice(0, 5);

    expect(await big.find({ doneAt: null, since: { $gte: day(7) } }, { sort, limit: 5 })).toEqual(expected);
    expect(inspectMemoryCollection(big).plan).toBe('scan+sort');
    expect(await big.find({ doneAt: null, since: { $gte: day(49) } }, { sort })).toHaveLength(docs.filter((doc) => doc.doneAt === null && doc.since >= day(49)).length);
    expect(inspectMemoryCollection(big).plan).toBe('sorted:doneAt_1_since_1');
    expect(await big.find({ doneAt: null, since: { $gte: day(7) } }, { sort, limit: 5 })).toEqual(expected);
    expect(inspectMemoryCollection(big)).toEqual({ plan: 'sorted:doneAt_1_since_1', documentsExamined: 5 });
  });
  it('given a collection past 250,000 documents whose view is not built, when a page of the index whole order is read, then it builds the view, which the next pages walk', async () => {
    const { big, docs } = await pastViewAtOnce();
    const inOrder = docs.slice().sort((a, b) => {
      const done = (a.doneAt ?? '') < (b.doneAt ?? '') ? -1 : (a.doneAt ?? '') > (b.doneAt ?? '') ? 1 : 0;
      return done || (a.since < b.since ? -1 : a.since > b.since ? 1 : a._id < b._id ? -1 : 1);
    });

    expect(await big.find({}, { sort, limit: 5 })).toEqual(inOrder.slice(0, 5));
    expect(inspectMemoryCollection(big).plan).toBe('sorted:doneAt_1_since_1');
    const last = inOrder[4] as Owed;
    expect(await big.find({ doneAt: null, since: { $gte: last.since } }, { sort, skip: 5, limit: 5 })).toEqual(inOrder.slice(5, 10));
    expect(inspectMemoryCollection(big)).toEqual({ plan: 'sorted:doneAt_1_since_1', documentsExamined: 10 });
  });
});
