import { describe, expect, it } from 'vitest';
import {
  SAMPLE_WORKBOOK,
  createMemoryWorkbook,
  gridRows,
  keepSettingsAcrossReloads,
  reviveCell,
  serialiseCell,
  wantsMemoryHost,
} from '../../../addin/app/memory-host.ts';
import { readGrid } from '../../../batch/read/index.ts';

describe('memory host', () => {
  it('is chosen only by ?host=memory', () => {
    expect(wantsMemoryHost('https://localhost:3000/taskpane.html?host=memory')).toBe(true);
    expect(wantsMemoryHost('https://localhost:3000/taskpane.html?x=1&host=memory')).toBe(true);
    expect(wantsMemoryHost('https://localhost:3000/taskpane.html')).toBe(false);
    expect(wantsMemoryHost('https://localhost:3000/taskpane.html?host=Memory')).toBe(false);
    expect(wantsMemoryHost('https://localhost:3000/taskpane.html?host=excel')).toBe(false);
    expect(wantsMemoryHost('https://localhost:3000/taskpane.html#host=memory')).toBe(false);
    expect(wantsMemoryHost('not a url')).toBe(false);
  });

  it('carries dates through JSON and turns anything else odd into an empty cell', () => {
    const date = new Date(Date.UTC(2026, 2, 23));
    const json = JSON.parse(JSON.stringify([date, 'x', 4.5, true, null].map(serialiseCell)));
    expect(json.map(reviveCell)).toEqual([date, 'x', 4.5, true, null]);
    expect(reviveCell({ date: 'not a date' })).toBeNull();
    expect(reviveCell({ other: 1 })).toBeNull();
    expect(reviveCell(undefined)).toBeNull();
    expect(reviveCell(Number.NaN)).toBeNull();
    expect(reviveCell([1])).toBeNull();
  });

  it('lays a grid out by row number, blank rows kept as empty rows, and reads back the same grid', async () => {
    const grid = await readGrid('examples/supplier-invoices.xlsx');
    const rows = gridRows(grid);
    expect(rows.length).toBe(45);
    expect(rows[2]).toEqual([]);
    const workbook = createMemoryWorkbook({
      name: 'x.xlsx',
      sheets: [{ name: grid.sheet, rows: JSON.parse(JSON.stringify(rows)) }],
    });
    const again = await workbook.readSheet();
    expect(again.rows.map((r) => r.rowNumber)).toEqual(grid.rows.map((r) => r.rowNumber));
    expect(again.rows.find((r) => r.rowNumber === 5)?.cells[2]).toEqual(
      grid.rows.find((r) => r.rowNumber === 5)?.cells[2],
    );
  });

  it('starts the sample workbook, with settings when given', async () => {
    const sample = createMemoryWorkbook();
    expect(await sample.sheetNames()).toEqual(['Invoices', 'Returns']);
    expect(await sample.activeSheetName()).toBe('Invoices');
    expect((await sample.readSheet('Invoices')).rows[1]).toMatchObject({
      rowNumber: 3,
      cells: expect.arrayContaining(['Date Received']),
    });
    const withSettings = createMemoryWorkbook({
      ...SAMPLE_WORKBOOK,
      settings: { 'shed.baseUrl': 'https://a.example' },
    });
    expect(await withSettings.getSetting('shed.baseUrl')).toBe('https://a.example');
  });
});

describe('the memory workbook across a reload of the page', () => {
  it('keeps its settings (identity, mappings) as Excel keeps an open workbook’s, by workbook name', async () => {
    const kept = new Map<string, string>();
    const storage = {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => void kept.set(k, v),
    };
    const first = createMemoryWorkbook({ name: 'Book1.xlsx', sheets: [{ name: 'Sheet1', rows: [] }] });
    keepSettingsAcrossReloads(first, storage);
    await first.setSetting('shed.workbookId', 'a-guid');
    const reloaded = createMemoryWorkbook({ name: 'Book1.xlsx', sheets: [{ name: 'Sheet1', rows: [] }] });
    keepSettingsAcrossReloads(reloaded, storage);
    expect(await reloaded.getSetting('shed.workbookId')).toBe('a-guid');
    const other = createMemoryWorkbook({ name: 'Book2.xlsx', sheets: [{ name: 'Sheet1', rows: [] }] });
    keepSettingsAcrossReloads(other, storage);
    expect(await other.getSetting('shed.workbookId')).toBeNull();
  });
});
