/** Commander's parsers for option values, shared by the command declarations. */
import { InvalidArgumentError } from 'commander';
import type { DateOrder } from '../../shared/sheet/values/local-date.ts';

/** Commander's parser for a whole number option (`--concurrency 8`, `--port 4010`). */
export function wholeNumber(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n))
    throw new InvalidArgumentError('Expected a whole number.');
  return n;
}

/**
 * The core's date orders, every one (the type checks it): named here, not imported with the core's
 * `DATE_ORDERS`, whose module loads date-fns, so that `shed --help` loads no date library (start-up.test.ts).
 */
const DATE_ORDERS = Object.keys({ DMY: true, MDY: true, YMD: true } satisfies Record<DateOrder, true>) as DateOrder[];

/** Commander's parser for `--date-order`: DMY, MDY or YMD in any case (`dmy` is DMY). */
export function dateOrder(value: string): DateOrder {
  const order = DATE_ORDERS.find((o) => o === value.trim().toUpperCase());
  if (order === undefined) throw new InvalidArgumentError('Expected DMY, MDY or YMD (in any case).');
  return order;
}
