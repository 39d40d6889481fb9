import { benchAccountFold } from './account-fold';
import { benchAdminLists } from './admin-lists';
import { benchAdminTimeline } from './admin-timeline';
import { benchBidHistory } from './bid-history';
import { benchBids } from './bids';
import { benchEventStoreAppend } from './event-store-append';
import { benchListings } from './listings';
import { benchNodes } from './nodes';
import { benchReadStore } from './read-store';
import { benchRealtimePush } from './realtime-push';

// Every benchmark prints its subject against a baseline measured in this same process.
console.log(`# Benchmarks (Node ${process.version}, ${new Date().toISOString()})`);
// First, in a fresh process, as a server boots: the rebuild's time and memory are the boot's own.
await benchListings();
await benchEventStoreAppend();
await benchAccountFold();
await benchRealtimePush();
await benchReadStore();
await benchBids();
await benchBidHistory();
await benchAdminLists();
await benchAdminTimeline();
// Last: its nodes are processes of their own, which this one only drives.
await benchNodes();
console.log(`\nresident memory: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB`);
process.exit(0);
