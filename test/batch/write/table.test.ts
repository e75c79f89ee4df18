import { describe, expect, it } from 'vitest';
import { checkColumns, checkSheets, type ColumnSpec, type TableSheet } from '../../../batch/write/table.ts';
import { WriteError } from '../../../batch/write/write-error.ts';
import { thrown } from './helpers.ts';

const COLUMNS: ColumnSpec[] = [
  { key: 'product', header: 'Product', type: 'text' },
  { key: 'qty', header: 'Qty', type: 'number' },
];

function sheet(name: string, extra: Partial<TableSheet> = {}): TableSheet {
  return { name, columns: COLUMNS, rows: [], ...extra };
}

describe('checkSheets', () => {
  it('derives a table name from each sheet name, unique in the workbook', () => {
    expect(checkSheets([sheet('Movements'), sheet('Summary'), sheet('Stock by storage')])).toEqual([
      'Movements',
      'Summary',
      'Stockbystorage',
    ]);
  });

  it('makes derived names valid: a letter first, not a cell reference, not taken', () => {
    expect(
      checkSheets([sheet('2026 receipts'), sheet('A1'), sheet('R1C1'), sheet('Movéments'), sheet('Movements')]),
    ).toEqual(['T_2026receipts', 'T_A1', 'T_R1C1', 'Movements', 'Movements_2']);
  });

  it('keeps a given table name', () => {
    expect(checkSheets([sheet('Movements', { tableName: 'MovementsTable' })])).toEqual(['MovementsTable']);
  });

  it.each([
    ['no sheets', []],
    ['an empty sheet name', [sheet('')]],
    ['a sheet name over 31 characters', [sheet('x'.repeat(32))]],
    ['a sheet name with a slash', [sheet('In/Out')]],
    ['a sheet name with a colon', [sheet('a:b')]],
    ['a sheet name with brackets', [sheet('[x]')]],
    ['a sheet name starting with a quote', [sheet("'x")]],
    ['a duplicate sheet name (case ignored)', [sheet('Movements'), sheet('MOVEMENTS')]],
    ['a table name with a space', [sheet('A', { tableName: 'My table' })]],
    ['a table name starting with a digit', [sheet('A', { tableName: '1table' })]],
    ['a table name like a cell reference', [sheet('A', { tableName: 'AB12' })]],
    ['a duplicate table name', [sheet('A', { tableName: 'T' }), sheet('B', { tableName: 't' })]],
    ['totals on an unknown column', [sheet('A', { totalsRow: { sum: ['nope'] } })]],
    ['totals on a text column', [sheet('A', { totalsRow: { sum: ['product'] } })]],
    ['no columns', [sheet('A', { columns: [] })]],
  ])('refuses %s', (_, sheets) => {
    const error = thrown(() => checkSheets(sheets));
    expect(error).toBeInstanceOf(WriteError);
    expect(error.code).toBe('invalid_table');
    expect(error.category).toBe('internal');
  });
});

describe('checkColumns', () => {
  it.each<[string, ColumnSpec[], RegExp]>([
    ['a duplicate key', [COLUMNS[0]!, { ...COLUMNS[1]!, key: 'product' }], /key 'product' is used twice/],
    ['an empty header', [{ key: 'a', header: '  ', type: 'text' }], /empty header/],
    [
      'a duplicate header, case and spaces ignored',
      [COLUMNS[0]!, { key: 'b', header: ' product ', type: 'text' }],
      /used twice/,
    ],
    ['a header with a line break', [{ key: 'a', header: 'Qty\n(L)', type: 'number' }], /control character/],
    ['a zero width', [{ key: 'a', header: 'A', type: 'text', width: 0 }], /width/],
    ['a width over 255', [{ key: 'a', header: 'A', type: 'text', width: 256 }], /width/],
    ['a NaN width', [{ key: 'a', header: 'A', type: 'text', width: Number.NaN }], /width/],
  ])('refuses %s', (_, columns, message) => {
    const error = thrown(() => checkColumns('Sheet', columns));
    expect(error.code).toBe('invalid_table');
    expect(error.message).toMatch(message);
  });

  it('refuses more than 16,384 columns', () => {
    const columns = Array.from({ length: 16_385 }, (_, i): ColumnSpec => ({
      key: `c${i}`,
      header: `C${i}`,
      type: 'text',
    }));
    expect(thrown(() => checkColumns('Sheet', columns)).message).toMatch(/at most 16384/);
  });

  it('accepts valid columns', () => {
    expect(() => checkColumns('Sheet', COLUMNS)).not.toThrow();
  });
});
