/**
 * Turns one invoice's rows into a receipt create body: header and lines read, names resolved, the body checked; a
 * problem pinned to each cell that cannot be used.
 */
import type { ReceiptCreateBody } from '../../schemas/bodies.ts';
import { ReceiptItems, checkReceiptCreateBody, fastReceiptBodyOf } from '../../schemas/fast-bodies.ts';
import type { Resolver } from '../../resolve/index.ts';
import type { ReceiptField } from '../../kinds/index.ts';
import { cellText } from '../../sheet/values/index.ts';
import { GST_RATE_DEFAULT } from '../../service/gaps.ts';
import { CellReader, type ReadSettings } from '../cells.ts';
import type { ReadMemo } from '../read-memo.ts';
import type { Problem } from '../outcome.ts';
import type { ColumnIndex } from '../problems.ts';
import type { BodySource } from '../zod-problems.ts';
import { issuesToProblems } from '../zod-problems.ts';
import type { InvoiceGroup } from './group.ts';
import { invoiceNotes } from '../../kinds/invoice-notes.ts';
import type { PriceReading } from './prices.ts';
import type { CleanLines } from './clean-lines.ts';
import { LineReader, type ReceiptLine } from './draft-lines.ts';

export type { ReadSettings } from '../cells.ts';
export type { ReceiptLine } from './draft-lines.ts';

/**
 * One invoice made ready to send: the receipt body (null when any cell is invalid: nothing of the
 * invoice is sent), its lines in body order, and the ids an earlier run wrote back (for updates).
 */
export interface ReceiptDraft {
  key: string | null;
  rowNumbers: number[];
  lines: ReceiptLine[];
  body: ReceiptCreateBody | null;
  /** Record ID from the sheet: this invoice updates that receipt instead of creating one. */
  recordId: string | null;
  /** `Updated At` from the sheet (as exports write it), for conflict checks. */
  updatedAt: string | null;
  storageName: string | null;
  problems: Problem[];
  warnings: Problem[];
}

/** The settings a plan's drafts are read under: the reading settings, its prices, memo and clean lines. */
export type DraftSettings = ReadSettings & { prices?: PriceReading; memo?: ReadMemo; cleanLines?: CleanLines };

/**
 * The drafts of one plan, made one invoice group at a time by {@link ReceiptDrafts.draft}: what every
 * draft shares (the line reader, the prices) is made once.
 */
export class ReceiptDrafts {
  private readonly prices: PriceReading;
  private readonly reader: LineReader;

  constructor(
    private readonly index: ColumnIndex,
    private readonly resolver: Resolver,
    private readonly settings: DraftSettings,
  ) {
    this.prices = settings.prices ?? {
      basis: { costIncludesGst: false, totalIncludesGst: false },
      gstRate: GST_RATE_DEFAULT,
    };
    this.reader = new LineReader(index, settings, this.prices);
  }

  /**
   * Turns one invoice group into a receipt create body, reading every cell and resolving storage and
   * products, then checking the body with the same zod schema the service uses (gaps rows 6, 9, 10).
   * Never throws: every problem is returned, pinned to its cell. `settings.memo`: the plan's memo of
   * cell readings (read-memo.ts), shared by its invoices so each distinct cell text is read once.
   */
  draft(group: InvoiceGroup): ReceiptDraft {
    const { index, resolver, settings } = this;
    // The supplier's recipe (learned names, default storage) resolves this invoice's names, when it has one.
    // Each header field read by name, once (a lookup by a field name in a variable is slow on every draft).
    const { header } = group;
    const firstRow = group.lines[0]?.rowNumber ?? 0;
    const supplierCell = header.supplier?.value;
    const supplierText = supplierCell == null ? null : cellText(supplierCell);
    const own = settings.resolverFor && supplierText !== null ? settings.resolverFor(supplierText) : resolver;
    // And its pack conventions (its own recipe's: another supplier's never apply to it).
    const packs = supplierText !== null ? settings.packConventionsFor?.(supplierText) : undefined;
    const lineSettings = packs ? { ...settings, packConventions: packs } : settings;
    const read = new CellReader(index, lineSettings, own, settings.memo);

    const supplier = read.requiredText('supplier', supplierCell ?? null, header.supplier?.rowNumber ?? firstRow);
    const receivedAt = read.date(
      'received_at',
      header.received_at?.value ?? null,
      header.received_at?.rowNumber ?? firstRow,
    );
    const storage = read.storage('storage', header.storage?.value ?? null, header.storage?.rowNumber ?? firstRow);
    const recordId = read.id('record_id', header.record_id?.value ?? null, header.record_id?.rowNumber ?? firstRow);
    const orderNumber = read.optionalText(header.order_number?.value ?? null);
    const notes = read.optionalText(header.notes?.value ?? null);
    const invoice = group.keyField === 'invoice' && group.key ? cellText(group.key) : null;

    // One slot per line, filled in order; each line read by one small function (draft-lines.ts).
    const count = group.lines.length;
    const lines: ReceiptLine[] = new Array<ReceiptLine>(count);
    const rowNumbers: number[] = new Array<number>(count);
    const items = new ReceiptItems(count);
    const reader = this.reader;
    reader.start(read, lineSettings, own, recordId, lines, items);
    for (let k = 0; k < count; k += 1) {
      const row = group.lines[k]!;
      rowNumbers[k] = row.rowNumber;
      reader.line(row, k);
    }

    const lineItems = items.done();
    // Read before the problems are gathered: a version that is no time is one of them.
    const updatedAt = read.timestamp(header.updated_at?.value ?? null, header.updated_at?.rowNumber ?? rowNumbers[0]!);
    // The reader's own list when the grouping found nothing (the reader is not used after this draft).
    const problems = group.problems.length === 0 ? read.problems : [...group.problems, ...read.problems];
    const draft: ReceiptDraft = {
      key: group.key,
      rowNumbers,
      lines,
      body: null,
      recordId,
      updatedAt,
      storageName: storage?.name ?? null,
      problems,
      warnings: read.warnings,
    };
    if (problems.length > 0 || !supplier || !receivedAt || !storage) return draft;
    const notesText = invoiceNotes(invoice, notes);
    // Checked from its parts when every line item passed as it was made (the usual case), else as a body.
    draft.body =
      fastReceiptBodyOf(storage.id, receivedAt, supplier, orderNumber, notesText, lineItems, items) ??
      this.checkedBody(group, storage.id, receivedAt, supplier, orderNumber, notesText, items, problems);
    return draft;
  }

  /** The body checked by `checkReceiptCreateBody` (zod when unsure): the data, or null with its problems added. */
  private checkedBody(
    group: InvoiceGroup,
    storageId: string,
    receivedAt: string,
    supplier: string,
    orderNumber: string | null,
    notes: string | null,
    items: ReceiptItems,
    problems: Problem[],
  ): ReceiptCreateBody | null {
    const body = {
      storage_id: storageId,
      received_at: receivedAt,
      supplier,
      order_number: orderNumber,
      notes,
      line_items: items.list,
    };
    const checked = checkReceiptCreateBody(body, items);
    if (checked.success) return checked.data;
    problems.push(...issuesToProblems(checked.error.issues, this.index, (path) => locate(path, group)));
    return null;
  }
}

/** The sheet row an invoice's header field was written on (its first line when blank throughout). */
function headerRow(group: InvoiceGroup, field: ReceiptField): number {
  return group.header[field]?.rowNumber ?? group.lines[0]?.rowNumber ?? 0;
}

const BODY_TO_FIELD: Record<string, ReceiptField> = {
  storage_id: 'storage',
  received_at: 'received_at',
  supplier: 'supplier',
  order_number: 'order_number',
  notes: 'notes',
  product_id: 'product',
  product_alias_id: 'product',
  quantity: 'quantity',
  pack_size_value: 'pack_size',
  pack_size_unit: 'pack_unit',
  pack_cost: 'pack_cost',
};

function locate(path: readonly PropertyKey[], group: InvoiceGroup): BodySource {
  const [head, item, key] = path;
  if (head === 'line_items' && typeof item === 'number') {
    const line = group.lines[item];
    const field = BODY_TO_FIELD[String(key)] ?? 'product';
    const value = line?.cells[field] ?? line?.cells.pack_size;
    return { field, rowNumber: line?.rowNumber ?? headerRow(group, 'supplier'), value: value ?? null };
  }
  const field = BODY_TO_FIELD[String(head)] ?? 'supplier';
  return { field, rowNumber: headerRow(group, field), value: group.header[field]?.value ?? null };
}
