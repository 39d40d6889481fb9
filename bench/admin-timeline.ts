import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { userStreamId } from '../src/domain/accounts/commands';
import { account } from '../src/domain/accounts/decide';
import { loadState } from '../src/domain/shared/command-handler';
import type { NewEvent } from '../src/event-store/port';
import { expected } from '../src/event-store/port';
import { createSqliteEventStore } from '../src/event-store/sqlite';
import { TIMELINE_FOLDS } from '../src/http/routes/admin/timeline/fold';
import { foldTimeline } from '../src/http/routes/admin/timeline/page';
import type { Measurement } from './report';
import { printComparison, printLine } from './report';

/*
 * What an account's timeline costs (docs/decisions/0041) on a realtor's
 * stream of 5,000 bids, against what a command on that account already
 * pays when it reads and folds the stream whole (loadState): the first page,
 * the last page, and the state half-way through. Each is one read and one
 * fold of the stream plus a page of 50 events described.
 * Run alone: `npx tsx bench/admin-timeline.ts`.
 */

const BIDS = 5_000;
const ROUNDS = 20;

export async function benchAdminTimeline(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-admin-timeline-'));
  const store = createSqliteEventStore({ path: join(dir, 'events.db'), synchronous: 'NORMAL' });
  try {
    const userId = crypto.randomUUID();
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    const at = (i: number) => new Date(start + i * 60_000).toISOString();
    const events: NewEvent[] = [
      { id: crypto.randomUUID(), type: 'UserRegistered', data: { userId, username: 'bench_realtor', email: 'r@example.com', name: 'Bench Realtor', phone: null, role: 'realtor', at: at(0) } },
      { id: crypto.randomUUID(), type: 'CreditsSetByAdmin', data: { credits: BIDS + 1, previousCredits: 0, adminId: 'bench', reason: 'Set by administrator', at: at(1) } },
    ];
    for (let i = 0; i < BIDS; i++) {
      const data = { bidId: crypto.randomUUID(), propertyId: crypto.randomUUID(), amount: 150, message: 'I sell homes like this one.', at: at(i + 2), balanceAfter: BIDS - i };
      events.push({ id: crypto.randomUUID(), type: 'BidPlaced', data, metadata: { userId, ipAddress: '203.0.113.7' } });
    }
    const streamId = userStreamId(userId);
    await store.append(streamId, events, expected.noStream);
    const fold = TIMELINE_FOLDS.account;
    const timeline = async (request: { start: number; at?: string }) => foldTimeline(await store.readStream(streamId), fold, { limit: 50, ...request });

    const answerBytes = Buffer.byteLength(JSON.stringify(await timeline({ start: 0 })));
    printLine(`\n# Admin timeline (a realtor's account stream of ${events.length} events, SQLite; the first page answers ${Math.round(answerBytes / 1024)} KiB)`);
    const cases: Array<[string, () => Promise<unknown>]> = [
      ['the first page and the state now', () => timeline({ start: 0 })],
      ['the last page and the state now', () => timeline({ start: events.length - 50 })],
      ['the first page and the state half-way', () => timeline({ start: 0, at: at(BIDS / 2) })],
    ];
    for (const [label, run] of cases) {
      const baseline: Measurement = { label: 'readStream and fold (loadState)', samplesMs: [], elapsedMs: 0 };
      const subject: Measurement = { label, samplesMs: [], elapsedMs: 0 };
      // Alternating, so a neighbour's load on the shared machine hits both alike.
      for (let round = 0; round < ROUNDS; round++) {
        for (const [m, go] of [[baseline, () => loadState(store, streamId, account)], [subject, run]] as const) {
          const started = performance.now();
          await go();
          const ms = performance.now() - started;
          m.samplesMs.push(ms);
          m.elapsedMs += ms;
        }
      }
      printComparison(`Timeline: ${label}`, baseline, subject, 'ratio ≥ 0.5: one read and fold, as a command pays, plus a page described');
    }
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchAdminTimeline();
  process.exit(0);
}
