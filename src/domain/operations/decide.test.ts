import { describe, it } from 'vitest';
import { ValidationError } from '../shared/errors';
import { given } from '../shared/given-when-then';
import type { OperationCommand } from './decide';
import { OPERATOR_REQUIRED, POSITION_REQUIRED, PROJECTION_REQUIRED, REASON_REQUIRED, operationsDecider } from './decide';

const at = '2026-11-28T02:00:00.000Z';
const action = { projection: 'users', position: 42, by: 'ops-anna', reason: 'fixed in 1.4.2', at };
const retry: OperationCommand = { type: 'RetryParkedEvent', ...action };
const skip: OperationCommand = { type: 'SkipParkedEvent', ...action };

describe('RetryParkedEvent', () => {
  it('records who retries which event and why', () => {
    given(operationsDecider).when(retry).then([{ type: 'ParkedEventRetried', data: action }]);
  });

  it('may follow a retry that failed again', () => {
    given(operationsDecider, [{ type: 'ParkedEventRetried', data: action }]).when(retry).then([{ type: 'ParkedEventRetried', data: action }]);
  });
});

describe('SkipParkedEvent', () => {
  it('records who skips which event and why, trimmed', () => {
    given(operationsDecider)
      .when({ ...skip, by: ' ops-anna ', reason: ' fixed in 1.4.2 ' })
      .then([{ type: 'ParkedEventSkipped', data: action }]);
  });

  it('is refused without a projection, a position, an operator or a reason', () => {
    given(operationsDecider).when({ ...skip, projection: ' ' }).thenThrows(ValidationError, PROJECTION_REQUIRED);
    given(operationsDecider).when({ ...skip, position: -1 }).thenThrows(ValidationError, POSITION_REQUIRED);
    given(operationsDecider).when({ ...skip, position: 1.5 }).thenThrows(ValidationError, POSITION_REQUIRED);
    given(operationsDecider).when({ ...skip, by: '' }).thenThrows(ValidationError, OPERATOR_REQUIRED);
    given(operationsDecider).when({ ...skip, reason: '  ' }).thenThrows(ValidationError, REASON_REQUIRED);
    given(operationsDecider).when({ ...skip, reason: 'x'.repeat(501) }).thenThrows(ValidationError, REASON_REQUIRED);
  });
});
