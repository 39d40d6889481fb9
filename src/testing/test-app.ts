import { afterEach } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalBlobStore } from '../blobs/local';
import { deriveFileUrlKey } from '../blobs/signed-url';
import { createSqliteEventStore } from '../event-store/sqlite';
import { composeApp } from '../http/compose';
import type { RateCounters } from '../http/platform/rate-limit';
import { createMemoryLogger } from '../http/platform/logger';
import { createOutboxMailer } from '../mail/outbox';
import type { Mail, Mailer } from '../mail/port';
import type { PaymentsConfig } from '../payments/port';
import { createMemoryPersonalKeys, withKeyCache } from '../personal-data/keys';
import type { PositionedPush, Projection } from '../projections/projection';
import { createMemoryReadStore } from '../read-store/memory';
import { withEventStoreFaults, withReadStoreFaults } from './faults';

export const TEST_ORIGIN = 'http://localhost:3000';

/** The whole app on the embedded backends, in memory, as the server wires it. */
export async function createTestApp(
  options: {
    projections?: Projection[];
    clientDir?: string;
    now?: () => Date;
    /** Off by default, as for automated suites; 'on' to test the limits themselves. */
    rateLimits?: 'on' | 'off';
    /** SUPPORT_EMAIL and ADMIN_EMAIL, where contact-form prospects are mailed; unset by default. */
    supportEmail?: string;
    adminEmail?: string;
    /** The simulated provider, in memory, with no webhook secret, by default. */
    payments?: PaymentsConfig;
    /** TRUST_PROXY: how many proxies' X-Forwarded-For entries to believe; 0 (the peer) by default. */
    trustProxy?: number;
    /** Where rate limits count; this app's memory by default. Two apps given the same counters act as two nodes. */
    rateCounters?: RateCounters;
    /** Every push the projections announce, as the socket gateway would receive it. */
    onPush?: (push: PositionedPush) => void;
    /** METRICS_TOKEN: the bearer token GET /metrics asks for; none by default. */
    metricsToken?: string;
    /** Where mails go; the outbox folder, which `outbox()` reads, by default. */
    mailer?: Mailer;
  } = {},
) {
  // Both stores pass through fault injectors (src/testing/faults.ts), which change nothing until a test asks.
  const eventStore = withEventStoreFaults(createSqliteEventStore({ path: ':memory:' }));
  const readStore = withReadStoreFaults(createMemoryReadStore());
  const logger = createMemoryLogger();
  const mailDir = mkdtempSync(join(tmpdir(), 'test-outbox-'));
  const outboxDir = join(mailDir, 'outbox');
  const sessionSecret = 'test-secret-'.repeat(4);
  const clock = options.now ?? (() => new Date());
  // Uploads go to a folder of their own, signed and served as the server does.
  const uploadsDir = mkdtempSync(join(tmpdir(), 'test-uploads-'));
  const blobs = createLocalBlobStore({ dir: uploadsDir, signingKey: deriveFileUrlKey(sessionSecret), clock });
  const personalKeys = withKeyCache(createMemoryPersonalKeys(), { ttlMs: 1000 });
  const composed = await composeApp({
    eventStore,
    readStore,
    mailer: options.mailer ?? createOutboxMailer({ dir: outboxDir }),
    logger,
    clock,
    env: {
      publicUrl: TEST_ORIGIN,
      RATE_LIMITS: options.rateLimits ?? 'off',
      SUPPORT_EMAIL: options.supportEmail,
      ADMIN_EMAIL: options.adminEmail,
      TRUST_PROXY: options.trustProxy ?? 0,
      METRICS_TOKEN: options.metricsToken,
    },
    sessionSecret,
    blobs,
    ...(options.clientDir ? { clientDir: options.clientDir } : {}),
    ...(options.projections ? { projections: options.projections } : {}),
    ...(options.payments ? { payments: options.payments } : {}),
    ...(options.rateCounters ? { rateCounters: options.rateCounters } : {}),
    ...(options.onPush ? { onPush: options.onPush } : {}),
    // One app and no other nodes to wait for: a rebuild drops the old generation at once.
    generations: { graceMs: 0 },
    // Personal values are encrypted in the log as on the server (docs/decisions/0042).
    personalKeys,
  });
  return {
    ...composed,
    logger,
    /** Injects faults into the app's event store and read store (transient errors, lost answers, dropped subscriptions). */
    faults: { eventStore: eventStore.faults, readStore: readStore.faults },
    /** The per-person keys under which the log holds personal values. */
    personalKeys,
    /** The log as stored, before personal values are decrypted. */
    rawEventStore: eventStore,
    /** The folder the local blob store writes to. */
    uploadsDir,
    /** Every mail sent once the mails owed so far went out (they follow the log, docs/decisions/0063), oldest first. */
    async mailed(): Promise<Mail[]> {
      await composed.runner.waitFor(await eventStore.headPosition());
      await composed.processManagers.idle();
      return this.outbox();
    },
    /** Every mail sent so far, oldest first. */
    outbox(): Mail[] {
      let files: string[] = [];
      try {
        files = readdirSync(outboxDir).filter((file) => file.endsWith('.json')).sort();
      } catch {
        return [];
      }
      return files.map((file) => JSON.parse(readFileSync(join(outboxDir, file), 'utf8')) as Mail);
    },
    async close() {
      await composed.runner.stop();
      await composed.processManagers.stop();
      await eventStore.close();
      await readStore.close();
      rmSync(mailDir, { recursive: true, force: true });
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** For a test file: returns a factory whose apps are closed after each test. */
export function testAppPerTest() {
  const open: TestApp[] = [];
  afterEach(async () => {
    while (open.length > 0) await open.pop()?.close();
  });
  return async (options: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> => {
    const built = await createTestApp(options);
    open.push(built);
    return built;
  };
}
