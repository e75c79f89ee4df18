import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsv, readGrid, readGridFromBuffer, readXlsx, type ReadGrid } from '../../../batch/read/index.ts';
import type { CellValue } from '../../../shared/sheet/grid.ts';
import { EXAMPLES, expectInputError } from './helpers.ts';

const INVOICES = join(EXAMPLES, 'supplier-invoices.xlsx');
const APRIL = join(EXAMPLES, 'supplier-invoices-april.csv');
const RETURNS = join(EXAMPLES, 'supplier-returns.csv');

function cellsOf(grid: ReadGrid, rowNumber: number): CellValue[] {
  const row = grid.rows.find((r) => r.rowNumber === rowNumber);
  if (!row) throw new Error(`no row ${rowNumber}`);
  return row.cells;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

describe('examples/supplier-invoices.xlsx', () => {
  it('reads sheet Invoices with the sheet row numbers of its non-blank rows', async () => {
    const grid = await readGrid(INVOICES);
    expect(grid.source).toBe('supplier-invoices.xlsx');
    expect(grid.sheet).toBe('Invoices');
    expect(grid.format).toBe('xlsx');
    expect(grid.sheetNames).toEqual(['Invoices']);
    expect(grid.warnings).toEqual([]);
    // Row 3 (between note and header), 14, 25 (between invoices) and 44 (above TOTAL) are blank.
    expect(grid.rows.map((r) => r.rowNumber)).toEqual([
      1,
      2,
      4,
      ...range(5, 13),
      ...range(15, 24),
      ...range(26, 43),
      45,
    ]);
  });

  it('keeps the merged title in its first cell only, and the note row as text', async () => {
    const grid = await readGrid(INVOICES);
    expect(cellsOf(grid, 1)).toEqual(['Willow Creek Pastoral Co — supplier invoices, January to March 2026']);
    expect(cellsOf(grid, 2)).toEqual(['Keyed from supplier PDFs by the office. Prices are per pack, GST exclusive.']);
    expect(cellsOf(grid, 4)).toEqual([
      'Invoice No',
      'Supplier',
      'Date Received',
      'Deliver To',
      'PO Number',
      'Product',
      'Qty',
      'Pack Size',
      'Unit',
      'Price ex GST',
      'Line Total',
      'Notes',
    ]);
  });

  it('gives a date cell as a Date whose UTC parts are the sheet date, and the formula its cached result', async () => {
    const grid = await readGrid(INVOICES);
    const first = cellsOf(grid, 5);
    expect(first[2]).toBeInstanceOf(Date);
    expect((first[2] as Date).toISOString()).toBe('2026-01-06T00:00:00.000Z');
    expect(first).toEqual([
      'INV-40211',
      'Farmco Rural Supplies',
      first[2],
      'Main Chemical Shed',
      'PO-1001',
      'Glyfos 540',
      4,
      20,
      'L',
      185,
      740,
    ]);
    // Line items below the first have empty header cells (filled down later, not here).
    expect(cellsOf(grid, 6)).toEqual([null, null, null, null, null, 'Amine 625', 2, 20, 'L', 142.5, 285]);
    expect(cellsOf(grid, 8)).toEqual([
      'INV-40262',
      'Farmco Rural Supplies',
      new Date('2026-01-13T00:00:00.000Z'),
      'Main Chemical Shed',
      'PO-1004',
      'Clethomax 240',
      2,
      '10 L',
      null,
      310,
      620,
      'Back order of Metsul to follow',
    ]);
  });

  it('keeps dates written as text, the serial number, the price as text and odd names exactly as written', async () => {
    const grid = await readGrid(INVOICES);
    expect(cellsOf(grid, 12)[2]).toBe('27/01/2026');
    expect(cellsOf(grid, 26)[2]).toBe('2026-03-02');
    expect(cellsOf(grid, 32)[2]).toBe('31/02/2026');
    expect(cellsOf(grid, 36)[2]).toBe('3 Mar 2026');
    const serialRow = cellsOf(grid, 33);
    expect(serialRow[2]).toBe(46104); // a General cell: the value layer reads the serial as 23/03/2026
    expect(serialRow[9]).toBe('$182.00');
    expect(serialRow[10]).toBe(1820);
    expect(cellsOf(grid, 34)[5]).toBe('Glyphosate 540 g/L');
    expect(cellsOf(grid, 35)[7]).toBe('5L');
    expect(cellsOf(grid, 18)[5]).toBe('glyfos 540 ');
    expect(cellsOf(grid, 20)[5]).toBe('Alphaguard® 100');
    expect(cellsOf(grid, 31)[6]).toBe(-5);
    expect(cellsOf(grid, 38)[8]).toBe('T');
    expect(cellsOf(grid, 43).slice(0, 2)).toEqual([null, 'Riverina Ag Chemicals']);
    expect(cellsOf(grid, 45)).toEqual([null, null, null, null, null, 'TOTAL', null, null, null, null, 79305.9]);
  });

  it('has real dates only in Date Received, each at midnight UTC', async () => {
    const grid = await readGrid(INVOICES);
    const dates = grid.rows.flatMap((r) =>
      r.cells.flatMap((c, i) => (c instanceof Date ? [{ row: r.rowNumber, i, c }] : [])),
    );
    // 17 invoices: 4 dates as text (rows 12, 26, 32, 36) and one serial number in a General cell (row 33).
    expect(dates.map((d) => d.row)).toEqual([5, 8, 10, 15, 18, 22, 24, 28, 30, 38, 40, 42]);
    for (const { i, c } of dates) {
      expect(i).toBe(2);
      expect(c.getUTCHours() + c.getUTCMinutes() + c.getUTCSeconds()).toBe(0);
    }
  });

  it('reads the same through readXlsx and from a buffer, and readCsv refuses it', async () => {
    const grid = await readGrid(INVOICES);
    expect((await readXlsx(INVOICES)).rows).toEqual(grid.rows);
    const fromBuffer = await readGridFromBuffer(await readFile(INVOICES), 'in-memory/supplier-invoices.xlsx');
    expect(fromBuffer.rows).toEqual(grid.rows);
    expect(fromBuffer.source).toBe('supplier-invoices.xlsx');
    await expectInputError(readCsv(INVOICES), 'not_a_spreadsheet', INVOICES);
  });

  it('picks the sheet named by --sheet regardless of case', async () => {
    const grid = await readGrid(INVOICES, { sheet: 'invoices' });
    expect(grid.sheet).toBe('Invoices');
    expect(grid.rows).toHaveLength(41);
  });
});

describe('examples/supplier-invoices-april.csv', () => {
  it('strips the BOM, splits on semicolons, ends lines at CRLF and keeps every value as text', async () => {
    const grid = await readGrid(APRIL);
    expect(grid.source).toBe('supplier-invoices-april.csv');
    expect(grid.sheet).toBe('supplier-invoices-april');
    expect(grid.format).toBe('csv');
    expect(grid.csv).toEqual({ delimiter: ';', newline: '\r\n', encoding: 'utf-8', bom: true });
    expect(grid.warnings).toEqual([]);
    expect(grid.rows.map((r) => r.rowNumber)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(cellsOf(grid, 1)).toEqual([
      'Invoice',
      'Supplier',
      'Received',
      'Storage',
      'Order No',
      'Item',
      'Packs',
      'Size',
      'UOM',
      'Cost/Pack',
      'Notes',
    ]);
    expect(cellsOf(grid, 2)).toEqual([
      'INV-40502',
      'Farmco Rural Supplies',
      '02/04/2026',
      'Main Chemical Shed',
      'PO-1040',
      'Weedaway 540',
      '8',
      '20',
      'L',
      '$179.00',
      'Pre-sowing knockdown',
    ]);
    // Notes empty: the trailing empty cell is dropped; the comma inside $1,025.00 is not a delimiter.
    expect(cellsOf(grid, 4)).toEqual([
      'INV-88512',
      'Southern Cross Fertilisers',
      '07/04/2026',
      'Fertiliser Bunker',
      'PO-1042',
      'Starter MAP',
      '20',
      '1',
      't',
      '$1,025.00',
    ]);
    expect(grid.rows.every((r) => r.cells.every((c) => c === null || typeof c === 'string'))).toBe(true);
  });

  it('reads the same through readCsv, and readXlsx refuses it', async () => {
    expect((await readCsv(APRIL)).rows).toEqual((await readGrid(APRIL)).rows);
    await expectInputError(readXlsx(APRIL), 'not_a_spreadsheet', APRIL);
  });
});

describe('examples/supplier-returns.csv', () => {
  it('splits on commas, honours quotes, and reads empty cells as null', async () => {
    const grid = await readGrid(RETURNS);
    expect(grid.sheet).toBe('supplier-returns');
    expect(grid.csv).toEqual({ delimiter: ',', newline: '\r\n', encoding: 'utf-8', bom: true });
    expect(grid.rows.map((r) => r.rowNumber)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(cellsOf(grid, 1)).toEqual([
      'Date',
      'Return To',
      'From Shed',
      'Product',
      'Amount',
      'Unit',
      'Credit Note',
      'Comments',
    ]);
    expect(cellsOf(grid, 2)).toEqual([
      '12/02/2026',
      'Farmco Rural Supplies',
      'Main Chemical Shed',
      'Glyfos 540',
      '20',
      'L',
      'CN-7781',
      'Unopened drum, over-ordered',
    ]);
    expect(cellsOf(grid, 3)).toEqual([
      '28/02/2026',
      'Southern Cross Fertilisers',
      'Fertiliser Bunker',
      'MAP Granular',
      '1000 kg',
      null,
      'CN-3310',
      'Caked bag',
    ]);
    expect(cellsOf(grid, 5)).toEqual([
      '18/03/2026',
      'Riverina Ag Chemicals',
      'Main Chemical Shed',
      'Tebushield 430',
      '5 L',
      null,
      null,
      'Wrong product delivered',
    ]);
    expect(cellsOf(grid, 6)).toEqual([
      '20/03/2026',
      'Farmco Rural Supplies',
      'Main Chemical Shed',
      'Metsul 600 WG',
      '0',
      'g',
      'CN-7790',
      'Entered twice',
    ]);
  });
});
