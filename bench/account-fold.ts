import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { userStreamId } from '../src/domain/accounts/commands';
import { account } from '../src/domain/accounts/decide';
import { loadState } from '../src/domain/shared/command-handler';
import type { NewEvent } from '../src/event-store/port';
import { expected } from '../src/event-store/port';
import { createSqliteEventStore } from '../src/event-store/sqlite';
import type { Measurement } from './report';
import { printComparison } from './report';

const BIDS = 5_000;
const ROUNDS = 10;

/**
 * A realtor's account stream is read and folded whole when no remembered state
 * can be used (after a restart, a conflict or a refusal). Reading is the
 * baseline; folding must stay of the order of reading however many bids the
 * account holds (it used to grow with the square of their number).
 */
export async function benchAccountFold(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-account-fold-'));
  const store = createSqliteEventStore({ path: join(dir, 'events.db'), synchronous: 'NORMAL' });
  try {
    const userId = crypto.randomUUID();
    const at = new Date().toISOString();
    const events: NewEvent[] = [
      { id: crypto.randomUUID(), type: 'UserRegistered', data: { userId, username: 'bench_realtor', email: 'r@example.com', name: 'Bench Realtor', phone: null, role: 'realtor', at } },
      { id: crypto.randomUUID(), type: 'CreditsSetByAdmin', data: { credits: BIDS + 1, previousCredits: 0, adminId: 'bench', reason: 'Set by administrator', at } },
    ];
    for (let i = 0; i < BIDS; i++) {
      const data = { bidId: crypto.randomUUID(), propertyId: crypto.randomUUID(), amount: 150, message: 'I sell homes like this one.', at, balanceAfter: BIDS - i };
      events.push({ id: crypto.randomUUID(), type: 'BidPlaced', data });
    }
    const streamId = userStreamId(userId);
    await store.append(streamId, events, expected.noStream);

    const baseline: Measurement = { label: 'readStream', samplesMs: [], elapsedMs: 0 };
    const subject: Measurement = { label: 'readStream and fold (loadState)', samplesMs: [], elapsedMs: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      for (const [m, run] of [[baseline, () => store.readStream(streamId)], [subject, () => loadState(store, streamId, account)]] as const) {
        const started = performance.now();
        await run();
        const ms = performance.now() - started;
        m.samplesMs.push(ms);
        m.elapsedMs += ms;
      }
    }
    printComparison(`a realtor's account stream with ${BIDS} bids, read whole`, baseline, subject, 'ratio >= 0.25 (0.002 when each bid folded copied all the earlier ones)');
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
