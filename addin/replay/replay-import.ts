/**
 * The task pane's own import, headless: the pane's controllers (Connect, then Import) and its
 * office-js adapter (ExcelWorkbook) run over a real .xlsx opened as Excel (XlsxExcel), against a
 * service; the workbook is then saved as the pane would leave it (result columns, marks, settings).
 * `npm run addin:replay` is its command line (replay-cli.ts); the parity test compares what it sends
 * with what the CLI sends. Node-only: never part of the task pane bundle.
 */
import { ShedError } from '../../shared/errors/shed-error.ts';
import { rowOutcomes, type RowOutcome } from '../../shared/import/import-sheet.ts';
import type { ImportKind } from '../../shared/kinds/index.ts';
import type { RecipePort } from '../../shared/import/ports.ts';
import type { DateOrder } from '../../shared/sheet/values/index.ts';
import { exitStatusFor, EXIT } from '../../batch/cli/exit-status.ts';
import { ConnectController } from '../app/connect.ts';
import { ImportController, type ImportState } from '../app/import.ts';
import { memoryTokenStore } from '../app/token-store.ts';
import { ExcelWorkbook } from '../excel/excel-workbook.ts';
import { XlsxExcel } from './xlsx-excel.ts';

/** Options of one replay (the command line's flags). */
export interface ReplayOptions {
  /** The .xlsx workbook to import from. */
  file: string;
  baseUrl: string;
  token: string;
  /** Organisation id or name; needed only when the token sees several. */
  org?: string;
  /** Sheet to import (default: the workbook's active sheet, as the pane opens on it). */
  sheet?: string;
  kind?: ImportKind;
  dateOrder?: DateOrder;
  timeZone?: string;
  pricesIncludeGst?: boolean;
  includeHidden?: boolean;
  allowDuplicates?: boolean;
  /** Validate (the pane's dry run) instead of Import. */
  dryRun?: boolean;
  /** Where the workbook is saved as the pane left it; default none. */
  out?: string;
  /** Least time between two results writes during the run, milliseconds (the pane's default: 1,000). */
  resultsEveryMs?: number;
  /** ExcelApi version the host reports (default 1.20: notes, undo groups). */
  excelApi?: string;
  /** The supplier recipes the pane keeps (addin/app/recipe-store.ts); default none. */
  recipes?: RecipePort;
}

/** What the pane showed at the end, and the exit status the CLI would give the same outcome. */
export interface ReplayOutcome {
  status: ImportState['status'];
  problems: string[];
  warnings: string[];
  /** Rows by status, when the run got as far as sending. */
  rows: Record<string, number> | null;
  /** Each row's status and problem codes (the core's {@link rowOutcomes}), when the run got as far as sending. */
  rowOutcomes: RowOutcome[] | null;
  /** 0 all rows done; 1 some refused or unplaced; 2 usage or unreadable input; 3 connection, authentication or entitlement. */
  exitCode: number;
  /** The workbook as saved, or null. */
  out: string | null;
}

/** The token sees several organisations and none was named. */
export class ReplayUsageError extends ShedError {
  constructor(message: string) {
    super('replay_usage', 'usage', message);
  }
}

/**
 * Replays the pane's import of `options.file`. Never prints; the outcome says what the pane showed.
 * @throws ReplayUsageError for a token that sees several organisations and no `org`; the reader's
 *   errors when the file is not a workbook exceljs reads.
 */
export async function replayImport(options: ReplayOptions): Promise<ReplayOutcome> {
  const xlsx = await XlsxExcel.open(options.file);
  const version = options.excelApi ?? '1.20';
  const requirements = {
    isSetSupported: (name: string, min?: string) => name === 'ExcelApi' && atMost(min ?? '1.1', version),
  };
  const workbook = new ExcelWorkbook({ excel: xlsx.host, requirements });
  const connect = new ConnectController({ workbook, tokens: memoryTokenStore() });
  await connect.connect(options.baseUrl, options.token);
  if (options.org) await connect.selectOrganisation(options.org);
  const connected = connect.store.get();
  if (!connected.session) {
    const several = connected.organisations.length > 1 && !options.org;
    if (several)
      throw new ReplayUsageError(
        `The token sees ${connected.organisations.length} organisations: name one with --org.`,
      );
    return {
      status: connected.status,
      problems: [],
      warnings: [],
      rows: null,
      rowOutcomes: null,
      exitCode: EXIT.connection,
      out: null,
    };
  }
  const importer = new ImportController({
    workbook,
    session: () => connect.session(),
    resultsEveryMs: options.resultsEveryMs ?? 1_000,
    ...(options.recipes ? { recipes: options.recipes } : {}),
  });
  await importer.refresh();
  if (options.sheet) await importer.setSheet(options.sheet);
  if (options.kind && options.kind !== importer.store.get().kind) await importer.setKind(options.kind);
  if (options.dateOrder) await importer.setDateOrder(options.dateOrder);
  if (options.timeZone) await importer.setTimeZone(options.timeZone);
  if (options.pricesIncludeGst !== undefined) importer.setPricesIncludeGst(options.pricesIncludeGst);
  importer.setIncludeHidden(Boolean(options.includeHidden));
  importer.setAllowDuplicates(Boolean(options.allowDuplicates));
  await (options.dryRun ? importer.validate() : importer.start());
  const state = importer.store.get();
  const { report, failure } = importer.lastRun;
  if (options.out) await xlsx.save(options.out);
  return {
    status: state.status,
    problems: state.problems,
    warnings: state.warnings,
    rows: report ? { ...report.rows } : null,
    rowOutcomes: report ? rowOutcomes(report) : null,
    exitCode: exitCodeOf(report?.refused ?? null, failure, state),
    out: options.out ?? null,
  };
}

/** The CLI's exit status for the pane's outcome: the error's category, else refused rows. */
function exitCodeOf(refused: number | null, failure: unknown, state: ImportState): number {
  if (failure) return exitStatusFor(failure);
  if (refused === null) return state.status?.tone === 'error' ? EXIT.usage : EXIT.ok;
  return refused > 0 ? EXIT.someRefused : EXIT.ok;
}

/** Whether requirement-set version `min` is at most `version` (`1.9` < `1.20`). */
function atMost(min: string, version: string): boolean {
  const [a = 0, b = 0] = min.split('.').map(Number);
  const [c = 0, d = 0] = version.split('.').map(Number);
  return a < c || (a === c && b <= d);
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../../shared/errors/shed-error.ts' {
  interface ErrorCodes {
    ReplayUsageError: 'replay_usage';
  }
}
