import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { shareUnstyledStyles } from '../../../batch/write/shared-styles.ts';

/**
 * A workbook as an import's results meet it: read from a file (its unstyled cells each with an empty
 * style object of its own), then cells added of every type, some unstyled, some styled.
 */
async function loadedWorkbook(): Promise<ExcelJS.Workbook> {
  const source = new ExcelJS.Workbook();
  const sheet = source.addWorksheet('Invoices');
  sheet.addRow(['Invoice', 'Qty', 'Received', 'Paid', 'Total']);
  for (let i = 1; i <= 20; i++) sheet.addRow([`S-${i}`, i, new Date(Date.UTC(2026, 2, i)), i % 2 === 0, null]);
  sheet.getCell('B3').numFmt = '0.00';
  sheet.getCell('A4').font = { bold: true };
  source.addWorksheet('Notes').addRow(['kept as it was', 3.5]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await source.xlsx.writeBuffer()) as ExcelJS.Buffer);
  const loaded = workbook.getWorksheet('Invoices')!;
  for (let row = 2; row <= 21; row++) {
    loaded.getCell(row, 5).value = { formula: `B${row}*2`, result: row * 2 };
    loaded.getCell(row, 6).value = new Date(Date.UTC(2026, 3, row)); // a date with no format: exceljs gives it one
    loaded.getCell(row, 7).value = row; // a number: General
    loaded.getCell(row, 8).value = `R-${row}`;
    loaded.getCell(row, 9).value = { richText: [{ text: 'rich' }] };
  }
  return workbook;
}

/** The workbook's parts as text (the document properties aside: they carry the time of writing). */
async function parts(workbook: ExcelJS.Workbook): Promise<Record<string, string>> {
  const entries = unzipSync(new Uint8Array((await workbook.xlsx.writeBuffer()) as unknown as ArrayBuffer));
  return Object.fromEntries(
    Object.entries(entries)
      .filter(([name]) => !name.startsWith('docProps/'))
      .map(([name, bytes]) => [name, strFromU8(bytes)]),
  );
}

describe('shareUnstyledStyles', () => {
  it('writes the same file as each cell with its own empty style', async () => {
    const plain = await loadedWorkbook();
    const shared = await loadedWorkbook();
    shareUnstyledStyles(shared);
    const sheet = shared.getWorksheet('Invoices')!;
    // It did share: unstyled cells of one type have one object, of two types two.
    expect(sheet.getCell('G2').style).toBe(sheet.getCell('G3').style);
    expect(sheet.getCell('F2').style).toBe(sheet.getCell('F3').style);
    expect(sheet.getCell('F2').style).not.toBe(sheet.getCell('G2').style);
    expect(sheet.getCell('A4').style).not.toBe(sheet.getCell('A5').style); // styled: its own
    expect(await parts(shared)).toEqual(await parts(plain));
  });

  it('leaves styled and formula cells their own objects', async () => {
    const workbook = await loadedWorkbook();
    const sheet = workbook.getWorksheet('Invoices')!;
    const before = [sheet.getCell('B3').style, sheet.getCell('A4').style, sheet.getCell('E3').style];
    shareUnstyledStyles(workbook);
    expect([sheet.getCell('B3').style, sheet.getCell('A4').style, sheet.getCell('E3').style]).toEqual(before);
    expect(sheet.getCell('B3').style).toBe(before[0]);
    expect(sheet.getCell('E3').style).toBe(before[2]);
  });
});
