import type { Context } from 'hono';
import { loadState } from '../domain/shared/command-handler';
import { ConflictError } from '../domain/shared/errors';
import { reservation } from '../domain/shared/reservation';
import type { EventStore } from '../event-store/port';
import { appendCommand } from './commands';
import type { AppEnv } from './context';

/**
 * How long a reservation may wait for its account before it counts as
 * orphaned. A registration takes well under a second; a reservation this old
 * whose owner stream is still empty comes from a crash between the two.
 */
export const ORPHAN_AFTER_MS = 10 * 60 * 1000;

export interface ReserveNameOptions {
  eventStore: EventStore;
  streamId: string;
  ownerId: string;
  at: string;
  takenMessage: string;
  /** Whether the holder became an account; an old reservation of a holder that did not is taken over. */
  ownerExists: (ownerId: string) => Promise<boolean>;
}

/** Reserves a unique name for `ownerId`, or throws ConflictError with `takenMessage`. */
export async function reserveName(c: Context<AppEnv>, options: ReserveNameOptions): Promise<void> {
  const { eventStore, streamId, ownerId, at, takenMessage } = options;
  try {
    await appendCommand({ eventStore }, c, streamId, reservation, { type: 'Reserve', ownerId, at, takenMessage });
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    const held = await loadState(eventStore, streamId, reservation);
    const orphaned =
      held.status === 'held' && Date.parse(at) - Date.parse(held.since) > ORPHAN_AFTER_MS && !(await options.ownerExists(held.ownerId));
    if (!orphaned) throw error;
    // Names the orphan: if the name changed hands meanwhile, the re-decided command refuses instead of taking a live name.
    await appendCommand({ eventStore }, c, streamId, reservation, { type: 'Reserve', ownerId, at, takenMessage, reclaimFrom: held.ownerId });
  }
}

/** Frees a name held by `ownerId`; a no-op when someone else holds it. */
export async function releaseName(c: Context<AppEnv>, eventStore: EventStore, streamId: string, ownerId: string, at: string): Promise<void> {
  await appendCommand({ eventStore }, c, streamId, reservation, { type: 'Release', ownerId, at });
}
