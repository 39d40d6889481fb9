import os from 'node:os';
import { benchAccountFold } from './account-fold';
import { benchAdminLists } from './admin-lists';
import { benchAdminTimeline } from './admin-timeline';
import { benchBidHistory } from './bid-history';
import { benchBids } from './bids';
import { benchBoot } from './boot';
import { benchEventStoreAppend } from './event-store-append';
import { benchListings } from './listings';
import { benchNodes } from './nodes';
import { benchPersonalData } from './personal-data';
import { benchReadStore } from './read-store';
import { benchReplay } from './replay';
import { benchRealtimePush } from './realtime-push';
import { printSummary, recordFigure } from './report';
import { rerunUnderServerFlags } from './v8-flags';

// Under the V8 flags the server runs with, the bare route as well (v8-flags.ts).
rerunUnderServerFlags();

let failed = false;
/** One bench; one that fails is a row of the table (✗) and the others still run, so the table is never lost. */
async function step(bench: () => Promise<void>): Promise<void> {
  try {
    await bench();
  } catch (error) {
    failed = true;
    console.error(error);
    recordFigure({ name: `${bench.name}: did not finish`, value: error instanceof Error ? error.message : String(error), aim: 'runs to the end', met: false });
  }
}

// Every benchmark prints its subject against a baseline measured in this same process.
console.log(`# Benchmarks (Node ${process.version}, ${new Date().toISOString()})`);
// First, in a fresh process, as a server boots: the rebuild's time and memory are the boot's own.
await step(benchListings);
// Starts in processes of their own: a first one replaying the log, then one from the snapshot it left.
await step(benchBoot);
// The replay a first start or a rebuild does, beside a raw read of the same log.
await step(benchReplay);
await step(benchEventStoreAppend);
await step(benchAccountFold);
await step(benchRealtimePush);
await step(benchReadStore);
await step(benchPersonalData);
await step(benchBids);
await step(benchBidHistory);
await step(benchAdminLists);
await step(benchAdminTimeline);
// Last: its nodes are processes of their own, which this one only drives.
await step(benchNodes);
console.log(`\nresident memory: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB`);
const cpus = os.cpus();
printSummary(`${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ${Math.round(os.totalmem() / 1024 ** 3)} GiB, Node ${process.version}, load average ${os.loadavg()[0]?.toFixed(1)} at the end`);
process.exit(failed ? 1 : 0);
