import { expect } from 'vitest';
import type { Decider } from '../events/decider.ts';
import type { AnyEvent } from '../events/types.ts';

/**
 * Given these events, when this command, then these events (or this error): a decider's
 * rules read as the spec reads, with no database in sight.
 *
 *   spec.given([opened]).when(close).then([closed])
 *   spec.given([]).when(close).thenFails(NotFound, 'No such tally.')
 */
export function deciderSpec<State, Command, E extends AnyEvent>(decider: Decider<State, Command, E>) {
  return {
    given(history: E[]) {
      return {
        when(command: Command) {
          const decide = () => decider.decide(command, history.reduce(decider.evolve, decider.initialState));
          return {
            then(expected: E[]) {
              expect(decide()).toEqual(expected);
            },
            thenFails(errorClass: abstract new (...args: never[]) => Error, message?: string | RegExp) {
              let thrown: unknown = null;
              try {
                decide();
              } catch (error) {
                thrown = error;
              }
              expect(thrown, 'the command should have been refused').toBeInstanceOf(errorClass);
              if (message !== undefined) expect((thrown as Error).message).toMatch(message);
            },
          };
        },
      };
    },
  };
}
