import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { propertyStreamId } from '../domain/listings/events';
import { expected } from '../event-store/port';
import type { EventStore } from '../event-store/port';
import { createSqliteEventStore } from '../event-store/sqlite';
import { createMemoryPersonalKeys } from '../personal-data/keys';
import { withPersonalDataShredding } from '../personal-data/shredding-event-store';
import { appendListing } from '../testing/bidding';
import { readPropertyFacts } from './aggregates';
import { createMetrics } from './platform/metrics';

const dir = mkdtempSync(join(tmpdir(), 'aggregates-'));
let files = 0;
const opened: EventStore[] = [];
const open = (path: string) => {
  const store = createSqliteEventStore({ path, synchronous: 'NORMAL' });
  opened.push(store);
  return store;
};

afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The store as given, counting the streams it reads. */
function countingReads(store: EventStore) {
  const counted = { reads: 0, eventStore: { ...store, streamRevision: store.streamRevision?.bind(store) } as EventStore };
  counted.eventStore.readStream = (streamId, options) => {
    counted.reads += 1;
    return store.readStream(streamId, options);
  };
  return counted;
}

const deleted = (propertyId: string) => ({ id: crypto.randomUUID(), type: 'PropertyDeleted', data: { propertyId, ownerId: 'owner', title: 'T', biddingEndsAt: null, images: [], at: '2030-01-01T00:00:00.000Z' } });

describe("a listing's facts", () => {
  it('are folded once while the stream stays at its revision, and again after any append', async () => {
    const store = countingReads(open(join(dir, `events-${(files += 1)}.db`)));
    const { propertyId } = await appendListing(store.eventStore, 'owner', { biddingEndsAt: '2099-01-01T00:00:00.000Z', minBidAmount: 120 });

    const first = await readPropertyFacts(store, propertyId);
    const second = await readPropertyFacts(store, propertyId);
    expect(second).toEqual(first);
    expect(first).toMatchObject({ exists: true, isActive: true, minBidAmount: 120 });
    expect(store.reads).toBe(1);

    await store.eventStore.append(propertyStreamId(propertyId), [{ id: crypto.randomUUID(), type: 'PropertyActivationToggled', data: { propertyId, isActive: false } }], expected.revision(0));
    expect(await readPropertyFacts(store, propertyId)).toMatchObject({ exists: true, isActive: false });
    expect(store.reads).toBe(2);
  });

  it('follow a change another process on the same DATA_DIR made to the listing (two stores on one file)', async () => {
    const path = join(dir, `events-${(files += 1)}.db`);
    const here = open(path);
    const there = open(path);
    const { propertyId } = await appendListing(here, 'owner', { biddingEndsAt: '2099-01-01T00:00:00.000Z' });
    expect(await readPropertyFacts({ eventStore: here }, propertyId)).toMatchObject({ exists: true });

    await there.append(propertyStreamId(propertyId), [deleted(propertyId)], expected.revision(0));

    expect(await readPropertyFacts({ eventStore: here }, propertyId)).toMatchObject({ exists: false, deleted: true });
  });

  it("are folded once through the app's wrappers too (personal data, append metrics), which pass the revision on", async () => {
    const raw = open(join(dir, `events-${(files += 1)}.db`));
    const store = countingReads(createMetrics().timeAppends(withPersonalDataShredding(raw, createMemoryPersonalKeys())));
    const { propertyId } = await appendListing(store.eventStore, 'owner', { biddingEndsAt: '2099-01-01T00:00:00.000Z' });

    await readPropertyFacts(store, propertyId);
    await readPropertyFacts(store, propertyId);

    expect(store.reads).toBe(1);
  });

  it('are read from the stream every time through a store that cannot tell its revision', async () => {
    const store = countingReads(open(join(dir, `events-${(files += 1)}.db`)));
    delete store.eventStore.streamRevision;
    const { propertyId } = await appendListing(store.eventStore, 'owner', { biddingEndsAt: '2099-01-01T00:00:00.000Z' });

    await readPropertyFacts(store, propertyId);
    await readPropertyFacts(store, propertyId);

    expect(store.reads).toBe(2);
  });

  it('of a listing never listed are the unlisted facts, and a listing made later is seen', async () => {
    const store = open(join(dir, `events-${(files += 1)}.db`));
    const propertyId = crypto.randomUUID();
    expect(await readPropertyFacts({ eventStore: store }, propertyId)).toMatchObject({ exists: false, ownerId: null });

    await appendListing(store, 'owner', { propertyId, biddingEndsAt: '2099-01-01T00:00:00.000Z' });

    expect(await readPropertyFacts({ eventStore: store }, propertyId)).toMatchObject({ exists: true, ownerId: 'owner' });
  });
});
