/**
 * The invoice key of each row of a receipts sheet, as written and as invoice numbers compare (case and
 * spacing ignored), and what the keys say about the sheet's layout: whether it writes the number on
 * every line, and where two suppliers' invoices of one number meet. Used by group.ts.
 */
import type { CellValue } from '../../sheet/grid.ts';
import type { ReceiptField } from '../../kinds/index.ts';
import { cellText, isCleanAscii } from '../../sheet/values/index.ts';
import type { FieldRow } from '../rows.ts';
import { placeOf, viewCell, viewParts } from '../row-cells.ts';
import { comparable } from './invoice-index.ts';

/** The invoice field's place in a row view's column table (row-cells.ts). */
const INVOICE_PLACE = placeOf('invoice');

/**
 * Each row's invoice key cell as text (null when blank or there is no key column) and as invoice
 * numbers compare (`normInvoice`), by row index. `keyCells`: the key field's cell of each row, when
 * read with the rows (sheet-lines.ts): then the rows are not read again.
 */
export function keyTexts(
  rows: readonly FieldRow<ReceiptField>[],
  keyField: ReceiptField | null,
  keyCells: readonly CellValue[] | null,
): { texts: (string | null)[]; numbers: (string | null)[] } {
  const texts: (string | null)[] = new Array<string | null>(rows.length).fill(null);
  const numbers: (string | null)[] = new Array<string | null>(rows.length).fill(null);
  if (keyField === null) return { texts, numbers };
  const place = keyField === 'invoice' ? INVOICE_PLACE : placeOf(keyField);
  const given = keyCells !== null && keyCells.length === rows.length ? keyCells : null;
  for (let i = 0; i < rows.length; i += 1) {
    // The cell read with the rows, else a view's read from its parts (no getter call per row), else a plain row's by name.
    const cell = given !== null ? given[i] : keyCellOf(rows[i]!.cells, keyField, place);
    // Most rows of a sheet writing the number once leave it empty: no call for those.
    const text = cell === undefined || cell === null || cell === '' ? '' : cellText(cell);
    if (!text) continue;
    texts[i] = text;
    numbers[i] = normInvoice(text);
  }
  return { texts, numbers };
}

/** A row's key cell: from a view's parts when it is a view, else by name (`place`: the field's). */
function keyCellOf(
  cells: FieldRow<ReceiptField>['cells'],
  keyField: ReceiptField,
  place: number,
): CellValue | undefined {
  const view = viewParts(cells);
  return view === null ? cells[keyField] : viewCell(view, place);
}

/** Invoice numbers compare with case and spacing ignored. */
function normInvoice(invoice: string): string {
  const upper = invoice.toUpperCase();
  return isCleanAscii(upper, false) ? upper : upper.replace(/\s+/g, '');
}

/** No rows (a shared empty set: never added to). */
export const NO_ROWS: ReadonlySet<number> = new Set<number>();

/**
 * The rows where one supplier's invoice starts right below another supplier's invoice of the same
 * number: within a run of adjacent rows (no blank row, no Record ID) of one invoice number whose every
 * line names its supplier and whose suppliers each write their lines together (`A A B`, never
 * `A B A`), each row whose supplier differs from the row above. Any other run is left whole, so a
 * line naming another supplier is refused as before.
 */
export function supplierBlockStarts(
  rows: readonly FieldRow<ReceiptField>[],
  blankBefore: ReadonlySet<number>,
  keyField: ReceiptField | null,
  numbers: readonly (string | null)[],
): Set<number> {
  const starts = new Set<number>();
  if (keyField === null) return starts;
  const numberOf = (k: number): string | null => {
    const number = numbers[k]!;
    if (number === null) return null;
    const record = rows[k]!.cells.record_id;
    return record !== undefined && record !== null && cellText(record) ? null : number;
  };
  let i = 0;
  while (i < rows.length) {
    const number = numberOf(i);
    let end = i + 1;
    while (number !== null && end < rows.length && !blankBefore.has(rows[end]!.rowNumber)) {
      if (numberOf(end) !== number) break;
      end += 1;
    }
    // A run of one row starts no other supplier's invoice.
    if (end - i === 1) {
      i = end;
      continue;
    }
    const suppliers = rows.slice(i, end).map((row) => comparable(row.cells.supplier ?? null));
    const blocks = suppliers.filter((s, k) => k === 0 || s !== suppliers[k - 1]);
    if (suppliers.every((s) => s !== '') && new Set(blocks).size === blocks.length) {
      for (let k = 1; k < suppliers.length; k += 1)
        if (suppliers[k] !== suppliers[k - 1]) starts.add(rows[i + k]!.rowNumber);
    }
    i = end;
  }
  return starts;
}

/**
 * Whether the sheet writes the invoice number on more than the first line of an invoice (a layout
 * that repeats the header on every line): then a blank number means "no number", not "same as above".
 */
export function keyRepeatedOnLines(numbers: readonly (string | null)[]): boolean {
  let previous: string | null = null;
  for (let i = 0; i < numbers.length; i += 1) {
    const norm = numbers[i]!;
    if (norm !== null && norm === previous) return true;
    previous = norm;
  }
  return false;
}
