import { mkdir } from 'node:fs/promises';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HttpBindings } from '@hono/node-server';
import { serve } from '@hono/node-server';
import { MongoClient } from 'mongodb';
import { createLocalBlobStore, uploadsDir } from '../blobs/local';
import type { BlobStore } from '../blobs/port';
import { deriveFileUrlKey } from '../blobs/signed-url';
import { createKurrentDbEventStore } from '../event-store/kurrentdb';
import type { EventStore } from '../event-store/port';
import { createSqliteEventStore } from '../event-store/sqlite';
import type { PositionedPush } from '../projections/projection';
import { readModelsOf } from '../projections/read-models';
import { createMemoryReadStore } from '../read-store/memory';
import { createMongoReadStore, databaseNameOf } from '../read-store/mongodb';
import type { ReadStore } from '../read-store/port';
import { bootstrapAdmin } from './admin-bootstrap';
import { FAIR_CREDITS_STREAM, fairCreditsAdoption } from '../domain/bidding/adoption';
import { handleCommand } from '../domain/shared/command-handler';
import { composeApp } from './compose';
import type { Env } from './env';
import { deploymentWarnings } from './env';
import type { Logger } from './platform/logger';
import { createJsonLogger } from './platform/logger';
import { createMetrics } from './platform/metrics';
import { createOutboxMailer } from '../mail/outbox';
import type { Mailer } from '../mail/port';
import { createPostmarkMailer } from '../mail/postmark';
import type { Leases } from '../processes/leases';
import { createReadStoreLeases } from '../processes/leases';
import { createSqliteLeases } from '../processes/leases-sqlite';
import type { PaymentsConfig } from '../payments/port';
import { createSimulatedPaymentProvider } from '../payments/simulated';
import { openPersonalKeys } from '../personal-data/open-keys';
import { createPropertyWatchCheck } from './platform/property-watch';
import type { RateCounters } from './platform/rate-limit';
import { createMongoRateCounters, createSqliteRateCounters } from './platform/rate-limit';
import { attachRealtime } from './realtime';
import { loadSessionSecret } from './session';

export interface RunningServer {
  url: string;
  port: number;
  /** Stops accepting, lets requests in flight finish, then closes the stores. */
  stop(): Promise<void>;
}

/** The in-memory read models between starts, under DATA_DIR (docs/decisions/0052). */
export const READ_MODEL_SNAPSHOT = 'read-models.snapshot';

export const CLIENT_DIR = fileURLToPath(new URL('../../dist/client', import.meta.url));

export function openEventStore(env: Env): EventStore {
  return env.EVENTSTORE_URL
    ? createKurrentDbEventStore({ connectionString: env.EVENTSTORE_URL, streamPrefix: env.EVENTSTORE_STREAM_PREFIX ?? '' })
    : createSqliteEventStore({ path: join(env.DATA_DIR, 'events.db') });
}

export async function openReadStore(env: Env): Promise<ReadStore> {
  return env.MONGODB_URL ? createMongoReadStore({ url: env.MONGODB_URL }) : createMemoryReadStore();
}

/**
 * Rate-limit counters every node sees: in the read models' MongoDB when there
 * is one, else in DATA_DIR/rate-limits.db, which the processes of one machine
 * share (decision 0026).
 */
export async function openRateCounters(env: Env, dataDir: string): Promise<RateCounters> {
  if (!env.MONGODB_URL) return createSqliteRateCounters(join(dataDir, 'rate-limits.db'));
  const client = new MongoClient(env.MONGODB_URL);
  await client.connect();
  return createMongoRateCounters(client.db(databaseNameOf(env.MONGODB_URL)), () => client.close());
}

/**
 * S3 when S3_BUCKET is set (credentials from the SDK's default chain), else
 * files under DATA_DIR/uploads served by this app at signed addresses. The S3
 * client is imported only when used: it takes a moment to load.
 */
export async function openBlobStore(env: Env, dataDir: string, sessionSecret: string): Promise<BlobStore> {
  if (env.S3_BUCKET) {
    const { createS3BlobStore } = await import('../blobs/s3');
    return createS3BlobStore({
      bucket: env.S3_BUCKET,
      ...(env.S3_REGION ? { region: env.S3_REGION } : {}),
      ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
      ...(env.S3_PUBLIC_ENDPOINT ? { publicEndpoint: env.S3_PUBLIC_ENDPOINT } : {}),
    });
  }
  return createLocalBlobStore({ dir: uploadsDir(dataDir), signingKey: deriveFileUrlKey(sessionSecret) });
}

/** Postmark when a server token is set (loadEnv makes MAIL_FROM required then), else the outbox folder. */
export function openMailer(env: Env, dataDir: string): Mailer {
  return env.POSTMARK_SERVER_TOKEN && env.MAIL_FROM
    ? createPostmarkMailer({ serverToken: env.POSTMARK_SERVER_TOKEN, from: env.MAIL_FROM })
    : createOutboxMailer({ dir: join(dataDir, 'outbox') });
}

/**
 * Stripe when STRIPE_SECRET_KEY is set (loadEnv makes the publishable key come
 * with it), else the simulated provider keeping its intents under
 * DATA_DIR/payments. The SDK is imported only when used.
 */
export async function openPayments(env: Env, dataDir: string): Promise<PaymentsConfig> {
  const keys = {
    ...(env.STRIPE_WEBHOOK_SECRET ? { webhookSecret: env.STRIPE_WEBHOOK_SECRET } : {}),
    ...(env.STRIPE_PUBLISHABLE_KEY ? { publishableKey: env.STRIPE_PUBLISHABLE_KEY } : {}),
  };
  if (env.STRIPE_SECRET_KEY) {
    const { createStripePaymentProvider } = await import('../payments/stripe');
    return { provider: createStripePaymentProvider({ secretKey: env.STRIPE_SECRET_KEY }), ...keys };
  }
  return { provider: createSimulatedPaymentProvider({ dir: join(dataDir, 'payments') }), ...keys };
}

/**
 * Where the process managers take an item before working it (docs/decisions/0063):
 * the read models' MongoDB when there is one, which every node reaches; else
 * DATA_DIR/leases.db, which the processes of one machine share.
 */
export function openLeases(env: Env, dataDir: string, readStore: ReadStore): Leases {
  return env.MONGODB_URL ? createReadStoreLeases(readStore) : createSqliteLeases(join(dataDir, 'leases.db'));
}

/** Starts the whole product on the backends the environment names. */
export async function startServer(
  env: Env,
  logger: Logger = createJsonLogger(),
  options: { print?: (text: string) => void } = {},
): Promise<RunningServer> {
  const dataDir = resolve(env.DATA_DIR);
  await mkdir(dataDir, { recursive: true });
  for (const warning of deploymentWarnings(env)) logger.warn(warning);
  const eventStore = openEventStore({ ...env, DATA_DIR: dataDir });
  // One handle on the current generation of the read models, shared with composeApp (docs/decisions/0031).
  const readStore = readModelsOf(await openReadStore(env));
  const sessionSecret = await loadSessionSecret(dataDir, env.SESSION_SECRET);
  const rateCounters = await openRateCounters(env, dataDir);
  const personalKeys = await openPersonalKeys(env, dataDir);
  const leases = openLeases(env, dataDir, readStore);

  // Sockets attach once the port is bound; pushes before that have no listener.
  const relay: { push?: (push: PositionedPush) => void; listening?: (rooms: readonly string[]) => boolean } = {};
  const listening = await listen(env.PORT);
  const port = (listening.server.address() as AddressInfo).port;
  const publicUrl = env.PUBLIC_URL ? env.publicUrl : `http://localhost:${port}`;
  const bootStarted = performance.now();
  // The process's own metrics (memory, event loop, GC) too: one app per process here, unlike in tests.
  const metrics = createMetrics({ processMetrics: true });
  // Before the read models and processes start, so no past bid is read as unseen (domain/bidding/adoption.ts).
  await handleCommand(eventStore, FAIR_CREDITS_STREAM, fairCreditsAdoption, { type: 'AdoptFairCredits', at: new Date().toISOString() }, { metadata: { source: 'server-start' } });
  // In memory the read models start empty, so this replays the whole log before serving.
  const { app, runner, sessions, processManagers, snapshots, restored } = await composeApp({
    eventStore,
    readStore,
    mailer: openMailer(env, dataDir),
    logger,
    clock: () => new Date(),
    env: { publicUrl, RATE_LIMITS: env.RATE_LIMITS, SUPPORT_EMAIL: env.SUPPORT_EMAIL, ADMIN_EMAIL: env.ADMIN_EMAIL, TRUST_PROXY: env.TRUST_PROXY, METRICS_TOKEN: env.METRICS_TOKEN },
    sessionSecret,
    rateCounters,
    blobs: await openBlobStore(env, dataDir, sessionSecret),
    payments: await openPayments(env, dataDir),
    clientDir: CLIENT_DIR,
    onPush: (push) => relay.push?.(push),
    // Before the sockets attach nobody listens.
    listening: (rooms) => relay.listening?.(rooms) ?? false,
    metrics,
    personalKeys,
    leases,
    snapshots: { path: join(dataDir, READ_MODEL_SNAPSHOT) },
  });
  logger.info('read models ready', { ms: Math.round(performance.now() - bootStarted), fromSnapshot: restored?.restored.length ?? 0, snapshotPosition: restored?.position });
  // Before serving, so the first sign-in already finds the administrator.
  await bootstrapAdmin({ eventStore, readStore, projections: runner, logger, clock: () => new Date(), env, ...(options.print ? { print: options.print } : {}) });
  listening.setFetch((request, bindings) => app.fetch(request, bindings));
  const realtime = attachRealtime(listening.server, { sessions, publicUrl, logger, watchableProperty: createPropertyWatchCheck(readStore) });
  relay.push = realtime.push;
  relay.listening = realtime.listening;
  metrics.followSockets(() => realtime.io.of('/').sockets.size);
  logger.info('listening', { url: publicUrl, port, eventStore: env.EVENTSTORE_URL ? 'kurrentdb' : 'sqlite', readStore: env.MONGODB_URL ? 'mongodb' : 'memory', blobs: env.S3_BUCKET ? 's3' : 'local', payments: env.STRIPE_SECRET_KEY ? 'stripe' : 'simulated' });

  let stopping: Promise<void> | undefined;
  return {
    url: `http://localhost:${port}`,
    port,
    stop: () =>
      (stopping ??= (async () => {
        await realtime.close();
        await runner.stop();
        await snapshots?.stop(runner);
        await processManagers.stop();
        await eventStore.close();
        await readStore.close();
        await rateCounters.close();
        await personalKeys.close();
        await leases.close();
      })()),
  };
}

/** Binds the port first so the app can learn its real port (PORT=0) before it is built. */
type FetchHandler = (request: Request, env: HttpBindings) => Response | Promise<Response>;

function listen(port: number): Promise<{ server: HttpServer; setFetch(fetch: FetchHandler): void }> {
  let handler: FetchHandler | undefined;
  return new Promise((resolveListening, reject) => {
    const server = serve(
      {
        // The bindings carry the connection, where the peer address comes from.
        fetch: (request, env) => (handler ? handler(request, env as HttpBindings) : answerWhileStarting(request)),
        port,
      },
      () => resolveListening({ server, setFetch: (fetch) => (handler = fetch) }),
    ) as HttpServer;
    server.once('error', reject);
  });
}

/** While the read models are rebuilt the process is alive but not ready. */
function answerWhileStarting(request: Request): Response {
  if (new URL(request.url).pathname === '/healthz') return Response.json({ status: 'ok' });
  return Response.json({ message: 'Starting, please retry in a moment' }, { status: 503, headers: { 'Retry-After': '1' } });
}
