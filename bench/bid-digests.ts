import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { userStreamId } from '../src/domain/accounts/commands';
import { propertyStreamId } from '../src/domain/listings/events';
import { bidDigest, digestStreamId } from '../src/domain/notifications/bid-digest';
import { loadState } from '../src/domain/shared/command-handler';
import type { NewEvent } from '../src/event-store/port';
import { expected } from '../src/event-store/port';
import { createSqliteEventStore } from '../src/event-store/sqlite';
import { composeApp } from '../src/http/compose';
import { createMemoryLogger } from '../src/http/platform/logger';
import { createMemoryReadStore } from '../src/read-store/memory';
import { propertyListedData } from '../src/testing/bidding';
import type { Measurement } from './report';
import { printComparison, printLine } from './report';

const OWNERS = 1_000;
const ROUNDS = 10;

/**
 * The daily digest's timer runs a pass every minute on every node
 * (docs/decisions/0043). With OWNERS homeowners on the digest, each with a
 * listing and a bid: the pass that sends the day's digests, then the passes
 * after it that day, against reading every owner's digest stream (what each
 * of those passes did before a node remembered the days it saw sent).
 */
export async function benchBidDigests(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bid-digests-'));
  const eventStore = createSqliteEventStore({ path: join(dir, 'events.db'), synchronous: 'NORMAL' });
  let now = Date.parse('2026-11-22T10:00:00.000Z');
  const at = new Date(now).toISOString();
  const ownerIds: string[] = [];
  const realtorId = crypto.randomUUID();
  const bids: NewEvent[] = [
    { id: crypto.randomUUID(), type: 'UserRegistered', data: { userId: realtorId, username: 'bench_realtor', email: 'r@example.com', name: 'Bench Realtor', phone: null, role: 'realtor', at } },
    { id: crypto.randomUUID(), type: 'CreditsSetByAdmin', data: { credits: OWNERS, previousCredits: 0, adminId: 'bench', reason: 'Set by administrator', at } },
  ];
  for (let i = 0; i < OWNERS; i++) {
    const ownerId = crypto.randomUUID();
    ownerIds.push(ownerId);
    await eventStore.append(
      userStreamId(ownerId),
      [
        { id: crypto.randomUUID(), type: 'UserRegistered', data: { userId: ownerId, username: `owner_${i}`, email: `owner${i}@example.com`, name: `Owner ${i}`, phone: null, role: 'homeowner', at } },
        { id: crypto.randomUUID(), type: 'NotificationPreferencesChanged', data: { bidEmails: 'daily', outcomeEmails: true, at } },
      ],
      expected.noStream,
    );
    const propertyId = crypto.randomUUID();
    const listed = propertyListedData(propertyId, ownerId, { biddingEndsAt: '2026-12-06T10:00:00.000Z', title: `Listing ${i}`, listedAt: at });
    await eventStore.append(propertyStreamId(propertyId), [{ id: crypto.randomUUID(), type: 'PropertyListed', data: listed }], expected.noStream);
    const bidAt = new Date(now + 60_000).toISOString();
    bids.push({ id: crypto.randomUUID(), type: 'BidPlaced', data: { bidId: crypto.randomUUID(), propertyId, amount: 150, message: '', at: bidAt, balanceAfter: OWNERS - i - 1 } });
  }
  await eventStore.append(userStreamId(realtorId), bids, expected.noStream);

  let sent = 0;
  const composed = await composeApp({
    eventStore,
    readStore: createMemoryReadStore(),
    mailer: { send: async () => void (sent += 1) },
    logger: createMemoryLogger(),
    clock: () => new Date(now),
    env: { publicUrl: 'http://localhost:3000', RATE_LIMITS: 'off', SUPPORT_EMAIL: undefined, ADMIN_EMAIL: undefined },
    sessionSecret: 'bench-bid-digests-secret-'.repeat(2),
  });
  try {
    now = Date.parse('2026-11-23T08:00:00.000Z');
    const started = performance.now();
    const first = await composed.bidDigests.runOnce();
    printLine(`\n## The daily bid digest with ${OWNERS} homeowners on it`);
    printLine(`  the day's first pass: ${first} digests appended and ${sent} mailed in ${(performance.now() - started).toFixed(0)} ms`);

    const baseline: Measurement = { label: `read ${OWNERS} digest streams`, samplesMs: [], elapsedMs: 0 };
    const subject: Measurement = { label: 'a later pass the same day', samplesMs: [], elapsedMs: 0 };
    const readAll = async () => {
      for (const ownerId of ownerIds) await loadState(eventStore, digestStreamId(ownerId), bidDigest);
    };
    for (let round = 0; round < ROUNDS; round++) {
      for (const [m, run] of [[baseline, readAll], [subject, () => composed.bidDigests.runOnce()]] as const) {
        now += 60_000;
        const t0 = performance.now();
        await run();
        const ms = performance.now() - t0;
        m.samplesMs.push(ms);
        m.elapsedMs += ms;
      }
    }
    if (sent !== OWNERS) throw new Error(`expected ${OWNERS} digests, mailed ${sent}`);
    printComparison(`A digest pass after the day's digests went out (${OWNERS} homeowners)`, baseline, subject, 'ratio ≥ 1: the pass reads the digest readers, not every stream again');
  } finally {
    await composed.runner.stop();
    await composed.processManagers.stop();
    await eventStore.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchBidDigests();
  process.exit(0);
}
