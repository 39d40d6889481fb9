import { parseArgs } from 'node:util';
import type { OperationCommand } from '../src/domain/operations/decide';
import { operationsDecider } from '../src/domain/operations/decide';
import { OPERATIONS_STREAM } from '../src/domain/operations/events';
import { handleCommand } from '../src/domain/shared/command-handler';
import { ValidationError } from '../src/domain/shared/errors';
import type { EventStore, LogPosition } from '../src/event-store/port';
import type { ReadStore } from '../src/read-store/port';
import type { Checkpoint } from '../src/projections/runner/checkpoints';
import { CHECKPOINTS } from '../src/projections/runner/checkpoints';
import { readModelsOf } from '../src/projections/read-models';

export const UNPARK_USAGE = 'npm run projections:unpark -- --projection NAME (--retry | --skip) --reason "why" [--by WHO] [--position N]';

/**
 * What `npm run projections:unpark` does: writes the operator's retry or skip
 * of the event a projection is parked on to the log, which every node follows
 * (docs/decisions/0062). The position comes from the parking stored beside the
 * projection's checkpoint (a shared read store), or from --position (read it
 * in /readyz where each node keeps its read models in memory).
 */
export async function unpark(
  argv: readonly string[],
  deps: { eventStore: EventStore; readStore: ReadStore; projections: readonly string[]; by: string; now: () => Date },
): Promise<{ type: string; projection: string; position: number; logPosition: LogPosition | undefined }> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { projection: { type: 'string' }, retry: { type: 'boolean' }, skip: { type: 'boolean' }, reason: { type: 'string' }, by: { type: 'string' }, position: { type: 'string' } },
    }));
  } catch (error) {
    throw new ValidationError(`${error instanceof Error ? error.message : String(error)}\nusage: ${UNPARK_USAGE}`);
  }
  const projection = values.projection ?? '';
  // The process managers the app adds to the projections have checkpoints too.
  const stored = await readModelsOf(deps.readStore).collection<Checkpoint>(CHECKPOINTS).findOne({ _id: projection });
  if (!deps.projections.includes(projection) && !stored) throw new ValidationError(`No projection is named "${projection}"; one of: ${deps.projections.join(', ')}`);
  if (values.retry === values.skip) throw new ValidationError(`Say --retry or --skip, one of them\nusage: ${UNPARK_USAGE}`);
  let position = values.position === undefined ? undefined : Number(values.position);
  if (position === undefined) {
    position = stored?.parked?.position;
    if (position === undefined) throw new ValidationError(`${projection} is not parked in this read store; pass --position N as /readyz shows it on the node`);
  }
  const command: OperationCommand = {
    type: values.retry ? 'RetryParkedEvent' : 'SkipParkedEvent',
    projection,
    position,
    by: values.by ?? deps.by,
    reason: values.reason ?? '',
    at: deps.now().toISOString(),
  };
  const result = await handleCommand(deps.eventStore, OPERATIONS_STREAM, operationsDecider, command);
  return { type: command.type, projection, position, logPosition: result.position };
}
