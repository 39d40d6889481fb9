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
import { rerunUnderServerFlags } from './v8-flags';

// Under the V8 flags the server runs with, the bare route as well (v8-flags.ts).
rerunUnderServerFlags();

// One benchmark alone while working on it: `npx tsx bench/one.ts bids`.
const benches: Record<string, () => Promise<void>> = {
  listings: benchListings,
  boot: benchBoot,
  replay: benchReplay,
  'personal-data': benchPersonalData,
  'event-store-append': benchEventStoreAppend,
  'account-fold': benchAccountFold,
  'realtime-push': benchRealtimePush,
  'read-store': benchReadStore,
  bids: benchBids,
  'bid-history': benchBidHistory,
  'admin-lists': benchAdminLists,
  'admin-timeline': benchAdminTimeline,
  nodes: benchNodes,
};
const name = process.argv[2] ?? '';
const bench = benches[name];
if (!bench) throw new Error(`usage: tsx bench/one.ts <${Object.keys(benches).join('|')}>`);
await bench();
printSummary('this machine');
process.exit(0);
