/**
 * A results file or export sorted by another column (Product, Qty) and imported again: rows that carry
 * their Record ID still find their receipt wherever they are, but a row that carries neither a Record
 * ID nor an invoice number is a line of the invoice above it only by its place, and after a sort that
 * place says nothing: a refused invoice's second line would be added to whatever receipt it now sits
 * under, and the refused invoice's first line sent alone as a receipt of its own. So when the rows are
 * out of invoice order (a receipt's rows split by another receipt's) and some row tells its invoice by
 * its place alone, every invoice holding such a row, and every invoice not yet in the service, is
 * refused, naming the rows and the fix. Receipts whose every line carries its Record ID are sent as usual.
 */
import type { ReceiptField } from '../../kinds/index.ts';
import { isBlank } from '../../sheet/grid.ts';
import { cellText } from '../../sheet/values/index.ts';
import { cellProblem, type ColumnIndex } from '../problems.ts';
import type { FieldRow } from '../rows.ts';
import type { InvoiceGroup } from './group.ts';

/** A cell as compared text: '' when blank or unmapped. */
function textOf(row: FieldRow<ReceiptField>, field: ReceiptField): string {
  const cell = row.cells[field];
  return cell === undefined || cell === null ? '' : cellText(cell).trim();
}

/** `rows 5, 8 and 21` */
function rowList(rows: readonly number[]): string {
  const shown = rows.slice(0, 6);
  const more = rows.length > shown.length ? ` and ${rows.length - shown.length} more` : '';
  const last = shown.length > 1 && !more ? ` and ${shown.pop()!}` : '';
  return `row${rows.length > 1 ? 's' : ''} ${shown.join(', ')}${last}${more}`;
}

/**
 * The first receipt (by Record ID) whose rows are split by another receipt's rows, with its rows; null
 * when every receipt's rows are together (a sheet in invoice order, or one carrying no Record IDs).
 */
function splitRecord(
  lines: readonly { rowNumber: number; id: string; label: string }[],
): { label: string; rows: number[] } | null {
  const seen = new Set<string>();
  let previous = '';
  for (const line of lines) {
    if (!line.id) continue;
    if (line.id !== previous && seen.has(line.id)) {
      return { label: line.label, rows: lines.filter((l) => l.id === line.id).map((l) => l.rowNumber) };
    }
    seen.add(line.id);
    previous = line.id;
  }
  return null;
}

/**
 * Refuses (adds a problem to) the invoices whose lines cannot be told in a sheet out of invoice order:
 * see the module comment. Pure; the groups are returned as given when the sheet is in order or every
 * row carries its Record ID or invoice number.
 * @param index the sheet's columns (the invoice key column's header, for the message).
 */
export function refuseOutOfOrder(groups: InvoiceGroup[], index: ColumnIndex): InvoiceGroup[] {
  if (index.columns.record_id === undefined || groups.length < 2) return groups;
  const keyField: ReceiptField | null = groups[0]!.keyField;
  // First pass, one cell per row of most results files (they carry their Record ID): the rows told by place.
  const orphans: number[] = [];
  for (const group of groups) {
    for (let i = 0; i < group.lines.length; i += 1) {
      const row = group.lines[i]!;
      if (!isBlank(row.cells.record_id ?? null)) continue;
      if (keyField !== null && !isBlank(row.cells[keyField] ?? null)) continue;
      // Without a key column, a row writing its own header starts a docket; with one, a row without a key is placed by place alone.
      if (keyField !== null || i > 0) orphans.push(row.rowNumber);
    }
  }
  if (orphans.length === 0) return groups;
  const lines = groups
    .flatMap((group) =>
      group.lines.map((row) => ({
        rowNumber: row.rowNumber,
        id: textOf(row, 'record_id').toLowerCase(),
        label: textOf(row, 'sequence') || textOf(row, 'record_id'),
      })),
    )
    .sort((a, b) => a.rowNumber - b.rowNumber);
  const split = splitRecord(lines);
  if (split === null) return groups;
  orphans.sort((a, b) => a - b);
  const keyHeader =
    keyField === null ? 'invoice number' : (index.headers[index.columns[keyField]!] ?? 'invoice number');
  const placed = new Set(orphans);
  for (const group of groups) {
    const hasId = group.lines.some((row) => textOf(row, 'record_id') !== '');
    const mine = group.lines.filter((row) => placed.has(row.rowNumber)).map((row) => row.rowNumber);
    if (hasId && mine.length === 0) continue;
    const first = group.lines[0]!;
    const why = mine.length
      ? `${rowList(mine)} ${mine.length > 1 ? 'are' : 'is'} taken as ${mine.length > 1 ? 'its lines' : 'its line'} only by ${mine.length > 1 ? 'their' : 'its'} place`
      : `this invoice is not in the service yet, and ${rowList(orphans)}, which ${orphans.length > 1 ? 'carry' : 'carries'} no ${keyHeader} and no Record ID, may be ${orphans.length > 1 ? 'lines' : 'a line'} of it`;
    // A receipt in the service is told by its Record ID; one not yet sent by its number on every line.
    const fix = hasId
      ? `copy its Record ID onto ${mine.length > 1 ? 'those rows' : 'that row'} if ${mine.length > 1 ? 'they are its lines' : 'it is its line'}, or write ${mine.length > 1 ? 'their' : 'its'} own invoice's ${keyHeader} (or put the rows back in invoice order)`
      : `write the ${keyHeader} on every line of it (or put the rows back in invoice order)`;
    group.problems.push(
      cellProblem(
        index,
        keyField ?? 'record_id',
        first.rowNumber,
        'out_of_order',
        `the rows are not in invoice order (the lines of ${split.label} are on ${rowList(split.rows)}: sorted?); ` +
          `${why}: which invoice such a row belongs to cannot be told, so this invoice is not sent; ${fix}`,
        keyField === null ? undefined : (first.cells[keyField] ?? undefined),
      ),
    );
  }
  return groups;
}
