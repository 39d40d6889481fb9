import { afterAll, beforeAll, expect } from 'vitest';
import { send } from './admins';
import type { TestApp } from './test-app';

export type ListAnswer<T> = { items: T[]; nextCursor: string | null; total: number } & Record<string, unknown>;

const withQuery = (path: string, query: Record<string, string>) => `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams(query)}`;

/** One page of an admin list (docs/decisions/0032), failing the test on anything but a 200. */
export async function getListPage<T>(t: TestApp, path: string, cookie: string, query: Record<string, string> = {}): Promise<ListAnswer<T>> {
  const res = await send(t, 'GET', withQuery(path, query), { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ListAnswer<T>;
}

/**
 * Follows the cursors of an admin list from its first page to its last, checking
 * the contract on the way: no page longer than `limit`, the same total on every
 * page, and no item twice. Answers every item in order.
 */
export async function pageThroughList<T extends { id: string }>(t: TestApp, path: string, cookie: string, limit: number): Promise<{ items: T[]; total: number; pages: number }> {
  const items: T[] = [];
  let cursor: string | null = null;
  let total: number | undefined;
  let pages = 0;
  do {
    const page: ListAnswer<T> = await getListPage<T>(t, path, cookie, { limit: String(limit), ...(cursor === null ? {} : { cursor }) });
    pages++;
    expect(page.items.length).toBeLessThanOrEqual(limit);
    if (total !== undefined) expect(page.total).toBe(total);
    total = page.total;
    items.push(...page.items);
    cursor = page.nextCursor;
    if (pages > 1000) throw new Error(`${path} did not end`);
  } while (cursor !== null);
  expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
  return { items, total: total ?? 0, pages };
}

/** A bad limit or cursor is a 400 that says so, never a 500. */
/**
 * Bad `limit` and `cursor` values, then each of the list's own `[query, message]`
 * refusals, all answered 400 with their message.
 */
export async function expectPagingRefusals(t: TestApp, path: string, cookie: string, refusals: Array<[string, string]> = []): Promise<void> {
  for (const [query, message] of refusals) {
    const res = await send(t, 'GET', `${path}${path.includes('?') ? '&' : '?'}${query}`, { cookie });
    expect(res.status, query).toBe(400);
    expect(await res.json()).toMatchObject({ message });
  }
  for (const limit of ['0', '101', 'ten', '2.5']) {
    const res = await send(t, 'GET', withQuery(path, { limit }), { cookie });
    expect(res.status, `limit=${limit}`).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'Limit must be between 1 and 100' });
  }
  for (const cursor of ['not a cursor', Buffer.from('["x"]').toString('base64url'), 'x'.repeat(600)]) {
    const res = await send(t, 'GET', withQuery(path, { cursor }), { cookie });
    expect(res.status, `cursor=${cursor.slice(0, 20)}`).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'Invalid cursor' });
  }
}

/**
 * A list's data, seeded once before the calling describe's tests and closed
 * after them: `const seed = seededOnce(seeded)`, then `seed().t` in a test.
 */
export function seededOnce<S extends { t: TestApp }>(seeded: () => Promise<S>): () => S {
  let seed: S | undefined;
  beforeAll(async () => {
    seed = await seeded();
  }, 60_000);
  afterAll(async () => {
    await seed?.t.close();
  });
  return () => {
    if (!seed) throw new Error('The list was not seeded: seededOnce runs in a describe, its seed is read in its tests');
    return seed;
  };
}
