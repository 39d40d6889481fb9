import { expect } from 'vitest';
import type { Decider, DomainEvent } from './decider';
import { foldEvents } from './decider';

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * given(past events) → when(command) → then(new events) | thenThrows(error).
 * Runs the decider alone: no store, no clock, no mocks.
 */
export function given<Command, State, Event extends DomainEvent>(
  decider: Decider<Command, State, Event>,
  events: readonly Event[] = [],
) {
  return {
    when(command: Command) {
      const decide = () => decider.decide(command, foldEvents(decider, events));
      return {
        then(expectedEvents: readonly Event[]): void {
          expect(decide()).toEqual(expectedEvents);
        },
        thenThrows(errorClass: ErrorClass, message?: string): void {
          let thrown: unknown;
          try {
            decide();
          } catch (error) {
            thrown = error;
          }
          expect(thrown, 'the command should have been refused').toBeInstanceOf(errorClass);
          if (message !== undefined) expect((thrown as Error).message).toBe(message);
        },
      };
    },
  };
}
