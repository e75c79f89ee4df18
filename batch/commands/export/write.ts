/**
 * Writing an export table with the file writers of batch/write: XLSX (every sheet, each an Excel
 * table with filters, frozen header, widths, formats, totals row) or CSV (the first sheet: RFC 4180,
 * UTF-8 with a BOM unless told otherwise, formula-guarded).
 */
import type { ExportSheet, ExportTable } from '../../../shared/export/index.ts';
import { writeCsvTable } from '../../write/csv-writer.ts';
import type { TableSheet } from '../../write/table.ts';
import { writeXlsxTables } from '../../write/xlsx-writer.ts';
import type { Locale } from '../../../shared/locale/locale.ts';

/** Where and how to write. */
export interface WriteSettings {
  format: 'xlsx' | 'csv';
  out: string;
  /** IANA zone: datetime columns show its wall clock (xlsx) or carry its offset (CSV). */
  timeZone: string;
  bom: boolean;
  /** The user's locale: xlsx date cells' number format (CSV writes ISO dates, the same in every locale). */
  locale?: Locale;
}

/** The sheet as batch/write takes it: the same column shapes, the totals row under its writer's name. */
export function toTableSheet(sheet: ExportSheet): TableSheet {
  return {
    name: sheet.name,
    columns: sheet.columns,
    rows: sheet.rows,
    ...(sheet.totals ? { totalsRow: sheet.totals } : {}),
  };
}

/**
 * Writes the table; returns the sheets written with their data rows (CSV: the first sheet only).
 * Throws the writers' WriteError (`output_not_writable`: exit 2).
 */
export async function writeExport(
  table: ExportTable,
  settings: WriteSettings,
): Promise<{ name: string; rows: number }[]> {
  if (settings.format === 'csv') {
    const [first] = table.sheets;
    if (!first) return [];
    const { rows } = await writeCsvTable(settings.out, toTableSheet(first), {
      bom: settings.bom,
      timeZone: settings.timeZone,
    });
    return [{ name: first.name, rows }];
  }
  const { sheetRows } = await writeXlsxTables(settings.out, table.sheets.map(toTableSheet), {
    timeZone: settings.timeZone,
    locale: settings.locale,
  });
  return table.sheets.map((s, index) => ({ name: s.name, rows: sheetRows[index] ?? 0 }));
}
