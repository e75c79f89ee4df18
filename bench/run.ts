/**
 * `npm run bench`: runs the six benchmarks, prints the table on standard output (progress
 * on standard error), and writes bench/results.json. Every figure is a ratio against a baseline or
 * ideal of the same run. Outside the test suite.
 *
 *   npm run bench -- [--only import,read,export,sync,addin,memory,startup] [--repeat N] [--profile] [--write-docs]
 *
 * --repeat N     runs of the read and import cases and of the export paging (median kept); default 3
 * --profile      child processes run with `node --cpu-prof` (profiles in bench/tmp/profiles)
 * --write-docs   also rewrites the table in docs/performance.md (between its bench-table markers)
 * A run of every bench writes bench/results.json; a run with --only writes bench/tmp/results-NAMES.json
 * instead, so that a partial run never replaces the full results.
 * Exit status 0 when every bench ran (targets missed included: they show as FAIL), 1 when one failed
 * to run, 2 for a bad option.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchAddin } from './addin.ts';
import { benchAddinImport } from './addin-import.ts';
import { benchExport } from './export.ts';
import { benchImportAdaptive } from './import-adaptive.ts';
import { benchImport } from './import.ts';
import { benchMemory } from './memory.ts';
import { childOptions, describeTarget, formatNumber, log, now, type Figure } from './measure.ts';
import { benchEInvoiceLimits } from './einvoice-limits.ts';
import { benchReadLimits } from './read-limits.ts';
import { benchRead } from './read.ts';
import { benchStartup } from './startup.ts';
import { benchSync } from './sync.ts';

const BENCHES = ['import', 'read', 'export', 'sync', 'addin', 'memory', 'startup'] as const;
type BenchName = (typeof BENCHES)[number];

const RESULTS_PATH = fileURLToPath(new URL('./results.json', import.meta.url));
const partialResultsPath = (names: readonly string[]) =>
  fileURLToPath(new URL(`./tmp/results-${names.join('-')}.json`, import.meta.url));
const DOCS_PATH = fileURLToPath(new URL('../docs/performance.md', import.meta.url));
const TABLE_START = '<!-- bench-table:start -->';
const TABLE_END = '<!-- bench-table:end -->';

function options() {
  try {
    const { values } = parseArgs({
      options: {
        only: { type: 'string' },
        repeat: { type: 'string', default: '3' },
        profile: { type: 'boolean', default: false },
        'write-docs': { type: 'boolean', default: false },
      },
    });
    const only = values.only ? values.only.split(',').map((s) => s.trim()) : [...BENCHES];
    const unknown = only.filter((b) => !(BENCHES as readonly string[]).includes(b));
    if (unknown.length > 0) throw new Error(`unknown bench ${unknown.join(', ')}: expected ${BENCHES.join(', ')}`);
    const repeat = Number(values.repeat);
    if (!Number.isInteger(repeat) || repeat < 1 || repeat > 20)
      throw new Error(`--repeat expects a whole number from 1 to 20, got ${values.repeat}`);
    return { only: only as BenchName[], repeat, profile: values.profile, writeDocs: values['write-docs'] };
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
}

function unitText(value: number, unit: Figure['unit']): string {
  if (unit === 'bytes') return `${Math.round(value).toLocaleString('en-AU')} B`;
  if (unit === 'x') return `${formatNumber(value)}×`;
  return `${formatNumber(value)} ${unit}`;
}

/** The results as a Markdown table (also readable on a terminal); `notes` adds each figure's note as a last column. */
export function formatTable(figures: readonly Figure[], notes = false): string {
  const head = '| Case | Measured | Baseline / ideal | Ratio | Target | Result |';
  const lines = [
    notes ? `${head} Note |` : head,
    notes ? '|---|---:|---|---:|---|---|---|' : '|---|---:|---|---:|---|---|',
  ];
  for (const f of figures) {
    const baseline = f.baseline === null ? f.baselineLabel : `${unitText(f.baseline, f.unit)} (${f.baselineLabel})`;
    const ratio = f.ratio === null ? '' : `${f.ratio.toFixed(2)}×`;
    const result = f.pass === null ? '—' : f.pass ? 'pass' : '**FAIL**';
    const line = `| ${f.case} | ${unitText(f.measured, f.unit)} | ${baseline} | ${ratio} | ${describeTarget(f.target, f.unit)} | ${result} |`;
    lines.push(notes ? `${line} ${f.note ?? ''} |` : line);
  }
  return lines.join('\n');
}

async function runBench(name: BenchName, repeat: number): Promise<{ figures: Figure[]; details: unknown }> {
  switch (name) {
    case 'import': {
      const { figures, runs } = await benchImport(undefined, repeat);
      const adaptive = await benchImportAdaptive(
        runs.find((r) => r.concurrency === 8),
        repeat,
      );
      return { figures: [...figures, ...adaptive.figures], details: { fixed: runs, adaptive: adaptive.runs } };
    }
    case 'read': {
      const read = await benchRead(repeat);
      const limits = await benchReadLimits();
      const einvoices = await benchEInvoiceLimits();
      return {
        figures: [...read.figures, ...limits.figures, ...einvoices.figures],
        details: { ...read.details, hostileFiles: limits.runs, hostileEInvoices: einvoices.runs },
      };
    }
    case 'export':
      return benchExport(repeat);
    case 'sync':
      return benchSync();
    case 'memory': {
      const { figures, runs } = await benchMemory(
        process.env.BENCH_MEMORY_LINES ? Number(process.env.BENCH_MEMORY_LINES) : undefined,
      );
      return { figures, details: { runs } };
    }
    case 'startup':
      return benchStartup();
    case 'addin': {
      const write = await benchAddin();
      const pane = await benchAddinImport();
      return {
        figures: [...write.figures, ...pane.figures],
        details: { write: write.details, paneImport: pane.details },
      };
    }
  }
}

async function writeDocs(table: string, stamp: string): Promise<void> {
  const text = await readFile(DOCS_PATH, 'utf8');
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${DOCS_PATH} has no ${TABLE_START} … ${TABLE_END} section`);
  const section = `${TABLE_START}\n${stamp}\n\n${table}\n${TABLE_END}`;
  await writeFile(DOCS_PATH, text.slice(0, start) + section + text.slice(end + TABLE_END.length));
}

const settings = options();
childOptions.profile = settings.profile;
const started = now();
const machine = {
  date: new Date().toISOString(),
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? 'unknown',
  memoryMb: Math.round(totalmem() / 2 ** 20),
  loadAverageAtStart: loadavg().map((l) => Math.round(l * 100) / 100),
};
log(
  `shed-sheets bench: node ${machine.node}, ${machine.cpus} CPUs, load average ${machine.loadAverageAtStart.join(' ')}`,
);
const figures: Figure[] = [];
const details: Record<string, unknown> = {};
const failures: { bench: string; error: string }[] = [];
for (const name of settings.only) {
  const t = now();
  try {
    const result = await runBench(name, settings.repeat);
    figures.push(...result.figures);
    details[name] = result.details;
  } catch (error) {
    failures.push({ bench: name, error: (error as Error).stack ?? String(error) });
    log(`bench ${name} failed: ${(error as Error).message}`);
  }
  log(`bench ${name}: ${((now() - t) / 1000).toFixed(1)} s`);
}
const totalSeconds = (now() - started) / 1000;
const table = formatTable(figures);
process.stdout.write(`\n${table}\n\n`);
const summary = `${figures.filter((f) => f.pass === true).length} passed, ${figures.filter((f) => f.pass === false).length} missed, in ${totalSeconds.toFixed(0)} s`;
process.stdout.write(
  `${summary}${failures.length ? `; ${failures.length} bench(es) failed to run: ${failures.map((f) => f.bench).join(', ')}` : ''}\n`,
);
const results = {
  ...machine,
  loadAverageAtEnd: loadavg().map((l) => Math.round(l * 100) / 100),
  totalSeconds,
  options: settings,
  figures,
  failures,
  details,
};
const resultsPath = settings.only.length === BENCHES.length ? RESULTS_PATH : partialResultsPath(settings.only);
await writeFile(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
log(`results written to ${resultsPath}`);
if (settings.writeDocs && resultsPath !== RESULTS_PATH) {
  log('--write-docs needs a run of every bench: docs/performance.md left as it was');
} else if (settings.writeDocs) {
  const stamp = `Measured ${machine.date.slice(0, 10)} on ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, load average ${machine.loadAverageAtStart.join(' ')} at start (\`npm run bench\`, ${totalSeconds.toFixed(0)} s).`;
  await writeDocs(formatTable(figures, true), stamp);
  log(`table written to ${DOCS_PATH}`);
}
process.exit(failures.length > 0 ? 1 : 0);
