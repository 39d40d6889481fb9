import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { CommandOutcome } from '../../domain/shared/command-handler';
import type { EventStore } from '../../event-store/port';
import { StreamConflictError } from '../../event-store/port';
import type { ProjectionRunner, SubscriptionState } from '../../projections/runner';

/*
 * What /metrics reports (docs/decisions/0027-metrics-and-api-description.md).
 * One registry per app, never prom-client's global one: tests build many apps
 * in one process, and each must count only its own requests. Labels are
 * route patterns, outcomes and projection names: never an id, a path with
 * ids in it, or anything a person typed.
 */

const SUBSCRIPTION_STATES: SubscriptionState[] = ['stopped', 'catching_up', 'live', 'failed'];
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Metrics {
  registry: Registry;
  /** One answered request; `route` is the pattern that answered it (e.g. /api/properties/:id). */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  countCommand(outcome: CommandOutcome): void;
  /** Reads the projections' state at each scrape. */
  followProjections(runner: Pick<ProjectionRunner, 'status' | 'subscriptionState'>, eventStore: Pick<EventStore, 'headPosition'>): void;
  /** Reads, at each scrape, how many items each process manager owes, and how many for over a minute. */
  followProcessManagers(managers: ReadonlyArray<{ name: string; counts(): Promise<{ pending: number; overdue: number }> }>): void;
  /** Counts this node's connected sockets at each scrape. */
  followSockets(count: () => number): void;
  /** The event store with its appends timed by outcome; wraps the port, so both adapters are measured alike. */
  timeAppends(eventStore: EventStore): EventStore;
}

export function createMetrics(options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  const registers = [registry];
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'bidhome_' });

  const requests = new Histogram({
    name: 'bidhome_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const commands = new Counter({
    name: 'bidhome_commands_total',
    help: 'Commands by outcome: ok, refused (a domain rule said no), conflict (other writers won every attempt), retried (one re-decision after a conflicting append), failed',
    labelNames: ['outcome'] as const,
    registers,
  });
  // Every outcome from zero, so a rate() works before the first refusal.
  for (const outcome of ['ok', 'refused', 'conflict', 'retried', 'failed'] satisfies CommandOutcome[]) commands.inc({ outcome }, 0);

  let runner: Pick<ProjectionRunner, 'status' | 'subscriptionState'> | undefined;
  let log: Pick<EventStore, 'headPosition'> | undefined;
  const statuses = async () => (await runner?.status()) ?? [];
  new Gauge({
    name: 'bidhome_log_head_position',
    help: 'The log position of the last event in the event store',
    registers,
    async collect() {
      const position = await log?.headPosition();
      this.set(position ?? -1);
    },
  });
  new Gauge({
    name: 'bidhome_projection_position',
    help: 'The last log position a projection applied (-1 before its first event)',
    labelNames: ['projection'] as const,
    registers,
    async collect() {
      for (const status of await statuses()) this.set({ projection: status.name }, status.position ?? -1);
    },
  });
  new Gauge({
    name: 'bidhome_projection_lag_seconds',
    help: 'How old the newest applied event was when applied, while the projection is behind the log; 0 when caught up',
    labelNames: ['projection'] as const,
    registers,
    async collect() {
      for (const status of await statuses()) this.set({ projection: status.name }, status.lagMs / 1000);
    },
  });
  new Gauge({
    name: 'bidhome_projection_caught_up',
    help: '1 when the projection has applied the whole log, else 0',
    labelNames: ['projection'] as const,
    registers,
    async collect() {
      for (const status of await statuses()) this.set({ projection: status.name }, status.caughtUp ? 1 : 0);
    },
  });
  new Gauge({
    name: 'bidhome_projection_failing',
    help: '1 while the projection keeps failing on one event, which the runner retries with backoff; else 0',
    labelNames: ['projection'] as const,
    registers,
    async collect() {
      for (const status of await statuses()) this.set({ projection: status.name }, status.failing ? 1 : 0);
    },
  });
  new Gauge({
    name: 'bidhome_projection_parked',
    // The one series that names an event (its stream among them): at most one per projection, and only while parked (docs/decisions/0062).
    help: '1 for each projection parked on an event, with the event; the projection applies nothing until an operator retries or skips it (npm run projections:unpark)',
    labelNames: ['projection', 'position', 'type', 'stream'] as const,
    registers,
    async collect() {
      this.reset();
      for (const status of await statuses()) {
        if (status.parked) this.set({ projection: status.name, position: String(status.parked.position), type: status.parked.eventType, stream: status.parked.streamId }, 1);
      }
    },
  });
  new Gauge({
    name: 'bidhome_projection_subscription_state',
    help: 'The state of the subscription that feeds the projections: 1 for the current state',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const current = runner?.subscriptionState() ?? 'stopped';
      for (const state of SUBSCRIPTION_STATES) this.set({ state }, state === current ? 1 : 0);
    },
  });

  let managers: Parameters<Metrics['followProcessManagers']>[0] = [];
  const owed = async () => Promise.all(managers.map(async (manager) => ({ name: manager.name, ...(await manager.counts()) })));
  new Gauge({
    name: 'bidhome_process_manager_pending',
    help: 'Items a process manager owes (refunds, credits of succeeded payments) whose completing event is not in the log yet',
    labelNames: ['process_manager'] as const,
    registers,
    async collect() {
      for (const counted of await owed()) this.set({ process_manager: counted.name }, counted.pending);
    },
  });
  new Gauge({
    name: 'bidhome_process_manager_overdue',
    help: 'Items a process manager has owed for more than a minute: its completions keep failing',
    labelNames: ['process_manager'] as const,
    registers,
    async collect() {
      for (const counted of await owed()) this.set({ process_manager: counted.name }, counted.overdue);
    },
  });

  let sockets: () => number = () => 0;
  new Gauge({
    name: 'bidhome_sockets_connected',
    help: 'Socket.IO connections open on this node',
    registers,
    collect() {
      this.set(sockets());
    },
  });

  const appends = new Histogram({
    name: 'bidhome_event_store_append_duration_seconds',
    help: 'Time to append to the event store, by outcome: ok, conflict (the expected revision did not hold), error',
    labelNames: ['outcome'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers,
  });

  return {
    registry,
    observeRequest: (method, route, status, seconds) => requests.observe({ method, route, status: String(status) }, seconds),
    countCommand: (outcome) => commands.inc({ outcome }),
    followProjections(followed, eventStore) {
      runner = followed;
      log = eventStore;
    },
    followProcessManagers(followed) {
      managers = followed;
    },
    followSockets(count) {
      sockets = count;
    },
    timeAppends(eventStore) {
      return {
        async append(streamId, events, expected) {
          const end = appends.startTimer();
          try {
            const result = await eventStore.append(streamId, events, expected);
            end({ outcome: 'ok' });
            return result;
          } catch (error) {
            end({ outcome: error instanceof StreamConflictError ? 'conflict' : 'error' });
            throw error;
          }
        },
        readStream: (streamId, options) => eventStore.readStream(streamId, options),
        ...(eventStore.streamRevision ? { streamRevision: eventStore.streamRevision.bind(eventStore) } : {}),
        readAll: (options) => eventStore.readAll(options),
        headPosition: () => eventStore.headPosition(),
        subscribe: (options) => eventStore.subscribe(options),
        close: () => eventStore.close(),
      };
    },
  };
}
