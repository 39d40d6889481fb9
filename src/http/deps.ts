import type { BlobStore } from '../blobs/port';
import type { EventStore } from '../event-store/port';
import type { Mailer } from '../mail/port';
import type { PaymentsConfig } from '../payments/port';
import type { CachedPersonalKeys } from '../personal-data/keys';
import type { ProjectionRunner } from '../projections/runner';
import type { ReadStore } from '../read-store/port';
import type { Env } from './env';
import type { Logger } from './platform/logger';
import type { Metrics } from './platform/metrics';
import type { RateCounters } from './platform/rate-limit';
import type { Sessions } from './session';

/** What the HTTP application is built from: plain dependencies, given by src/http/compose.ts (and the test app). */
export interface AppDeps {
  /** This app's node, named in the metadata of every event its requests append (src/http/commands.ts). */
  node: string;
  eventStore: EventStore;
  readStore: ReadStore;
  projections: Pick<ProjectionRunner, 'waitFor' | 'status' | 'subscriptionState' | 'subscriptionError'>;
  sessions: Sessions;
  logger: Logger;
  mailer: Mailer;
  clock: () => Date;
  env: Pick<Env, 'publicUrl' | 'RATE_LIMITS' | 'SUPPORT_EMAIL' | 'ADMIN_EMAIL' | 'TRUST_PROXY'> & Partial<Pick<Env, 'METRICS_TOKEN'>>;
  /** Where rate-limit counters live, shared by every node that shares them (src/http/platform/rate-limit.ts). */
  rateCounters: RateCounters;
  /** Keys the daily salt of anonymous page-view visitors; derived from the session secret (src/http/platform/visitor-hash.ts). */
  pageViewKey: string;
  /** Property images and utility bills (src/blobs). */
  blobs: BlobStore;
  /** Signs and checks the local adapter's file addresses; derived from the session secret (src/blobs/signed-url.ts). */
  fileUrlKey: string;
  /** The card payment provider and its keys (src/payments). */
  payments: PaymentsConfig;
  /** What GET /metrics reports (src/http/platform/metrics.ts). */
  metrics: Pick<Metrics, 'registry' | 'observeRequest'>;
  /** The built web client; when absent only the API is served. */
  clientDir?: string;
  /** Per-person keys of the personal data in the log; erased with the account (src/personal-data). */
  personalKeys?: CachedPersonalKeys;
}
