/**
 * The signal that stops an import run (Ctrl-C, the memory guard), made to hold one listener per wait
 * of every record in progress without Node's listener-leak warning on the terminal.
 */
import { setMaxListeners } from 'node:events';

/**
 * Listeners the run's signal may hold before Node warns: each record in progress (at most 64, the
 * largest `--concurrency`) waits on it at most twice at once (its request, a Retry-After), and the
 * client adds its own; past this a leak would be real.
 */
export const RUN_SIGNAL_LISTENERS = 4 * 64;

/**
 * The run's signal: `memoryStop`, or it and `caller` (Ctrl-C) together, allowed
 * {@link RUN_SIGNAL_LISTENERS} listeners (Node warns past 10, which 11 records waiting out a
 * Retry-After at once would pass).
 */
export function runSignal(caller: AbortSignal | undefined, memoryStop: AbortSignal): AbortSignal {
  const signal = caller ? AbortSignal.any([caller, memoryStop]) : memoryStop;
  setMaxListeners(RUN_SIGNAL_LISTENERS, signal);
  return signal;
}
