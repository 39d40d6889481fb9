import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../event-store/port';
import { createMemoryReadStore } from '../read-store/memory';
import { createMongoReadStore } from '../read-store/mongodb';
import type { ReadStore } from '../read-store/port';
import { createPageViewsProjection, PAGE_VIEW_VISITORS } from './analytics/page-views';
import { createSessionsProjection, ENDED_SESSIONS } from './sessions/sessions';

/*
 * Read models that prune by time (ended sessions, page-view marks) leave one
 * tombstone for what they pruned (docs/decisions/0061): a second projector on
 * the same store, applying an older event late, does not bring a pruned row
 * back. Each "node" is a projection instance of its own on one shared store.
 */

const recorded = (position: number, streamId: string, type: string, data: unknown): RecordedEvent => ({
  id: crypto.randomUUID(),
  type,
  data,
  metadata: {},
  streamId,
  revision: 0,
  position,
  recordedAt: '2026-11-20T00:00:00.000Z',
});

const backends: Array<[string, () => Promise<ReadStore>]> = [['memory', async () => createMemoryReadStore()]];
if (process.env.MONGODB_URL) {
  const url = process.env.MONGODB_URL;
  backends.push(['mongodb', () => createMongoReadStore({ url, dbName: `range_tombstones_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}` })]);
}

describe.each(backends)('pruning by time on a shared read store (%s)', (_backend, open) => {
  const stores: ReadStore[] = [];
  afterEach(async () => {
    while (stores.length > 0) await stores.pop()?.close();
  });
  const openShared = async () => {
    const store = await open();
    stores.push(store);
    return store;
  };

  it('a sign-out applied late by a lagging node does not bring back an ended session pruned by a later one', async () => {
    const shared = await openShared();
    const [a, b] = [createSessionsProjection(), createSessionsProjection()];
    const early = recorded(1, 'sessions-u1', 'SessionEnded', { kind: 'user', subject: 'u1', sessionId: 's1', expiresAt: '2026-11-21T00:00:00.000Z', at: '2026-11-20T00:00:00.000Z' });
    const late = recorded(2, 'sessions-u2', 'SessionEnded', { kind: 'user', subject: 'u2', sessionId: 's2', expiresAt: '2026-12-30T00:00:00.000Z', at: '2026-12-01T00:00:00.000Z' });
    await a.apply(early, shared);
    await a.apply(late, shared);
    const ended = shared.collection(ENDED_SESSIONS);
    expect((await ended.find({})).map((doc) => doc._id)).toEqual(['s2']);

    await b.apply(early, shared);
    expect((await ended.find({})).map((doc) => doc._id)).toEqual(['s2']);
    expect(await ended.countDocuments({})).toBe(1);
    // B goes on: the later one applied again changes nothing.
    await b.apply(late, shared);
    expect((await ended.find({})).map((doc) => doc._id)).toEqual(['s2']);
  });

  it('a page view applied late by a lagging node does not bring back a visitor mark swept by a later day', async () => {
    const shared = await openShared();
    const [a, b] = [createPageViewsProjection(), createPageViewsProjection()];
    const view = (position: number, day: string) =>
      recorded(position, `page-views-${day}-v1`, 'PageViewed', { path: '/', referrerHost: null, visitorHash: 'v1', at: `${day}T12:00:00.000Z` });
    await a.apply(view(1, '2026-11-01'), shared);
    await a.apply(view(2, '2026-11-10'), shared);
    const marks = shared.collection(PAGE_VIEW_VISITORS);
    const marked = async () => (await marks.find({}, { sort: { _id: 1 } })).map((doc) => doc._id);
    expect(await marked()).toEqual(['d|2026-11-10|v1', 'p|2026-11-10|v1|/']);

    await b.apply(view(1, '2026-11-01'), shared);
    expect(await marked()).toEqual(['d|2026-11-10|v1', 'p|2026-11-10|v1|/']);
    expect(await marks.countDocuments({})).toBe(2);
  });
});
