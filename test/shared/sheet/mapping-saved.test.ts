import { describe, expect, it } from 'vitest';
import type { CellValue, Grid } from '../../../shared/sheet/grid.ts';
import { MappingError } from '../../../shared/sheet/mapping-error.ts';
import { assertMappingUsable, detectMapping } from '../../../shared/sheet/mapping.ts';
import {
  columnFromLetter,
  parseSavedMapping,
  resolveSavedColumn,
  toSavedMapping,
} from '../../../shared/sheet/saved-mapping.ts';
import { thrownBy } from '../../support/errors.ts';

function gridOf(rows: readonly (readonly CellValue[])[], numbers?: readonly number[]): Grid {
  return {
    source: 'farm.xlsx',
    sheet: 'Stock',
    rows: rows.map((cells, i) => ({ rowNumber: numbers?.[i] ?? i + 1, cells: [...cells] })),
  };
}

const thrown = (f: () => unknown): MappingError => thrownBy(f, MappingError);

/** A sheet whose own names are not synonyms: the guess finds nothing for most columns. */
const ODD_HEADER = ['Vendeur', 'Arrivé le', 'Hangar', 'Produit', 'Nombre', 'Contenance', 'Prix', 'Notes'];
const ODD_DATA = ['Farmco', '3/2/2026', 'Main Chemical Shed', 'Glyfos 540', 4, '20 L', 185, 'x'];

describe('parseSavedMapping', () => {
  it('reads a file holding only the keys it needs, without "columns"', () => {
    const saved = parseSavedMapping('{"pack_cost_from": "line_total"}', 'm.json');
    expect(saved).toEqual({ columns: {}, packCostFrom: 'line_total' });
    expect(parseSavedMapping('{"values": {"storage": "Main Chemical Shed"}}', 'm.json').values).toEqual({
      storage: 'Main Chemical Shed',
    });
  });

  it('accepts a mapping with kind, header row, header texts, letters and nulls', () => {
    const json = {
      kind: 'receipts',
      headerRow: 4,
      columns: { quantity: ' Qty (packs) ', pack_cost: 'J', line_total: null },
    };
    expect(parseSavedMapping(json, 'm.json')).toEqual({
      kind: 'receipts',
      headerRow: 4,
      columns: { quantity: 'Qty (packs)', pack_cost: 'J', line_total: null },
    });
    expect(parseSavedMapping({ columns: {} }, 'm.json')).toEqual({ columns: {} });
  });

  it('accepts the JSON text too', () => {
    expect(parseSavedMapping('{"columns":{"amount":"Qty"}}', 'm.json')).toEqual({ columns: { amount: 'Qty' } });
  });

  it('refuses invalid JSON text', () => {
    const error = thrown(() => parseSavedMapping('{"columns": ', 'm.json'));
    expect(error.code).toBe('invalid_mapping_file');
    expect(error.message).toMatch(/^m\.json is not valid JSON \(.+\)\. Expected e\.g\. /);
  });

  it('names every problem by its path', () => {
    const cases: [unknown, string][] = [
      [null, '(top level): '],
      [[], '(top level): '],
      [
        { columns: { qty: 'Qty' } },
        "columns.qty: 'qty' is not a field of receipts or returns; the fields are invoice, supplier,",
      ],
      [
        { kind: 'returns', columns: { pack_cost: 'Price' } },
        "columns.pack_cost: 'pack_cost' is not a field of returns; the fields are supplier, returned_at,",
      ],
      [{ kind: 'stock', columns: {} }, 'kind: '],
      [{ headerRow: 0, columns: {} }, 'headerRow: '],
      [{ headerRow: 2.5, columns: {} }, 'headerRow: '],
      [{ columns: { quantity: '  ' } }, 'columns.quantity: must be a header text or a column letter'],
      [{ columns: { quantity: 7 } }, 'columns.quantity: '],
      [{ column: { quantity: 'Qty' }, columns: {} }, '(top level): '],
    ];
    for (const [json, expected] of cases) {
      const error = thrown(() => parseSavedMapping(json, 'saved.json'));
      expect(error.code, JSON.stringify(json)).toBe('invalid_mapping_file');
      expect(error.category).toBe('input');
      expect(error.message, JSON.stringify(json)).toContain(`saved.json is not a valid column mapping: ${expected}`);
      expect(error.message).toContain('Expected e.g. {"kind": "receipts"');
    }
  });
});

describe('detectMapping with a saved mapping', () => {
  const saved = parseSavedMapping(
    {
      kind: 'receipts',
      columns: {
        supplier: 'Vendeur',
        received_at: 'Arrivé le',
        storage: 'Hangar',
        product: 'Produit',
        quantity: 'Nombre',
        pack_size: 'Contenance',
        pack_cost: 'G',
      },
    },
    'fr.json',
  );

  it('finds the header row by the saved header texts and places the columns as saved', () => {
    const grid = gridOf([['Relevé de stock'], ODD_HEADER, ODD_DATA], [1, 3, 4]);
    expect(() => detectMapping(grid, 'receipts')).toThrow(MappingError);
    const mapping = detectMapping(grid, 'receipts', saved);
    expect(mapping).toEqual({
      kind: 'receipts',
      headerRowNumber: 3,
      headers: ODD_HEADER,
      columns: {
        supplier: 0,
        received_at: 1,
        storage: 2,
        notes: 7,
        product: 3,
        quantity: 4,
        pack_size: 5,
        pack_cost: 6,
      },
      unplaced: [],
      missing: [],
    });
  });

  it('overrides the guess and still guesses the fields it does not name', () => {
    const grid = gridOf([['Supplier', 'Date', 'Shed', 'Product', 'Qty', 'Packs ordered', 'Size', 'Price']]);
    const mapping = detectMapping(grid, 'receipts', { columns: { quantity: 'Packs ordered' } });
    expect(mapping.columns.quantity).toBe(5);
    expect(mapping.columns.pack_size).toBe(6);
    expect(mapping.unplaced).toEqual([{ column: 4, header: 'Qty' }]);
  });

  it('reads a value as a column letter only when no header has that text', () => {
    const headers = ['Supplier', 'Date', 'Shed', 'Product', 'C', 'Size', 'Price'];
    expect(resolveSavedColumn('C', headers)).toEqual({ column: 4, byText: true });
    expect(resolveSavedColumn('e', headers)).toEqual({ column: 4, byText: false });
    expect(resolveSavedColumn('AA', headers)).toEqual({ column: 26, byText: false });
    expect(resolveSavedColumn('price', headers)).toEqual({ column: 6, byText: true });
    expect(resolveSavedColumn('Unit cost', headers)).toBeUndefined();
    const mapping = detectMapping(gridOf([headers]), 'receipts', { columns: { quantity: 'C' } });
    expect(mapping.columns.quantity).toBe(4);
  });

  it('converts column letters within Excel’s 16384 columns', () => {
    expect(columnFromLetter('A')).toBe(0);
    expect(columnFromLetter('z')).toBe(25);
    expect(columnFromLetter('AA')).toBe(26);
    expect(columnFromLetter('XFD')).toBe(16383);
    expect(columnFromLetter('XFE')).toBeUndefined();
    expect(columnFromLetter('A1')).toBeUndefined();
    expect(columnFromLetter('ABCD')).toBeUndefined();
  });

  it('does not guess a field the mapping sets to null', () => {
    const grid = gridOf([['Supplier', 'Date', 'Shed', 'Product', 'Qty', 'Size', 'Price', 'Total']]);
    const mapping = detectMapping(grid, 'receipts', { columns: { line_total: null } });
    expect(mapping.columns.line_total).toBeUndefined();
    expect(mapping.unplaced).toEqual([{ column: 7, header: 'Total' }]);
  });

  it('lets a saved header row fix the row, and refuses one that is empty', () => {
    const grid = gridOf(
      [
        ['Supplier', 'Product', 'Shed'],
        ['Supplier', 'Date', 'Shed', 'Product', 'Qty', 'Size', 'Price'],
      ],
      [2, 7],
    );
    expect(detectMapping(grid, 'receipts').headerRowNumber).toBe(7);
    expect(detectMapping(grid, 'receipts', { headerRow: 2, columns: {} }).headerRowNumber).toBe(2);
    const error = thrown(() => detectMapping(grid, 'receipts', { headerRow: 3, columns: {} }));
    expect(error.code).toBe('no_header_row');
    expect(error.message).toContain(
      'farm.xlsx, sheet \'Stock\': row 3, the header row the mapping file names ("headerRow"), is empty.',
    );
  });

  it('places letters on a header row found by synonyms, with columns beyond the headers', () => {
    const grid = gridOf([['Supplier', 'Date', 'Shed', 'Product', 'Qty', 'Size']]);
    const mapping = detectMapping(grid, 'receipts', { columns: { pack_cost: 'H' } });
    expect(mapping.columns.pack_cost).toBe(7);
    expect(mapping.headers).toEqual(['Supplier', 'Date', 'Shed', 'Product', 'Qty', 'Size', '', '']);
    expect(mapping.missing).toEqual([]);
  });

  it('records saved header texts that are not in the header row, for assertMappingUsable', () => {
    const grid = gridOf([['Supplier', 'Date', 'Shed', 'Product', 'Qty', 'Size', 'Price']]);
    const mapping = detectMapping(grid, 'receipts', { columns: { quantity: 'Packs ordered', amount: 'Qty' } });
    expect(mapping.unresolved).toEqual([
      { field: 'quantity', wanted: 'Packs ordered', reason: 'no_such_header' },
      { field: 'amount', wanted: 'Qty', reason: 'not_a_field' },
    ]);
    expect(mapping.columns.quantity).toBeUndefined();
    expect(mapping.missing).toEqual(['quantity']);
    expect(thrown(() => assertMappingUsable(mapping, grid)).code).toBe('mapping_mismatch');
  });

  it('refuses a mapping saved for the other kind', () => {
    const grid = gridOf([['Supplier', 'Date', 'Shed', 'Product', 'Amount']]);
    const error = thrown(() => detectMapping(grid, 'returns', saved));
    expect(error.code).toBe('mapping_mismatch');
    expect(error.message).toBe(
      "The mapping file is for receipts, but this is an import of returns (farm.xlsx, sheet 'Stock'). Use a mapping saved from a returns import.",
    );
  });
});

describe('toSavedMapping', () => {
  it('writes header texts, or letters for empty and repeated headers, and no header row', () => {
    const grid = gridOf([['Supplier', 'Date', 'Shed', 'Product', 'Qty', 'Size', 'Notes', 'notes']]);
    const mapping = detectMapping(grid, 'receipts', { columns: { pack_cost: 'I', notes: 'H' } });
    expect(toSavedMapping(mapping)).toEqual({
      kind: 'receipts',
      columns: {
        supplier: 'Supplier',
        received_at: 'Date',
        storage: 'Shed',
        notes: 'H',
        product: 'Product',
        quantity: 'Qty',
        pack_size: 'Size',
        pack_cost: 'I',
      },
    });
  });

  it("keeps the fields the mapping used said are not in the sheet as null (a Total that is the invoice's)", () => {
    const grid = gridOf([['Supplier', 'Date', 'Shed', 'Product', 'Qty', 'Size', 'Price', 'Total']]);
    const said = parseSavedMapping('{"columns": {"line_total": null}}', 'm.json');
    const mapping = detectMapping(grid, 'receipts', said);
    expect(mapping.columns.line_total).toBeUndefined();
    const saved = toSavedMapping(mapping, said);
    expect(saved.columns).toMatchObject({ pack_cost: 'Price', line_total: null });
    expect(JSON.parse(JSON.stringify(saved)).columns).toHaveProperty('line_total', null);
    // Without it the next import would take 'Total' for the line total again.
    expect(detectMapping(grid, 'receipts', saved).columns.line_total).toBeUndefined();
  });

  it('round-trips: the saved mapping reproduces the mapping, even with an extra title row above', () => {
    const rows = [['Relevé de stock'], ODD_HEADER, ODD_DATA];
    const first = detectMapping(gridOf(rows), 'receipts', {
      columns: {
        supplier: 'Vendeur',
        received_at: 'Arrivé le',
        storage: 'Hangar',
        product: 'Produit',
        quantity: 'Nombre',
        pack_size: 'Contenance',
        pack_cost: 'Prix',
      },
    });
    const saved = parseSavedMapping(JSON.parse(JSON.stringify(toSavedMapping(first))), 'saved.json');
    const again = detectMapping(gridOf([['Relevé'], ['avril 2026'], ODD_HEADER, ODD_DATA]), 'receipts', saved);
    expect(again.columns).toEqual(first.columns);
    expect(again.headerRowNumber).toBe(3);
  });
});
