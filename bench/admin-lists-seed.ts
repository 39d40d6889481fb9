import type { NewEvent } from '../src/event-store/port';
import { expected } from '../src/event-store/port';
import type { EventStore } from '../src/event-store/port';

export interface AdminSeedCounts {
  users: number;
  realtors: number;
  owners: number;
  listings: number;
  bids: number;
  verifications: number;
  payments: number;
  prospects: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const START = Date.parse('2026-01-01T00:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const event = (type: string, data: unknown): NewEvent => ({ id: crypto.randomUUID(), type, data });

function registered(userId: string, role: 'homeowner' | 'realtor', i: number, at: number): NewEvent {
  const first = ['Ava', 'Ben', 'Chloe', 'Dev', 'Elena', 'Farid', 'Grace', 'Hiro'][i % 8] as string;
  return event('UserRegistered', { userId, username: `${role}_${i}`, email: `${role}-${i}@example.com`, name: `${first} ${role} ${i}`, phone: null, role, at: iso(at) });
}

/**
 * Writes the log the admin lists benchmark boots from, straight through the
 * event store as the deciders would have written it: homeowners (the first
 * `verifications` of them submitted a bill, some reviewed; the first `owners`
 * list properties), realtors with credits, bids, payments, and contact-form
 * prospects. Returns the number of events.
 */
export async function seedAdminLog(store: EventStore, counts: AdminSeedCounts): Promise<number> {
  let events = 0;
  const append = async (streamId: string, batch: NewEvent[]) => {
    await store.append(streamId, batch, expected.noStream);
    events += batch.length;
  };
  const homeowners = counts.users - counts.realtors;
  const homeownerIds = Array.from({ length: homeowners }, () => crypto.randomUUID());
  for (const [i, userId] of homeownerIds.entries()) {
    const at = START + i * 1000;
    await append(`user-${userId}`, [registered(userId, 'homeowner', i, at)]);
    if (i >= counts.verifications) continue;
    const verificationId = crypto.randomUUID();
    const batch = [event('VerificationSubmitted', { verificationId, userId, documentType: 'utility_bill', documentKey: `bills/${verificationId}.pdf`, replaces: null, at: iso(at + 500) })];
    // Owners are approved; of the others a third approved, a tenth rejected, the rest pending.
    if (i < counts.owners || i % 3 === 0) batch.push(event('VerificationApproved', { verificationId, userId, adminId: 'bench-admin', at: iso(at + DAY_MS) }));
    else if (i % 10 === 1) batch.push(event('VerificationRejected', { verificationId, userId, adminId: 'bench-admin', subject: 'Your bill', message: 'The bill is unreadable', at: iso(at + DAY_MS) }));
    await append(`verification-${userId}`, batch);
  }

  const propertyIds = Array.from({ length: counts.listings }, () => crypto.randomUUID());
  for (const [i, propertyId] of propertyIds.entries()) {
    await append(`property-${propertyId}`, [
      event('PropertyListed', {
        propertyId,
        ownerId: homeownerIds[i % counts.owners],
        title: `${['Sunny', 'Quiet', 'Spacious', 'Modern'][i % 4]} home ${i}`,
        description: `A home with ${2 + (i % 4)} bedrooms, listed for the benchmark.`,
        propertyType: (['house', 'apartment', 'condo', 'townhouse'] as const)[i % 4],
        bedrooms: 2 + (i % 4),
        bathrooms: 1 + (i % 3),
        address: `${i} Main Street`,
        location: ['Toronto, ON', 'Ottawa, ON', 'Halifax, NS', 'Calgary, AB'][i % 4],
        images: [`images/${crypto.randomUUID()}.jpg`],
        // Half still open, half closed, so every bid state is present.
        biddingEndsAt: iso(i % 2 === 0 ? Date.parse('2030-01-01T00:00:00.000Z') : START + 30 * DAY_MS),
        minBidAmount: 100,
        vibeMetrics: null,
        listedAt: iso(START + DAY_MS + i * 60_000),
      }),
    ]);
  }

  const bidsPerRealtor = Math.ceil(counts.bids / counts.realtors);
  const paymentsPerRealtor = Math.ceil(counts.payments / counts.realtors);
  let placed = 0;
  let paid = 0;
  for (let r = 0; r < counts.realtors; r++) {
    const realtorId = crypto.randomUUID();
    const mine = Math.min(bidsPerRealtor, counts.bids - placed);
    const at = START + 2 * DAY_MS + r * 1000;
    const batch = [registered(realtorId, 'realtor', r, at), event('CreditsSetByAdmin', { credits: mine, previousCredits: 0, adminId: 'bench-admin', reason: 'bench', at: iso(at) })];
    for (let k = 0; k < mine; k++) {
      // 101 is prime to the listing count, so one realtor never bids twice on a property.
      const propertyId = propertyIds[(r * 7 + k * 101) % propertyIds.length];
      batch.push(event('BidPlaced', { bidId: crypto.randomUUID(), propertyId, amount: 100 + k, message: k % 3 === 0 ? '' : 'Happy to help you sell.', at: iso(at + k), balanceAfter: mine - k - 1 }));
    }
    await append(`user-${realtorId}`, batch);
    placed += mine;
    for (let k = 0; k < paymentsPerRealtor && paid < counts.payments; k++, paid++) {
      const paymentId = crypto.randomUUID();
      const created = at + DAY_MS + k * 60_000;
      const data = { paymentId, userId: realtorId, credits: 10, amountCents: 4_900 };
      const payment = [event('PaymentCreated', { ...data, at: iso(created) }), event('PaymentIntentAttached', { paymentId, paymentIntentId: `pi_${paymentId}`, at: iso(created) })];
      if (paid % 4 !== 3) payment.push(event('PaymentSucceeded', { ...data, paymentIntentId: `pi_${paymentId}`, chargeId: `ch_${paymentId}`, at: iso(created + 1000) }));
      await append(`payment-${paymentId}`, payment);
    }
  }

  for (let i = 0; i < counts.prospects; i++) {
    const email = `prospect-${i}@example.com`;
    await append(`prospects-${email}`, [
      event('ProspectSubmitted', {
        prospectId: crypto.randomUUID(),
        email,
        inquiryType: (['homeowner', 'realtor', 'general'] as const)[i % 3],
        message: i % 2 === 0 ? 'I would like to know how selling works here.' : null,
        page: ['contact', 'about', 'home'][i % 3],
        ipAddress: '198.51.100.4',
        userAgent: 'Bench/1.0',
        at: iso(START + i * 60_000),
      }),
    ]);
  }
  return events;
}
