import type { BlobStore } from '../blobs/port';
import { deriveFileUrlKey } from '../blobs/signed-url';
import { unconfiguredBlobStore } from '../blobs/unconfigured';
import { observeCommands } from '../domain/shared/command-handler';
import type { EventStore } from '../event-store/port';
import type { Mailer } from '../mail/port';
import type { PaymentsConfig } from '../payments/port';
import { createSimulatedPaymentProvider } from '../payments/simulated';
import type { PositionedPush, Projection } from '../projections/projection';
import { createProjections } from '../projections/registry';
import { createProjectionRunner } from '../projections/runner';
import type { ReadStore } from '../read-store/port';
import type { AppDeps } from './app';
import { createApp } from './app';
import { createBidRefundReactor } from './bid-refunds';
import type { Env } from './env';
import type { Logger } from './logger';
import type { Metrics } from './metrics';
import { createMetrics } from './metrics';
import { createPaymentCreditsReactor } from './payment-credits';
import type { RateCounters } from './rate-limit';
import { createMemoryRateCounters } from './rate-limit';
import { createSessions } from './session';
import { createSessionCheck } from './session-check';
import { derivePageViewKey } from './visitor-hash';

export interface AppParts {
  eventStore: EventStore;
  readStore: ReadStore;
  mailer: Mailer;
  logger: Logger;
  clock: () => Date;
  env: Pick<Env, 'publicUrl' | 'RATE_LIMITS' | 'SUPPORT_EMAIL' | 'ADMIN_EMAIL'> & Partial<Pick<Env, 'TRUST_PROXY'>>;
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
  /** What /metrics reports; a registry of its own when omitted. */
  metrics?: Metrics;
}

/**
 * The one place where the app's parts are wired together, for the server and
 * for tests alike. Resolves once the read models have caught up with the log.
 */
export async function composeApp(parts: AppParts) {
  const { readStore, logger } = parts;
  const metrics = parts.metrics ?? createMetrics();
  // Every append and command of this app goes through here, so all of them are measured.
  const eventStore = metrics.timeAppends(parts.eventStore);
  observeCommands(eventStore, metrics.countCommand);
  // A process manager that follows the log with the read models, after them (src/http/bid-refunds.ts).
  const bidRefunds = createBidRefundReactor({ eventStore, mailer: parts.mailer, logger, publicUrl: parts.env.publicUrl });
  // Credits every succeeded payment once, after the read models (src/http/payment-credits.ts).
  const paymentCredits = createPaymentCreditsReactor({ eventStore, logger });
  const runner = createProjectionRunner({
    eventStore,
    readStore,
    projections: parts.projections ?? [...createProjections(), bidRefunds, paymentCredits],
    onPush: (push) => parts.onPush?.(push),
    onError: (error, event) => logger.error('projection failed', { error, eventId: event.id, type: event.type }),
  });
  metrics.followProjections(runner, eventStore);
  await runner.start();
  const sessions = createSessions({
    secret: parts.sessionSecret,
    secure: parts.env.publicUrl.startsWith('https:'),
    isCurrent: createSessionCheck(readStore),
  });
  const deps: AppDeps = {
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
    ...(parts.clientDir ? { clientDir: parts.clientDir } : {}),
  };
  return { app: createApp(deps), deps, runner, sessions, bidRefunds, metrics };
}
