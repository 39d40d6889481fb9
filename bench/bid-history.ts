import { pathToFileURL } from 'node:url';
import { viewPropertyBids } from '../src/projections/bidding/bid-views';
import { BID_REVISIONS, createBidRevisionsProjection, loadBidRevisions, withEditCounts } from '../src/projections/bidding/bid-revisions';
import type { BidDoc, BidPropertyDoc } from '../src/projections/bidding/bids';
import { BID_PROPERTIES, BIDS } from '../src/projections/bidding/bids';
import { createMemoryReadStore } from '../src/read-store/memory';
import type { ReadStore } from '../src/read-store/port';
import type { Measurement } from './report';
import { printComparison, printLine } from './report';

/*
 * What bid history costs the reads it touches (docs/decisions/0037), on the
 * embedded read store at 21,000 bids with 42,000 edits:
 * - the owner's bid list of a listing with 30 bids, with `editCount` (one
 *   more read over bid_revisions) against the same list without it;
 * - a bid's history against reading the bid itself by id.
 * Run alone: `npx tsx bench/bid-history.ts`.
 */

const BIDS_ON_LISTING = 30;
const LISTINGS = 700;
const BIDS_TOTAL = BIDS_ON_LISTING * LISTINGS;
const SAMPLES = 2_000;
const ROUNDS = 10;
const AT = '2026-11-22T10:00:00.000Z';

async function seed(): Promise<{ store: ReadStore; editedBidId: string }> {
  const store = createMemoryReadStore();
  await createBidRevisionsProjection().setup?.(store);
  const bids = store.collection<BidDoc>(BIDS);
  await bids.createIndex({ propertyId: 1 });
  await bids.createIndex({ createdAt: -1, _id: -1 });
  const revisions = store.collection(BID_REVISIONS);
  let position = 0;
  for (let i = 0; i < BIDS_TOTAL; i += 1) {
    const propertyId = `p${i % LISTINGS}`;
    const bid: BidDoc = { _id: `b${i}`, propertyId, realtorId: `r${i}`, amount: 150, message: 'Pitch', createdAt: AT, updatedAt: AT, refundedAt: null };
    await bids.insertOne(bid);
    // Placed, then 0 to 4 edits: 2 on average.
    for (let edit = 0; edit <= i % 5; edit += 1) {
      position += 1;
      await revisions.insertOne({ _id: `b${i}@${position}`, bidId: bid._id, propertyId, realtorId: bid.realtorId, kind: edit === 0 ? 'placed' : 'edited', message: `Pitch ${edit}`, at: AT, _position: position });
    }
  }
  const property: BidPropertyDoc = {
    _id: 'p0', exists: true, deleted: false, ownerId: 'owner', title: 'Loft', isActive: true, biddingEndsAt: '2099-01-01T00:00:00.000Z', minBidAmount: 100,
    bidCount: BIDS_ON_LISTING, selectedBidId: null, selectedRealtorId: null, selectedAt: null,
  };
  await store.collection<BidPropertyDoc>(BID_PROPERTIES).insertOne(property);
  return { store, editedBidId: 'b4' };
}

// Alternating rounds, so a neighbour's load on the shared machine hits both alike.
async function measurePair(labels: [string, string], baselineRun: () => Promise<unknown>, subjectRun: () => Promise<unknown>): Promise<[Measurement, Measurement]> {
  const baseline: Measurement = { label: labels[0], samplesMs: [], elapsedMs: 0 };
  const subject: Measurement = { label: labels[1], samplesMs: [], elapsedMs: 0 };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [measurement, run] of [[baseline, baselineRun], [subject, subjectRun]] as const) {
      const started = performance.now();
      for (let i = 0; i < SAMPLES / ROUNDS; i += 1) {
        const start = performance.now();
        await run();
        measurement.samplesMs.push(performance.now() - start);
      }
      measurement.elapsedMs += performance.now() - started;
    }
  }
  return [baseline, subject];
}

export async function benchBidHistory(): Promise<void> {
  const { store, editedBidId } = await seed();
  const now = new Date(AT);
  const bids = store.collection<BidDoc>(BIDS);
  const properties = store.collection<BidPropertyDoc>(BID_PROPERTIES);
  printLine(`\n# Bid history (${BIDS_TOTAL} bids, ${await store.collection(BID_REVISIONS).countDocuments({})} revisions, memory read store)`);
  // The reads GET /api/properties/{id}/bids makes for its owner, before and with the count.
  const list = async () => {
    const property = await properties.findOne({ _id: 'p0' });
    const listed = await bids.find({ propertyId: 'p0', refundedAt: null }, { sort: { createdAt: -1, _id: -1 } });
    return viewPropertyBids(store, listed, property as BidPropertyDoc, 'owner', now);
  };
  const [plain, counted] = await measurePair(
    [`the owner's list of ${(await list()).length} bids`, 'the same list with editCount'],
    list,
    async () => withEditCounts(store, await list()),
  );
  printComparison("The owner's bid list with edit counts", plain, counted, 'ratio ≥ 0.7: the count is one indexed read for the whole list');
  const [byId, history] = await measurePair(['a bid by id', "a bid's history (5 revisions)"], () => bids.findOne({ _id: editedBidId }), () => loadBidRevisions(store, editedBidId));
  printComparison("A bid's history", byId, history, 'ratio ≥ 0.3: an indexed read of a few documents, sorted');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchBidHistory();
  process.exit(0);
}
