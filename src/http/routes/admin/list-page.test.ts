import { describe, expect, it } from 'vitest';
import { createMemoryReadStore } from '../../../read-store/memory';
import type { Doc, Filter, Sort } from '../../../read-store/port';
import { listPage, listQuery } from './list-page';
import { validate } from '../../validation';

type Row = Doc & { name: string | null; at: string; score: number };

async function seeded(count: number) {
  const rows = createMemoryReadStore().collection<Row>('rows');
  await rows.createIndex({ at: -1, _id: -1 });
  for (let i = 0; i < count; i++) {
    // Few distinct values, so ties on every key are common; some names are missing.
    await rows.insertOne({ _id: `r${String(i).padStart(3, '0')}`, name: i % 5 === 0 ? null : `n${i % 4}`, at: `2026-01-0${(i % 3) + 1}`, score: i % 2 });
  }
  return rows;
}

async function pageThrough(rows: Awaited<ReturnType<typeof seeded>>, filter: Filter, sort: Sort, limit: number) {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const page = await listPage(rows, filter, sort, cursor === undefined ? { limit } : { limit, cursor });
    expect(page.docs.length).toBeLessThanOrEqual(limit);
    seen.push(...page.docs.map((doc) => doc._id));
    if (page.nextCursor === null) return { seen, total: page.total };
    cursor = page.nextCursor;
  }
  throw new Error('did not end');
}

describe('listPage', () => {
  const sorts: Sort[] = [{ at: -1 }, { at: 1 }, { name: 1, at: -1 }, { name: -1 }, { score: 1, name: -1, at: 1 }, { at: -1, _id: 1 }];
  for (const sort of sorts) {
    for (const limit of [1, 2, 3, 7]) {
      it(`pages through every item exactly once in the order of ${JSON.stringify(sort)} at limit ${limit}`, async () => {
        const rows = await seeded(23);
        const whole = (await rows.find({}, { sort: { ...sort, ...(sort._id === undefined ? { _id: Object.values(sort).at(-1) } : {}) } })).map((doc) => doc._id);
        const { seen, total } = await pageThrough(rows, {}, sort, limit);
        expect(seen).toEqual(whole);
        expect(total).toBe(23);
      });
    }
  }

  it('counts and pages only what the filter matches', async () => {
    const rows = await seeded(23);
    const { seen, total } = await pageThrough(rows, { score: 1 }, { at: -1 }, 2);
    expect(total).toBe(11);
    expect(seen).toHaveLength(11);
    expect(new Set(seen).size).toBe(11);
  });

  it('says there is no next page when the last one is exactly full', async () => {
    const rows = await seeded(4);
    const first = await listPage(rows, {}, { at: -1 }, { limit: 2 });
    const second = await listPage(rows, {}, { at: -1 }, { limit: 2, cursor: first.nextCursor ?? '' });
    expect(second.docs).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    expect((await listPage(rows, {}, { at: -1 }, { limit: 4 })).nextCursor).toBeNull();
  });

  it('refuses a tampered cursor with a 400, never a 500', async () => {
    const rows = await seeded(3);
    const bad = ['!!', 'bm90IGpzb24', Buffer.from('{"a":1}').toString('base64url'), Buffer.from('["x"]').toString('base64url'), Buffer.from('[{},"r1"]').toString('base64url'), Buffer.from('["2026-01-01",5]').toString('base64url')];
    for (const cursor of bad) {
      await expect(listPage(rows, {}, { at: -1 }, { limit: 2, cursor }), cursor).rejects.toThrow('Invalid cursor');
    }
  });
});

describe('listQuery', () => {
  it('defaults to 50 and takes 1 to 100', () => {
    expect(validate(listQuery, {})).toEqual({ limit: 50 });
    expect(validate(listQuery, { limit: '1', cursor: 'abc' })).toEqual({ limit: 1, cursor: 'abc' });
    expect(validate(listQuery, { limit: '100', cursor: '' })).toEqual({ limit: 100 });
  });

  it('says what is wrong with a bad limit or cursor', () => {
    for (const limit of ['0', '101', '-1', '1.5', 'ten', '9'.repeat(40)]) {
      expect(() => validate(listQuery, { limit }), limit).toThrow('Limit must be between 1 and 100');
    }
    expect(() => validate(listQuery, { cursor: 'a'.repeat(513) })).toThrow('Invalid cursor');
    expect(() => validate(listQuery, { cursor: ['a', 'b'] })).toThrow('Invalid cursor');
  });
});
