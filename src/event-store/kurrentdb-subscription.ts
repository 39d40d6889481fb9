import { ErrorType } from '@kurrent/kurrentdb-client';
import type { AllStreamSubscription, KurrentDBClient } from '@kurrent/kurrentdb-client';
import type { StreamNames } from './kurrentdb-mapping';
import { toReadPosition } from './kurrentdb-mapping';
import type { RecordedEvent, SubscribeOptions, Subscription } from './port';

const firstDelayMs = 100;
const maxDelayMs = 5_000;

/**
 * Drops that subscribing again cannot cure: the server refuses this user or
 * the stream is gone. Everything else (unavailable, a timeout, a leader
 * change, a cancelled call, an unknown gRPC error) is worth another try.
 */
const permanentDrops = new Set<unknown>([ErrorType.ACCESS_DENIED, ErrorType.STREAM_DELETED, ErrorType.STREAM_TOMBSTONED, ErrorType.INVALID_ARGUMENT, ErrorType.UNSUPPORTED]);

export function isPermanentDrop(cause: unknown): boolean {
  return cause instanceof Error && permanentDrops.has((cause as { type?: unknown }).type);
}

// The client's catch-up subscription ends for good on any drop (UNAVAILABLE, a
// restart, a leader change), so follow $all in a loop that subscribes again from
// the last delivered position, backing off while the server stays away. Each
// drop is reported with its cause; one that cannot be cured ends delivery.
export function subscribeWithResubscription(
  client: KurrentDBClient,
  names: StreamNames,
  { after, onEvent, onError, onDropped }: SubscribeOptions,
  onFinished: () => void,
): Subscription {
  let last = after;
  let stopped = false;
  let current: AllStreamSubscription | undefined;
  let cancelSleep: (() => void) | undefined;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        cancelSleep = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      cancelSleep = done;
    });

  const fail = (error: unknown) => {
    stopped = true;
    try {
      onError?.(error);
    } catch {
      // A failing error handler must not turn into an unhandled rejection.
    }
  };

  // Resolves when the connection drops or ends: whether anything was delivered, and why it ended.
  async function follow(subscription: AllStreamSubscription): Promise<{ delivered: boolean; cause: unknown }> {
    let delivered = false;
    try {
      for await (const resolved of subscription) {
        if (stopped) break;
        const event = resolved.event;
        if (!event) continue;
        let recorded: RecordedEvent | undefined;
        try {
          recorded = names.ours(event);
          if (recorded === undefined) continue;
          // The server starts at `last` itself; this also guards against replays.
          if (last !== undefined && recorded.position <= last) continue;
          await onEvent(recorded);
        } catch (error) {
          fail(error);
          break;
        }
        last = recorded.position;
        delivered = true;
      }
    } catch (cause) {
      return { delivered, cause };
    }
    return { delivered, cause: new Error('The server ended the subscription') };
  }

  async function run(): Promise<void> {
    let delayMs = firstDelayMs;
    while (!stopped) {
      const subscription = client.subscribeToAll({ fromPosition: toReadPosition(last), filter: names.allFilter() });
      // An error emitted after we stopped listening must not crash the process.
      subscription.on('error', () => undefined);
      current = subscription;
      const startedAt = Date.now();
      const { delivered, cause } = await follow(subscription);
      current = undefined;
      release(subscription);
      if (stopped) break;
      if (isPermanentDrop(cause)) return fail(cause);
      try {
        onDropped?.(cause);
      } catch {
        // A failing drop handler must not end the subscription.
      }
      // A connection that worked for a while starts the backoff over.
      if (delivered || Date.now() - startedAt > maxDelayMs) delayMs = firstDelayMs;
      await sleep(delayMs / 2 + (Math.random() * delayMs) / 2);
      delayMs = Math.min(delayMs * 2, maxDelayMs);
    }
  }

  const finished = run().catch(fail).finally(onFinished);

  return {
    async stop() {
      stopped = true;
      cancelSleep?.();
      if (current) release(current);
      await finished;
    },
  };
}

function release(subscription: AllStreamSubscription): void {
  // Cancels the gRPC call; destroying the stream ends a pending iteration.
  subscription.unsubscribe().catch(() => undefined);
  subscription.destroy();
}
