import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { expected } from '../event-store/port';
import { createSqliteEventStore } from '../event-store/sqlite';
import { composeApp } from '../http/compose';
import { createJsonLogger } from '../http/platform/logger';
import { attachRealtime } from '../http/realtime';
import { createOutboxMailer } from '../mail/outbox';
import { createProjections } from '../projections/registry';
import { USERS } from '../projections/accounts/users';
import { createMemoryReadStore } from '../read-store/memory';
import { createBalancesProjection } from './balances-projection';
import { withEventStoreFaults, withReadStoreFaults } from './faults';

/*
 * One app node on fault-injecting stores, for the process-level test of
 * faulty-node.test.ts (run under --unhandled-rejections=strict, where any
 * unhandled rejection ends the process). It prints {"port"} once serving,
 * then takes one command a line on stdin, injects that fault and answers
 * {"done": command}. Logs go to stderr.
 */

const sessionSecret = process.argv[2] ?? 'faulty-node-secret-'.repeat(3);
const at = '2026-11-24T10:00:00.000Z';
const eventStore = withEventStoreFaults(createSqliteEventStore({ path: ':memory:' }));
const readStore = withReadStoreFaults(createMemoryReadStore());
const logger = createJsonLogger((line) => process.stderr.write(`${line}\n`));
const publicUrl = 'http://localhost:3000';

let push: (p: Parameters<NonNullable<Parameters<typeof composeApp>[0]['onPush']>>[0]) => void = () => {};
const { app, sessions } = await composeApp({
  eventStore,
  readStore,
  mailer: createOutboxMailer({ dir: join(mkdtempSync(join(tmpdir(), 'faulty-node-')), 'outbox') }),
  logger,
  clock: () => new Date(),
  env: { publicUrl, RATE_LIMITS: 'off', SUPPORT_EMAIL: undefined, ADMIN_EMAIL: undefined },
  sessionSecret,
  // Every read model of the app, and one more that the test can make fail on its own events.
  projections: [...createProjections(), createBalancesProjection()],
  onPush: (positioned) => push(positioned),
});
const server = await new Promise<HttpServer>((resolve) => {
  const started: HttpServer = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started)) as HttpServer;
});
const realtime = attachRealtime(server, { sessions, publicUrl, logger, watchableProperty: async () => null });
push = realtime.push;

const forever = Number.POSITIVE_INFINITY;
const commands: Record<string, () => Promise<void> | void> = {
  'fail-projection': () => readStore.faults.failCollection('balances', { operations: ['updateOne'], times: forever }),
  'fail-checkpoints': () => readStore.faults.failCheckpointWrites({ times: forever }),
  'fail-sessions': () => readStore.faults.failCollection(USERS, { operations: ['findOne'], times: forever }),
  'lose-next-append-answer': () => eventStore.faults.failAfterWriting(),
  deposit: async () => {
    await eventStore.append('wallet-a', [{ id: crypto.randomUUID(), type: 'Deposited', data: { amount: 1, at } }], expected.any);
  },
  'drop-retryable': () => eventStore.faults.dropSubscriptions(new Error('connection reset by peer'), 'retryable'),
  'drop-permanent': () => eventStore.faults.dropSubscriptions(new Error('Access denied'), 'permanent'),
  heal: () => {
    readStore.faults.heal();
    eventStore.faults.heal();
  },
};

process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  const command = commands[line.trim()];
  if (!command) continue;
  // Not awaited before the next line on purpose: a drop waits for the event in hand, which may be failing.
  void Promise.resolve()
    .then(command)
    .then(
      () => process.stdout.write(`${JSON.stringify({ done: line.trim() })}\n`),
      (error: unknown) => process.stdout.write(`${JSON.stringify({ failed: line.trim(), error: String(error) })}\n`),
    );
}
