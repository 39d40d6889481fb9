import type { LogPosition, RecordedEvent } from '../../event-store/port';
import type { Push, PositionedPush } from '../projection';
import type { RunnerLog } from './types';

/**
 * The push hand-off: what projections announce goes to `onPush` once the event
 * is in every read model, and never twice. Events the log held when the runner
 * started are history (nobody waits for their pushes); after a switch of
 * generation, the events this node already pushed are replayed quietly.
 */
export function createPushHandOff(options: { onPush?: (push: PositionedPush) => void; log: RunnerLog }) {
  // Events at or before this position were pushed, or were history when the runner started: never pushed again.
  let pushedThrough: LogPosition | undefined;
  let quietThrough: LogPosition | undefined;

  return {
    /** At start: everything up to `head` is history. */
    reset() {
      pushedThrough = undefined;
    },
    /** At each subscription: what is quiet from here on. */
    begin(head: LogPosition | undefined) {
      pushedThrough ??= head;
      quietThrough = pushedThrough;
    },
    /** True for an event whose pushes are not sent (history, or pushed before a switch). */
    quiet: (event: RecordedEvent) => quietThrough !== undefined && event.position <= quietThrough,
    /** Sends the pushes an event caused, after every projection applied it. */
    deliver(event: RecordedEvent, pushes: readonly Push[]) {
      if (pushedThrough === undefined || event.position > pushedThrough) pushedThrough = event.position;
      for (const push of pushes) {
        try {
          // Built field by field: a spread of pushes of every payload's shape at one place takes V8's slow path.
          options.onPush?.({ rooms: push.rooms, event: push.event, payload: push.payload, position: event.position } as PositionedPush);
        } catch (error) {
          options.log.error('push failed', { event: push.event, position: event.position, error });
        }
      }
    },
  };
}
