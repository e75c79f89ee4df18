/** The one way tests take the error a call throws. */
import { expect } from 'vitest';

/**
 * The error `run` throws, checked to be a `type` when one is given; fails the test when `run` returns.
 * @example const error = thrownBy(() => detectMapping(grid, 'receipts'), MappingError); // error.code …
 */
export function thrownBy<E extends Error = Error & { code?: string; category?: string }>(
  run: () => unknown,
  type?: abstract new (...args: never[]) => E,
): E {
  try {
    run();
  } catch (error) {
    if (type) expect(error).toBeInstanceOf(type);
    return error as E;
  }
  throw new Error(`expected the call to throw${type ? ` a ${type.name}` : ''}`);
}
