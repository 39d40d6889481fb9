import { pathToFileURL } from 'node:url';
import type { MarketListingDoc } from '../src/projections/listings/market-stats';
import { MARKET_LISTINGS, computeMarketStats, createMarketStatsProjection } from '../src/projections/listings/market-stats';
import { createMemoryReadStore } from '../src/read-store/memory';
import type { ReadStore } from '../src/read-store/port';
import type { Measurement } from './report';
import { printComparison, printLine } from './report';

/*
 * What GET /api/stats/areas costs when it computes (once a minute per node,
 * docs/decisions/0040), on the embedded read store: 10,000 listings that went
 * live over the last 90 days in 300 areas, three bids each, and 5,000 older
 * listings outside the windows. Baseline: its read alone (the listings of the
 * last 90 days by index, with no projection of fields); the subject adds the
 * grouping and medians. Run alone: `npx tsx bench/market-stats.ts`.
 */

const LISTINGS = 10_000;
const OLD_LISTINGS = 5_000;
const AREAS = 300;
const BIDS_PER_LISTING = 3;
const SAMPLES = 40;
const ROUNDS = 4;
const NOW = new Date('2026-11-22T10:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

async function seed(): Promise<ReadStore> {
  const store = createMemoryReadStore();
  await createMarketStatsProjection().setup?.(store);
  const listings = store.collection<MarketListingDoc>(MARKET_LISTINGS);
  for (let i = 0; i < LISTINGS + OLD_LISTINGS; i += 1) {
    const daysAgo = i < LISTINGS ? (i % 89) + 0.5 : 120 + (i % 200);
    const listedAt = NOW.getTime() - daysAgo * DAY;
    await listings.insertOne({
      _id: `p${i}`,
      area: `City ${i % AREAS}, ST`,
      listedAt: new Date(listedAt).toISOString(),
      bidIds: Array.from({ length: BIDS_PER_LISTING }, (_, b) => `b${i}-${b}`),
      firstBidAt: new Date(listedAt + 3_600_000 * ((i % 7) + 1)).toISOString(),
    });
  }
  return store;
}

async function measurePair(labels: [string, string], baselineRun: () => Promise<unknown>, subjectRun: () => Promise<unknown>): Promise<[Measurement, Measurement]> {
  const baseline: Measurement = { label: labels[0], samplesMs: [], elapsedMs: 0 };
  const subject: Measurement = { label: labels[1], samplesMs: [], elapsedMs: 0 };
  // Alternating rounds, so a neighbour's load on the shared machine hits both alike.
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

export async function benchMarketStats(): Promise<void> {
  const store = await seed();
  printLine(`\n# Market stats (${LISTINGS} listings in 90 days, ${OLD_LISTINGS} older, ${AREAS} areas, ${(LISTINGS + OLD_LISTINGS) * BIDS_PER_LISTING} bids, memory read store)`);
  const since = new Date(NOW.getTime() - 90 * DAY).toISOString();
  const readListings = () => store.collection<MarketListingDoc>(MARKET_LISTINGS).find({ listedAt: { $gt: since, $lte: NOW.toISOString() } });
  const [baseline, subject] = await measurePair(['listings of 90 days, read alone', 'computeMarketStats (read, grouped)'], readListings, () => computeMarketStats(store, NOW));
  printComparison('GET /api/stats/areas when it computes', baseline, subject, 'close to the read alone; it runs once a minute per node');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchMarketStats();
