import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore, NewEvent } from '../src/event-store/port';
import { expected } from '../src/event-store/port';
import { createSqliteEventStore } from '../src/event-store/sqlite';
import { withKeyCache } from '../src/personal-data/keys';
import { withPersonalDataShredding } from '../src/personal-data/shredding-event-store';
import { createSqlitePersonalKeys } from '../src/personal-data/sqlite-keys';
import type { Measurement } from './report';
import { printComparison } from './report';

const USERS = 500;
const BIDS_PER_USER = 20;
const ROUNDS = 5;

/**
 * What encrypting personal values costs (docs/decisions/0042): the same log
 * of registrations and bids with messages, written and replayed whole through
 * the plain SQLite store (the baseline) and through the shredding decorator
 * over another SQLite file, with its keys in keys.db behind the 1 s cache.
 * Run alone: npx tsx bench/personal-data.ts
 */
export async function benchPersonalData(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-personal-data-'));
  const plain = createSqliteEventStore({ path: join(dir, 'plain.db'), synchronous: 'NORMAL' });
  const keys = withKeyCache(createSqlitePersonalKeys(join(dir, 'keys.db')), { ttlMs: 1000 });
  const shredding = withPersonalDataShredding(createSqliteEventStore({ path: join(dir, 'shredded.db'), synchronous: 'NORMAL' }), keys);
  try {
    const streams = Array.from({ length: USERS }, () => crypto.randomUUID()).map((userId) => ({ streamId: `user-${userId}`, events: accountEvents(userId) }));
    const writePlain: Measurement = { label: 'append, plain', samplesMs: [], elapsedMs: 0 };
    const writeShredded: Measurement = { label: 'append, encrypted', samplesMs: [], elapsedMs: 0 };
    for (const [m, store] of [[writePlain, plain], [writeShredded, shredding]] as const) {
      for (const { streamId, events } of streams) {
        const started = performance.now();
        await store.append(streamId, events, expected.noStream);
        const ms = performance.now() - started;
        m.samplesMs.push(ms);
        m.elapsedMs += ms;
      }
    }
    printComparison(`${USERS} accounts of ${BIDS_PER_USER + 1} events appended`, writePlain, writeShredded, 'ratio >= 0.5');

    const readPlain: Measurement = { label: 'readAll, plain', samplesMs: [], elapsedMs: 0 };
    const readShredded: Measurement = { label: 'readAll, decrypted', samplesMs: [], elapsedMs: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      for (const [m, store] of [[readPlain, plain], [readShredded, shredding]] as const) {
        const started = performance.now();
        await replay(store);
        const ms = performance.now() - started;
        m.samplesMs.push(ms);
        m.elapsedMs += ms;
      }
    }
    printComparison(`the whole log (${USERS * (BIDS_PER_USER + 1)} events) replayed a page at a time`, readPlain, readShredded, 'ratio >= 0.3');
  } finally {
    await plain.close();
    await shredding.close();
    await keys.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function accountEvents(userId: string): NewEvent[] {
  const at = new Date().toISOString();
  const metadata = { requestId: crypto.randomUUID(), ipAddress: '203.0.113.7', userAgent: 'Bench/1.0' };
  const events: NewEvent[] = [
    { id: crypto.randomUUID(), type: 'UserRegistered', data: { userId, username: `u_${userId.slice(0, 8)}`, email: `${userId}@example.com`, name: 'Bench Realtor', phone: '+14165550100', role: 'realtor', at }, metadata },
  ];
  for (let i = 0; i < BIDS_PER_USER; i++) {
    events.push({ id: crypto.randomUUID(), type: 'BidPlaced', data: { bidId: crypto.randomUUID(), propertyId: crypto.randomUUID(), amount: 150, message: 'I sell homes like this one.', at, balanceAfter: 0 }, metadata });
  }
  return events;
}

async function replay(store: EventStore): Promise<void> {
  let after: number | undefined;
  for (;;) {
    const page = await store.readAll({ ...(after === undefined ? {} : { after }), limit: 1000 });
    if (page.length === 0) return;
    after = page[page.length - 1]?.position;
  }
}

if (process.argv[1]?.endsWith('personal-data.ts')) await benchPersonalData();
