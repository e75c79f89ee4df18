/**
 * Headers split over two rows: a group label above the field labels, often merged across them
 * (`Price` over `ex GST` and `inc GST`; `Invoice` over `No` and `Date`). The two rows read as one
 * header row (`Price ex GST`, `Invoice Date`), placed on the lower row. Pure.
 */
import { isBlank, type CellValue, type SheetRow } from './grid.ts';

/**
 * The header row `lower` with the group labels of `upper` (the row right above it) put before its
 * labels, or null when `upper` does not look like a row of group labels: it must be the sheet row
 * right above, with at least two labels, each over a labelled cell of `lower`, and fewer labels
 * than `lower`. A group label covers its own column and the blank ones to its right (a merged
 * cell keeps its text in the first column only), up to the next label. A lower label that names a
 * field by itself (`Supplier` under `Invoice`) keeps its own text.
 * @param text a header cell as text (mapping.ts `headerText`).
 * @param isField whether a header text alone names a field.
 */
export function combineHeaderRows(
  upper: SheetRow,
  lower: SheetRow,
  text: (cell: CellValue) => string,
  isField: (header: string) => boolean,
): SheetRow | null {
  if (upper.rowNumber !== lower.rowNumber - 1) return null;
  const labels = upper.cells.map((c) => (isBlank(c) ? '' : text(c).trim()));
  const below = lower.cells.map((c) => (isBlank(c) ? '' : text(c).trim()));
  const placed = labels.filter((l) => l !== '').length;
  if (placed < 2 || placed >= below.filter((l) => l !== '').length) return null;
  if (labels.some((label, column) => label !== '' && (below[column] ?? '') === '')) return null;
  let group = '';
  const cells = below.map((label, column) => {
    if ((labels[column] ?? '') !== '') group = labels[column]!;
    if (label === '' || group === '' || isField(label) || label.toLowerCase().startsWith(group.toLowerCase()))
      return label;
    return `${group} ${label}`;
  });
  return { rowNumber: lower.rowNumber, cells };
}
