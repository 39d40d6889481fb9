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
import { printSummary } from './report';

// Every benchmark prints its subject against a baseline measured in this same process.
console.log(`# Benchmarks (Node ${process.version}, ${new Date().toISOString()})`);
// First, in a fresh process, as a server boots: the rebuild's time and memory are the boot's own.
await benchListings();
// Starts in processes of their own: a first one replaying the log, then one from the snapshot it left.
await benchBoot();
// The replay a first start or a rebuild does, beside a raw read of the same log.
await benchReplay();
await benchEventStoreAppend();
await benchAccountFold();
await benchRealtimePush();
await benchReadStore();
await benchPersonalData();
await benchBids();
await benchBidHistory();
await benchAdminLists();
await benchAdminTimeline();
// Last: its nodes are processes of their own, which this one only drives.
await benchNodes();
console.log(`\nresident memory: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB`);
const cpus = os.cpus();
printSummary(`${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ${Math.round(os.totalmem() / 1024 ** 3)} GiB, Node ${process.version}, load average ${os.loadavg()[0]?.toFixed(1)} at the end`);
process.exit(0);
