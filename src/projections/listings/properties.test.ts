import { describe, expect, it } from 'vitest';
import type { PropertyEvent } from '../../domain/listings/events';
import type { VerificationEvent } from '../../domain/verification/events';
import type { NewEvent } from '../../event-store/port';
import { expected } from '../../event-store/port';
import { createSqliteEventStore } from '../../event-store/sqlite';
import { createMemoryReadStore, inspectMemoryCollection } from '../../read-store/memory';
import { DELETED_FIELD } from '../../read-store/port';
import type { ReadStore } from '../../read-store/port';
import type { PropertyDoc } from './properties';
import { ENDING_SOON, FEWEST_BIDS, NEWEST_FIRST, PROPERTIES, createPropertiesProjection } from './properties';
import { openReadModels } from '../read-models';
import { createProjectionRunner } from '../runner';
import type { VerificationDoc } from '../verification/verifications';
import { VERIFICATIONS, createVerificationsProjection } from '../verification/verifications';

const at = '2026-11-22T10:00:00.000Z';
const details = {
  title: 'Home',
  description: 'A home.',
  propertyType: 'house' as const,
  bedrooms: 2,
  bathrooms: 1,
  address: '1 Main St',
  location: 'Guelph, ON',
  images: ['images/0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e01.png'],
  vibeMetrics: null,
};
const listed = (propertyId: string): PropertyEvent => ({
  type: 'PropertyListed',
  data: { propertyId, ownerId: 'owner', ...details, biddingEndsAt: '2026-12-06T10:00:00.000Z', minBidAmount: 100, listedAt: at },
});
const bid = (type: 'BidPlaced' | 'BidRefunded', propertyId: string, bidId: string) => ({
  type,
  data: type === 'BidPlaced' ? { bidId, propertyId, amount: 100, message: '', at, balanceAfter: 0 } : { bidId, propertyId, reason: 'property deleted', at, balanceAfter: 1 },
});
const submitted: VerificationEvent = {
  type: 'VerificationSubmitted',
  data: { verificationId: 'v1', userId: 'owner', documentType: 'utility_bill', documentKey: 'bills/x.pdf', replaces: null, at },
};

const withIds = (events: Array<{ type: string; data: unknown }>): NewEvent[] => events.map((e) => ({ id: crypto.randomUUID(), ...e }));

async function seededLog() {
  const eventStore = createSqliteEventStore({ path: ':memory:' });
  await eventStore.append('property-p1', withIds([listed('p1'), { type: 'PropertyActivationToggled', data: { propertyId: 'p1', isActive: false, adminId: 'a', at } }]), expected.noStream);
  await eventStore.append('property-p2', withIds([listed('p2')]), expected.noStream);
  await eventStore.append('user-r1', withIds([bid('BidPlaced', 'p1', 'b1'), bid('BidPlaced', 'p2', 'b2'), bid('BidPlaced', 'p2', 'b3'), bid('BidRefunded', 'p2', 'b2')]), expected.noStream);
  await eventStore.append('verification-owner', withIds([submitted, { type: 'VerificationApproved', data: { verificationId: 'v1', userId: 'owner', adminId: 'a', at } }]), expected.noStream);
  return eventStore;
}

const snapshot = async (readStore: ReadStore) => ({
  properties: await readStore.collection<PropertyDoc>(PROPERTIES).find({}, { sort: { _id: 1 }, projection: { _position: 0 } }),
  verifications: await readStore.collection<VerificationDoc>(VERIFICATIONS).find({}, { sort: { _id: 1 }, projection: { _position: 0 } }),
});

describe('properties and verifications projections', () => {
  it('build listings with their bid counts and the review history', async () => {
    const eventStore = await seededLog();
    const readStore = createMemoryReadStore();
    const runner = createProjectionRunner({ eventStore, readStore, projections: [createPropertiesProjection(), createVerificationsProjection()] });
    await runner.start();
    const { properties, verifications } = await snapshot(readStore);
    expect(properties.map((p) => [p._id, p.isActive, p.bidCount])).toEqual([['p1', false, 1], ['p2', true, 1]]);
    expect(properties[1]).toMatchObject({ ...details, ownerId: 'owner', createdAt: at, minBidAmount: 100, searchText: 'home\nguelph, on\n1 main st' });
    expect(verifications).toEqual([
      { _id: 'v1', userId: 'owner', documentType: 'utility_bill', documentKey: 'bills/x.pdf', status: 'approved', submittedAt: at, reviewedAt: at, reviewedBy: 'a', rejectionReason: null, rejectionSubject: null, adminNotes: null },
    ]);
    await runner.stop();
    await eventStore.close();
  });

  it('give the same read models when every event is delivered again, and after a rebuild', async () => {
    const eventStore = await seededLog();
    // Through the current generation, as the app reads: a rebuild writes a new one and switches to it.
    const readStore = openReadModels(createMemoryReadStore());
    const projections = [createPropertiesProjection(), createVerificationsProjection()];
    const runner = createProjectionRunner({ eventStore, readStore, projections, generationGraceMs: 0 });
    await runner.start();
    const first = await snapshot(readStore);
    // A restart before the checkpoint was stored delivers everything again.
    for (const event of await eventStore.readAll()) for (const projection of projections) await projection.apply(event, readStore);
    expect(await snapshot(readStore)).toEqual(first);
    await runner.rebuild();
    expect(await snapshot(readStore)).toEqual(first);
    await runner.stop();
    await eventStore.close();
  });

  it('leave tombstones that a node still applying older events cannot bring back, and that no read sees', async () => {
    const eventStore = createSqliteEventStore({ path: ':memory:' });
    const update = { type: 'PropertyUpdated', data: { propertyId: 'p1', ownerId: 'owner', ...details, title: 'Renamed', at } };
    await eventStore.append('property-p1', withIds([listed('p1'), update]), expected.noStream);
    await eventStore.append('user-r1', withIds([bid('BidPlaced', 'p1', 'b1')]), expected.noStream);
    await eventStore.append('property-p1', withIds([{ type: 'PropertyDeleted', data: { propertyId: 'p1', ownerId: 'owner', title: 'Renamed', biddingEndsAt: '2026-12-06T10:00:00.000Z', images: [], at } }]), expected.revision(1));
    await eventStore.append('user-r1', withIds([bid('BidRefunded', 'p1', 'b1')]), expected.revision(0));
    const replacing = { ...submitted, data: { ...submitted.data, verificationId: 'v2', replaces: 'v1' } };
    await eventStore.append('verification-owner', withIds([submitted, replacing]), expected.noStream);
    const events = await eventStore.readAll();
    const deletedAt = events.findIndex((event) => event.type === 'PropertyDeleted');
    const shared = createMemoryReadStore();
    const projections = [createPropertiesProjection(), createVerificationsProjection()];
    const apply = async (some: typeof events) => {
      for (const event of some) for (const projection of projections) await projection.apply(event, shared);
    };
    for (const projection of projections) await projection.setup?.(shared);
    await apply(events);
    // Another node, behind: it lists, renames and counts a bid on p1 again, and submits v1 again.
    await apply(events.slice(0, deletedAt));
    await apply(events.slice(events.findIndex((event) => event.type === 'VerificationSubmitted')).slice(0, 1));
    const properties = shared.collection<PropertyDoc>(PROPERTIES);
    expect(await properties.findOne({ _id: 'p1' })).toBeNull();
    expect(await properties.find({ ownerId: 'owner' })).toEqual([]);
    expect(await properties.countDocuments()).toBe(0);
    expect(await properties.find({ [DELETED_FIELD]: true })).toEqual([{ _id: 'p1', [DELETED_FIELD]: true, _position: events[deletedAt]?.position }]);
    expect((await shared.collection<VerificationDoc>(VERIFICATIONS).find({})).map((v) => v._id)).toEqual(['v2']);
    await apply(events.slice(deletedAt));
    expect(await snapshot(shared)).toEqual({ properties: [], verifications: [expect.objectContaining({ _id: 'v2', status: 'pending' })] });
    await eventStore.close();
  });

  it('answer a page of the home list by walking the index, not by scanning or sorting every listing', async () => {
    const readStore = createMemoryReadStore();
    const projection = createPropertiesProjection();
    await projection.setup?.(readStore);
    for (let i = 1; i <= 500; i++) {
      const event = listed(`p${i}`);
      await projection.apply({ id: `e${i}`, streamId: `property-p${i}`, revision: 0, position: i, recordedAt: at, metadata: {}, ...event }, readStore);
    }
    const properties = readStore.collection<PropertyDoc>(PROPERTIES);
    const page = await properties.find({ isActive: true, listedPosition: { $lt: 480 } }, { sort: NEWEST_FIRST, limit: 25 });
    expect(page.map((p) => p.listedPosition)).toEqual(Array.from({ length: 25 }, (_, i) => 479 - i));
    const { plan, documentsExamined } = inspectMemoryCollection(properties);
    expect(plan).toMatch(/^sorted:/);
    expect(documentsExamined).toBeLessThan(50);
  });

  it('keeps the search text with the listing’s title, location and address as they change', async () => {
    const eventStore = createSqliteEventStore({ path: ':memory:' });
    const update = { type: 'PropertyUpdated', data: { propertyId: 'p1', ownerId: 'owner', ...details, title: 'Lakeside COTTAGE', location: 'Kingston, ON', at } };
    await eventStore.append('property-p1', withIds([listed('p1'), update]), expected.noStream);
    const readStore = createMemoryReadStore();
    const runner = createProjectionRunner({ eventStore, readStore, projections: [createPropertiesProjection()] });
    await runner.start();
    expect((await readStore.collection<PropertyDoc>(PROPERTIES).findOne({ _id: 'p1' }))?.searchText).toBe('lakeside cottage\nkingston, on\n1 main st');
    await runner.stop();
    await eventStore.close();
  });

  it('answer a filtered page in the ending-soon and fewest-bids orders by walking their indexes', async () => {
    const readStore = createMemoryReadStore();
    const projection = createPropertiesProjection();
    await projection.setup?.(readStore);
    for (let i = 1; i <= 500; i++) {
      const event = listed(`p${i}`);
      if (event.type === 'PropertyListed') event.data.biddingEndsAt = new Date(Date.parse('2026-12-01T00:00:00.000Z') + (i % 50) * 3_600_000).toISOString();
      await projection.apply({ id: `e${i}`, streamId: `property-p${i}`, revision: 0, position: i, recordedAt: at, metadata: {}, ...event }, readStore);
    }
    const properties = readStore.collection<PropertyDoc>(PROPERTIES);
    const ending = await properties.find({ isActive: true, bedrooms: { $gte: 2 } }, { sort: ENDING_SOON, limit: 25 });
    expect(ending.map((p) => p.listedPosition)).toEqual(Array.from({ length: 10 }, (_, i) => 500 - i * 50).concat(Array.from({ length: 10 }, (_, i) => 451 - i * 50), [452, 402, 352, 302, 252]));
    expect(inspectMemoryCollection(properties).plan).toMatch(/^sorted:biddingEndsAt/);
    expect(inspectMemoryCollection(properties).documentsExamined).toBeLessThan(50);
    await properties.find({ isActive: true, searchText: { $regex: 'home' } }, { sort: FEWEST_BIDS, limit: 25 });
    expect(inspectMemoryCollection(properties).plan).toMatch(/^sorted:bidCount/);
    expect(inspectMemoryCollection(properties).documentsExamined).toBeLessThan(50);
  });
});
