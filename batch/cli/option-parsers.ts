/** Commander's parsers for option values, shared by the command declarations. */
import { InvalidArgumentError } from 'commander';
import { DATE_ORDERS, type DateOrder } from '../../shared/sheet/values/index.ts';

/** Commander's parser for a whole number option (`--concurrency 8`, `--port 4010`). */
export function wholeNumber(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n))
    throw new InvalidArgumentError('Expected a whole number.');
  return n;
}

/** Commander's parser for `--date-order`: one of the core's DATE_ORDERS (DMY, MDY, YMD) in any case (`dmy` is DMY). */
export function dateOrder(value: string): DateOrder {
  const order = DATE_ORDERS.find((o) => o === value.trim().toUpperCase());
  if (order === undefined) throw new InvalidArgumentError('Expected DMY, MDY or YMD (in any case).');
  return order;
}
