// The results workbook loaded from the snapshot while records are sent (results-file.ts
// `preloadResults`): the write uses that load for the same bytes, never for others.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { preloadResults, writeResultsFile, type PreloadedResults } from '../../../batch/write/results-file.ts';
import type { RowKeys } from '../../../batch/write/results-keys.ts';
import { rowKey } from '../../../shared/import/row-key.ts';
import { workbookZip } from '../../support/workbook-zip.ts';
import { invoiceBytes, readWorkbook, useTempDir } from './helpers.ts';

const temp = useTempDir();

const results = [{ rowNumber: 2, status: 'created' as const, recordId: 'r-1', sequence: 'REC-1' }];

/** The results sheet written for `snapshot` with `preloaded` offered to the write. */
async function writtenWith(snapshot: Uint8Array, preloaded: PreloadedResults | null): Promise<ExcelJS.Worksheet> {
  const output = temp.file('invoices.results.xlsx');
  await writeResultsFile({
    inputPath: temp.file('invoices.xlsx'),
    snapshot,
    outputPath: output,
    headerRowNumber: 1,
    results,
    preloaded,
  });
  return (await readWorkbook(output)).getWorksheet('Invoices')!;
}

describe('preloadResults', () => {
  it('the write takes the workbook loaded ahead for the same snapshot', async () => {
    const snapshot = await invoiceBytes('INV-1');
    const preloaded = preloadResults('invoices.xlsx', snapshot)!;
    // Stand-in load of other cells for these very bytes: seeing them in the output shows the preload was used.
    const marked: PreloadedResults = {
      snapshot,
      workbook: preloadResults('other.xlsx', await invoiceBytes('PRE-1'))!.workbook,
    };
    expect(preloaded.snapshot).toBe(snapshot);
    const sheet = await writtenWith(snapshot, marked);
    expect(sheet.getCell('A2').value).toBe('PRE-1');
    expect(sheet.getCell('C2').value).toBe('created');
  });

  it('a preload of other bytes is not used: the snapshot is loaded', async () => {
    const snapshot = await invoiceBytes('INV-1');
    const other = preloadResults('invoices.xlsx', await invoiceBytes('PRE-1'));
    const sheet = await writtenWith(snapshot, other);
    expect(sheet.getCell('A2').value).toBe('INV-1');
    expect(sheet.getCell('D2').value).toBe('r-1');
  });

  it('puts back the `t="d"` cells of the sheet named while it loads; the write gives what it gives without a preload', async () => {
    const rows = (title: string) =>
      `<row r="1"><c r="A1" t="inlineStr"><is><t>${title}</t></is></c><c r="B1" t="inlineStr"><is><t>Date</t></is></c></row>` +
      '<row r="2"><c r="A2" t="inlineStr"><is><t>INV-1</t></is></c><c r="B2" t="d"><v>2026-03-04</v></c></row>';
    const snapshot = workbookZip([
      { name: 'Notes', rows: rows('Note') },
      { name: 'Invoices', rows: rows('Invoice No') },
    ]);
    const preloaded = preloadResults('invoices.xlsx', snapshot, 'Invoices')!;
    const loaded = await preloaded.workbook;
    // exceljs alone reads 2026-03-04 as the number 2026; put back on the sheet named, not on the other.
    expect(loaded.getWorksheet('Invoices')!.getCell('B2').value).toEqual(new Date(Date.UTC(2026, 2, 4)));
    expect(loaded.getWorksheet('Notes')!.getCell('B2').value).toBe(2026);
    const write = (outputPath: string, preload: PreloadedResults | null) =>
      writeResultsFile({
        inputPath: temp.file('invoices.xlsx'),
        snapshot,
        outputPath,
        sheetName: 'Invoices',
        headerRowNumber: 1,
        results,
        preloaded: preload,
      });
    await write(temp.file('with.results.xlsx'), preloaded);
    await write(temp.file('without.results.xlsx'), null);
    const cells = async (path: string) => {
      const sheet = (await readWorkbook(path)).getWorksheet('Invoices')!;
      return [sheet.getCell('B2').value, sheet.getCell('B2').numFmt, sheet.getCell('C2').value];
    };
    expect(await cells(temp.file('with.results.xlsx'))).toEqual(await cells(temp.file('without.results.xlsx')));
    expect((await cells(temp.file('with.results.xlsx')))[0]).toEqual(new Date(Date.UTC(2026, 2, 4)));
  });

  it('compares each row’s key while it loads: the write takes those comparisons, and leaves off what they found', async () => {
    const snapshot = await invoiceBytes('INV-1');
    // The import read INV-1 on row 2 and INV-1-2 on row 3; the loaded sheet is changed on row 3 after the comparisons.
    const rowKeys: RowKeys = {
      columns: [0],
      dateSystem: 1900,
      byRow: new Map([
        [2, rowKey(['INV-1'], [0])],
        [3, rowKey(['INV-9'], [0])],
      ]),
    };
    const preloaded = preloadResults('invoices.xlsx', snapshot, 'Invoices', rowKeys)!;
    (await preloaded.workbook).getWorksheet('Invoices')!.getCell('A3').value = 'INV-9';
    const both = [...results, { rowNumber: 3, status: 'created' as const, recordId: 'r-2', sequence: 'REC-2' }];
    const written = await writeResultsFile({
      inputPath: temp.file('invoices.xlsx'),
      snapshot,
      rowKeys,
      outputPath: temp.file('invoices.results.xlsx'),
      sheetName: 'Invoices',
      headerRowNumber: 1,
      results: both,
      preloaded,
    });
    // Row 3 showed INV-1-2 when compared (not INV-9): left off, though the sheet says INV-9 by now.
    expect(written.unplaced).toEqual([3]);
    const sheet = (await readWorkbook(temp.file('invoices.results.xlsx'))).getWorksheet('Invoices')!;
    expect(sheet.getCell('D2').value).toBe('r-1');
    expect(sheet.getCell('D3').value).toBeNull();
  });

  it('nothing is preloaded for a CSV (written in one pass from its bytes)', () => {
    expect(preloadResults('invoices.csv', new TextEncoder().encode('a,b\n1,2\n'))).toBeNull();
  });
});
