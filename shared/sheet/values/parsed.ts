/** The result of parsing one cell: the value (with an optional warning) or the reason it was refused. */
import type { Remedy } from '../../errors/remedy.ts';

/**
 * The result every cell parser returns: a value (perhaps with a warning to show the bookkeeper)
 * or a human reason that names the value as written. Parsers never throw on bad cells.
 */

/**
 * `ok: true` with the parsed value and an optional warning (the value was read, but in a way the
 * bookkeeper should know about); `ok: false` with a sentence such as
 * "'31/02/2026' is not a date: February 2026 has no day 31".
 */
export type Parsed<T> = { ok: true; value: T; warning?: string } | { ok: false; reason: string; remedies?: Remedy[] };

/**
 * The reason every parser gives for an empty cell (null, or only spaces). The caller decides whether
 * the field is required and words its own message, e.g. "Quantity is required".
 */
export const EMPTY_REASON = 'is empty';

/** A successful parse, with a warning only when one is given. */
export function parsedOk<T>(value: T, warning?: string): Parsed<T> {
  return warning === undefined ? { ok: true, value } : { ok: true, value, warning };
}

/** A refused parse with its reason, and what the user can do when the reason is a setting. */
export function parsedFail<T>(reason: string, remedies?: Remedy[]): Parsed<T> {
  return remedies?.length ? { ok: false, reason, remedies } : { ok: false, reason };
}
