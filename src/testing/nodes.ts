import { mkdtempSync, rmSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import type { EventStore } from '../event-store/port';
import { createSqliteEventStore } from '../event-store/sqlite';
import { composeApp } from '../http/compose';
import { createMemoryLogger } from '../http/platform/logger';
import { createPropertyWatchCheck } from '../http/platform/property-watch';
import { attachRealtime } from '../http/realtime';
import { createOutboxMailer } from '../mail/outbox';
import type { CachedPersonalKeys } from '../personal-data/keys';
import type { PositionedPush } from '../projections/projection';
import { createMemoryReadStore } from '../read-store/memory';
import type { ReadStore } from '../read-store/port';
import { TEST_ORIGIN } from './test-app';

/*
 * App nodes in one process that share one SQLite log file, each with its own
 * connection to it, its own in-memory read models, its own HTTP port and its
 * own sockets: what N `npm start` processes on one DATA_DIR are, minus the
 * processes. Every node signs sessions with the same secret.
 */

export const NODE_SESSION_SECRET = 'shared-node-secret-'.repeat(3);

export interface NodeOptions {
  /** The shared log file (a path: ':memory:' would give each node a log of its own). */
  dbPath: string;
  /** Wraps this node's handle on the log, e.g. with the fault wrappers of src/testing/faults.ts. */
  wrapEventStore?: (store: EventStore) => EventStore;
  /** One read store shared by the nodes, as MongoDB is in production; the caller closes it. Each node's own in memory by default. */
  readStore?: ReadStore;
  /** How often the node looks for a rebuilt generation of the read models, and a rebuild's grace (runner.ts). */
  generations?: { checkMs?: number; graceMs?: number };
  /** This node's personal-data keys (the server always has some); the log is plaintext without them. The caller closes them. */
  personalKeys?: CachedPersonalKeys;
}

export async function startNode(options: NodeOptions) {
  const eventStore = (options.wrapEventStore ?? ((store) => store))(createSqliteEventStore({ path: options.dbPath }));
  const readStore = options.readStore ?? createMemoryReadStore();
  const logger = createMemoryLogger();
  const mailDir = mkdtempSync(join(tmpdir(), 'node-outbox-'));
  const relay: { push?: (push: PositionedPush) => void } = {};
  const composed = await composeApp({
    eventStore,
    readStore,
    mailer: createOutboxMailer({ dir: mailDir }),
    logger,
    clock: () => new Date(),
    env: { publicUrl: TEST_ORIGIN, RATE_LIMITS: 'off', SUPPORT_EMAIL: undefined, ADMIN_EMAIL: undefined },
    sessionSecret: NODE_SESSION_SECRET,
    onPush: (push) => relay.push?.(push),
    generations: { checkMs: 50, graceMs: 200, ...options.generations },
    ...(options.personalKeys ? { personalKeys: options.personalKeys } : {}),
  });
  const server = await new Promise<HttpServer>((resolve) => {
    const started = serve({ fetch: composed.app.fetch, port: 0 }, () => resolve(started as HttpServer)) as HttpServer;
  });
  const realtime = attachRealtime(server, { sessions: composed.sessions, publicUrl: TEST_ORIGIN, logger, watchableProperty: createPropertyWatchCheck(composed.deps.readStore) });
  relay.push = realtime.push;
  let stopped: Promise<void> | undefined;
  return {
    ...composed,
    logger,
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    stop: () =>
      (stopped ??= (async () => {
        await realtime.close();
        await composed.runner.stop();
        await composed.bidRefunds.idle();
        await eventStore.close();
        if (!options.readStore) await readStore.close();
        rmSync(mailDir, { recursive: true, force: true });
      })()),
  };
}

export type Node = Awaited<ReturnType<typeof startNode>>;
