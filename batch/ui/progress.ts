/** The CLI's progress bar on standard error (on a terminal only). */
import cliProgress from 'cli-progress';
import type { CommandIO } from './io.ts';

/** A progress display: `update(done, total)` as work completes, `stop()` at the end. */
export interface Progress {
  update(done: number, total: number): void;
  stop(): void;
}

/**
 * The time left as the bar shows it: cli-progress's own format for a number of seconds, `…` while it is
 * not known yet (cli-progress passes `'INF'` or `'NULL'` before the first records are done, which its
 * format cut to `NFs left`).
 * @param seconds what cli-progress estimates (a number, or `'INF'`/`'NULL'`).
 */
export function timeLeftText(seconds: unknown, options: object, roundTo: number): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return '…';
  return cliProgress.Format.TimeFormat(seconds, options, roundTo);
}

/**
 * A progress bar on standard error when it is a terminal (PRODUCT.md), nothing otherwise.
 * @param label what is counted, e.g. `receipts` or `pages`.
 */
export function createProgress(io: CommandIO, label: string): Progress {
  if (!io.isTTY) return { update: () => {}, stop: () => {} };
  const bar = new cliProgress.SingleBar(
    {
      format: `  {bar} {value}/{total} ${label}  {eta_formatted} left`,
      hideCursor: true,
      clearOnComplete: true,
      stream: process.stderr,
      formatTime: timeLeftText,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(done, total) {
      if (!started) {
        bar.start(total, done);
        started = true;
      }
      bar.setTotal(total);
      bar.update(done);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
