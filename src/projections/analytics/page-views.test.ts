import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../event-store/port';
import { createMemoryReadStore } from '../../read-store/memory';
import { PAGE_VIEWS_DAILY, PAGE_VIEW_DAYS, PAGE_VIEW_VISITORS, createPageViewsProjection } from './page-views';

const viewed = (position: number, visitorHash: string, path = '/', date = '2026-11-22'): RecordedEvent => ({
  id: `e${position}`,
  type: 'PageViewed',
  data: { path, referrerHost: null, visitorHash, at: `${date}T10:00:00.000Z` },
  metadata: {},
  streamId: `page-views-${date}-${visitorHash}`,
  revision: 0,
  position,
  recordedAt: `${date}T10:00:00.000Z`,
});

async function counts(store: ReturnType<typeof createMemoryReadStore>, date = '2026-11-22') {
  const day = await store.collection(PAGE_VIEW_DAYS).findOne({ _id: date });
  const page = await store.collection(PAGE_VIEWS_DAILY).findOne({ _id: `${date}|/` });
  return { day: [day?.views, day?.visitors], page: [page?.views, page?.visitors] };
}

describe('page views projection', () => {
  it('counts each event once when it is delivered again', async () => {
    const store = createMemoryReadStore();
    const projection = createPageViewsProjection();
    await projection.setup?.(store);
    for (const event of [viewed(1, 'a'), viewed(2, 'a'), viewed(3, 'b'), viewed(2, 'a'), viewed(3, 'b')]) await projection.apply(event, store);
    expect(await counts(store)).toEqual({ day: [3, 2], page: [3, 2] });
  });

  it('still counts a new visitor whose visitor marks were written before a crash', async () => {
    const store = createMemoryReadStore();
    const projection = createPageViewsProjection();
    await projection.setup?.(store);
    // The event at position 5 got as far as its visitor marks, then the process died.
    const visitors = store.collection<{ _id: string; date: string; _position: number }>(PAGE_VIEW_VISITORS);
    await visitors.insertOne({ _id: 'd|2026-11-22|a', date: '2026-11-22', _position: 5 });
    await visitors.insertOne({ _id: 'p|2026-11-22|a|/', date: '2026-11-22', _position: 5 });
    await projection.apply(viewed(5, 'a'), store);
    expect(await counts(store)).toEqual({ day: [1, 1], page: [1, 1] });
  });

  it('keeps visitor marks for today and yesterday only, and counts the same after they went', async () => {
    const store = createMemoryReadStore();
    const projection = createPageViewsProjection();
    await projection.setup?.(store);
    const visitors = store.collection<{ _id: string; date: string }>(PAGE_VIEW_VISITORS);
    const days = async () => [...new Set((await visitors.find({})).map((doc) => doc.date))].sort();

    await projection.apply(viewed(1, 'a', '/', '2026-11-20'), store);
    await projection.apply(viewed(2, 'a', '/', '2026-11-21'), store);
    expect(await days()).toEqual(['2026-11-20', '2026-11-21']);
    await projection.apply(viewed(3, 'b', '/', '2026-11-22'), store);
    expect(await days()).toEqual(['2026-11-21', '2026-11-22']);

    // Yesterday's visitor comes back just after midnight: still not a new visitor of yesterday.
    await projection.apply(viewed(4, 'a', '/', '2026-11-21'), store);
    expect(await counts(store, '2026-11-21')).toEqual({ day: [2, 1], page: [2, 1] });
    // A view of a swept day delivered again (after a restart) is not counted twice.
    await projection.apply(viewed(1, 'a', '/', '2026-11-20'), store);
    expect(await counts(store, '2026-11-20')).toEqual({ day: [1, 1], page: [1, 1] });
  });
});
