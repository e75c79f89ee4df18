/**
 * Bench 1b, adaptive concurrency: imports without `--concurrency`, so the requests in flight follow
 * the service (shared/client/adaptive-limit.ts).
 * - Against a sandbox that allows 8 requests a second (429 with Retry-After: 1 beyond): the creates
 *   answered per second in the send phase against the limit (goal ≥ 90%), and the share of requests
 *   answered 429 (goal ≤ 5%).
 * - Against the same sandbox as bench 1 with no limit: the whole command against the fixed c=8 run
 *   of bench 1 (goal: no slower).
 * - The same import against the same sandbox with faults, not overload: 20% of answers a plain 500
 *   (issue 23's case): creates per second against the run without faults (goal ≥ 60%: faults are
 *   retried, they do not starve the limit); and 20% of answers a 500 or a 503, every other 503 with
 *   Retry-After: 1, shown without a goal: each Retry-After is waited for (gaps row 18), so a run of
 *   under two seconds ends with retries that wait one, two or three seconds (its last seconds start
 *   a few requests each), and its ratio measures that tail more than the limit.
 */
import { join } from 'node:path';
import type { ImportSummary } from '../batch/commands/import/index.ts';
import type { FaultOptions } from '../sandbox/index.ts';
import { IMPORT_INVOICES, IMPORT_LINES, LATENCY_MS, measureImport, type ImportRun } from './import.ts';
import { BENCH_TMP, figure, log, medianRun, phaseMs, type Figure } from './measure.ts';
import { writeInvoicesXlsx } from './workbooks.ts';

/** The sandbox's rate limit for the first case, requests per second. */
export const RATE_LIMIT = 8;
/** Invoices of the rate-limited case: enough for many seconds at the limit. */
const LIMITED_INVOICES = 160;
/** The faulty sandbox: one answer in five a failure, no rate limit. */
const FAULTS: FaultOptions = { latencyMs: LATENCY_MS, failureRate: 0.2, seed: 7 };
/** The issue's own case: 20% of answers a plain 500 (no 503, no Retry-After to honour). */
const PLAIN_500S: FaultOptions = { ...FAULTS, failureKind: '500' };

/** What one adaptive import took. */
export interface AdaptiveRun {
  wholeMs: number;
  sendMs: number;
  creates: number;
  requests: number;
  tooMany: number;
  concurrency: ImportSummary['concurrency'];
  /** Requests started in each second of the run, and how many of them were answered 429. */
  perSecond: { started: number; tooMany: number }[];
}

async function adaptiveOnce(file: string, invoices: number, faults: FaultOptions, name: string): Promise<AdaptiveRun> {
  const { summary, ms, requests } = await measureImport(`adaptive-${name}`, file, invoices, faults);
  const creates = requests.filter((r) => r.method === 'POST' && r.path.endsWith('/receipts') && r.status === 201);
  return {
    wholeMs: ms,
    sendMs: phaseMs(creates, () => true),
    creates: creates.length,
    requests: requests.length,
    tooMany: requests.filter((r) => r.status === 429).length,
    concurrency: summary.concurrency,
    perSecond: histogram(requests),
  };
}

/**
 * Runs bench 1b; `fixedEight` is bench 1's c=8 run on the same workbook and sandbox latency. Each
 * case runs `repeat` times and keeps its median run (by send phase): under random faults one run's
 * figure swings by a fifth either way.
 */
export async function benchImportAdaptive(
  fixedEight: ImportRun | undefined,
  repeat = 1,
): Promise<{ figures: Figure[]; runs: AdaptiveRun[] }> {
  const medianOf = (file: string, invoices: number, faults: FaultOptions, name: string) =>
    medianRun(
      repeat,
      () => adaptiveOnce(file, invoices, faults, name),
      (run) => run.sendMs,
    );
  const limitedFile = join(BENCH_TMP, 'import-adaptive-limited.xlsx');
  await writeInvoicesXlsx(limitedFile, LIMITED_INVOICES, 1, 'ADL');
  log(`import: ${LIMITED_INVOICES} invoices, adaptive, against a sandbox allowing ${RATE_LIMIT} requests/s…`);
  const limited = await medianOf(
    limitedFile,
    LIMITED_INVOICES,
    { latencyMs: LATENCY_MS, rateLimit: { requestsPerSecond: RATE_LIMIT, retryAfterSeconds: 1 } },
    'limited',
  );
  const file = join(BENCH_TMP, 'import-invoices.xlsx');
  await writeInvoicesXlsx(file, IMPORT_INVOICES, IMPORT_LINES, 'IMP');
  log(`import: ${IMPORT_INVOICES} invoices × ${IMPORT_LINES} lines, adaptive, no rate limit…`);
  const open = await medianOf(file, IMPORT_INVOICES, { latencyMs: LATENCY_MS }, 'open');
  log(`import: ${IMPORT_INVOICES} invoices × ${IMPORT_LINES} lines, adaptive, 20% of answers failing…`);
  const faulty = await medianOf(file, IMPORT_INVOICES, FAULTS, 'faulty');
  log(`import: ${IMPORT_INVOICES} invoices × ${IMPORT_LINES} lines, adaptive, 20% of answers a plain 500…`);
  const plain = await medianOf(file, IMPORT_INVOICES, PLAIN_500S, 'plain-500s');
  const perSecond = (limited.creates / limited.sendMs) * 1000;
  const said = (run: AdaptiveRun) =>
    `concurrency up to ${run.concurrency.reached}, pushed back ${run.concurrency.pushedBack}×, paced to ${run.concurrency.pacedTo ?? '—'}/s`;
  const figures: Figure[] = [
    figure({
      bench: 'import',
      case: `import adaptive, rate limit ${RATE_LIMIT}/s: creates per second`,
      measured: Math.round(perSecond * 100) / 100,
      unit: 'requests/s',
      baseline: RATE_LIMIT,
      baselineLabel: `the limit, ${RATE_LIMIT} requests/s`,
      ratio: perSecond / RATE_LIMIT,
      target: { kind: 'ratio-min', value: 0.9 },
      note: `${limited.creates} creates in ${Math.round(limited.sendMs)} ms; ${said(limited)}`,
    }),
    figure({
      bench: 'import',
      case: `import adaptive, rate limit ${RATE_LIMIT}/s: requests answered 429`,
      measured: limited.tooMany,
      unit: 'requests',
      baseline: limited.requests,
      baselineLabel: 'every request of the run',
      ratio: limited.tooMany / limited.requests,
      target: { kind: 'ratio-max', value: 0.05 },
      note: `${limited.tooMany} of ${limited.requests} requests`,
    }),
  ];
  figures.push(
    faultFigure(
      'import adaptive, 20% failures: creates per second',
      faulty,
      open,
      'half 500s, a quarter 503s, a quarter 503s with Retry-After: 1 (honoured: no goal, the waits are asked for)',
      null,
    ),
    faultFigure('import adaptive, 20% random 500s: creates per second', plain, open, 'plain 500s'),
  );
  if (fixedEight) {
    figures.push(
      figure({
        bench: 'import',
        case: 'import adaptive, no limit: whole command against fixed c=8',
        measured: open.wholeMs,
        unit: 'ms',
        baseline: fixedEight.wholeMs,
        baselineLabel: 'bench 1, c=8 whole command',
        target: { kind: 'ratio-max', value: 1 },
        note: said(open),
      }),
    );
  }
  return { figures, runs: [limited, open, faulty, plain] };
}

/** Creates per second of a run under faults, against the same import without them (target 0.6 of it, unless `goal` says otherwise). */
function faultFigure(
  name: string,
  run: AdaptiveRun,
  open: AdaptiveRun,
  faults: string,
  goal: number | null = 0.6,
): Figure {
  const createsPerSecond = (r: AdaptiveRun) => (r.creates / r.sendMs) * 1000;
  return figure({
    bench: 'import',
    case: name,
    measured: Math.round(createsPerSecond(run) * 100) / 100,
    unit: 'requests/s',
    baseline: Math.round(createsPerSecond(open) * 100) / 100,
    baselineLabel: 'the same import without faults',
    ratio: createsPerSecond(run) / createsPerSecond(open),
    target: goal === null ? null : { kind: 'ratio-min', value: goal },
    note: `${run.creates} creates in ${Math.round(run.sendMs)} ms, whole ${Math.round(run.wholeMs)} ms; ${faults}; concurrency up to ${run.concurrency.reached}, pushed back ${run.concurrency.pushedBack}×`,
  });
}

function histogram(requests: readonly { start: number; status: number }[]): AdaptiveRun['perSecond'] {
  const first = Math.min(...requests.map((r) => r.start));
  const seconds: AdaptiveRun['perSecond'] = [];
  for (const r of requests) {
    const bucket = (seconds[Math.floor((r.start - first) / 1000)] ??= { started: 0, tooMany: 0 });
    bucket.started += 1;
    if (r.status === 429) bucket.tooMany += 1;
  }
  return Array.from(seconds, (s) => s ?? { started: 0, tooMany: 0 });
}
