// Real .xlsx cells written and read back by exceljs, then parsed: the Date objects and numbers the
// readers really produce, whatever the machine's time zone.
import { describe, it, expect } from 'vitest';
import ExcelJS from 'exceljs';
import type { CellValue } from '../../../../shared/sheet/grid.ts';
import {
  formatLocalDate,
  localDateToUtcDate,
  localMidnightIso,
  parseDateCell,
  parseDecimalCell,
  parseQuantityWithUnit,
} from '../../../../shared/sheet/values/index.ts';

/** Write one row of values to a real workbook, read it back, and return the cell values. */
async function roundTrip(values: { value: ExcelJS.CellValue; numFmt?: string }[]): Promise<CellValue[]> {
  const out = new ExcelJS.Workbook();
  const sheet = out.addWorksheet('Receipts');
  values.forEach(({ value, numFmt }, i) => {
    const cell = sheet.getCell(1, i + 1);
    cell.value = value;
    if (numFmt) cell.numFmt = numFmt;
  });
  const buffer = await out.xlsx.writeBuffer();
  const back = new ExcelJS.Workbook();
  await back.xlsx.load(buffer);
  const row = back.getWorksheet('Receipts')!.getRow(1);
  return values.map((_, i) => row.getCell(i + 1).value as CellValue);
}

describe('cells from a real .xlsx', () => {
  it('reads date cells as the date shown in the sheet, with or without a time of day', async () => {
    const cells = await roundTrip([
      { value: localDateToUtcDate({ year: 2026, month: 2, day: 3 }), numFmt: 'dd/mm/yyyy' },
      { value: new Date(Date.UTC(2026, 1, 3, 14, 30)), numFmt: 'dd/mm/yyyy hh:mm' },
      { value: new Date(Date.UTC(2026, 3, 5, 23, 59)), numFmt: 'dd/mm/yyyy hh:mm' },
      { value: 46104 },
      { value: '3/2/2026' },
    ]);
    const dates = cells.map((cell) => {
      const parsed = parseDateCell(cell, 'DMY');
      return parsed.ok ? formatLocalDate(parsed.value) : parsed.reason;
    });
    expect(dates).toEqual(['2026-02-03', '2026-02-03', '2026-04-05', '2026-03-23', '2026-02-03']);
    const first = parseDateCell(cells[0]!, 'DMY');
    expect(first.ok && localMidnightIso(first.value, 'Australia/Sydney')).toBe('2026-02-03T00:00:00+11:00');
  });

  it('reads money and pack sizes from number and text cells without float noise', async () => {
    const cells = await roundTrip([
      { value: 0.1 + 0.2 },
      { value: '$1,234.50' },
      { value: 182 },
      { value: '20\u00a0L ' },
    ]);
    expect(parseDecimalCell(cells[0]!)).toEqual({ ok: true, value: '0.3' });
    expect(parseDecimalCell(cells[1]!)).toEqual({ ok: true, value: '1234.5' });
    expect(parseDecimalCell(cells[2]!)).toEqual({ ok: true, value: '182' });
    expect(parseQuantityWithUnit(cells[3]!)).toEqual({ ok: true, value: { value: '20', unit: 'L' } });
  });
});
