import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { createSqliteEventStore } from '../event-store/sqlite';
import { composeApp } from '../http/compose';
import { createMemoryLogger } from '../http/platform/logger';
import { createOutboxMailer } from '../mail/outbox';
import { createSqliteLeases } from '../processes/leases-sqlite';
import type { Mail } from '../mail/port';
import type { Projection } from '../projections/projection';
import { createMemoryReadStore } from '../read-store/memory';
import type { ReadStore } from '../read-store/port';
import { withEventStoreFaults } from './faults';
import { TEST_ORIGIN } from './test-app';

/*
 * App nodes for the process managers' tests: each on a SQLite file in a
 * workspace that several nodes (or successive boots) share, with the outbox
 * beside it. A node's event store is the real one inside the fault wrapper,
 * healthy until a test says otherwise, and its retries are fast.
 */

/** Retries fast enough for a test: 20, 40, then every 80 ms. */
export const FAST_RETRY = { firstMs: 20, maxMs: 80 };

export interface NodeOptions {
  /** Read models kept across boots (as on MongoDB); a fresh in-memory store by default. */
  readStore?: ReadStore;
  projections?: Projection[];
  /** The process managers' clock, for how long an item has been owed when a lease runs out and when an item falls due. */
  now?: () => number;
  /** How long a node holds an item it took; a minute by default. */
  leaseMs?: number;
  /** SUPPORT_EMAIL, where contact forms are mailed; unset by default. */
  supportEmail?: string;
  /** The app's clock (bids, selections, seen marks); the real one by default. */
  clock?: () => Date;
}

/** For a test file: workspaces and nodes, all closed and removed after each test. */
export function processManagerNodes() {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()?.();
  });

  const workspace = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'process-managers-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  };

  const bootNode = async (dir: string, options: NodeOptions = {}) => {
    const eventStore = withEventStoreFaults(createSqliteEventStore({ path: join(dir, 'events.db') }));
    const logger = createMemoryLogger();
    // Leases in the workspace's file, as the server keeps them beside the log when the read models are in memory.
    const leases = createSqliteLeases(join(dir, 'leases.db'));
    const composed = await composeApp({
      eventStore,
      readStore: options.readStore ?? createMemoryReadStore(),
      mailer: createOutboxMailer({ dir: join(dir, 'outbox') }),
      logger,
      clock: options.clock ?? (() => new Date()),
      env: { publicUrl: TEST_ORIGIN, RATE_LIMITS: 'off', SUPPORT_EMAIL: options.supportEmail, ADMIN_EMAIL: undefined },
      sessionSecret: 'process-manager-test-secret-'.repeat(2),
      processManagers: { retry: FAST_RETRY, ...(options.now ? { now: options.now } : {}), ...(options.leaseMs === undefined ? {} : { leaseMs: options.leaseMs }) },
      leases,
      ...(options.projections ? { projections: options.projections } : {}),
    });
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await composed.runner.stop();
      await composed.processManagers.stop();
      await eventStore.close();
      await leases.close();
    };
    cleanups.push(close);
    /** Every mail in the workspace's outbox once this node's work in hand, and the mails it owes, went out (docs/decisions/0063). */
    const mailed = async (): Promise<Mail[]> => {
      await composed.processManagers.idle();
      await composed.runner.waitFor(await eventStore.headPosition());
      await composed.processManagers.idle();
      return outboxMails(dir);
    };
    return { ...composed, faults: eventStore.faults, logger, close, mailed };
  };

  return { workspace, bootNode };
}

/** Every mail written to the workspace's outbox, oldest first. */
export function outboxMails(dir: string): Mail[] {
  let files: string[] = [];
  try {
    files = readdirSync(join(dir, 'outbox')).filter((file) => file.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return files.map((file) => JSON.parse(readFileSync(join(dir, 'outbox', file), 'utf8')) as Mail);
}

/** Polls until `check` holds: retries run on timers, so there is no single promise to await. */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
