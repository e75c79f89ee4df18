/** The error of a value the user gave that cannot be used (a flag, an option, a date range in the pane). */
import { ShedError } from './shed-error.ts';

/**
 * A value the user gave that cannot be used (a flag, an option, a date range typed into the pane):
 * code `usage`, category `usage` (exit status 2), nothing read or sent. The message says what was
 * expected, e.g. "Expected `--concurrency` to be a whole number from 1 to 64, got 0".
 */
export class UsageError extends ShedError {
  constructor(message: string) {
    super('usage', 'usage', message);
  }
}

declare module './shed-error.ts' {
  interface ErrorCodes {
    UsageError: 'usage';
  }
}
