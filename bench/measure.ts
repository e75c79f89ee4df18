/**
 * Small helpers shared by the benchmarks: figures and their targets, timing, a recorder of the
 * HTTP requests this process makes, and child processes that measure one case each (so peak
 * memory of one case never includes another's).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where the benches put generated files (git-ignored), and each child's CPU profile with `--profile`. */
export const BENCH_TMP = fileURLToPath(new URL('./tmp/', import.meta.url));
mkdirSync(BENCH_TMP, { recursive: true });

/** A target a figure is judged by: a ratio at most/at least `value`, or an absolute value at most `value`. */
export type Target = { kind: 'ratio-max' | 'ratio-min' | 'max'; value: number };

/** One line of the table and of results.json. */
export interface Figure {
  bench: 'import' | 'read' | 'export' | 'sync' | 'addin' | 'memory' | 'startup';
  /** What was measured, e.g. "import c=8, whole command". */
  case: string;
  measured: number;
  unit: 'ms' | 'MB' | 'requests' | 'requests/s' | 'syncs' | 'bytes' | 'x';
  /** The baseline or ideal measured (or computed) in the same run; null when the figure stands alone. */
  baseline: number | null;
  /** What the baseline is, e.g. "ideal 500×50 ms÷8". */
  baselineLabel: string;
  /** measured ÷ baseline (or baseline ÷ measured for a speed-up: see `note`). */
  ratio: number | null;
  target: Target | null;
  /** true/false when there is a target; null otherwise (information only). */
  pass: boolean | null;
  note?: string;
}

/** Builds a figure; `ratio` defaults to measured ÷ baseline, `pass` follows from the target. */
export function figure(f: Omit<Figure, 'ratio' | 'pass'> & { ratio?: number | null }): Figure {
  const ratio = f.ratio !== undefined ? f.ratio : f.baseline ? f.measured / f.baseline : null;
  return { ...f, ratio, pass: judge(f.target, f.measured, ratio) };
}

function judge(target: Target | null, measured: number, ratio: number | null): boolean | null {
  if (!target) return null;
  if (target.kind === 'max') return measured <= target.value;
  if (ratio === null) return false;
  return target.kind === 'ratio-max' ? ratio <= target.value : ratio >= target.value;
}

/** `≤ 1.25×`, `≥ 6×`, `≤ 400 MB`. */
export function describeTarget(target: Target | null, unit: Figure['unit']): string {
  if (!target) return '';
  if (target.kind === 'max') return `≤ ${formatNumber(target.value)} ${unit}`;
  return `${target.kind === 'ratio-max' ? '≤' : '≥'} ${target.value}×`;
}

/** Milliseconds since an arbitrary origin, monotonic. */
export const now = (): number => performance.now();

/** Runs `work` and returns its result with the wall time it took, in milliseconds. */
export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = now();
  const value = await work();
  return { ms: now() - start, value };
}

/**
 * Runs `once` `repeat` times, one after another (`i` from 0), and returns the run whose `key` is the
 * median (the lower middle for an even count): one noisy run no longer decides a figure.
 */
export async function medianRun<T>(
  repeat: number,
  once: (i: number) => Promise<T>,
  key: (run: T) => number,
): Promise<T> {
  const runs: T[] = [];
  for (let i = 0; i < repeat; i++) runs.push(await once(i));
  const sorted = [...runs].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** The median of some numbers (the middle one, or the mean of the two middle ones). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function formatNumber(n: number): string {
  if (Number.isInteger(n) || Math.abs(n) >= 100) return Math.round(n).toLocaleString('en-AU');
  if (Math.abs(n) >= 10) return n.toFixed(1);
  return n.toFixed(2);
}

/**
 * Peak resident set size of this process so far, in megabytes. On Linux from `VmHWM` in
 * /proc/self/status: `maxRSS` (getrusage) is kept across fork and exec, so a child spawned by a
 * large parent would report at least the parent's size. Elsewhere `maxRSS` (in kilobytes).
 */
export function peakRssMb(): number {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kilobytes = /^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1];
    if (kilobytes) return Number(kilobytes) / 1024;
  } catch {
    // not Linux: fall back to getrusage
  }
  return process.resourceUsage().maxRSS / 1024;
}

/** One HTTP request this process made through the global `fetch`, with its times (ms, {@link now}). */
export interface RecordedRequest {
  method: string;
  path: string;
  start: number;
  /** When the response headers arrived (or the request failed). */
  end: number;
  status: number;
}

/**
 * Records every request made through `globalThis.fetch` until `stop()`: the service client looks
 * `fetch` up at call time (shared/client/options.ts), so wrapping the global sees all its requests.
 */
export function recordRequests(): { requests: RecordedRequest[]; stop(): void } {
  const original = globalThis.fetch;
  const requests: RecordedRequest[] = [];
  globalThis.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const entry: RecordedRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      start: now(),
      end: 0,
      status: 0,
    };
    requests.push(entry);
    try {
      const response = await original(input, init);
      entry.status = response.status;
      return response;
    } finally {
      entry.end = now();
    }
  };
  return { requests, stop: () => void (globalThis.fetch = original) };
}

/** From the first start to the last end of the requests `which` selects (0 when none). */
export function phaseMs(requests: readonly RecordedRequest[], which: (r: RecordedRequest) => boolean): number {
  const chosen = requests.filter(which);
  if (chosen.length === 0) return 0;
  return Math.max(...chosen.map((r) => r.end)) - Math.min(...chosen.map((r) => r.start));
}

/** What a measuring child process reports: its own timing and its peak memory. */
export interface ChildReport {
  /** Wall time of the measured work inside the child (module loading excluded), milliseconds. */
  ms: number;
  /** Peak RSS of the child over its whole life, megabytes. */
  peakMb: number;
  /** Anything else the case reports (row counts, checks). */
  details: Record<string, unknown>;
}

/** Set by run.ts `--profile`: children run with `node --cpu-prof` and write their profile into bench/tmp/profiles. */
export const childOptions = { profile: false };

/**
 * Runs one case of bench/child.ts in a fresh Node process (`node --import tsx`) and returns what it
 * printed as its last line (a {@link ChildReport} as JSON). Rejects with the child's standard error
 * when it fails.
 */
export async function runChild(caseName: string, args: Record<string, unknown>): Promise<ChildReport> {
  const script = fileURLToPath(new URL('./child.ts', import.meta.url));
  const profile = childOptions.profile
    ? [
        '--cpu-prof',
        '--cpu-prof-dir',
        `${BENCH_TMP}profiles`,
        '--cpu-prof-name',
        `${caseName}-${Date.now()}.cpuprofile`,
      ]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', script, caseName, JSON.stringify(args)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`bench case ${caseName} failed (exit ${code}):\n${err.trim()}`);
  const last = out.trim().split('\n').pop() ?? '';
  return JSON.parse(last) as ChildReport;
}

/** Logs progress on standard error (the table goes to standard output). */
export function log(text: string): void {
  process.stderr.write(`${text}\n`);
}
