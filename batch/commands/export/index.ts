/**
 * `shed export DATASET` (PRODUCT.md job 4, "Export for audits"): fetches the organisation's
 * records with consistent paging, shapes the dataset, writes .xlsx or .csv, and prints a summary.
 */
import { refuseToReplaceOwnFile } from './overwrite.ts';
import { formatLocalDate } from '../../../shared/sheet/values/index.ts';
import { EXIT } from '../../cli/exit-status.ts';
import { openSession } from '../../session/open-session.ts';
import { createProgress } from '../../ui/progress.ts';
import {
  fetchExport,
  shapeExport,
  UnknownStorageError,
  type ExportQuery,
  type ListReport,
} from '../../../shared/export/fetch.ts';
import { TOOL_VERSION } from '../../cli/version.ts';
import { defaultMirrorDir, findMirror } from '../../mirror/index.ts';
import { sealLedger, timestampMicros } from '../../../shared/export/index.ts';
import { localTimeText } from '../../../shared/sheet/values/index.ts';
import { checkExportOptions, type ExportOptions, type ExportSettings } from './options.ts';
import { writeExport } from './write.ts';
import { IN_MEMORY_RECORDS, fileRecordStore } from './file-record-store.ts';
import { tmpdir } from 'node:os';
import { isAbsolute, relative } from 'node:path';
import type { Versioned } from '../../../shared/export/paging/record-store.ts';
import { nodeSha256Lines } from '../../write/digest.ts';
import { userLocale } from '../../config/locale.ts';

export { checkExportOptions, type ExportOptions, type ExportSettings } from './options.ts';
export type { ListReport } from '../../../shared/export/fetch.ts';

/** What an export did, as printed by `--json`. */
export interface ExportSummary {
  dataset: string;
  format: 'xlsx' | 'csv';
  /** Absolute path of the file written. */
  file: string;
  organisation: { id: string; name: string };
  /** Data rows of the first sheet (the dataset itself). */
  rows: number;
  /** Every sheet written with its data rows (CSV: the first sheet only). */
  sheets: { name: string; rows: number }[];
  filters: { from: string | null; to: string | null; storage: string | null; since: string | null; timeZone: string };
  /** How each list was read (consistent paging: passes, cursor walk, changes noticed, deleted records dropped). */
  lists: ListReport[];
  exitCode: number;
}

/**
 * Runs the export. Progress (pages read) on standard error when it is a terminal; a one-line summary
 * on standard error at the end, or the {@link ExportSummary} as JSON on standard output with `json`.
 * @returns the summary (`exitCode` 0).
 * @throws UsageError (among others: `out` is a file no export wrote and `force` is not given, overwrite.ts)
 *   / InvalidTimeZoneError / ConfigError / WriteError `output_not_writable` (exit 2); AuthenticationError, EntitlementError, NetworkError and the other connection errors (exit 3).
 */
export async function exportCommand(options: ExportOptions): Promise<ExportSummary> {
  const settings = checkExportOptions(options);
  await refuseToReplaceOwnFile(settings.out, settings.format, options.force === true);
  const { io } = options;
  const locale = await userLocale(options.locale, io.env);
  // The stocktake is read first: a file that cannot be read stops the export before any request.
  const stocktake = settings.stocktakeFile ? await readStocktakeFile(settings.stocktakeFile) : undefined;
  // Records read from the service past the first 20,000 wait in a temporary file until their rows
  // are written; SHED_EXPORT_RECORDS_IN_MEMORY sets how many are held (0: all on disk).
  const inMemory = Number(io.env.SHED_EXPORT_RECORDS_IN_MEMORY || IN_MEMORY_RECORDS);
  const recordStore = <T extends Versioned>() =>
    fileRecordStore<T>(
      io.env.TMPDIR || tmpdir(),
      Number.isSafeInteger(inMemory) && inMemory >= 0 ? inMemory : IN_MEMORY_RECORDS,
    );
  const query = { ...settings, digestOf: nodeSha256Lines, recordStore, ...(stocktake ? { stocktake } : {}) };
  const { organisation, fetched } = await (
    options.offline ? fromMirror(options, query) : fromService(options, query)
  ).catch(namingTheOption);
  let sheets: Awaited<ReturnType<typeof writeExport>>;
  try {
    sheets = await writeExport(fetched.table, { ...settings, locale });
  } finally {
    fetched.close();
  }
  const summary: ExportSummary = {
    dataset: settings.dataset,
    format: settings.format,
    file: settings.out,
    organisation,
    rows: sheets[0]?.rows ?? 0,
    sheets,
    filters: {
      from: settings.dates.from ? formatLocalDate(settings.dates.from) : null,
      to: settings.dates.to ? formatLocalDate(settings.dates.to) : null,
      storage: fetched.storage?.name ?? null,
      since: settings.since ?? null,
      timeZone: settings.timeZone,
    },
    lists: fetched.lists,
    exitCode: EXIT.ok,
  };
  if (options.json) io.out(JSON.stringify(summary, null, 2));
  else io.err(summaryLine(summary, settings, options.cwd ?? process.cwd()));
  return summary;
}

/** An unknown storage as the CLI says it: named by the option that gave it (`--storage: no storage named …`). */
function namingTheOption(error: unknown): never {
  if (error instanceof UnknownStorageError) throw new UnknownStorageError(`--storage: ${error.message}`);
  throw error;
}

/** The filled-in stocktake sheet as a grid (the reader, SheetJS among it, is loaded only for it). */
async function readStocktakeFile(file: { path: string; tolerancePercent: string }) {
  const { readGrid } = await import('../../read/index.ts');
  return { grid: await readGrid(file.path), tolerancePercent: file.tolerancePercent };
}

/** The export's data from the service, with progress as pages arrive. */
async function fromService(options: ExportOptions, settings: ExportSettings & Pick<ExportQuery, 'stocktake'>) {
  const session = await openSession(options, options.io, { pageConcurrency: settings.pageConcurrency });
  const progress = createProgress(options.io, 'pages');
  try {
    const source = {
      organisationId: session.organisation.id,
      http: session.client.http,
      listDeleted: session.org.listDeleted,
    };
    const about = aboutFor(session.organisation.name, settings, options);
    const fetched = await fetchExport(
      source,
      { ...settings, about },
      (done, known) => progress.update(done, Math.max(done, known)),
      options.signal,
    );
    return { organisation: { id: session.organisation.id, name: session.organisation.name }, fetched };
  } finally {
    progress.stop();
  }
}

/** The export's data from the local mirror of `shed sync` (`--offline`): no request is made. */
async function fromMirror(options: ExportOptions, settings: ExportSettings & Pick<ExportQuery, 'stocktake'>) {
  const mirror = await findMirror(
    options.dir ?? defaultMirrorDir(options.io.env),
    options.org ?? options.io.env.SHED_ORG ?? null,
  );
  const since = settings.since === undefined ? null : timestampMicros(settings.since);
  const changed = <T extends { updated_at?: string }>(records: T[]) =>
    since === null
      ? records
      : records.filter((r) => r.updated_at !== undefined && timestampMicros(r.updated_at) > since);
  const { dataset } = settings;
  const shaped = shapeExport(
    { ...settings, about: aboutFor(mirror.organisationName, settings, options) },
    {
      organisationId: mirror.organisationId,
      storages: dataset === 'storages' ? changed(Object.values(mirror.storages)) : Object.values(mirror.storages),
      productAliases:
        dataset === 'product-aliases'
          ? changed(Object.values(mirror.productAliases))
          : Object.values(mirror.productAliases),
      receipts: changed(Object.values(mirror.receipts)),
      returns: changed(Object.values(mirror.returns)),
      products: Object.values(mirror.products),
    },
  );
  return {
    organisation: { id: mirror.organisationId, name: mirror.organisationName },
    fetched: { ...shaped, table: await sealLedger(shaped.table, nodeSha256Lines), lists: [], close: () => undefined },
  };
}

/** Who made the export and when, for the ledger's About sheet. */
function aboutFor(
  organisation: string,
  settings: ExportSettings,
  options: ExportOptions,
): NonNullable<ExportQuery['about']> {
  const now = options.now?.() ?? new Date();
  return {
    organisation,
    generatedAt: localTimeText(now, settings.timeZone),
    producer: `shed-sheets ${TOOL_VERSION} (shed export)`,
  };
}

/**
 * `Exported 42 movements rows (sheets Movements, Summary) from Willow Creek Pastoral Co (dated 2026-01-01 to 2026-03-31)
 * to out/movements.xlsx`: the filters in brackets after the organisation, then the file, named as the import names its
 * results, relative to `cwd` when it is under it.
 */
function summaryLine(summary: ExportSummary, settings: ExportSettings, cwd: string): string {
  const { filters } = summary;
  const parts = [`Exported ${summary.rows} ${summary.dataset} row${summary.rows === 1 ? '' : 's'}`];
  if (summary.sheets.length > 1) parts.push(` (sheets ${summary.sheets.map((s) => s.name).join(', ')})`);
  parts.push(` from ${summary.organisation.name}`);
  const only: string[] = [];
  if (filters.from || filters.to) only.push(`dated ${filters.from ?? 'any time'} to ${filters.to ?? 'now'}`);
  if (filters.storage) only.push(`storage '${filters.storage}'`);
  if (filters.since) only.push(`changed since ${filters.since}`);
  if (only.length > 0) parts.push(` (${only.join(', ')})`);
  parts.push(` to ${shownPath(summary.file, cwd)}`);
  const changed = summary.lists.filter((l) => l.changes.length > 0 || l.walked);
  if (changed.length > 0)
    parts.push(`; ${changed.map((l) => l.list).join(', ')} changed while being read and were read again`);
  if (settings.format === 'csv' && summary.dataset === 'movements')
    parts.push(' (CSV holds the movements; the Summary sheet is in the .xlsx export)');
  return parts.join('');
}

/** `file` relative to `cwd` when it is under it (`out/movements.xlsx`), else as it is (absolute). */
function shownPath(file: string, cwd: string): string {
  const near = relative(cwd, file);
  return near !== '' && !near.startsWith('..') && !isAbsolute(near) ? near : file;
}
