import type { RecordedEvent } from '../../event-store/port';
import type { ParkedEventAction } from '../../domain/operations/events';
import { OPERATION_EVENT_TYPES } from '../../domain/operations/events';
import type { Projection } from '../projection';
import type { Checkpoints } from './checkpoints';
import type { ParkedEvent, RunnerLog } from './types';

/** What a read of a parked projection's collections answers: the HTTP layer makes it a 503. */
export class ProjectionParkedError extends Error {
  constructor(
    readonly projection: string,
    readonly parked: ParkedEvent,
  ) {
    super(`The ${projection} read model is paused on a faulty event until an operator retries or skips it; please try again later`);
    this.name = 'ProjectionParkedError';
  }
}

/** An operator's retry or skip that this runner acts on: the projection was parked on that very event. */
export type Unparking = { projection: Projection; skip: boolean; action: ParkedEventAction };

/**
 * Parking: a projection that gave up on an event applies nothing more, and
 * reads of its collections fail with ProjectionParkedError, while the other
 * projections go on. The parking is stored with the projection's checkpoint,
 * so a restart keeps it; an operator's ParkedEventRetried or
 * ParkedEventSkipped in the log ends it on every node (docs/decisions/0062).
 */
export function createParking(options: { projections: readonly Projection[]; checkpoints: Checkpoints; log: RunnerLog }) {
  const parked = new Map<string, ParkedEvent>();
  const byName = new Map(options.projections.map((projection) => [projection.name, projection]));
  const ownerOf = new Map(options.projections.flatMap((projection) => projection.collections.map((name) => [name, projection.name] as const)));
  let active = options.projections.map((projection) => projection.name);
  const changed = () => (active = options.projections.map((projection) => projection.name).filter((name) => !parked.has(name)));

  return {
    parked: parked as ReadonlyMap<string, ParkedEvent>,
    isParked: (name: string) => parked.size > 0 && parked.has(name),
    /** The projections that are not parked: the ones read-your-writes waits for. */
    active: () => active,
    /** Parkings read with the checkpoints at start or after a switch of generation. */
    restore(stored: ReadonlyMap<string, ParkedEvent>) {
      parked.clear();
      for (const [name, event] of stored) parked.set(name, event);
      changed();
    },
    async park(name: string, event: ParkedEvent) {
      parked.set(name, event);
      changed();
      await options.checkpoints.storeParking(name, event);
    },
    /** For ReadModels.setReadGuard: the error a read of `collection` answers while its projection is parked. */
    guard(collection: string): Error | undefined {
      if (parked.size === 0) return undefined;
      const owner = ownerOf.get(collection);
      const event = owner === undefined ? undefined : parked.get(owner);
      return owner !== undefined && event ? new ProjectionParkedError(owner, event) : undefined;
    },
    /** True for an operator's event about parkings: the one kind `unpark` acts on. */
    names: (event: RecordedEvent) => OPERATION_EVENT_TYPES.has(event.type),
    /** Ends the parking an operator's event names, when this runner's projection is parked on that event. */
    async unpark(event: RecordedEvent): Promise<Unparking | undefined> {
      if (!OPERATION_EVENT_TYPES.has(event.type)) return undefined;
      const action = event.data as ParkedEventAction;
      const projection = byName.get(action.projection);
      if (!projection || parked.get(projection.name)?.position !== action.position) return undefined;
      parked.delete(projection.name);
      changed();
      await options.checkpoints.storeParking(projection.name, undefined);
      const skip = event.type === 'ParkedEventSkipped';
      options.log.info(skip ? 'parked event skipped by an operator' : 'parked event retried by an operator', { projection: projection.name, position: action.position, by: action.by, reason: action.reason });
      return { projection, skip, action };
    },
  };
}
