import type { Context } from 'hono';
import { ValidationError } from '../../domain/shared/errors';
import type { EventStore } from '../../event-store/port';
import type { ProjectionRunner } from '../../projections/runner';
import type { AppEnv } from '../context';

/** How long a request carrying X-Min-Position waits for this node's read models before 503. */
export const MIN_POSITION_WAIT_MS = 2000;
export const MIN_POSITION_INVALID = 'X-Min-Position must be a log position (a whole number)';
export const MIN_POSITION_NOT_REACHED = 'This server has not caught up with your latest change yet; please retry in a moment';

// Digits only, and few enough that the number stays exact: KurrentDB positions are byte offsets below 2^53.
const POSITION = /^\d{1,16}$/;

/**
 * Read-your-writes across nodes: a request carrying `X-Min-Position: <n>` (the
 * highest position its client has seen, from X-Log-Position answers and socket
 * payloads) is handled only once this node's read models include n. It runs
 * before the session is read, as the session check reads the read models too.
 * Undefined: go on; a Response: the 503 to answer. Called by the API's edge middleware (src/http/app.ts).
 */
export function minPositionGate(deps: {
  projections: Pick<ProjectionRunner, 'waitFor'>;
  eventStore: Pick<EventStore, 'headPosition'>;
  waitMs?: number;
}): (c: Context<AppEnv>) => Promise<Response | undefined> | undefined {
  const gate = async (c: Context<AppEnv>, header: string): Promise<Response | undefined> => {
    const position = Number(header);
    if (!POSITION.test(header) || !Number.isSafeInteger(position)) throw new ValidationError(MIN_POSITION_INVALID);
    // Nearly always already applied: that check costs no read of the log.
    if (await deps.projections.waitFor(position, 0)) return undefined;
    // A position past the log's end was never written to this log (a client that saw another
    // deployment, or a log started over): waiting for it could only end in 503s until a reload.
    const head = await deps.eventStore.headPosition();
    if (head === undefined || position > head) return undefined;
    if (await deps.projections.waitFor(position, deps.waitMs ?? MIN_POSITION_WAIT_MS)) return undefined;
    c.header('Retry-After', '1');
    return c.json({ message: MIN_POSITION_NOT_REACHED }, 503);
  };
  // Without the header (most requests) there is nothing to wait for, and no promise.
  return (c) => {
    const header = c.req.header('x-min-position');
    return header === undefined ? undefined : gate(c, header);
  };
}
