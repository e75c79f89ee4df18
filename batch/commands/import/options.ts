/**
 * The options of `shed import` as typed: checked before anything is read or sent, and the `--set` values laid
 * over the mapping file.
 */
import { ADAPTIVE_CONCURRENCY } from '../../../shared/client/concurrency.ts';
import { UsageError } from '../../../shared/errors/usage-error.ts';
import type { ImportReport } from '../../../shared/import/import-sheet.ts';
import type { SavedMapping } from '../../../shared/sheet/saved-mapping.ts';
import { gstRateOf } from '../../../shared/sheet/saved-mapping.ts';
import { kindOf, type ImportKind } from '../../../shared/kinds/index.ts';
import { DATE_ORDERS, DEFAULT_TIME_ZONE, type DateOrder } from '../../../shared/sheet/values/index.ts';
import { DEFAULT_LOCALE, defaultDateOrder, type Locale } from '../../../shared/locale/locale.ts';
import type { MemoryGuard } from '../../cli/heap.ts';
import type { ConnectionFlags } from '../../config/connection.ts';
import type { ClientTuning } from '../../session/open-session.ts';
import type { CommandIO } from '../../ui/io.ts';
import type { LoadedEInvoice } from './einvoice.ts';

/** Options of `shed import receipts|returns FILE` (PRODUCT.md, "Import options"). */
export interface ImportOptions extends ConnectionFlags {
  kind: ImportKind;
  file: string;
  sheet?: string;
  /** A saved column mapping (JSON). */
  mapping?: string;
  /** Validate and resolve, send nothing. */
  dryRun?: boolean;
  /** Requests in flight at once, fixed; default adaptive, from {@link ADAPTIVE_CONCURRENCY}. */
  concurrency?: number;
  /** Results file; default beside the input, `NAME.results.xlsx` or `.csv`. */
  results?: string;
  /** Reading of ambiguous dates; default the locale's (en-US MDY, others DMY); given: a column that proves the other order is read this way all the same. */
  dateOrder?: DateOrder;
  /** The sheet's prices include GST: it is taken off each pack cost (gaps row 28). */
  pricesIncludeGst?: boolean;
  /** GST rate in per cent with `pricesIncludeGst`; default 10 (or the mapping file's). */
  gstRate?: number;
  /** Product texts of lines that are not stock (`Freight`): left out (added to the mapping file's `skip_lines`). */
  skipLine?: string[];
  /** Use this saved profile (its mapping) instead of the one whose headers the sheet has. */
  profile?: string;
  /** Save the mapping used as this profile, for sheets with the same headers. */
  saveProfile?: string;
  /** The profiles folder; default beside the config (batch/config/profiles.ts). */
  profilesDir?: string;
  /** The supplier recipes folder; default beside the config (batch/config/recipes.ts). */
  recipesDir?: string;
  /** `FIELD=VALUE`: one value for every row of a field the sheet has no column for (beats the mapping file's `values`). */
  set?: string[];
  /** The farm's IANA time zone for date-only values; default Australia/Sydney. */
  timezone?: string;
  /** Print a machine-readable summary on standard output instead of the human one. */
  json?: boolean;
  /** Rows of one sheet read at most; default the reader's (batch/read/limits.ts). */
  maxRows?: number;
  /** Milliseconds a CSV without a final line end must stay unchanged before it is read; default the reader's (2000). */
  settleMs?: number;
  /** Import rows the workbook hides or filters out too (default: left out, and said). */
  includeHidden?: boolean;
  /**
   * Create an invoice even when the service already holds the same one: the CLI's `--allow-duplicates
   * REASON` gives the reason (kept in the journal with each such create); `true` without one.
   */
  allowDuplicates?: boolean | string;
  /** Update records even when they changed in the service since the sheet's `Updated At`. */
  force?: boolean;
  io: CommandIO;
  signal?: AbortSignal;
  /** The heap guard looked at between rows and records; default `heapGuard(io.env)` (batch/cli/heap.ts). */
  memoryGuard?: MemoryGuard;
  /** Called with the core's report of the run before the summary is printed (tests, embedding). */
  onReport?: (report: ImportReport) => void;
  /** Client timeouts and back-off (tests and benchmarks); the CLI uses the defaults. */
  client?: ClientTuning;
  /** The e-invoice `file` is, once read (set by `importCommand` for an `.xml` file). */
  einvoice?: LoadedEInvoice;
}

/**
 * Checks the options a user typed, before anything is read or sent. Without `--date-order`, ambiguous
 * dates read in `locale`'s order (shared/locale defaultDateOrder: en-US month first, others day first).
 * @throws UsageError with what was expected, e.g. "Expected `--concurrency` to be a whole number from 1 to 64".
 */
export function checkImportOptions(
  options: ImportOptions,
  locale: Locale = DEFAULT_LOCALE,
): {
  /** Requests in flight: fixed by `--concurrency`, else where an adaptive run starts. */
  concurrency: number;
  /** No `--concurrency`: the requests in flight follow the service (shared/client/adaptive-limit.ts). */
  adaptive: boolean;
  dateOrder: DateOrder;
  dateOrderGiven: boolean;
  timeZone: string;
  gstRate: string | undefined;
} {
  const concurrency = options.concurrency ?? ADAPTIVE_CONCURRENCY.initial;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    throw new UsageError(
      `Expected \`--concurrency\` to be a whole number from 1 to 64, got ${String(options.concurrency)}`,
    );
  }
  const dateOrder = (options.dateOrder ?? defaultDateOrder(locale)).toUpperCase() as DateOrder;
  if (!DATE_ORDERS.includes(dateOrder)) {
    throw new UsageError(`Expected \`--date-order\` to be DMY, MDY or YMD, got '${options.dateOrder}'`);
  }
  const timeZone = options.timezone ?? DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone });
  } catch {
    throw new UsageError(`Expected \`--timezone\` to be an IANA time zone such as Australia/Sydney, got '${timeZone}'`);
  }
  if (options.gstRate !== undefined && !(options.gstRate >= 1 && options.gstRate <= 100)) {
    throw new UsageError(
      `Expected \`--gst-rate\` to be a percentage from 1 to 100, such as 10 or 15, got ${String(options.gstRate)}`,
    );
  }
  if (options.gstRate !== undefined && !options.pricesIncludeGst) {
    throw new UsageError('`--gst-rate` says at what rate prices include GST: pass it with `--prices-include-gst`');
  }
  const gstRate = options.pricesIncludeGst ? gstRateOf(options.gstRate) : undefined;
  return {
    concurrency,
    adaptive: options.concurrency === undefined,
    dateOrder,
    dateOrderGiven: options.dateOrder !== undefined,
    timeZone,
    gstRate,
  };
}

/**
 * The mapping file with the command line's `--set FIELD=VALUE` laid over it: each set field gets its
 * value instead of any column or value the file gives it. Undefined when neither says anything.
 * @throws UsageError for `--set` without `=`, with an empty value, or naming a field `kind` does not have.
 */
export function withSetValues(
  saved: SavedMapping | undefined,
  set: readonly string[] | undefined,
  kind: ImportKind,
): SavedMapping | undefined {
  if (!set || set.length === 0) return saved;
  const fields = kindOf(kind).fields as readonly string[];
  const values: Record<string, string> = { ...(saved?.values ?? {}) };
  const columns: Record<string, string | null> = { ...(saved?.columns ?? {}) };
  for (const item of set) {
    const at = item.indexOf('=');
    const field = at < 0 ? '' : item.slice(0, at).trim();
    const value = at < 0 ? '' : item.slice(at + 1).trim();
    if (!fields.includes(field) || value === '') {
      throw new UsageError(
        `Expected \`--set\` to be FIELD=VALUE with FIELD one of ${fields.join(', ')}, e.g. --set storage="Main Chemical Shed"; got '${item}'`,
      );
    }
    values[field] = value;
    delete columns[field];
  }
  return { ...(saved ?? {}), columns, values } as SavedMapping;
}
