/**
 * An update from a sheet that has no column for a field says nothing about it: a results file re-imported
 * after the bookkeeper deleted the PO Number, Notes or Invoice No column (or a return's Credit Note or
 * Comments) as not needed changes what the rows still say, and keeps the order number, notes, invoice
 * number or reference the service holds. A column that is there with a blank cell still clears the
 * field: only a column that is not there at all is silent. Pure.
 */
import { invoiceNotes, splitInvoiceNotes } from '../kinds/invoice-notes.ts';
import type { ReceiptCreateBody, ReturnCreateBody } from '../schemas/bodies.ts';
import type { Receipt, Return } from '../schemas/resources.ts';
import type { ColumnMapping } from '../sheet/column-mapping.ts';

/** The optional fields an update keeps as the service holds them when the sheet has no column (nor one value) for them. */
const OPTIONAL_FIELDS = ['invoice', 'order_number', 'notes', 'reference'] as const;

/** One of {@link OPTIONAL_FIELDS}. */
export type OptionalField = (typeof OPTIONAL_FIELDS)[number];

/** The optional fields `mapping` places no column for and gives no one value for every row. */
export function absentFields(mapping: ColumnMapping): ReadonlySet<OptionalField> {
  const columns = mapping.columns as Partial<Record<string, number>>;
  const constants = (mapping.constants ?? {}) as Partial<Record<string, string>>;
  return new Set(OPTIONAL_FIELDS.filter((f) => columns[f] === undefined && constants[f] === undefined));
}

/**
 * The receipt body an update should want: `desired` with the order number, and the invoice number or
 * own notes within the notes (`Invoice INV-1; Back order`), taken from `current` for each field `absent`.
 */
export function keepAbsentReceipt(
  desired: ReceiptCreateBody,
  current: Receipt,
  absent: ReadonlySet<OptionalField>,
): ReceiptCreateBody {
  const kept = { ...desired };
  if (absent.has('order_number')) kept.order_number = current.order_number ?? null;
  if (absent.has('invoice') || absent.has('notes')) {
    const sheet = splitInvoiceNotes(desired.notes ?? null);
    const held = splitInvoiceNotes(current.notes ?? null);
    kept.notes = invoiceNotes(
      absent.has('invoice') ? held.invoice : sheet.invoice,
      absent.has('notes') ? held.notes : sheet.notes,
    );
  }
  return kept;
}

/** The return body an update should want: `desired` with the reference and notes of `current` where `absent`. */
export function keepAbsentReturn(
  desired: ReturnCreateBody,
  current: Return,
  absent: ReadonlySet<OptionalField>,
): ReturnCreateBody {
  const kept = { ...desired };
  if (absent.has('reference')) kept.reference = current.reference ?? null;
  if (absent.has('notes')) kept.notes = current.notes ?? null;
  return kept;
}
