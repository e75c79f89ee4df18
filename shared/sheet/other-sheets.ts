/**
 * Which other sheets of a workbook have the columns a refused sheet lacks, from their header rows
 * alone: a refusal for a missing column (or no header row) can then say "the sheet 'Lines' has it"
 * and each face words how to import that sheet instead (the CLI `--sheet`/`--all-sheets`, the pane
 * its sheet picker). Pure.
 */
import type { Remedy } from '../errors/remedy.ts';
import { kindOf, type ImportKind, type MappedField } from '../kinds/index.ts';
import type { SheetRow } from './grid.ts';
import { detectMapping, HEADER_SEARCH_ROWS } from './mapping.ts';
import { MappingError } from './mapping-error.ts';

export { HEADER_SEARCH_ROWS };

/**
 * The names of the sheets among `sheets` (other than `refused`) whose header row, found as an import
 * would find it, places every one of `fields` (all the kind's required fields when `fields` is empty),
 * in the order given. `sheets` need only their first {@link HEADER_SEARCH_ROWS} rows.
 */
export function sheetsHolding(
  kind: ImportKind,
  fields: readonly string[],
  sheets: readonly { name: string; rows: SheetRow[] }[],
  where: { source: string; refused: string },
): string[] {
  const wanted = (fields.length > 0 ? fields : kindOf(kind).required) as readonly MappedField[];
  return sheets.flatMap(({ name, rows }) => {
    if (name.trim().toLowerCase() === where.refused.trim().toLowerCase() || rows.length === 0) return [];
    try {
      const { columns } = detectMapping({ source: where.source, sheet: name, rows }, kind);
      return wanted.every((f) => (columns as Partial<Record<string, number>>)[f] !== undefined) ? [name] : [];
    } catch (error) {
      if (error instanceof MappingError) return [];
      throw error;
    }
  });
}

/**
 * `error` with a remedy naming the other sheets that have what it says is missing, when it is a
 * `missing_fields` or `no_header_row` refusal and some do; else `error` itself.
 * @param sheets every sheet's name and first rows (see {@link sheetsHolding}).
 */
export function withOtherSheets(
  error: MappingError,
  kind: ImportKind,
  sheets: readonly { name: string; rows: SheetRow[] }[],
  where: { source: string; refused: string },
): MappingError {
  if (error.code !== 'missing_fields' && error.code !== 'no_header_row') return error;
  const missing = error.remedies?.find((r) => r.code === 'map_columns');
  const fields = missing?.code === 'map_columns' ? missing.fields : [];
  const found = sheetsHolding(kind, fields, sheets, where);
  if (found.length === 0) return error;
  const remedy: Remedy = { code: 'other_sheets', sheets: found };
  return new MappingError(error.code, error.message, { cause: error, remedies: [remedy, ...(error.remedies ?? [])] });
}
