import { describe, expect, it, vi } from 'vitest';
import { writeXlsxTables } from '../../../batch/write/xlsx-writer.ts';
import { ALL_TYPES, readWorkbook, sampleRows, useTempDir } from './helpers.ts';

// An exceljs without the streaming internals used for tables: the writer must fall back to an autoFilter.
vi.mock('../../../batch/write/xlsx-table-part.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../batch/write/xlsx-table-part.ts')>()),
  tableHooks: () => undefined,
}));

const dir = useTempDir();

describe('writeXlsxTables without table support', () => {
  it('puts an autoFilter over header and data, keeps the frozen header, and writes no table', async () => {
    const path = dir.file('fallback.xlsx');
    await writeXlsxTables(path, [
      { name: 'Movements', columns: ALL_TYPES, rows: sampleRows(4), totalsRow: { sum: ['cost'] } },
    ]);
    const sheet = (await readWorkbook(path)).getWorksheet('Movements')!;
    expect(sheet.autoFilter).toBe('A1:G5');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getTables()).toEqual([]);
    expect(sheet.getRow(6).getCell(5).value).toEqual({ formula: 'SUBTOTAL(109,E2:E5)', result: 61.5 });
  });

  it('keeps the totals formula over a real range when there are no rows', async () => {
    const path = dir.file('empty.xlsx');
    await writeXlsxTables(path, [{ name: 'Movements', columns: ALL_TYPES, rows: [], totalsRow: { sum: ['cost'] } }]);
    const sheet = (await readWorkbook(path)).getWorksheet('Movements')!;
    expect(sheet.autoFilter).toBe('A1:G2');
    expect(sheet.getRow(3).getCell(1).value).toBe('Total');
    // exceljs leaves out a cached result of 0.
    expect(sheet.getRow(3).getCell(5).value).toMatchObject({ formula: 'SUBTOTAL(109,E2:E2)' });
  });
});
