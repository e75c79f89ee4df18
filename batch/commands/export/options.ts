/**
 * The options of `shed export DATASET` (PRODUCT.md, "Export options"), checked before anything is
 * fetched: every bad value is a {@link UsageError} (exit status 2) saying what was expected.
 */
import { PAGE_CONCURRENCY } from '../../../shared/client/concurrency.ts';
import { extname, resolve } from 'node:path';
import { UsageError } from '../../../shared/errors/usage-error.ts';
import {
  DATASETS,
  DATED_DATASETS,
  DEFAULT_TOLERANCE_PERCENT,
  type DatasetName,
  type DateRange,
} from '../../../shared/export/index.ts';
import { Timestamp } from '../../../shared/schemas/common.ts';
import {
  DEFAULT_TIME_ZONE,
  assertTimeZone,
  formatLocalDate,
  localMidnightIso,
  parseDateCell,
  timestampToLocalDate,
  type LocalDate,
} from '../../../shared/sheet/values/index.ts';
import type { ConnectionFlags } from '../../config/connection.ts';
import type { CommandIO } from '../../ui/io.ts';

/** Options of `shed export DATASET`, as the CLI passes them (strings as typed). */
export interface ExportOptions extends ConnectionFlags {
  /** movements | ledger | stocktake | receipts | returns | storages | product-aliases | products */
  dataset: string;
  /** `xlsx` or `csv`; default from `out`'s extension, else xlsx. */
  format?: string;
  /** Output file; default `<dataset>-<YYYY-MM-DD>.<format>` in `cwd`. */
  out?: string;
  /** Replace `out` even when an export did not write it (otherwise refused: overwrite.ts). */
  force?: boolean;
  /** First received/returned date (inclusive): `1/7/2025` (day first) or `2025-07-01`. */
  from?: string;
  /** Last received/returned date (inclusive). */
  to?: string;
  /** Only records in this storage (name or id). */
  storage?: string;
  /** Only records changed after this instant: ISO 8601 (`2026-03-01T00:00:00Z`), or a date (its local midnight). */
  since?: string;
  /** The farm's IANA time zone; default Australia/Sydney. */
  timezone?: string;
  /** Ledger: a filled-in stocktake sheet (.xlsx or .csv) to reconcile the closing balances with. */
  stocktake?: string;
  /** Ledger with a stocktake: flag a variance over this percentage of the closing; default 1. */
  tolerance?: string;
  /** CSV: start with a UTF-8 byte-order mark (default true; `--no-bom` sets false). */
  bom?: boolean;
  /** Print a machine-readable summary on standard output. */
  json?: boolean;
  /** Use only the local mirror made by `shed sync` (no request to the service). */
  offline?: boolean;
  /** Folder of mirrors for `offline`; default `defaultMirrorDir()`. */
  dir?: string;
  /** Pages of one list fetched at once; default {@link PAGE_CONCURRENCY}. */
  pageConcurrency?: number;
  io: CommandIO;
  signal?: AbortSignal;
  /** Today's date comes from this clock (default the system clock); for the default file name. */
  now?: () => Date;
  /** Folder of the default output file; default the current directory. */
  cwd?: string;
}

/** What the options mean, checked. */
export interface ExportSettings {
  dataset: DatasetName;
  format: 'xlsx' | 'csv';
  /** Absolute path of the output file. */
  out: string;
  timeZone: string;
  dates: DateRange;
  /** `updated_after` for the records' list (ISO 8601 with a zone), or undefined. */
  since: string | undefined;
  storage: string | undefined;
  /** Ledger: the stocktake file (absolute path), and the tolerance in percent as a decimal string. */
  stocktakeFile?: { path: string; tolerancePercent: string };
  bom: boolean;
  pageConcurrency: number;
}

/**
 * Checks the options a user typed.
 * @throws UsageError: unknown dataset or format, a format that disagrees with `--out`'s
 *   extension, dates that are not dates or `--from` after `--to`, `--since` that is not ISO 8601,
 *   `--from`/`--to`/`--storage` on a dataset without dates and storages, a bad page concurrency.
 * @throws InvalidTimeZoneError (exit 2) for an unknown `--timezone`.
 */
export function checkExportOptions(options: ExportOptions): ExportSettings {
  const dataset = checkDataset(options.dataset);
  const timeZone = assertTimeZone(options.timezone ?? DEFAULT_TIME_ZONE);
  if (!DATED_DATASETS.includes(dataset)) {
    for (const [flag, value] of [
      ['--from', options.from],
      ['--to', options.to],
      ['--storage', options.storage],
    ] as const) {
      if (value !== undefined)
        throw new UsageError(
          `${flag} applies to movements, the ledger, the stocktake sheet, receipts and returns only, not to ${dataset}`,
        );
    }
  }
  if (options.stocktake !== undefined && dataset !== 'ledger')
    throw new UsageError(`--stocktake applies to the ledger only, not to ${dataset}`);
  if (dataset === 'stocktake' && options.from !== undefined) {
    throw new UsageError(
      '--from does not apply to a stocktake sheet: it expects the stock at --to, from every record before',
    );
  }
  if ((dataset === 'ledger' || dataset === 'stocktake') && options.since !== undefined) {
    throw new UsageError(
      '--since does not apply to the ledger: its opening balances need every record; give the period with --from and --to',
    );
  }
  const from = options.from === undefined ? null : checkDate('--from', options.from);
  const to = options.to === undefined ? null : checkDate('--to', options.to);
  if (from && to && formatLocalDate(from) > formatLocalDate(to)) {
    throw new UsageError(`--from ${formatLocalDate(from)} is after --to ${formatLocalDate(to)}: swap them`);
  }
  const format = checkFormat(options.format, options.out);
  const today = formatLocalDate(timestampToLocalDate((options.now?.() ?? new Date()).toISOString(), timeZone));
  const out = resolve(options.cwd ?? process.cwd(), options.out ?? `${dataset}-${today}.${format}`);
  const pageConcurrency = options.pageConcurrency ?? PAGE_CONCURRENCY;
  if (!Number.isInteger(pageConcurrency) || pageConcurrency < 1 || pageConcurrency > 16) {
    throw new UsageError(
      `Expected the page concurrency to be a whole number from 1 to 16, got ${String(options.pageConcurrency)}`,
    );
  }
  const storage = options.storage?.trim();
  if (options.storage !== undefined && !storage)
    throw new UsageError('--storage is empty: give the storage\'s name, e.g. --storage "Main Chemical Shed"');
  return {
    dataset,
    format,
    out,
    timeZone,
    dates: { from, to },
    since: options.since === undefined ? undefined : checkSince(options.since, timeZone),
    storage,
    ...(options.stocktake === undefined
      ? {}
      : {
          stocktakeFile: {
            path: resolve(options.cwd ?? process.cwd(), options.stocktake),
            tolerancePercent: checkTolerance(options.tolerance),
          },
        }),
    bom: options.bom !== false,
    pageConcurrency,
  };
}

/** `--tolerance`: a percentage from 0 up, as typed (`1`, `2.5`); default {@link DEFAULT_TOLERANCE_PERCENT}. */
function checkTolerance(tolerance: string | undefined): string {
  if (tolerance === undefined) return DEFAULT_TOLERANCE_PERCENT;
  const text = tolerance.trim().replace(/%$/, '');
  if (!/^\d+(\.\d+)?$/.test(text))
    throw new UsageError(`Expected --tolerance to be a percentage from 0 up, such as 1 or 2.5, got '${tolerance}'`);
  return text;
}

function checkDataset(dataset: string): DatasetName {
  const name = String(dataset ?? '')
    .trim()
    .toLowerCase();
  if (!(DATASETS as readonly string[]).includes(name)) {
    throw new UsageError(`Unknown dataset '${dataset}': expected one of ${DATASETS.join(', ')}`);
  }
  return name as DatasetName;
}

function checkFormat(format: string | undefined, out: string | undefined): 'xlsx' | 'csv' {
  const fromExtension = out === undefined ? undefined : extname(out).slice(1).toLowerCase();
  if (format !== undefined) {
    const wanted = format.trim().toLowerCase();
    if (wanted !== 'xlsx' && wanted !== 'csv') throw new UsageError(`Unknown format '${format}': expected xlsx or csv`);
    if (fromExtension && fromExtension !== wanted) {
      throw new UsageError(
        `--format ${wanted} disagrees with --out ${out} (a .${fromExtension} file): name the file .${wanted}, or drop --format`,
      );
    }
    return wanted;
  }
  if (fromExtension === undefined || fromExtension === 'xlsx' || fromExtension === 'csv')
    return (fromExtension as 'xlsx' | 'csv' | undefined) ?? 'xlsx';
  throw new UsageError(
    `Cannot tell the format from --out ${out}: name the file .xlsx or .csv, or give --format xlsx|csv`,
  );
}

function checkDate(flag: string, text: string): LocalDate {
  const parsed = parseDateCell(text, 'DMY');
  if (!parsed.ok)
    throw new UsageError(`Expected ${flag} to be a date such as 1/7/2025 (day first) or 2025-07-01: ${parsed.reason}`);
  return parsed.value;
}

/** `--since`: an ISO 8601 instant with a zone, or a plain date taken as its midnight in the farm's zone. */
function checkSince(text: string, timeZone: string): string {
  const value = text.trim();
  if (Timestamp.safeParse(value).success) return value;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const date = parseDateCell(value, 'YMD');
    if (date.ok) return localMidnightIso(date.value, timeZone);
  }
  throw new UsageError(
    `Expected --since to be an ISO 8601 time such as 2026-03-01T00:00:00Z (or a date, 2026-03-01), got '${text}'`,
  );
}
