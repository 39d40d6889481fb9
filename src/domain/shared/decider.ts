/**
 * A decider holds one stream's business rules as pure functions:
 * `evolve` folds past events into state, `decide` turns a command and the
 * state into new events or throws a domain error. Time and new ids arrive in
 * the command, so a decider never reads a clock or a random source.
 */
export interface Decider<Command, State, Event extends DomainEvent> {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Event[];
}

/** A domain event before it is stored: a past-tense type and plain data. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/** Folds events into state from the decider's initial state. */
export function foldEvents<Command, State, Event extends DomainEvent>(
  decider: Decider<Command, State, Event>,
  events: readonly Event[],
): State {
  return events.reduce((state, event) => decider.evolve(state, event), decider.initialState);
}

/** For exhaustive `switch` statements over unions. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}

/** Ids are branded strings, so an account id cannot be passed where a property id is expected. */
export type Brand<T, Name extends string> = T & { readonly __brand: Name };
