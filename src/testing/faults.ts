import type { EventStore, SubscribeOptions, Subscription } from '../event-store/port';
import { CHECKPOINTS } from '../projections/runner';
import type { Collection, Doc, ReadStore } from '../read-store/port';

/*
 * Fault-injecting wrappers around REAL adapters, for tests of what happens
 * when a store misbehaves the way real engines do: transient errors, appends
 * whose outcome is unknown, latency, dropped subscriptions, failed checkpoint
 * writes. Everything not faulted goes to the wrapped adapter unchanged.
 */

const unavailable = () => new Error('Injected fault: the store is unavailable');
const outcomeUnknown = () => new Error('Injected fault: the append timed out after writing (outcome unknown)');

interface Rule {
  matches: (target: string, operation: string) => boolean;
  remaining: number;
  error: () => Error;
}

// Rules are consumed in the order they were added; `times: Infinity` lasts until heal().
function createRules() {
  let rules: Rule[] = [];
  return {
    add(rule: Rule) {
      rules.push(rule);
    },
    /** The error the call must throw, when a rule claims it. */
    take(target: string, operation: string): Error | undefined {
      const rule = rules.find((r) => r.remaining > 0 && r.matches(target, operation));
      if (!rule) return undefined;
      rule.remaining -= 1;
      rules = rules.filter((r) => r.remaining > 0);
      return rule.error();
    },
    clear() {
      rules = [];
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface AppendFaultOptions {
  /** How many appends fail; Infinity until heal(). 1 by default. */
  times?: number;
  /** Only appends to this stream. */
  streamId?: string;
  /** What the append throws. */
  error?: () => Error;
}

export interface EventStoreFaults {
  /** The next appends throw before writing anything (a refused connection, a primary election). */
  failAppends(options?: AppendFaultOptions): void;
  /** The next appends write, then throw as a call that timed out after the server wrote: the outcome is unknown to the caller. */
  failAfterWriting(options?: AppendFaultOptions): void;
  /** Every append and read waits this long before reaching the store; 0 to stop. */
  delay(ms: number): void;
  /**
   * Drops every open subscription with `cause` once its running onEvent has
   * finished. `retryable`: onDropped(cause), then delivery goes on from the last
   * delivered position, as the adapters do after a lost connection.
   * `permanent`: onError(cause), and delivery ends.
   */
  dropSubscriptions(cause: Error, kind: 'retryable' | 'permanent'): Promise<void>;
  /** Ends every fault (drops already done stay done). */
  heal(): void;
}

export type FaultyEventStore = EventStore & { faults: EventStoreFaults };

export function withEventStoreFaults(store: EventStore): FaultyEventStore {
  const before = createRules();
  const after = createRules();
  let latencyMs = 0;
  const open = new Set<{ drop(cause: Error, kind: 'retryable' | 'permanent'): Promise<void> }>();
  const wait = () => (latencyMs > 0 ? sleep(latencyMs) : Promise.resolve());
  const appendRule = (options: AppendFaultOptions, error: () => Error): Rule => ({
    matches: (streamId) => options.streamId === undefined || options.streamId === streamId,
    remaining: options.times ?? 1,
    error: options.error ?? error,
  });

  function subscribe(options: SubscribeOptions): Subscription {
    let last = options.after;
    let inner: Subscription | undefined;
    let ended = false;
    const start = () => {
      inner = store.subscribe({
        ...(last !== undefined ? { after: last } : {}),
        onEvent: async (event) => {
          await options.onEvent(event);
          last = event.position;
        },
        onError: (error) => {
          ended = true;
          open.delete(handle);
          options.onError?.(error);
        },
      });
    };
    const handle = {
      async drop(cause: Error, kind: 'retryable' | 'permanent') {
        if (ended) return;
        await inner?.stop();
        if (ended) return;
        if (kind === 'permanent') {
          ended = true;
          open.delete(handle);
          options.onError?.(cause);
          return;
        }
        options.onDropped?.(cause);
        start();
      },
    };
    open.add(handle);
    start();
    return {
      async stop() {
        ended = true;
        open.delete(handle);
        await inner?.stop();
      },
    };
  }

  return {
    async append(streamId, events, expected) {
      await wait();
      const refused = before.take(streamId, 'append');
      if (refused) throw refused;
      const result = await store.append(streamId, events, expected);
      const lost = after.take(streamId, 'append');
      if (lost) throw lost;
      return result;
    },
    readStream: async (streamId, options) => {
      await wait();
      return store.readStream(streamId, options);
    },
    readAll: async (options) => {
      await wait();
      return store.readAll(options);
    },
    headPosition: async () => {
      await wait();
      return store.headPosition();
    },
    subscribe,
    close: () => store.close(),
    faults: {
      failAppends: (options = {}) => before.add(appendRule(options, unavailable)),
      failAfterWriting: (options = {}) => after.add(appendRule(options, outcomeUnknown)),
      delay(ms) {
        latencyMs = ms;
      },
      async dropSubscriptions(cause, kind) {
        await Promise.all([...open].map((subscription) => subscription.drop(cause, kind)));
      },
      heal() {
        before.clear();
        after.clear();
        latencyMs = 0;
      },
    },
  };
}

export type CollectionOperation = Exclude<keyof Collection, 'name'>;

export interface CollectionFaultOptions {
  /** The operations that fail; all of them by default. */
  operations?: readonly CollectionOperation[];
  /** How many calls fail; Infinity until heal(). 1 by default. */
  times?: number;
  error?: () => Error;
}

export interface ReadStoreFaults {
  /** The next calls of the chosen operations on `collection` throw (a timeout, a primary election). */
  failCollection(collection: string, options?: CollectionFaultOptions): void;
  /** The projection runner's checkpoint writes fail. */
  failCheckpointWrites(options?: Omit<CollectionFaultOptions, 'operations'>): void;
  /** How many calls failed so far, by collection. */
  failures(collection: string): number;
  heal(): void;
}

export type FaultyReadStore = ReadStore & { faults: ReadStoreFaults };

const OPERATIONS: CollectionOperation[] = [
  'findOne',
  'find',
  'countDocuments',
  'insertOne',
  'updateOne',
  'updateMany',
  'deleteOne',
  'deleteMany',
  'createIndex',
  'drop',
];

export function withReadStoreFaults(store: ReadStore): FaultyReadStore {
  const rules = createRules();
  const failed = new Map<string, number>();
  const failCollection = (collection: string, options: CollectionFaultOptions = {}) => {
    const operations = new Set<string>(options.operations ?? OPERATIONS);
    rules.add({
      matches: (target, operation) => target === collection && operations.has(operation),
      remaining: options.times ?? 1,
      error: options.error ?? unavailable,
    });
  };

  function collection<T extends Doc = Doc>(name: string): Collection<T> {
    const real = store.collection<T>(name);
    const faulty = { name: real.name } as Collection<T>;
    for (const operation of OPERATIONS) {
      const call = real[operation] as (...args: unknown[]) => Promise<unknown>;
      Object.assign(faulty, {
        [operation]: async (...args: unknown[]) => {
          const error = rules.take(name, operation);
          if (error) {
            failed.set(name, (failed.get(name) ?? 0) + 1);
            throw error;
          }
          return call.apply(real, args);
        },
      });
    }
    return faulty;
  }

  return {
    collection,
    close: () => store.close(),
    faults: {
      failCollection,
      failCheckpointWrites: (options = {}) => failCollection(CHECKPOINTS, { ...options, operations: ['updateOne', 'insertOne'] }),
      failures: (name) => failed.get(name) ?? 0,
      heal: () => rules.clear(),
    },
  };
}
