import type { BlobStore } from '../blobs/port';
import { deriveFileUrlKey } from '../blobs/signed-url';
import { unconfiguredBlobStore } from '../blobs/unconfigured';
import { observeCommands } from '../domain/shared/command-handler';
import type { EventStore } from '../event-store/port';
import type { Mailer } from '../mail/port';
import type { PaymentsConfig } from '../payments/port';
import type { CachedPersonalKeys } from '../personal-data/keys';
import { withPersonalDataShredding } from '../personal-data/shredding-event-store';
import { createSimulatedPaymentProvider } from '../payments/simulated';
import type { PositionedPush, Projection } from '../projections/projection';
import { createProjections } from '../projections/registry';
import { readModelsOf } from '../projections/read-models';
import { createProjectionRunner } from '../projections/runner';
import type { ReadStore } from '../read-store/port';
import type { AppDeps } from './deps';
import { createReadModelSnapshots } from './platform/read-model-snapshots';
import { createApp } from './app';
import { createBidDigests } from '../processes/notifications/bid-digests';
import { createBidMailer } from '../processes/notifications/bid-mails';
import { createListingAlerts } from '../processes/notifications/listing-alerts';
import { createBiddingCloses } from '../processes/bidding/bidding-closes';
import { createBidRefundReactor } from '../processes/bidding/bid-refunds';
import type { Leases } from '../processes/leases';
import { createReadStoreLeases } from '../processes/leases';
import { createMailSender } from '../processes/notifications/mails';
import type { Env } from './env';
import type { Logger } from './platform/logger';
import type { Metrics } from './platform/metrics';
import { createMetrics } from './platform/metrics';
import type { RetryPolicy } from '../processes/owed-work';
import { createPaymentCreditsReactor } from '../processes/payments/payment-credits';
import type { RateCounters } from './platform/rate-limit';
import { createMemoryRateCounters } from './platform/rate-limit';
import { createSessions } from './session';
import { createSessionCheck } from './routes/accounts/session-check';
import { derivePageViewKey } from './platform/visitor-hash';

export interface AppParts {
  eventStore: EventStore;
  readStore: ReadStore;
  mailer: Mailer;
  logger: Logger;
  clock: () => Date;
  env: Pick<Env, 'publicUrl' | 'RATE_LIMITS' | 'SUPPORT_EMAIL' | 'ADMIN_EMAIL'> & Partial<Pick<Env, 'TRUST_PROXY' | 'METRICS_TOKEN'>>;
  sessionSecret: string;
  /** Rate-limit counters; this process's memory when omitted, which suits one process only. */
  rateCounters?: RateCounters;
  /**
   * Where images and bills live; the local adapter signs its addresses with
   * deriveFileUrlKey(sessionSecret). Omitted only by tests that touch no files.
   */
  blobs?: BlobStore;
  clientDir?: string;
  /** Card payments; the simulated provider (intents in memory) when omitted. */
  payments?: PaymentsConfig;
  /** Defaults to every read model of the app. */
  projections?: Projection[];
  onPush?: (push: PositionedPush) => void;
  /** Whether a socket of this node is in one of `rooms`: pushes nobody receives are not built (ApplyContext.listening). */
  listening?: (rooms: readonly string[]) => boolean;
  /** What /metrics reports; a registry of its own when omitted. */
  metrics?: Metrics;
  /** How often the runner looks for a generation of the read models rebuilt elsewhere, and the least a rebuild waits before it drops the old one, heartbeats permitting (runner.ts). */
  generations?: { checkMs?: number; graceMs?: number };
  /** How the process managers retry what failed, their clock for how long an item is owed, and how long a lease lasts (tests). */
  processManagers?: { retry?: RetryPolicy; now?: () => number; leaseMs?: number };
  /**
   * Where the process managers take an item before working it, so one node of
   * N works it (docs/decisions/0063): a store every node of the deployment
   * reaches. The read store's `leases` collection when omitted, which only the
   * nodes sharing that store share; the server gives DATA_DIR/leases.db when
   * the read models are in each process's memory.
   */
  leases?: Leases;
  /**
   * Per-person keys: when given, personal values are encrypted in the log and
   * erasing a key erases them (docs/decisions/0042). The server always gives them.
   */
  personalKeys?: CachedPersonalKeys;
  /**
   * Where in-memory read models are kept between starts (docs/decisions/0052):
   * loaded before the runner starts, written every `intervalMs` and by
   * `snapshots.stop` at shutdown. Without it, every start replays the whole log.
   */
  snapshots?: { path: string; intervalMs?: number };
}

/**
 * The one place where the app's parts are wired together, for the server and
 * for tests alike. Resolves once the read models have caught up with the log.
 */
export async function composeApp(parts: AppParts) {
  const { logger } = parts;
  // Routes, process managers and projections all read the current generation of the read models, so a rebuild
  // anywhere switches every one of them together (docs/decisions/0031).
  const readStore = readModelsOf(parts.readStore);
  const metrics = parts.metrics ?? createMetrics();
  // Every append and command of this app goes through here, so all of them are measured.
  const logStore = parts.personalKeys ? withPersonalDataShredding(parts.eventStore, parts.personalKeys) : parts.eventStore;
  const eventStore = metrics.timeAppends(logStore);
  observeCommands(eventStore, metrics.countCommand);
  // Names this app in its requests' events, so the bid mailer of the node that took a bid sends its mail, and in its leases.
  const node = crypto.randomUUID();
  const leases = parts.leases ?? createReadStoreLeases(readStore);
  const { leaseMs, ...timing } = parts.processManagers ?? {};
  const lease = { leases, node, ...(leaseMs === undefined ? {} : { ms: leaseMs }) };
  const managed = { eventStore, readStore, logger, lease, ...timing };
  // Process managers: each follows the log after the read models and completes what its read model says is owed.
  // A refund the clock brings (a listing's close) falls due by the app's clock, the one bids and closes are decided by.
  const bidRefunds = createBidRefundReactor({ ...managed, dueNow: () => parts.clock().getTime() });
  // A listing's close, written when its time comes by the same clock (docs/decisions/0060).
  const biddingCloses = createBiddingCloses({ ...managed, dueNow: () => parts.clock().getTime() });
  const paymentCredits = createPaymentCreditsReactor(managed);
  const bidMailer = createBidMailer({ ...managed, mailer: parts.mailer, publicUrl: parts.env.publicUrl, node });
  // Every other mail that follows an event (docs/decisions/0063).
  const mailSender = createMailSender({ ...managed, mailer: parts.mailer, publicUrl: parts.env.publicUrl, supportEmail: parts.env.SUPPORT_EMAIL ?? parts.env.ADMIN_EMAIL });
  // The daily bid digest: a timer on every node, the digest stream deciding which one sends (docs/decisions/0043).
  const bidDigests = createBidDigests({ eventStore, readStore, logger, clock: parts.clock });
  // The realtors' daily digest of new listings in their areas (docs/decisions/0060); the instant alerts are the mail sender's.
  const listingAlerts = createListingAlerts({ eventStore, readStore, logger, clock: parts.clock });
  const processManagers = {
    async idle() {
      await Promise.all([bidRefunds.idle(), biddingCloses.idle(), paymentCredits.idle(), bidMailer.idle(), mailSender.idle(), listingAlerts.idle()]);
    },
    /** Stops their retries and waits for what is in hand; before the event store closes. */
    async stop() {
      await Promise.all([bidRefunds.stop(), biddingCloses.stop(), paymentCredits.stop(), bidDigests.stop(), bidMailer.stop(), mailSender.stop(), listingAlerts.stop()]);
    },
  };
  const projections = parts.projections ?? [...createProjections(), bidRefunds, biddingCloses, paymentCredits, bidMailer, mailSender];
  const runner = createProjectionRunner({
    eventStore,
    readStore,
    projections,
    onPush: (push) => parts.onPush?.(push),
    ...(parts.listening ? { listening: parts.listening } : {}),
    log: logger,
    // The same name in its generation heartbeat as in its requests' events.
    node,
    generationCheckMs: parts.generations?.checkMs,
    generationGraceMs: parts.generations?.graceMs,
  });
  metrics.followProjections(runner, eventStore);
  metrics.followProcessManagers([bidRefunds, biddingCloses, paymentCredits, bidMailer, mailSender]);
  const snapshots = parts.snapshots ? createReadModelSnapshots({ ...parts.snapshots, eventStore, readStore, projections, logger }) : undefined;
  const restored = await snapshots?.restore();
  await runner.start();
  snapshots?.start(runner);
  // Once the read models hold everything owed so far, the workers take it; new debts come live from the log.
  bidRefunds.start();
  biddingCloses.start();
  paymentCredits.start();
  bidMailer.start();
  mailSender.start();
  bidDigests.start();
  listingAlerts.start();
  const sessions = createSessions({
    secret: parts.sessionSecret,
    secure: parts.env.publicUrl.startsWith('https:'),
    isCurrent: createSessionCheck(readStore),
  });
  const deps: AppDeps = {
    node,
    eventStore,
    readStore,
    projections: runner,
    sessions,
    logger,
    mailer: parts.mailer,
    clock: parts.clock,
    env: { ...parts.env, TRUST_PROXY: parts.env.TRUST_PROXY ?? 0 },
    rateCounters: parts.rateCounters ?? createMemoryRateCounters(),
    pageViewKey: derivePageViewKey(parts.sessionSecret),
    blobs: parts.blobs ?? unconfiguredBlobStore,
    fileUrlKey: deriveFileUrlKey(parts.sessionSecret),
    payments: parts.payments ?? { provider: createSimulatedPaymentProvider() },
    metrics,
    ...(parts.personalKeys ? { personalKeys: parts.personalKeys } : {}),
    ...(parts.clientDir ? { clientDir: parts.clientDir } : {}),
  };
  return { app: createApp(deps), deps, runner, sessions, bidRefunds, biddingCloses, paymentCredits, bidMailer, mailSender, bidDigests, listingAlerts, processManagers, metrics, snapshots, restored, leases };
}
