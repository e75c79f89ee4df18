/** The exit statuses of the CLI contract (PRODUCT.md, "Exit status") and the one rule that maps an error to one. */
import type { ErrorCategory } from '../../shared/errors/shed-error.ts';
import { ShedError } from '../../shared/errors/shed-error.ts';

/** Exit statuses of PRODUCT.md's contract. */
export const EXIT = {
  /** Every row done. */
  ok: 0,
  /** Some rows invalid or refused; the rest done. */
  someRefused: 1,
  /** Usage, config or unreadable input: nothing sent. */
  usage: 2,
  /** Connection, authentication or entitlement failure. */
  connection: 3,
} as const;

const BY_CATEGORY: Record<ErrorCategory, number> = {
  usage: EXIT.usage,
  config: EXIT.usage,
  input: EXIT.usage,
  connection: EXIT.connection,
  authentication: EXIT.connection,
  entitlement: EXIT.connection,
  service: EXIT.connection,
  internal: EXIT.someRefused,
};

/** The exit status for an error that ended a command. Unknown errors are bugs: status 1. */
export function exitStatusFor(error: unknown): number {
  return error instanceof ShedError ? BY_CATEGORY[error.category] : EXIT.someRefused;
}
