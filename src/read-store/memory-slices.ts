import type { CollectionState } from './memory-plan';
import type { Doc } from './port';

/** Documents decoded in one turn of the event loop when a read decodes a collection. */
export const DECODED_PER_TURN = 50_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * What a read waits for before it reads a collection restored from a
 * snapshot: its documents decoded a slice at a time, the event loop running
 * between slices, so the first read of a large collection (an owed-work
 * sweep at a start, docs/decisions/0052) is not one long task. The documents
 * are stored as they come and seen by nobody until the last: meanwhile the
 * collection is still deferred, and a write, or a read that cannot wait,
 * finishes the decoding at once (`materialize`).
 */
export function decoded(state: CollectionState, fill: (state: CollectionState, docs: readonly Doc[]) => void, materialize: (state: CollectionState) => void): Promise<void> | undefined {
  const { deferred } = state;
  if (!deferred) return undefined;
  if (!deferred.slices || deferred.count <= DECODED_PER_TURN) {
    materialize(state);
    return undefined;
  }
  if (deferred.decoding) return deferred.decoding.done;
  const rest = deferred.slices(DECODED_PER_TURN);
  const done = (async () => {
    for (;;) {
      await nextTurn();
      // Finished at once by another use, or dropped.
      if (state.deferred !== deferred) return;
      const slice = rest.next();
      if (slice.done) break;
      fill(state, slice.value);
    }
    materialize(state);
  })();
  deferred.decoding = { rest, done };
  return done;
}
