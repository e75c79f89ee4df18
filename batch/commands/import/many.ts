/**
 * `shed import receipts|returns FILE... [--sheet NAME]... [--all-sheets]`: one import run per file
 * and sheet, each with its own results file and journal (`NAME.SHEET.results.xlsx` when sheets are
 * named), so `undo` takes back exactly one run and no run's results overwrite another's. With
 * `--all-sheets`, a sheet that does not map (a notes or totals sheet) is skipped and the skip said.
 */
import { ShedError } from '../../../shared/errors/shed-error.ts';
import { EXIT } from '../../cli/exit-status.ts';
import { cliErrorMessage } from '../../cli/remedy-wording.ts';
import { readGrid } from '../../read/index.ts';
import { readSheetHeads } from '../../read/sheet-heads.ts';
import type { ImportKind } from '../../../shared/kinds/index.ts';
import { MappingError } from '../../../shared/sheet/mapping-error.ts';
import { HEADER_SEARCH_ROWS, withOtherSheets } from '../../../shared/sheet/other-sheets.ts';
import type { CommandIO } from '../../ui/io.ts';
import { importCommand, type ImportOptions, type ImportSummary } from './index.ts';
import { UsageError } from '../../../shared/errors/usage-error.ts';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isEInvoiceFile } from './einvoice.ts';

/** Options of a run over several files or sheets: those of one import, less its file and sheet. */
export interface ImportManyOptions extends Omit<ImportOptions, 'file' | 'sheet'> {
  files: string[];
  /** Sheets to import from each workbook (default: the first with data). */
  sheets?: string[];
  /** Import every sheet of each workbook (those that do not map are skipped, and said). */
  allSheets?: boolean;
}

/** What a run over several files or sheets did: each run's summary, the skips and refusals, one exit status. */
export interface ImportManySummary {
  runs: ImportSummary[];
  /** File and sheet not imported, and why (a sheet that does not map, a file that cannot be read). */
  notImported: { file: string; sheet: string | null; reason: string; exitCode: number }[];
  exitCode: number;
}

/**
 * Runs {@link importCommand} for each file and sheet asked for. One file and at most one sheet is
 * exactly `importCommand`. Connection and authentication failures stop every run (exit 3); a file
 * or sheet that cannot be read or mapped is said and the others go on (exit 2 for it, unless it was
 * only skipped by `--all-sheets`).
 * @throws UsageError for `--results` with several runs, or `--sheet` with `--all-sheets`.
 */
export async function importManyCommand(options: ImportManyOptions): Promise<ImportManySummary> {
  const { sheets = [], allSheets = false, ...rest } = options;
  const files = await withFolderEInvoices(options.files);
  if (allSheets && sheets.length > 0) throw new UsageError('Pass `--sheet` or `--all-sheets`, not both');
  if (files.length === 1 && !allSheets && sheets.length <= 1) {
    const file = files[0]!;
    const summary = await importCommand({ ...rest, file, ...(sheets[0] ? { sheet: sheets[0] } : {}) }).catch(
      async (error: unknown) => {
        throw await withSheetHint(error, file, rest.kind, sheets[0] ?? null);
      },
    );
    return { runs: [summary], notImported: [], exitCode: summary.exitCode };
  }
  if (rest.results)
    throw new UsageError(
      '`--results` names one results file: with several files or sheets each gets its own beside its input',
    );
  if (rest.saveProfile)
    throw new UsageError('`--save-profile` saves the mapping of one sheet: import that sheet alone to save it');

  const runs: ImportSummary[] = [];
  const notImported: ImportManySummary['notImported'] = [];
  const io = collecting(rest.io, Boolean(rest.json));
  for (const file of files) {
    for (const sheet of await sheetsOf(file, sheets, allSheets, notImported)) {
      try {
        runs.push(await importCommand({ ...rest, io, file, ...(sheet ? { sheet } : {}) }));
      } catch (caught) {
        const error = allSheets ? caught : await withSheetHint(caught, file, rest.kind, sheet);
        if (!(error instanceof ShedError) || (error.category !== 'input' && error.category !== 'usage')) throw error;
        const skipped =
          allSheets && (error.code === 'no_header_row' || error.code === 'missing_fields' || error.code === 'no_data');
        notImported.push({ file, sheet, reason: cliErrorMessage(error), exitCode: skipped ? EXIT.ok : EXIT.usage });
      }
    }
  }
  const exitCode = manyExitCode(runs, notImported);
  const summary: ImportManySummary = { runs, notImported, exitCode };
  report(summary, rest.io, Boolean(rest.json));
  return summary;
}

/**
 * Whether a run sent anything to the service: a record created, updated, or sent and failed (its
 * outcome may be a write). A dry run sends nothing.
 */
export function sentAnything(run: Pick<ImportSummary, 'dryRun' | 'records'>): boolean {
  const { created, updated, failed } = run.records;
  return !run.dryRun && created + updated + failed > 0;
}

/**
 * Whether a run's file (or sheet) is in the service as far as this run goes: some record created,
 * updated, found unchanged or already there, or one that would be (dry run). A run whose every
 * record was refused imported nothing.
 */
export function importedAnything(run: Pick<ImportSummary, 'records'>): boolean {
  const r = run.records;
  return r.created + r.updated + r.unchanged + r.duplicate + r['would create'] + r['would update'] > 0;
}

/**
 * The exit status of a run over several files (PRODUCT.md: 2 means nothing was sent): 2 only when no
 * run sent anything (and some file was refused, or none ran); once any record was sent, the worst
 * of the per-file statuses with 2 counted as 1 (some input refused, the rest done).
 */
export function manyExitCode(
  runs: readonly Pick<ImportSummary, 'dryRun' | 'records' | 'exitCode'>[],
  notImported: readonly { exitCode: number }[],
): number {
  const statuses = [runs.length === 0 ? EXIT.usage : EXIT.ok, ...runs.map((r) => r.exitCode)];
  statuses.push(...notImported.map((n) => n.exitCode));
  const worst = Math.max(...statuses);
  if (!runs.some(sentAnything)) return worst;
  return Math.max(...statuses.map((status) => (status === EXIT.usage ? EXIT.someRefused : status)));
}

/**
 * The files to import, a folder given standing for the e-invoices (`.xml` files) in it, by name; a folder
 * holding none is refused.
 * @throws UsageError for a folder without e-invoices.
 */
async function withFolderEInvoices(files: readonly string[]): Promise<string[]> {
  const expanded: string[] = [];
  for (const file of files) {
    const found = await stat(file).catch(() => null);
    if (!found?.isDirectory()) {
      expanded.push(file);
      continue;
    }
    const names = (await readdir(file)).filter(isEInvoiceFile).sort();
    if (names.length === 0)
      throw new UsageError(`The folder ${file} holds no e-invoice (.xml) to import; name the files to import`);
    expanded.push(...names.map((name) => join(file, name)));
  }
  return expanded;
}

/** The sheets to import from one file: all of them, those named, or the default (null). */
async function sheetsOf(
  file: string,
  named: readonly string[],
  all: boolean,
  notImported: ImportManySummary['notImported'],
): Promise<(string | null)[]> {
  if (!all || isEInvoiceFile(file)) return named.length > 0 ? [...named] : [null];
  try {
    return (await readGrid(file)).sheetNames;
  } catch (error) {
    if (!(error instanceof ShedError)) throw error;
    notImported.push({ file, sheet: null, reason: cliErrorMessage(error), exitCode: EXIT.usage });
    return [];
  }
}

/**
 * A missing-column (or no-header-row) refusal of a workbook's sheet, with the other sheets whose header
 * rows have what it lacks (their first rows read once: shared/sheet/other-sheets.ts); any other error,
 * or one for a file whose sheets cannot be looked into, as it was.
 */
async function withSheetHint(error: unknown, file: string, kind: ImportKind, refused: string | null): Promise<unknown> {
  if (!(error instanceof MappingError) || isEInvoiceFile(file)) return error;
  if (error.code !== 'missing_fields' && error.code !== 'no_header_row') return error;
  try {
    const heads = await readSheetHeads(file, HEADER_SEARCH_ROWS);
    return withOtherSheets(error, kind, heads, { source: file, refused: refused ?? '' });
  } catch {
    // Only a hint: the refusal stands as it was when the sheets cannot be looked into.
    return error;
  }
}

/** With `--json`, each run's JSON is kept back so that one document is printed at the end. */
function collecting(io: CommandIO, json: boolean): CommandIO {
  return json ? { ...io, out: () => undefined } : io;
}

function report(summary: ImportManySummary, io: CommandIO, json: boolean): void {
  if (json) {
    io.out(JSON.stringify(summary, null, 2));
    return;
  }
  for (const n of summary.notImported) {
    const what = n.sheet ? `${n.file}, sheet ${n.sheet}` : n.file;
    io.err(`${n.exitCode === EXIT.ok ? 'skipped' : 'NOT IMPORTED'}: ${what}: ${n.reason}`);
  }
  const name = (r: ImportSummary) => `${r.file}${r.sheet ? ` (${r.sheet})` : ''}`;
  const imported = summary.runs.filter(importedAnything);
  const refused = summary.runs.filter((r) => !importedAnything(r));
  const sheets = (n: number) => `${n} sheet${n === 1 ? '' : 's'}`;
  io.err(
    `${sheets(imported.length)} imported${imported.length ? `: ${imported.map(name).join(', ')}` : ''}` +
      (refused.length ? `; ${sheets(refused.length)} with every record refused: ${refused.map(name).join(', ')}` : '') +
      `; ${summary.notImported.length} not imported`,
  );
}
