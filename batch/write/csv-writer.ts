/**
 * The CSV export writer (PRODUCT.md "Export for audits", "Exports are safe to open"):
 * RFC 4180 through papaparse, streamed in blocks, written atomically.
 */
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import Papa from 'papaparse';
import { writeAtomically } from './atomic-file.ts';
import { checkValueOptions, toCsvField, type ValueOptions } from './cell-values.ts';
import { guardCsvFormula } from './csv-guard.ts';
import { readAhead } from './read-ahead.ts';
import { checkColumns, type TableSheet } from './table.ts';
import { WriteError } from './write-error.ts';

export { guardCsvFormula } from './csv-guard.ts';

/** Options of {@link writeCsvTable}. */
export interface CsvWriteOptions extends ValueOptions {
  /** Start the file with a UTF-8 byte-order mark, so Excel reads it as UTF-8 (default true; `--no-bom`). */
  bom?: boolean;
  /** Field separator (default `,`); not a quote, line break or empty. */
  delimiter?: string;
  /** Called after each block of rows with the count of data rows written so far. */
  onRow?: (n: number) => void;
}

/** RFC 4180 line end. */
const CRLF = '\r\n';
/** Rows unparsed and written per block: one string per block, never one for the whole file. */
const BLOCK_ROWS = 1000;

/**
 * Writes one table to the CSV file `path`: a header record, then one record per row, UTF-8 (with a
 * BOM unless `bom: false`), CRLF after every record, fields quoted by papaparse when they hold the
 * delimiter, a quote, a line break or edge spaces. Values by column type (see `toCsvField`):
 * numbers as decimal text (decimal strings kept exactly), dates `YYYY-MM-DD`, datetimes ISO 8601,
 * booleans `true`/`false`. Text cells (headers included) pass {@link guardCsvFormula}; numbers do
 * not, so a number -5 is written `-5` while the text `-5 kg` becomes `'-5 kg`.
 * Streams in blocks of 1,000 rows; the file appears only when complete (temp + rename).
 * Returns the number of data rows. Throws {@link WriteError} `invalid_table` (bad columns, delimiter
 * or time zone), `invalid_cell_value`, `output_not_writable`; or what the row iterator threw.
 */
export async function writeCsvTable(
  path: string,
  sheet: Pick<TableSheet, 'columns' | 'rows'>,
  options: CsvWriteOptions = {},
): Promise<{ rows: number }> {
  const name = basename(path);
  const delimiter = options.delimiter ?? ',';
  checkColumns(name, sheet.columns);
  checkValueOptions(options);
  if (delimiter === '' || /["\r\n]/.test(delimiter)) {
    throw new WriteError(
      'invalid_table',
      `CSV delimiter ${JSON.stringify(delimiter)} cannot be used; use one character such as , or ;`,
    );
  }
  // A lone empty field would make a blank line, which readers skip: quote it ("").
  const quotes = sheet.columns.length === 1 ? (value: unknown) => value === '' : false;
  const unparse = (records: string[][]): string =>
    Papa.unparse(records, { delimiter, newline: CRLF, quotes, header: false, escapeFormulae: false }) + CRLF;
  return writeAtomically(path, async (temp) => {
    const handle = await open(temp, 'w');
    try {
      const header = sheet.columns.map((column) => guardCsvFormula(column.header));
      await handle.write((options.bom === false ? '' : '\ufeff') + unparse([header]));
      let rows = 0;
      let block: string[][] = [];
      for await (const row of readAhead(sheet.rows, 0).all()) {
        rows += 1;
        const place = { sheet: name, row: rows };
        block.push(
          sheet.columns.map((column) => {
            const field = toCsvField(column, row[column.key], place, options);
            return field.isText ? guardCsvFormula(field.text) : field.text;
          }),
        );
        if (block.length === BLOCK_ROWS) {
          await handle.write(unparse(block));
          block = [];
          options.onRow?.(rows);
        }
      }
      if (block.length > 0) await handle.write(unparse(block));
      options.onRow?.(rows);
      return { rows };
    } finally {
      await handle.close();
    }
  });
}
