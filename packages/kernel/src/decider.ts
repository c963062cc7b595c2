import type { Either } from 'fp-ts/lib/Either.js';

/**
 * An aggregate as three plain functions (the Decider pattern):
 * state is the fold of `evolve` over the stream, `decide` turns a command into new events.
 */
export interface Decider<Command, Event, State, Err> {
  decide(command: Command, state: State): Either<Err, readonly Event[]>;
  evolve(state: State, event: Event): State;
  initialState(): State;
}

export const fold = <Event, State>(
  decider: Pick<Decider<unknown, Event, State, unknown>, 'evolve' | 'initialState'>,
  events: Iterable<Event>,
): State => {
  let state = decider.initialState();
  for (const event of events) state = decider.evolve(state, event);
  return state;
};
