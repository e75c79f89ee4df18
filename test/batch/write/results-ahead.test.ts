// Result rows written onto the preloaded workbook while the rest are sent (results-xlsx.ts
// `writeRowsAhead`): the write keeps them only when each is the final word for its row, writes the
// others (invalid rows, never written ahead), and otherwise makes the workbook again from the bytes.
// The written files are compared with those written without anything ahead.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { RowKeys } from '../../../batch/write/results-keys.ts';
import { preloadResults, writeResultsFile } from '../../../batch/write/results-file.ts';
import { writeRowsAhead } from '../../../batch/write/results-xlsx.ts';
import { rowKey } from '../../../shared/import/row-key.ts';
import type { RowResult } from '../../../shared/import/outcome.ts';
import { RESULT_COLUMNS } from '../../../shared/kinds/index.ts';
import { readWorkbook, useTempDir } from './helpers.ts';

const temp = useTempDir();

/** An .xlsx of a header row and three invoice rows (A: invoice, B: qty). */
async function invoiceBytes(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Invoices');
  sheet.addRow(['Invoice No', 'Qty']);
  for (const [invoice, qty] of [
    ['INV-1', 1],
    ['INV-2', 2],
    ['INV-3', -5],
  ])
    sheet.addRow([invoice, qty]);
  return new Uint8Array((await workbook.xlsx.writeBuffer()) as unknown as ArrayBuffer);
}

const keys: RowKeys = {
  columns: [0],
  dateSystem: 1900,
  byRow: new Map([
    [2, rowKey(['INV-1'], [0])],
    [3, rowKey(['INV-2'], [0])],
    [4, rowKey(['INV-3'], [0])],
  ]),
};
const place = { sheetName: 'Invoices', headerRowNumber: 1, names: [...RESULT_COLUMNS], rowKeys: keys };
const created = (rowNumber: number, n: number): RowResult => ({
  rowNumber,
  status: 'created',
  recordId: `r-${n}`,
  sequence: `REC-${n}`,
});
const invalid: RowResult = {
  rowNumber: 4,
  status: 'invalid',
  message: 'Qty -5 must be greater than 0',
  invalidColumns: [1],
};
const final = [created(2, 1), created(3, 2), invalid];

async function write(
  snapshot: Uint8Array,
  name: string,
  results: RowResult[],
  preloaded: ReturnType<typeof preloadResults>,
) {
  return writeResultsFile({
    inputPath: temp.file('invoices.xlsx'),
    snapshot,
    rowKeys: keys,
    outputPath: temp.file(name),
    sheetName: 'Invoices',
    headerRowNumber: 1,
    results,
    preloaded,
  });
}

/** Every cell of the sheet as written: value, style and note, by address. */
async function cellsOf(path: string): Promise<Record<string, unknown>> {
  const sheet = (await readWorkbook(path)).getWorksheet('Invoices')!;
  const cells: Record<string, unknown> = {};
  sheet.eachRow((row) =>
    row.eachCell({ includeEmpty: true }, (cell) => {
      cells[cell.address] = [cell.value, cell.style, cell.note];
    }),
  );
  return cells;
}

describe('writeRowsAhead', () => {
  it('rows written ahead are kept when they are the final word; the invalid row is written at the end; the file is the same', async () => {
    const snapshot = await invoiceBytes();
    const preloaded = preloadResults('invoices.xlsx', snapshot, 'Invoices', keys)!;
    const loaded = await preloaded.workbook;
    writeRowsAhead(loaded, place, [created(2, 1)]);
    writeRowsAhead(loaded, place, [created(3, 2)]);
    await write(snapshot, 'ahead.results.xlsx', final, preloaded);
    await write(snapshot, 'plain.results.xlsx', final, null);
    expect(await cellsOf(temp.file('ahead.results.xlsx'))).toEqual(await cellsOf(temp.file('plain.results.xlsx')));
    // A stand-in on a row written ahead: seen in the file, it shows the row was kept, not written again.
    const again = preloadResults('invoices.xlsx', snapshot, 'Invoices', keys)!;
    const reloaded = await again.workbook;
    writeRowsAhead(reloaded, place, [created(2, 1)]);
    reloaded.getWorksheet('Invoices')!.getCell('C2').value = 'kept';
    await write(snapshot, 'kept.results.xlsx', final, again);
    const sheet = (await readWorkbook(temp.file('kept.results.xlsx'))).getWorksheet('Invoices')!;
    expect(sheet.getCell('C2').value).toBe('kept');
    expect(sheet.getCell('C4').value).toBe('invalid');
    expect(sheet.getCell('B4').fill).toMatchObject({ fgColor: { argb: 'FFFFC7CE' } });
  });

  it('a row written ahead that is not the final word (a note of the sweep): the workbook is made again from the bytes', async () => {
    const snapshot = await invoiceBytes();
    const preloaded = preloadResults('invoices.xlsx', snapshot, 'Invoices', keys)!;
    const loaded = await preloaded.workbook;
    writeRowsAhead(loaded, place, [created(2, 1), created(3, 2)]);
    loaded.getWorksheet('Invoices')!.getCell('C3').value = 'stale';
    const noted = [
      created(2, 1),
      { ...created(3, 2), message: 'created as REC-2, but the service now also holds REC-7' },
      invalid,
    ];
    await write(snapshot, 'ahead.results.xlsx', noted, preloaded);
    await write(snapshot, 'plain.results.xlsx', noted, null);
    expect(await cellsOf(temp.file('ahead.results.xlsx'))).toEqual(await cellsOf(temp.file('plain.results.xlsx')));
    const sheet = (await readWorkbook(temp.file('ahead.results.xlsx'))).getWorksheet('Invoices')!;
    expect(sheet.getCell('C3').value).toBe('created');
  });

  it('a row whose key cells differ is not written ahead: the write leaves it off, as without a preload', async () => {
    const snapshot = await invoiceBytes();
    const moved: RowKeys = { ...keys, byRow: new Map([...keys.byRow, [3, rowKey(['INV-9'], [0])]]) };
    const preloaded = preloadResults('invoices.xlsx', snapshot, 'Invoices', moved)!;
    const loaded = await preloaded.workbook;
    writeRowsAhead(loaded, { ...place, rowKeys: moved }, [created(2, 1), created(3, 2)]);
    expect(loaded.getWorksheet('Invoices')!.getCell('C3').value).toBeNull();
    const written = await writeResultsFile({
      inputPath: temp.file('invoices.xlsx'),
      snapshot,
      rowKeys: moved,
      outputPath: temp.file('moved.results.xlsx'),
      sheetName: 'Invoices',
      headerRowNumber: 1,
      results: final,
      preloaded,
    });
    expect(written.unplaced).toEqual([3]);
  });
});
