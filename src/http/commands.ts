import type { Context } from 'hono';
import type { CommandResult, HandleCommandOptions } from '../domain/shared/command-handler';
import { handleCommand } from '../domain/shared/command-handler';
import type { Decider, DomainEvent } from '../domain/shared/decider';
import type { LogPosition } from '../event-store/port';
import { MAILS_FROM_LOG } from '../projections/notifications/mails-owed';
import type { AppDeps } from './deps';
import type { AppEnv } from './context';
import { requestMetadata } from './context';
import { seededEventIds } from './platform/request-seeds';

/** How long a command's answer waits for the read models to show its events. */
const READ_YOUR_WRITES_MS = 5000;

/**
 * Runs a command for a request: records who and from where in the events'
 * metadata, and answers only once the read models include the new events, so
 * a client refetching after the answer sees its own write. With `reads` (the
 * collections the route's answer reads, a constant beside the query that
 * reads them), it waits only for the projections that own them; the client's
 * next requests wait for the rest through X-Min-Position (docs/decisions/0062).
 */
export async function runCommand<Command, State, Event extends DomainEvent>(
  deps: Pick<AppDeps, 'eventStore' | 'projections' | 'logger'> & Partial<Pick<AppDeps, 'node'>>,
  c: Context<AppEnv>,
  streamId: string,
  decider: Decider<Command, State, Event>,
  command: Command,
  options: Omit<HandleCommandOptions<Event>, 'metadata'> & { reads?: readonly string[] } = {},
): Promise<CommandResult<State, Event>> {
  const result = await appendCommand(deps, c, streamId, decider, command, options);
  if (!(await deps.projections.waitFor(result.position, READ_YOUR_WRITES_MS, options.reads))) {
    deps.logger.warn('read models lag behind a command', { requestId: c.get('requestId'), streamId, position: result.position });
  }
  return result;
}

/**
 * Appends a command's events for a request without waiting for the read
 * models: a step of a flow that waits once at its end (a purchase, a
 * webhook), or a write nobody reads back (a page view). The request's
 * metadata goes with the events unless `options.metadata` says what else
 * may (a page view keeps only the request id). The answer names the position
 * (X-Log-Position), so the client's next reads wait for it on any node,
 * unless `tellPosition: false`: a write nobody reads back must not make them
 * wait. Routes append only through this or runCommand.
 */
export async function appendCommand<Command, State, Event extends DomainEvent>(
  deps: Pick<AppDeps, 'eventStore'> & Partial<Pick<AppDeps, 'node'>>,
  c: Context<AppEnv>,
  streamId: string,
  decider: Decider<Command, State, Event>,
  command: Command,
  options: HandleCommandOptions<Event> & { tellPosition?: boolean } = {},
): Promise<CommandResult<State, Event>> {
  // A request with an Idempotency-Key: ids from the key, and what landed before is found, not decided again.
  const seeded = options.eventId ? undefined : seededEventIds(c, streamId);
  // The node too, so that what follows the event on the node that answered can tell (src/processes/notifications/bid-mails.ts);
  // and that the mails the event owes are the log's to send, not the request's (src/projections/notifications/mails-owed.ts).
  const metadata = requestMetadata(c);
  if (deps.node) metadata.node = deps.node;
  metadata.mails = MAILS_FROM_LOG;
  // `tellPosition` (and runCommand's `reads`) go along: handleCommand reads only its own options.
  const result = await handleCommand(deps.eventStore, streamId, decider, command, { metadata, ...seeded, ...options });
  if (options.tellPosition !== false) noteLogPosition(c, result.position);
  return result;
}

/**
 * Remembers the highest log position this request's commands reached: the
 * request's log line carries it, so a log line can be matched to its events,
 * and the answer carries it as X-Log-Position, so a client bounced to another
 * node can ask that node to have caught up with it (X-Min-Position).
 */
export function noteLogPosition(c: Context<AppEnv>, position: LogPosition | undefined): void {
  if (position === undefined) return;
  const highest = Math.max(position, c.get('logPosition') ?? position);
  c.set('logPosition', highest);
  // Set before the handler builds its answer, so the answer is not copied to add a header.
  c.header('X-Log-Position', String(highest));
}
