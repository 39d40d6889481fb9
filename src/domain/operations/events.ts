/**
 * What operators do to the read models, in one stream of its own: every node
 * follows it (docs/decisions/0062).
 */
export const OPERATIONS_STREAM = 'read-model-operations';

/** Who acted on a parked event, why, and on which: the same for a retry and a skip. */
export interface ParkedEventAction {
  /** The projection parked on the event. */
  projection: string;
  /** The log position of the event it is parked on. */
  position: number;
  /** Who acted: the operator's name as the command was given it. */
  by: string;
  reason: string;
  at: string;
}

export type OperationEvent =
  | {
      /** The projection tries the event again, and parks again if it fails again. */
      type: 'ParkedEventRetried';
      data: ParkedEventAction;
    }
  | {
      /** The projection goes on after the event, which it never applies. */
      type: 'ParkedEventSkipped';
      data: ParkedEventAction;
    };

export const OPERATION_EVENT_TYPES: ReadonlySet<string> = new Set<OperationEvent['type']>(['ParkedEventRetried', 'ParkedEventSkipped']);
