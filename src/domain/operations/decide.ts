import type { Decider } from '../shared/decider';
import { assertNever } from '../shared/decider';
import { ValidationError } from '../shared/errors';
import type { OperationEvent, ParkedEventAction } from './events';

export type OperationCommand = ({ type: 'RetryParkedEvent' } | { type: 'SkipParkedEvent' }) & ParkedEventAction;

export const PROJECTION_REQUIRED = 'Name the parked projection (--projection)';
export const POSITION_REQUIRED = 'The position of the parked event must be a whole number';
export const OPERATOR_REQUIRED = 'Say who acts (--by)';
export const REASON_REQUIRED = 'Say why, in at most 500 characters (--reason)';

/** The operators' stream keeps no state: each action stands alone, and a retry may follow a retry that failed again. */
export const operationsDecider: Decider<OperationCommand, null, OperationEvent> = {
  initialState: null,
  evolve: (state) => state,
  decide(command) {
    if (command.projection.trim() === '') throw new ValidationError(PROJECTION_REQUIRED);
    if (!Number.isSafeInteger(command.position) || command.position < 0) throw new ValidationError(POSITION_REQUIRED);
    if (command.by.trim() === '') throw new ValidationError(OPERATOR_REQUIRED);
    const reason = command.reason.trim();
    if (reason === '' || reason.length > 500) throw new ValidationError(REASON_REQUIRED);
    const data: ParkedEventAction = { projection: command.projection, position: command.position, by: command.by.trim(), reason, at: command.at };
    switch (command.type) {
      case 'RetryParkedEvent':
        return [{ type: 'ParkedEventRetried', data }];
      case 'SkipParkedEvent':
        return [{ type: 'ParkedEventSkipped', data }];
      default:
        return assertNever(command);
    }
  },
};
