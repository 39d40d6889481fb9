import type { Context } from 'hono';
import type { CommandResult, HandleCommandOptions } from '../domain/shared/command-handler';
import { handleCommand } from '../domain/shared/command-handler';
import type { Decider, DomainEvent } from '../domain/shared/decider';
import type { AppDeps } from './app';
import type { AppEnv } from './context';
import { requestMetadata } from './context';

/** How long a command's answer waits for the read models to show its events. */
const READ_YOUR_WRITES_MS = 5000;

/**
 * Runs a command for a request: records who and from where in the events'
 * metadata, and answers only once the read models include the new events, so
 * a client refetching after the answer sees its own write.
 */
export async function runCommand<Command, State, Event extends DomainEvent>(
  deps: Pick<AppDeps, 'eventStore' | 'projections' | 'logger'>,
  c: Context<AppEnv>,
  streamId: string,
  decider: Decider<Command, State, Event>,
  command: Command,
  options: Omit<HandleCommandOptions<Event>, 'metadata'> = {},
): Promise<CommandResult<State, Event>> {
  const result = await handleCommand(deps.eventStore, streamId, decider, command, { ...options, metadata: requestMetadata(c) });
  // The request's log line carries the position, so a log line can be matched to its events.
  if (result.position !== undefined) c.set('logPosition', Math.max(result.position, c.get('logPosition') ?? result.position));
  if (!(await deps.projections.waitFor(result.position, READ_YOUR_WRITES_MS))) {
    deps.logger.warn('read models lag behind a command', { requestId: c.get('requestId'), streamId, position: result.position });
  }
  return result;
}
