import type { NewEvent } from '../src/event-store/port';
import { expected } from '../src/event-store/port';
import { createSqliteEventStore } from '../src/event-store/sqlite';
import { withKeyCache } from '../src/personal-data/keys';
import { withPersonalDataShredding } from '../src/personal-data/shredding-event-store';
import { createSqlitePersonalKeys } from '../src/personal-data/sqlite-keys';

export interface SeedCounts {
  homeowners: number;
  listings: number;
  realtors: number;
  bids: number;
  /**
   * The log a running node writes: each bid names the node whose request took
   * it, so its owner is owed a mail (bid_mails_owed), and that node's bid
   * mailer recorded the mails sent (BidMailsSent, one per realtor's bids).
   */
  live?: boolean;
}

export interface Seeded extends SeedCounts {
  events: number;
  /** A realtor whose session the page requests use. */
  realtorId: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const START = Date.parse('2026-01-01T00:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const event = (type: string, data: unknown): NewEvent => ({ id: crypto.randomUUID(), type, data });

function registered(userId: string, role: 'homeowner' | 'realtor', i: number, at: number): NewEvent {
  return event('UserRegistered', { userId, username: `${role}_${i}`, email: `${role}-${i}@example.com`, name: `${role} ${i}`, phone: null, role, at: iso(at) });
}

/**
 * Writes the log the listings benchmark boots from, straight through the
 * event store (one append per stream, as the deciders would have written it):
 * verified homeowners with their listings, and realtors whose account streams
 * hold their credits and bids, each on a different property. With `keysPath`,
 * through the personal-data decorator with its keys there, every event with a
 * request's metadata (address, browser): the personal values sealed, as the
 * app writes them (docs/decisions/0042).
 */
export async function seedListingsLog(path: string, counts: SeedCounts, options: { keysPath?: string } = {}): Promise<Seeded> {
  const plain = createSqliteEventStore({ path, synchronous: 'NORMAL' });
  const keys = options.keysPath ? withKeyCache(createSqlitePersonalKeys(options.keysPath), { ttlMs: 60_000 }) : undefined;
  const store = keys ? withPersonalDataShredding(plain, keys) : plain;
  const metadata = keys ? () => ({ requestId: crypto.randomUUID(), ipAddress: '203.0.113.7', userAgent: 'Bench/1.0' }) : undefined;
  const homeownerIds = Array.from({ length: counts.homeowners }, () => crypto.randomUUID());
  const propertyIds = Array.from({ length: counts.listings }, () => crypto.randomUUID());
  let events = 0;
  const append = async (streamId: string, batch: NewEvent[]) => {
    await store.append(streamId, metadata ? batch.map((one) => ({ ...one, metadata: { ...one.metadata, ...metadata() } })) : batch, expected.noStream);
    events += batch.length;
  };

  for (const [i, userId] of homeownerIds.entries()) {
    await append(`user-${userId}`, [registered(userId, 'homeowner', i, START)]);
    const verificationId = crypto.randomUUID();
    const documentKey = `bills/${crypto.randomUUID()}.pdf`;
    await append(`verification-${userId}`, [
      event('VerificationSubmitted', { verificationId, userId, documentType: 'utility_bill', documentKey, replaces: null, at: iso(START) }),
      event('VerificationApproved', { verificationId, userId, adminId: 'bench-admin', at: iso(START + 1000) }),
    ]);
  }

  for (const [i, propertyId] of propertyIds.entries()) {
    const listedAt = START + DAY_MS + i * 60_000;
    await append(`property-${propertyId}`, [
      event('PropertyListed', {
        propertyId,
        ownerId: homeownerIds[i % homeownerIds.length],
        title: `Listing ${i}`,
        description: `A home with ${2 + (i % 4)} bedrooms, listed for the benchmark.`,
        propertyType: (['house', 'apartment', 'condo', 'townhouse'] as const)[i % 4],
        bedrooms: 2 + (i % 4),
        bathrooms: 1 + (i % 3),
        address: `${i} Main Street`,
        location: 'Toronto, ON',
        images: [`images/${crypto.randomUUID()}.jpg`, `images/${crypto.randomUUID()}.png`],
        biddingEndsAt: iso(Date.parse('2030-01-01T00:00:00.000Z')),
        minBidAmount: 100,
        vibeMetrics: i % 2 === 0 ? { cafes: 80, greenery: 60, schools: 70, safety: 90, transit: 50, community: 75 } : null,
        listedAt: iso(listedAt),
      }),
    ]);
  }

  const bidsPerRealtor = Math.ceil(counts.bids / counts.realtors);
  const realtorIds = Array.from({ length: counts.realtors }, () => crypto.randomUUID());
  let placed = 0;
  for (const [r, realtorId] of realtorIds.entries()) {
    const mine = Math.min(bidsPerRealtor, counts.bids - placed);
    const at = START + 2 * DAY_MS + r * 1000;
    const batch = [registered(realtorId, 'realtor', r, at), event('CreditsSetByAdmin', { credits: mine, previousCredits: 0, adminId: 'bench-admin', reason: 'bench', at: iso(at) })];
    for (let k = 0; k < mine; k++) {
      // 101 is prime to the listing count, so one realtor never bids twice on a property.
      const propertyId = propertyIds[(r * 7 + k * 101) % propertyIds.length];
      const placedEvent = event('BidPlaced', { bidId: crypto.randomUUID(), propertyId, amount: 100 + k, message: k % 3 === 0 ? '' : 'Happy to help you sell.', at: iso(at + k), balanceAfter: mine - k - 1 });
      // What a request writes (src/http/commands.ts): its node, and that the log owes the mails.
      batch.push(counts.live ? { ...placedEvent, metadata: { node: 'bench-node', mails: 'log' } } : placedEvent);
    }
    await append(`user-${realtorId}`, batch);
    if (counts.live && mine > 0) {
      const bidIds = batch.flatMap((one) => (one.type === 'BidPlaced' ? [(one.data as { bidId: string }).bidId] : []));
      const sent = event('BidMailsSent', { bidIds, at: iso(at + mine) });
      await append(`bid-mails-${crypto.randomUUID()}`, [{ ...sent, metadata: { processManager: 'bid-mails' } }]);
    }
    placed += mine;
  }
  await store.close();
  await keys?.close();
  return { ...counts, events, realtorId: realtorIds[0] ?? '' };
}
