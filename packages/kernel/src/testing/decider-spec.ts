import { deepStrictEqual, fail } from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import type { Decider } from '../decider.js';
import { fold } from '../decider.js';

/**
 * given(events).when(command).then(events) for any decider; the same shape as Emmett's
 * DeciderSpecification. Assertions use node:assert so it works under any test runner.
 */
export const DeciderSpecification = {
  for<C, Ev, S, Err>(decider: Decider<C, Ev, S, Err>) {
    return {
      given(events: readonly Ev[] = []) {
        return {
          when(command: C) {
            const run = () => decider.decide(command, fold(decider, events));
            return {
              then(expected: readonly Ev[]): void {
                const result = run();
                if (E.isLeft(result)) fail(`expected events, got error ${JSON.stringify(result.left)}`);
                deepStrictEqual(result.right, expected);
              },
              thenNothingHappened(): void {
                const result = run();
                if (E.isLeft(result)) fail(`expected no events, got error ${JSON.stringify(result.left)}`);
                deepStrictEqual(result.right, []);
              },
              thenFails(check: Partial<Err> | ((error: Err) => void)): void {
                const result = run();
                if (E.isRight(result)) fail(`expected an error, got events ${JSON.stringify(result.right)}`);
                if (typeof check === 'function') check(result.left);
                else deepStrictEqual(pick(result.left, Object.keys(check)), check);
              },
              /** The events produced, for assertions the shapes above cannot express. */
              events(): readonly Ev[] {
                const result = run();
                if (E.isLeft(result)) fail(`expected events, got error ${JSON.stringify(result.left)}`);
                return result.right;
              },
            };
          },
        };
      },
    };
  },
};

const pick = (value: unknown, keys: string[]): Record<string, unknown> =>
  Object.fromEntries(keys.map((key) => [key, (value as Record<string, unknown>)[key]]));
