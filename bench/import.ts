/**
 * Bench 1, import throughput: 500 invoices × 5 lines imported with `importCommand` (the whole CLI
 * path: read, map, connect, load the organisation, plan, send with the journal, write the results
 * file) into a sandbox answering every request after 50 ms, at concurrency 1, 4, 8 and 16, each
 * against a fresh sandbox (demo seed) so no run sees another's receipts as duplicates.
 *
 * Ideal = creates × latency ÷ concurrency (the formula: only the 500 creates count). Two
 * ratios: the whole command against it, and the send phase alone (first create sent to last answer
 * received, from the requests recorded in this process) against it. At c=8 the same creates are
 * also sent bare (fetch and p-limit, nothing else) into a fresh sandbox: the floor of this machine.
 */
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { importCommand, type ImportSummary } from '../batch/commands/import/index.ts';
import type { FaultOptions } from '../sandbox/index.ts';
import pLimit from 'p-limit';
import { memoryIO } from '../batch/ui/io.ts';
import { readGrid } from '../batch/read/index.ts';
import { mapSheet, mapWithNames } from '../shared/import/map-sheet.ts';
import { planReceiptImport } from '../shared/import/receipts/plan.ts';
import { createResolver } from '../shared/resolve/index.ts';
import { WILLOW, WILLOW_NAME, WILLOW_TOKEN, willowReference } from './catalogue.ts';
import {
  BENCH_TMP,
  figure,
  log,
  median,
  medianRun,
  phaseMs,
  recordRequests,
  timed,
  type Figure,
  type RecordedRequest,
} from './measure.ts';
import { startSandboxProcess } from './sandbox-process.ts';
import { writeInvoicesXlsx } from './workbooks.ts';

export const IMPORT_INVOICES = 500;
export const IMPORT_LINES = 5;
export const LATENCY_MS = 50;

/** What one import run took. */
export interface ImportRun {
  concurrency: number;
  wholeMs: number;
  sendMs: number;
  creates: number;
  otherRequests: number;
  created: number;
  /** Median wall time of one create request (latency plus the sandbox's own work and the HTTP hop). */
  medianCreateMs: number;
}

/** One import into a fresh sandbox, as measured: the summary, its wall time and every request recorded. */
export interface MeasuredImport {
  summary: ImportSummary;
  ms: number;
  requests: RecordedRequest[];
}

/**
 * Imports `file` once (fixed `concurrency`, or adaptive when undefined) into a fresh sandbox (demo
 * seed) with `faults`, recording the requests, and checks every one of `invoices` was created once.
 */
export async function measureImport(
  name: string,
  file: string,
  invoices: number,
  faults: FaultOptions,
  concurrency?: number,
): Promise<MeasuredImport> {
  const dir = join(BENCH_TMP, `import-${name}`);
  await rm(dir, { recursive: true, force: true }); // an earlier run's journal would make this one send nothing
  await mkdir(dir, { recursive: true });
  const sandbox = await startSandboxProcess({ kind: 'demo', history: true }, faults);
  const recorder = recordRequests();
  try {
    const { ms, value: summary } = await timed(() =>
      importCommand({
        kind: 'receipts',
        file,
        baseUrl: sandbox.url,
        token: WILLOW_TOKEN,
        org: WILLOW_NAME,
        ...(concurrency === undefined ? {} : { concurrency }),
        results: join(dir, 'invoices.results.xlsx'),
        io: memoryIO({ SHED_CONFIG: join(dir, 'no-config.json') }),
      }),
    );
    const { writes } = await sandbox.stats();
    if (summary.records.created !== invoices || writes !== invoices) {
      throw new Error(`import ${name}: ${summary.records.created} created, ${writes} writes, expected ${invoices}`);
    }
    return { summary, ms, requests: recorder.requests };
  } finally {
    recorder.stop();
    await sandbox.close();
  }
}

/** Imports the workbook once at `concurrency` into a fresh sandbox answering after {@link LATENCY_MS}. */
export async function importOnce(file: string, concurrency: number): Promise<ImportRun> {
  const { summary, ms, requests } = await measureImport(
    `c${concurrency}`,
    file,
    IMPORT_INVOICES,
    { latencyMs: LATENCY_MS },
    concurrency,
  );
  const posts = (r: { method: string; path: string }) => r.method === 'POST' && r.path.endsWith('/receipts');
  const creates = requests.filter(posts).length;
  return {
    concurrency,
    wholeMs: ms,
    sendMs: phaseMs(requests, posts),
    creates,
    otherRequests: requests.length - creates,
    created: summary.records.created,
    medianCreateMs: median(requests.filter(posts).map((r) => r.end - r.start)),
  };
}

/** The ideal with the measured round trip of a create in place of the nominal latency. */
function effective(run: ImportRun): number {
  return (IMPORT_INVOICES * run.medianCreateMs) / run.concurrency;
}

/** What the bare client took to send the same creates (see {@link bareSend}). */
export interface BareSend {
  concurrency: number;
  sendMs: number;
  medianCreateMs: number;
}

/**
 * The floor of the send phase on this machine: the workbook's 500 create bodies (planned as the
 * import plans them) POSTed with bare `fetch`, `concurrency` at a time (p-limit), into a fresh sandbox
 * with the same latency: no journal, no retries, no results. What the sandbox and HTTP on this machine
 * cost per create beyond the nominal latency shows here, so the import's ratios can be read against it.
 */
export async function bareSend(file: string, concurrency: number): Promise<BareSend> {
  const resolver = createResolver(willowReference());
  const grid = await readGrid(file);
  const { mapping } = mapWithNames(grid, mapSheet(grid, 'receipts', undefined), resolver);
  const plan = planReceiptImport(grid, mapping, resolver, { dateOrder: 'DMY', timeZone: 'Australia/Sydney' });
  const bodies = plan.drafts.flatMap((d) => (d.body ? [JSON.stringify(d.body)] : []));
  const sandbox = await startSandboxProcess({ kind: 'demo', history: true }, { latencyMs: LATENCY_MS });
  try {
    const url = `${sandbox.url}/api/shed/organisations/${WILLOW}/receipts`;
    const headers = { authorization: `Bearer ${WILLOW_TOKEN}`, 'content-type': 'application/json' };
    const limit = pLimit(concurrency);
    const times: number[] = [];
    const { ms } = await timed(() =>
      Promise.all(
        bodies.map((body) =>
          limit(async () => {
            const start = performance.now();
            const response = await fetch(url, { method: 'POST', headers, body });
            times.push(performance.now() - start);
            if (response.status !== 201) throw new Error(`bare send: ${response.status} ${await response.text()}`);
            await response.arrayBuffer();
          }),
        ),
      ),
    );
    if (bodies.length !== IMPORT_INVOICES) throw new Error(`bare send: ${bodies.length} bodies planned`);
    return { concurrency, sendMs: ms, medianCreateMs: median(times) };
  } finally {
    await sandbox.close();
  }
}

/** Runs bench 1 and returns its figures. */
export async function benchImport(
  levels: readonly number[] = [1, 4, 8, 16],
  repeat = 1,
): Promise<{ figures: Figure[]; runs: ImportRun[] }> {
  const file = join(BENCH_TMP, 'import-invoices.xlsx');
  await writeInvoicesXlsx(file, IMPORT_INVOICES, IMPORT_LINES, 'IMP');
  const runs: ImportRun[] = [];
  for (const concurrency of levels) {
    log(`import: ${IMPORT_INVOICES} invoices × ${IMPORT_LINES} lines at concurrency ${concurrency}, ${repeat}×…`);
    runs.push(
      await medianRun(
        repeat,
        () => importOnce(file, concurrency),
        (run) => run.wholeMs,
      ),
    );
  }
  const figures: Figure[] = [];
  for (const run of runs) {
    const ideal = (IMPORT_INVOICES * LATENCY_MS) / run.concurrency;
    const label = `ideal ${IMPORT_INVOICES}×${LATENCY_MS} ms÷${run.concurrency}`;
    figures.push(
      figure({
        bench: 'import',
        case: `import c=${run.concurrency}: whole command`,
        measured: run.wholeMs,
        unit: 'ms',
        baseline: ideal,
        baselineLabel: label,
        target: run.concurrency === 8 ? { kind: 'ratio-max', value: 1.2 } : null,
        note: `${run.creates} creates + ${run.otherRequests} other requests (organisations, lists)`,
      }),
      figure({
        bench: 'import',
        case: `import c=${run.concurrency}: send phase`,
        measured: run.sendMs,
        unit: 'ms',
        baseline: ideal,
        baselineLabel: label,
        target: run.concurrency === 8 ? { kind: 'ratio-max', value: 1.25 } : null,
        note: `first create sent to last answered; at the measured create round trip (median ${run.medianCreateMs.toFixed(1)} ms) the ideal is ${Math.round(effective(run)).toLocaleString('en-AU')} ms, ratio ${(run.sendMs / effective(run)).toFixed(2)}`,
      }),
    );
  }
  const one = runs.find((r) => r.concurrency === 1);
  const eight = runs.find((r) => r.concurrency === 8);
  if (eight) figures.push(await bareFigure(file, eight, repeat));
  if (one && eight) {
    figures.push(
      figure({
        bench: 'import',
        case: 'import c=8 speed-up over c=1 (whole command)',
        measured: eight.wholeMs,
        unit: 'ms',
        baseline: one.wholeMs,
        baselineLabel: 'c=1 whole command',
        ratio: one.wholeMs / eight.wholeMs,
        target: { kind: 'ratio-min', value: 6.5 },
        note: 'ratio = c=1 time ÷ c=8 time',
      }),
    );
  }
  return { figures, runs };
}

/** The c=8 creates sent bare ({@link bareSend}, median of `repeat`), against the ideal and the import's run. */
async function bareFigure(file: string, eight: ImportRun, repeat: number): Promise<Figure> {
  log(`import: the same ${IMPORT_INVOICES} creates sent bare (fetch, p-limit 8), ${repeat}×…`);
  const bare = await medianRun(
    repeat,
    () => bareSend(file, 8),
    (run) => run.sendMs,
  );
  return figure({
    bench: 'import',
    case: 'import c=8: the same creates sent bare (the floor of this machine)',
    measured: bare.sendMs,
    unit: 'ms',
    baseline: (IMPORT_INVOICES * LATENCY_MS) / 8,
    baselineLabel: `ideal ${IMPORT_INVOICES}×${LATENCY_MS} ms÷8`,
    target: null,
    note: `bare fetch, 8 at a time, no journal or results (median create ${bare.medianCreateMs.toFixed(1)} ms); the whole command is ${(eight.wholeMs / bare.sendMs).toFixed(2)}× this, its send phase ${(eight.sendMs / bare.sendMs).toFixed(2)}×`,
  });
}
