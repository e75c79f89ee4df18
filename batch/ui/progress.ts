/** The CLI's progress bar on standard error (on a terminal only). */
import cliProgress from 'cli-progress';
import type { CommandIO } from './io.ts';

/** A progress display: `update(done, total)` as work completes, `stop()` at the end. */
export interface Progress {
  update(done: number, total: number): void;
  stop(): void;
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
