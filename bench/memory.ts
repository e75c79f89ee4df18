/**
 * Bench 6, memory of a big legitimate import (issue 26, item 2): 300,000 invoice lines × 36
 * columns with shared strings (what an accounting system's export looks like: the 9 columns the
 * import maps and 27 it does not), written once with exceljs's streaming writer and cached in
 * bench/tmp. `shed import receipts` runs as a child process (batch/bin/shed.js, as a user runs it)
 * against the sandbox, under `/usr/bin/time -v` for its peak RSS: a `--dry-run`, and a real run in
 * which every row is invalid (each line's quantity is negative, so nothing is sent and the results
 * file holds 300,000 refusals). Target: peak ≤ 1 GB each, and the run ends with an exit status of
 * its own (never a crash).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { WILLOW_NAME, WILLOW_TOKEN } from './catalogue.ts';
import { BENCH_TMP, figure, log, now, type Figure } from './measure.ts';
import { startSandboxProcess } from './sandbox-process.ts';
import { INVOICE_HEADERS, invoiceLines } from './workbooks.ts';

/** Lines of the big workbook (the default `--max-rows` is 300,000 rows, the header included: one less). */
export const MEMORY_LINES = 299_999;
/** Lines per invoice. */
const LINES_EACH = 5;
/** Peak RSS allowed, MB. */
const PEAK_LIMIT_MB = 1024;
/** The 27 columns the import does not map (an accounting export's own), each from a few values: shared strings. */
const EXTRA_HEADERS = Array.from({ length: 27 }, (_, i) => `Ledger Field ${String(i + 1).padStart(2, '0')}`);
const EXTRA_VALUES = ['GL-4100', 'GL-4200', 'CC-NORTH', 'CC-SOUTH', 'JOB-2291', 'Seasonal', 'Contract', 'Spot'];

/**
 * Writes the big workbook (header + `lines` lines × 36 columns, shared strings) unless it exists.
 * `invalid`: every quantity negative, so every row is refused. Returns the path.
 */
export async function bigInvoicesXlsx(lines: number, invalid: boolean): Promise<string> {
  const path = join(BENCH_TMP, `memory-${lines}${invalid ? '-invalid' : ''}.xlsx`);
  if (existsSync(path)) return path;
  log(`memory: writing ${lines.toLocaleString('en-AU')} lines × 36 columns to ${path}…`);
  const partial = `${path}.part`;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: partial,
    useStyles: true,
    useSharedStrings: true,
  });
  const sheet = workbook.addWorksheet('Invoices');
  sheet.addRow([...INVOICE_HEADERS, ...EXTRA_HEADERS]).commit();
  let written = 0;
  for (const line of invoiceLines(Math.ceil(lines / LINES_EACH), LINES_EACH, 'MEM')) {
    if (written++ >= lines) break;
    if (invalid) line[5] = -line[5];
    const extras = EXTRA_HEADERS.map((_, i) =>
      i % 3 === 2 ? (written * (i + 1)) % 997 : EXTRA_VALUES[(written + i) % 8],
    );
    const row = sheet.addRow([...line, ...extras]);
    if (line[2]) row.getCell(3).numFmt = 'dd/mm/yyyy';
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
  await rename(partial, path);
  return path;
}

/** What one measured `shed import` child came to. */
export interface MemoryRun {
  what: string;
  exitCode: number | null;
  peakMb: number;
  ms: number;
  /** The last lines of its standard error (a crash's, or the summary). */
  tail: string;
}

/**
 * Runs `shed import receipts FILE ARGS` as a child process under `/usr/bin/time -v` and returns its
 * exit status and peak RSS (time's "Maximum resident set size").
 */
export async function runShedImport(what: string, file: string, url: string, args: string[]): Promise<MemoryRun> {
  const shed = fileURLToPath(new URL('../batch/bin/shed.js', import.meta.url));
  const dir = join(BENCH_TMP, `memory-${what.replace(/\W+/g, '-')}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const argv = ['-v', process.execPath, shed, 'import', 'receipts', file, '--base-url', url, '--org', WILLOW_NAME];
  argv.push('--results', join(dir, 'big.results.xlsx'), ...args);
  const env = { ...process.env, SHED_TOKEN: WILLOW_TOKEN, SHED_CONFIG: join(dir, 'no-config.json') };
  const start = now();
  const child = spawn('/usr/bin/time', argv, { stdio: ['ignore', 'ignore', 'pipe'], env });
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-20_000)));
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const ms = now() - start;
  const kb = /Maximum resident set size \(kbytes\): (\d+)/.exec(err)?.[1];
  // A process killed by a signal (V8's out-of-memory abort: 6) shows as 128 + the signal, as a shell says.
  const signal = /Command terminated by signal (\d+)/.exec(err)?.[1];
  const status = signal ? String(128 + Number(signal)) : /Exit status: (\d+)/.exec(err)?.[1];
  const tail = err.slice(0, err.indexOf('\tCommand being timed')).trim().split('\n').slice(-4).join(' | ');
  return { what, exitCode: status ? Number(status) : exitCode, peakMb: Number(kb ?? 0) / 1024, ms, tail };
}

/** Runs bench 6 (a dry run and a real run of every row invalid) and returns its figures. */
export async function benchMemory(lines = MEMORY_LINES): Promise<{ figures: Figure[]; runs: MemoryRun[] }> {
  const file = await bigInvoicesXlsx(lines, true);
  const sizeMb = (await stat(file)).size / 2 ** 20;
  const sandbox = await startSandboxProcess({ kind: 'demo', history: false });
  const runs: MemoryRun[] = [];
  try {
    for (const [what, args] of [
      ['dry run', ['--dry-run']],
      ['real run, every row invalid', []],
    ] as const) {
      log(`memory: shed import ${what} of ${lines.toLocaleString('en-AU')} lines…`);
      const run = await runShedImport(what, file, sandbox.url, [...args]);
      log(
        `memory: ${what}: exit ${run.exitCode}, peak ${Math.round(run.peakMb)} MB, ${Math.round(run.ms)} ms; ${run.tail.slice(0, 300)}`,
      );
      runs.push(run);
    }
  } finally {
    await sandbox.close();
  }
  const figures = runs.map((run) =>
    figure({
      bench: 'memory',
      case: `import ${lines.toLocaleString('en-AU')} lines × 36 columns, ${run.what}: peak memory`,
      measured: run.peakMb,
      unit: 'MB',
      baseline: null,
      baselineLabel: '',
      target: { kind: 'max', value: PEAK_LIMIT_MB },
      note: `${sizeMb.toFixed(1)} MB .xlsx, shared strings; exit ${run.exitCode} in ${Math.round(run.ms).toLocaleString('en-AU')} ms`,
    }),
  );
  // A crash (killed, or V8's out-of-memory abort) is never how a run may end: count it as a miss.
  for (const [i, run] of runs.entries()) if (run.exitCode === null || run.exitCode > 3) figures[i]!.pass = false;
  return { figures, runs };
}
