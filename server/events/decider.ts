import type { AnyEvent } from './types.ts';

/**
 * A stream's business rules as two pure functions. `decide` answers a command with the events
 * that follow from it, or throws a DomainError (permissions of spec section 6 included);
 * `evolve` folds an event into the state the next decision needs.
 */
export interface Decider<State, Command, E extends AnyEvent> {
  readonly initialState: State;
  evolve(state: State, event: E): State;
  decide(command: Command, state: State): E[];
}

export function fold<State, E extends AnyEvent>(decider: Pick<Decider<State, unknown, E>, 'initialState' | 'evolve'>, events: readonly E[]): State {
  return events.reduce((state, event) => decider.evolve(state, event), decider.initialState);
}
