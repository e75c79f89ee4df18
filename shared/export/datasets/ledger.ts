/**
 * The `ledger` dataset: a stock roll-forward for auditors and stock reconciliations. Per storage ×
 * product × unit (litres or kilograms after conversion; an unconverted unit stays its own line): the
 * opening balance from all history before the period (receipts − returns), each movement of the
 * period in date order with a running balance, and the closing balance; a summary whose every line
 * is checked (opening + in − out = closing); and an About sheet saying what the figures cover.
 * Exact decimal arithmetic throughout. Pure.
 */
import {
  addDecimals,
  formatLocalDate,
  localDateToUtcDate,
  negateDecimal,
  subtractDecimals,
} from '../../sheet/values/index.ts';
import { lazyRows, type ExportColumn, type ExportRow, type ExportSheet, type ExportTable } from '../columns.ts';
import { sha256Lines, type LinesDigest } from '../../hash/digest.ts';
import type { Resolver } from '../../resolve/index.ts';
import type { Grid } from '../../sheet/grid.ts';
import { LINE_COLUMNS, ledgerEntry, ledgerKey, type LedgerLine } from './ledger-line.ts';
import { readStocktake, reconcileLine, type Count, type Reconciled } from './stocktake.ts';
import type { ExportFilter } from '../filter.ts';
import type { DateRange } from '../values.ts';
import { compareText } from '../values.ts';
import { newestUpdatedAt } from '../paging/timestamps.ts';
import { sourceOf, type RecordSource, type Versioned } from '../paging/record-store.ts';
import { movementDateCell, movementsInOrder, type MovementsInput } from './movements.ts';

/** Names of the ledger export's sheets. */
export const LEDGER_SHEETS = { ledger: 'Ledger', summary: 'Ledger Summary', about: 'About' } as const;

/** Columns of the Ledger sheet: one opening row, the period's movements, one closing row per line. */
export const LEDGER_COLUMNS: readonly ExportColumn[] = [
  ...LINE_COLUMNS,
  { key: 'date', header: 'Date', type: 'date' },
  { key: 'entry', header: 'Entry', type: 'text' },
  { key: 'sequence', header: 'Sequence', type: 'text' },
  { key: 'party', header: 'Supplier', type: 'text' },
  { key: 'reference', header: 'Order / Reference', type: 'text' },
  { key: 'packs', header: 'Packs', type: 'number' },
  { key: 'pack_size', header: 'Pack Size', type: 'number' },
  { key: 'in', header: 'In', type: 'number', width: 12 },
  { key: 'out', header: 'Out', type: 'number', width: 12 },
  { key: 'balance', header: 'Balance', type: 'number', width: 12 },
  { key: 'record_id', header: 'Record ID', type: 'text' },
];

/** Columns the Ledger Summary gains with a stocktake (`--stocktake`). */
export const STOCKTAKE_SUMMARY_COLUMNS: readonly ExportColumn[] = [
  { key: 'counted', header: 'Counted', type: 'number', width: 12 },
  { key: 'variance', header: 'Variance', type: 'number', width: 12 },
  { key: 'flag', header: 'Stocktake', type: 'text', width: 16 },
];

/** A stocktake to reconcile the closing balances with: the filled-in sheet, and the tolerance in percent. */
export interface LedgerStocktake {
  grid: Grid;
  resolver: Resolver;
  /** A variance larger than this percentage of the closing is flagged (e.g. `'1'`). */
  tolerancePercent: string;
}

/** Columns of the Ledger Summary sheet. */
export const LEDGER_SUMMARY_COLUMNS: readonly ExportColumn[] = [
  ...LINE_COLUMNS,
  { key: 'opening', header: 'Opening', type: 'number', width: 12 },
  { key: 'in', header: 'In', type: 'number', width: 12 },
  { key: 'out', header: 'Out', type: 'number', width: 12 },
  { key: 'closing', header: 'Closing', type: 'number', width: 12 },
  { key: 'check', header: 'Check', type: 'text', width: 12 },
];

/** The About item that holds the Ledger rows' SHA-256, filled by {@link sealLedger}. */
export const DIGEST_ITEM = 'SHA-256 of the Ledger rows';

/**
 * The ledger with its About sheet holding the SHA-256 of the Ledger sheet's rows, so a copy can be
 * checked against the one signed: each row as a JSON array of its cells in column order (dates as
 * `YYYY-MM-DD`, numbers as exact decimal text, empty cells null), one row per line. Other tables pass.
 * `digestOf` hashes the lines (default Web Crypto; the CLI passes an incremental one).
 */
export async function sealLedger(table: ExportTable, digestOf: LinesDigest = sha256Lines): Promise<ExportTable> {
  if (table.dataset !== 'ledger') return table;
  const [ledger, summary, about] = table.sheets;
  if (!ledger || !summary || !about) return table;
  const digest = await digestOf(ledgerRowTexts(ledger));
  const rows = Array.from(about.rows, (r) => (r.item === DIGEST_ITEM ? { ...r, value: digest } : r));
  return { ...table, sheets: [ledger, summary, { ...about, rows }] };
}

/** The Ledger rows as the text {@link sealLedger} hashes: one line per row, made as they are read. */
export function* ledgerRowTexts(ledger: ExportSheet): Generator<string> {
  const cell = (v: ExportRow[string]) => (v instanceof Date ? v.toISOString().slice(0, 10) : v);
  for (const row of ledger.rows) yield JSON.stringify(ledger.columns.map((c) => cell(row[c.key] ?? null)));
}

/** The Ledger rows as one text, lines joined by `\n` (what the SHA-256 is of). */
export function ledgerText(ledger: ExportSheet): string {
  return [...ledgerRowTexts(ledger)].join('\n');
}

/** What the ledger covers, for its About sheet. */
export interface LedgerContext {
  organisation: string;
  /** The storage `--storage` named, or null for every storage. */
  storage: string | null;
  /** When the export was made, as the farm's local date-time text (`2026-11-24 21:40`). */
  generatedAt: string;
  /** The tool and its version (`shed-sheets 0.1.0`). */
  producer: string;
}

/**
 * The roll-forward of every storage × product × unit that has stock or movements: the opening is
 * the sum of all movements dated before `dates.from` (none when the period has no start), the
 * period's movements are those from `dates.from` to `dates.to` inclusive, movements after the period
 * are left out. Lines sorted by storage, product, unit; movements as `buildMovements` orders them.
 * @throws as `buildMovements` for malformed service data.
 */
export function ledgerLines(input: Omit<MovementsInput, 'filter'> & { filter: ExportFilter }): LedgerLine[] {
  const { dates, ...rest } = input.filter;
  // Read one record at a time: a movement before the period adds to its line's opening and is let go.
  const all = movementsInOrder({ ...input, filter: rest });
  const from = dates?.from ? formatLocalDate(dates.from) : null;
  const to = dates?.to ? formatLocalDate(dates.to) : null;
  const lines = new Map<string, LedgerLine>();
  for (const m of all) {
    if (to !== null && m.date > to) continue;
    const key = ledgerKey(m.storageId, m.productId, m.quantityUnit);
    let line = lines.get(key);
    if (!line) {
      line = {
        storageId: m.storageId,
        storage: m.storage,
        productId: m.productId,
        product: m.product,
        unit: m.quantityUnit,
        opening: '0',
        in: '0',
        out: '0',
        closing: '0',
        movements: [],
      };
      lines.set(key, line);
    }
    if (from !== null && m.date < from) {
      line.opening = addDecimals(line.opening, m.quantity);
    } else if (m.type === 'receipt') {
      line.in = addDecimals(line.in, m.quantity);
      line.movements.push(ledgerEntry(m));
    } else {
      line.out = addDecimals(line.out, negateDecimal(m.quantity));
      line.movements.push(ledgerEntry(m));
    }
  }
  for (const line of lines.values()) line.closing = subtractDecimals(addDecimals(line.opening, line.in), line.out);
  return [...lines.values()].sort(
    (a, b) => compareText(a.storage, b.storage) || compareText(a.product, b.product) || compareText(a.unit, b.unit),
  );
}

/**
 * Whether a line ties out: the running balance over its movements, from the opening, ends at its
 * closing (computed the other way, as opening + in − out). Always true for lines of
 * {@link ledgerLines}; the Check column shows it so the sheet can be audited as it stands.
 */
export function tiesOut(line: LedgerLine): boolean {
  const running = line.movements.reduce((balance, m) => addDecimals(balance, m.quantity), line.opening);
  return subtractDecimals(running, line.closing) === '0';
}

/** What the About sheet says of a stocktake: its file, tolerance, and the lines flagged. */
function stocktakeFacts(checked: readonly CheckedLine[], stocktake: StocktakeSource): [string, string][] {
  const over = checked.filter((c) => c.reconciled?.flag === 'over tolerance').length;
  const missing = checked.filter((c) => c.reconciled?.flag === 'not counted').length;
  return [
    ['Stocktake', `${stocktake.source}: ${stocktake.counts} counts at the closing date; variance = counted − closing`],
    [
      'Tolerance',
      `a variance over ${stocktake.tolerancePercent}% of the closing is flagged (any variance where the closing is 0)`,
    ],
    ['Stocktake result', `${over} lines over tolerance, ${missing} lines not counted`],
  ];
}

/**
 * The ledger export: the Ledger sheet, the Ledger Summary (with its checks) and the About sheet.
 * With a stocktake, the summary adds the counted closing, the variance and its flag per line, and a
 * line for stock counted where the ledger has none.
 * @throws StocktakeError for a stocktake sheet that cannot be read without guessing.
 */
export function ledgerTable(input: MovementsInput, context: LedgerContext, stocktake?: LedgerStocktake): ExportTable {
  const lines = ledgerLines(input);
  const counts = stocktake ? readStocktake(stocktake.grid, stocktake.resolver, lines) : null;
  const known = new Set(lines.map((l) => ledgerKey(l.storageId, l.productId, l.unit)));
  const uncounted = counts ? [...counts.entries()].filter(([key]) => !known.has(key)) : [];
  const all = [...lines, ...uncounted.map(([, c]) => emptyLine(c))];
  // Each line checked once, for the summary and the About sheet alike.
  const checked: CheckedLine[] = all.map((line) => ({
    line,
    tiesOut: tiesOut(line),
    reconciled:
      counts && stocktake
        ? reconcileLine(
            line,
            counts.get(ledgerKey(line.storageId, line.productId, line.unit)),
            stocktake.tolerancePercent,
          )
        : null,
  }));
  const dates = input.filter.dates;
  const source =
    counts && stocktake
      ? { counts: counts.size, tolerancePercent: stocktake.tolerancePercent, source: stocktake.grid.source }
      : null;
  return {
    dataset: 'ledger',
    sheets: [
      {
        name: LEDGER_SHEETS.ledger,
        columns: LEDGER_COLUMNS,
        // Made as they are read (for the digest, then for the file), never held all at once; only
        // the lines and the period are kept for it, not the records.
        rows: lazyRows(function* () {
          for (const line of lines) yield* ledgerRows(line, dates);
        }),
      },
      summarySheet(checked, source !== null),
      aboutSheet(checked, input, context, source),
    ],
  };
}

/** A line for stock counted where the ledger has no record: nothing in, nothing out, closing 0. */
function emptyLine(count: Count): LedgerLine {
  return {
    storageId: count.storageId,
    storage: count.storage,
    productId: count.productId,
    product: count.product,
    unit: count.unit,
    opening: '0',
    in: '0',
    out: '0',
    closing: '0',
    movements: [],
  };
}

/** A line with its check (the running balance ends at the closing) and, with a stocktake, its count. */
interface CheckedLine {
  line: LedgerLine;
  tiesOut: boolean;
  reconciled: Reconciled | null;
}

/** What the About sheet says a stocktake was: its file, how many counts, the tolerance in percent. */
interface StocktakeSource {
  source: string;
  counts: number;
  tolerancePercent: string;
}

/** A line's rows: Opening balance, each movement with the balance after it, Closing balance. */
function ledgerRows(line: LedgerLine, dates: DateRange | undefined): ExportRow[] {
  const blank = {
    sequence: null,
    party: null,
    reference: null,
    packs: null,
    pack_size: null,
    in: null,
    out: null,
    record_id: null,
  };
  const at = (date: DateRange['from']) => (date ? localDateToUtcDate(date) : null);
  const rows: ExportRow[] = [
    { ...label(line), date: at(dates?.from ?? null), entry: 'Opening balance', ...blank, balance: line.opening },
  ];
  let balance = line.opening;
  for (const m of line.movements) {
    balance = addDecimals(balance, m.quantity);
    const isIn = m.type === 'receipt';
    rows.push({
      ...label(line),
      date: movementDateCell(m),
      entry: isIn ? 'Receipt' : 'Return',
      sequence: m.sequence,
      party: m.supplier,
      reference: m.reference,
      packs: m.packs,
      pack_size: m.packSize,
      in: isIn ? m.quantity : null,
      out: isIn ? null : negateDecimal(m.quantity),
      balance,
      record_id: m.recordId,
    });
  }
  rows.push({ ...label(line), date: at(dates?.to ?? null), entry: 'Closing balance', ...blank, balance: line.closing });
  return rows;
}

function label(line: LedgerLine): ExportRow {
  return { storage: line.storage, product: line.product, unit: line.unit };
}

function summarySheet(checked: readonly CheckedLine[], withStocktake: boolean): ExportSheet {
  return {
    name: LEDGER_SHEETS.summary,
    columns: withStocktake ? [...LEDGER_SUMMARY_COLUMNS, ...STOCKTAKE_SUMMARY_COLUMNS] : LEDGER_SUMMARY_COLUMNS,
    rows: checked.map(({ line, tiesOut: ties, reconciled }) => ({
      ...label(line),
      opening: line.opening,
      in: line.in,
      out: line.out,
      closing: line.closing,
      check: ties ? 'ties out' : 'DOES NOT TIE OUT',
      ...(reconciled ?? {}),
    })),
  };
}

/** What the figures cover, who made them, and lines to sign. */
function aboutSheet(
  checked: readonly CheckedLine[],
  input: MovementsInput,
  context: LedgerContext,
  stocktake: StocktakeSource | null,
): ExportSheet {
  const dates = input.filter.dates;
  const day = (d: DateRange['from']) => (d ? formatLocalDate(d) : null);
  const newest = newestUpdatedAt(recordsOf([sourceOf(input.receipts), sourceOf(input.returns)]));
  const failing = checked.filter((c) => !c.tiesOut).length;
  const facts: [string, string | null][] = [
    ['Organisation', context.organisation],
    [
      'Period',
      `${day(dates?.from ?? null) ?? 'the beginning'} to ${day(dates?.to ?? null) ?? 'the latest record'} (dates in ${input.filter.timeZone})`,
    ],
    ['Storage', context.storage ?? 'every storage'],
    ['Opening balances', 'all receipts less all returns dated before the period'],
    ['Data cut-off', newest ? `records as changed up to ${newest}` : 'no records'],
    ['Generated at', context.generatedAt],
    ['Produced by', context.producer],
    ['Lines', String(checked.length)],
    ['Check', failing === 0 ? 'every line ties out: opening + in − out = closing' : `${failing} lines do not tie out`],
    ...(stocktake ? stocktakeFacts(checked, stocktake) : []),
    [DIGEST_ITEM, null],
    ['Prepared by', ''],
    ['Reviewed by', ''],
    ['Date', ''],
  ];
  return {
    name: LEDGER_SHEETS.about,
    columns: [
      { key: 'item', header: 'Item', type: 'text', width: 20 },
      { key: 'value', header: 'Value', type: 'text', width: 70 },
    ],
    rows: facts.map(([item, value]) => ({ item, value })),
  };
}

/** Every record of the sources, read one at a time. */
function* recordsOf(sources: readonly RecordSource<Versioned>[]): Generator<Versioned> {
  for (const source of sources) for (const { record } of source.scan()) yield record;
}
