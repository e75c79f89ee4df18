/** Commander's parsers for option values, shared by the command declarations. */
import { InvalidArgumentError } from 'commander';

/** Commander's parser for a whole number option (`--concurrency 8`, `--port 4010`). */
export function wholeNumber(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n))
    throw new InvalidArgumentError('Expected a whole number.');
  return n;
}
