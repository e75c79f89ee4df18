import { describe, expect, it } from 'vitest';
import { checkRange } from '../../../addin/app/export.ts';
import { UsageError } from '../../../shared/errors/usage-error.ts';
import { cellValue, tableSheets, wallClock } from '../../../addin/app/export-sheets.ts';
import type { ExportTable } from '../../../shared/export/index.ts';

describe('export tables as workbook sheets', () => {
  const table: ExportTable = {
    dataset: 'movements',
    sheets: [
      {
        name: 'Movements',
        columns: [
          { key: 'date', header: 'Date', type: 'date' },
          { key: 'quantity', header: 'Total Quantity', type: 'number' },
          { key: 'cost', header: 'Line Cost', type: 'money' },
          { key: 'review', header: 'Under Review', type: 'boolean' },
          { key: 'updated', header: 'Updated At', type: 'datetime' },
          { key: 'notes', header: 'Notes', type: 'text' },
        ],
        rows: [
          {
            date: new Date(Date.UTC(2026, 2, 23)),
            quantity: '-0.5',
            cost: '1234.50',
            review: false,
            updated: '2026-03-01T10:00:00.123456Z',
            notes: '=SUM(A1)',
          },
          { date: '2026-03-24', quantity: null, cost: '', review: null, updated: null },
        ],
      },
      { name: 'Summary', columns: [{ key: 'n', header: 'Count', type: 'integer' }], rows: [{ n: 3 }] },
    ],
  };

  it('keeps every sheet, columns in order, values typed for Excel', () => {
    const sheets = tableSheets(table, 'Australia/Sydney');
    expect(sheets.map((s) => s.name)).toEqual(['Movements', 'Summary']);
    // Each column carries its number format in the locale (en-AU by default); text and booleans none.
    expect(sheets[0]!.columns.map((c) => [c.header, c.type, c.numFmt])).toEqual([
      ['Date', 'date', 'dd/mm/yyyy'],
      ['Total Quantity', 'number', 'General'],
      ['Line Cost', 'money', '#,##0.00'],
      ['Under Review', 'boolean', undefined],
      ['Updated At', 'datetime', 'dd/mm/yyyy hh:mm'],
      ['Notes', 'text', undefined],
    ]);
    const us = tableSheets(table, 'Australia/Sydney', 'en-US')[0]!.columns;
    expect([us[0]?.numFmt, us[4]?.numFmt]).toEqual(['mm/dd/yyyy', 'mm/dd/yyyy hh:mm']);
    expect(sheets[0]!.rows[0]).toEqual([
      new Date(Date.UTC(2026, 2, 23)),
      -0.5,
      1234.5,
      false,
      new Date(Date.UTC(2026, 2, 1, 21, 0, 0, 123)), // 10:00 UTC is 21:00 in Sydney (daylight time)
      '=SUM(A1)', // text as written: the adapter guards it when writing
    ]);
    expect(sheets[0]!.rows[1]).toEqual([new Date(Date.UTC(2026, 2, 24)), null, null, null, null, null]);
    expect(sheets[1]!.rows).toEqual([[3]]);
  });

  it('keeps a value that does not read as its type as text, rather than losing it', () => {
    expect(cellValue({ type: 'number' }, 'n/a', (d) => d)).toBe('n/a');
    expect(cellValue({ type: 'date' }, '23/03/2026', (d) => d)).toBe('23/03/2026');
    expect(cellValue({ type: 'datetime' }, 'soon', (d) => d)).toBe('soon');
    expect(cellValue({ type: 'boolean' }, 'yes', (d) => d)).toBe('yes');
    expect(cellValue({ type: 'text' }, 42, (d) => d)).toBe('42');
  });

  it('gives the wall clock of the farm across a daylight-saving change', () => {
    const sydney = wallClock('Australia/Sydney');
    expect(sydney(new Date('2026-04-04T15:30:00Z')).toISOString()).toBe('2026-04-05T02:30:00.000Z'); // +11 before 3 am on 5 April
    expect(sydney(new Date('2026-04-05T15:30:00Z')).toISOString()).toBe('2026-04-06T01:30:00.000Z'); // +10 after
    expect(wallClock('UTC')(new Date('2026-01-01T00:00:00Z')).toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
});

describe('the date range of an export', () => {
  it('takes open ends and real dates', () => {
    expect(checkRange('', '')).toEqual({ from: null, to: null });
    expect(checkRange('2026-01-01', '2026-03-31')).toEqual({
      from: { year: 2026, month: 1, day: 1 },
      to: { year: 2026, month: 3, day: 31 },
    });
    expect(checkRange('2026-03-31', '2026-03-31').from).toEqual({ year: 2026, month: 3, day: 31 });
  });

  it('refuses dates that are not dates, and a range that ends before it starts', () => {
    expect(() => checkRange('2026-02-31', '')).toThrow(UsageError);
    expect(() => checkRange('2026-02-31', '')).toThrow("From '2026-02-31' is not a date: expected YYYY-MM-DD");
    expect(() => checkRange('', '31/03/2026')).toThrow(/^To '31\/03\/2026' is not a date/);
    expect(() => checkRange('2026-04-01', '2026-03-01')).toThrow(
      'The range starts (2026-04-01) after it ends (2026-03-01): swap the dates.',
    );
  });
});
