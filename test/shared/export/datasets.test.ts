import { describe, expect, it } from 'vitest';
import {
  buildMovements,
  createExportNames,
  movementsTable,
  productAliasesTable,
  productsTable,
  receiptRows,
  RECEIPT_COLUMNS,
  returnRows,
  RETURN_COLUMNS,
  storagesTable,
  summaryLines,
  type ExportRow,
} from '../../../shared/export/index.ts';
import { addDecimals } from '../../../shared/sheet/values/index.ts';
import { detectMapping } from '../../../shared/sheet/mapping.ts';
import type { Grid } from '../../../shared/sheet/grid.ts';
import * as f from './fixture.ts';

const names = createExportNames({
  organisationId: f.ORG,
  storages: f.storages,
  productAliases: f.aliases,
  products: f.products,
});
const all = { timeZone: 'Australia/Sydney' };
const day = (row: ExportRow, key: string) => (row[key] as Date).toISOString().slice(0, 10);

describe('movements', () => {
  const movements = buildMovements({ receipts: f.receipts, returns: f.returns, names, filter: all });

  it('gives one movement per receipt line and per return, in date then sequence order', () => {
    expect(movements.map((m) => `${m.date} ${m.sequence} ${m.type}`)).toEqual([
      '2026-01-15 REC-00000005 receipt',
      '2026-02-03 REC-00000001 receipt',
      '2026-02-03 REC-00000001 receipt',
      '2026-02-03 REC-00000002 receipt',
      '2026-02-03 REC-00000002 receipt',
      '2026-02-03 RET-00000002 return',
      '2026-02-10 RET-00000001 return',
      '2026-02-28 REC-00000003 receipt',
    ]);
  });

  it('totals in litres or kilograms, signed: + packs × pack size in, − amount out', () => {
    const q = movements.map((m) => [m.sequence, m.product, m.tradeName, m.quantity, m.quantityUnit, m.lineCost]);
    expect(q).toEqual([
      ['REC-00000005', f.P_UNNAMED, null, '3', 'drum', '100'],
      ['REC-00000001', 'Glyphosate 540', 'Glyfos 540', '80', 'l', '740'],
      ['REC-00000001', 'Glyphosate 540', null, '1', 'l', '20.2'],
      ['REC-00000002', 'Wheat seed - Scepter', null, '2000', 'kg', '2500'],
      ['REC-00000002', 'Wheat seed - Scepter', null, '3000', 'kg', '2355'],
      ['RET-00000002', 'Wheat seed - Scepter', null, '-0.25', 'kg', null],
      ['RET-00000001', 'Glyphosate 540', null, '-40', 'l', null],
      ['REC-00000003', 'Wetting agent A', 'Wetter', '5', 'l', '38.9'],
    ]);
  });

  it('rows carry dates as date cells, decimals as exact strings, ids, review flag and timestamps', () => {
    const table = movementsTable({ receipts: f.receipts, returns: f.returns, names, filter: all });
    const [sheet] = table.sheets;
    const row = [...sheet!.rows][1]!;
    expect(day(row, 'date')).toBe('2026-02-03');
    expect(row).toMatchObject({
      type: 'receipt',
      storage: 'Main Chemical Shed',
      packs: '4',
      pack_size: '20',
      unit: 'l',
      pack_cost: '185',
      supplier: 'Farmco Rural Supplies',
      reference: 'PO-1001',
      record_id: f.receipts[0]!.id,
      line_item_id: f.receipts[0]!.line_items[0]!.id,
      under_review: false,
      updated_at: f.receipts[0]!.updated_at,
    });
    const ret = [...sheet!.rows].find((r) => r.sequence === 'RET-00000001')!;
    expect(ret).toMatchObject({
      packs: null,
      pack_size: null,
      pack_cost: null,
      line_cost: null,
      line_item_id: null,
      under_review: null,
      reference: 'CN-1234',
      quantity: '-40',
    });
    for (const r of sheet!.rows) expect(Object.keys(r).sort()).toEqual(sheet!.columns.map((c) => c.key).sort());
  });

  it('summarises per storage × product × unit, and the figures add up exactly', () => {
    const lines = summaryLines(movements);
    expect(
      lines.map((l) => [
        l.storage,
        l.product,
        l.unit,
        l.quantityIn,
        l.quantityOut,
        l.net,
        l.receiptCost,
        l.receiptLines,
        l.returns,
      ]),
    ).toEqual([
      ['Main Chemical Shed', f.P_UNNAMED, 'drum', '3', '0', '3', '100', 1, 0],
      ['Main Chemical Shed', 'Glyphosate 540', 'l', '81', '40', '41', '760.2', 2, 1],
      ['North Tank', 'Wetting agent A', 'l', '5', '0', '5', '38.9', 1, 0],
      ['Seed Shed', 'Wheat seed - Scepter', 'kg', '5000', '0.25', '4999.75', '4855', 2, 1],
    ]);
    // Every line's net is the sum of its movements, and the costs add up to the movements' line costs.
    for (const line of lines) {
      const mine = movements.filter(
        (m) => m.storage === line.storage && m.product === line.product && m.quantityUnit === line.unit,
      );
      expect(mine.reduce((sum, m) => addDecimals(sum, m.quantity), '0')).toBe(line.net);
      expect(addDecimals(line.quantityIn, `-${line.quantityOut}`)).toBe(line.net);
    }
    const cost = lines.reduce((sum, l) => addDecimals(sum, l.receiptCost), '0');
    expect(cost).toBe(movements.reduce((sum, m) => addDecimals(sum, m.lineCost ?? '0'), '0'));
    const summary = movementsTable({ receipts: f.receipts, returns: f.returns, names, filter: all }).sheets[1]!;
    expect(summary.name).toBe('Summary');
    expect(summary.totals).toEqual({ label: 'Total', sum: ['receipt_cost', 'receipt_lines', 'returns'] });
  });

  it('keeps only the dates asked for, both ends inclusive, on the local date in the farm zone', () => {
    const feb3 = { year: 2026, month: 2, day: 3 };
    const only = buildMovements({
      receipts: f.receipts,
      returns: f.returns,
      names,
      filter: { timeZone: 'Australia/Sydney', dates: { from: feb3, to: feb3 } },
    });
    expect(new Set(only.map((m) => m.sequence))).toEqual(new Set(['REC-00000001', 'REC-00000002', 'RET-00000002']));
    // In Perth (UTC+8) receipt 2 (13:30 UTC) is still 2 February, receipt 1 (13:00 UTC on 2 Feb) too.
    const perth = buildMovements({
      receipts: f.receipts,
      returns: f.returns,
      names,
      filter: { timeZone: 'Australia/Perth', dates: { from: feb3, to: feb3 } },
    });
    expect(new Set(perth.map((m) => m.sequence))).toEqual(new Set(['RET-00000002']));
  });

  it('keeps only one storage when asked', () => {
    const seed = buildMovements({
      receipts: f.receipts,
      returns: f.returns,
      names,
      filter: { ...all, storageId: f.S_SEED.toUpperCase() },
    });
    expect(new Set(seed.map((m) => m.storage))).toEqual(new Set(['Seed Shed']));
    expect(seed).toHaveLength(3);
  });

  it('gives nothing for no records, and an empty summary', () => {
    const table = movementsTable({ receipts: [], returns: [], names, filter: all });
    expect(table.sheets.map((s) => [s.name, [...s.rows].length])).toEqual([
      ['Movements', 0],
      ['Summary', 0],
    ]);
  });
});

describe('receipts in the import layout', () => {
  const rows = [...receiptRows(f.receipts, names, all)];

  it('gives one row per line item, header fields repeated, the invoice split from the notes', () => {
    expect(rows.map((r) => [r.sequence, r.invoice, r.notes, r.product])).toEqual([
      ['REC-00000005', null, null, f.P_UNNAMED],
      ['REC-00000001', 'INV-40211', 'Back order to follow', 'Glyfos 540'],
      ['REC-00000001', 'INV-40211', 'Back order to follow', 'Glyphosate 540'],
      ['REC-00000002', 'S-2291', null, 'Wheat seed - Scepter'],
      ['REC-00000002', 'S-2291', null, 'Wheat seed - Scepter'],
      ['REC-00000003', null, 'Delivered by tanker', f.A_WETTER_A],
      ['REC-00000004', null, null, undefined],
    ]);
    expect(rows[1]).toMatchObject({
      supplier: 'Farmco Rural Supplies',
      storage: 'Main Chemical Shed',
      order_number: 'PO-1001',
      quantity: '4',
      pack_size: '20',
      pack_unit: 'l',
      pack_cost: '185',
      line_total: '740',
      updated_at: f.receipts[0]!.updated_at,
    });
    expect(day(rows[1]!, 'received_at')).toBe('2026-02-03');
    expect(day(rows[3]!, 'received_at')).toBe('2026-02-03');
  });

  it('writes ids where a name would import as something else (ambiguous or unknown)', () => {
    const wetter = rows.find((r) => r.sequence === 'REC-00000003')!;
    expect(wetter.product).toBe(f.A_WETTER_A); // 'Wetter' names two products
    expect(wetter.storage).toBe(f.S_DUP1); // 'North Tank' and 'north  tank' normalise alike
    expect(names.resolver.product(wetter.product as string)).toMatchObject({
      ok: true,
      value: { productId: f.P_WET_A, productAliasId: f.A_WETTER_A },
    });
  });

  it('every header maps to its field in the importer (detectMapping)', () => {
    const grid: Grid = {
      source: 'export.xlsx',
      sheet: 'Receipts',
      rows: [{ rowNumber: 1, cells: RECEIPT_COLUMNS.map((c) => c.header) }],
    };
    const mapping = detectMapping(grid, 'receipts');
    const mapped = Object.fromEntries(
      Object.entries(mapping.columns).map(([field, column]) => [RECEIPT_COLUMNS[column!]!.key, field]),
    );
    for (const column of RECEIPT_COLUMNS.filter((c) => c.key !== 'under_review'))
      expect(mapped[column.key], column.header).toBe(column.key);
    expect(mapping.missing).toEqual([]);
    expect(mapping.unplaced.map((u) => u.header)).toEqual(['Under Review']);
  });
});

describe('returns in the import layout', () => {
  it('gives one row per return with names that import back', () => {
    const rows = [...returnRows(f.returns, names, all)];
    expect(
      rows.map((r) => [
        day(r, 'returned_at'),
        r.sequence,
        r.supplier,
        r.storage,
        r.product,
        r.amount,
        r.amount_unit,
        r.reference,
      ]),
    ).toEqual([
      ['2026-02-03', 'RET-00000002', '=HYPERLINK("x")', 'Seed Shed', 'Wheat seed - Scepter', '250', 'g', null],
      [
        '2026-02-10',
        'RET-00000001',
        'Farmco Rural Supplies',
        'Main Chemical Shed',
        'Glyphosate 540',
        '40',
        'l',
        'CN-1234',
      ],
    ]);
  });

  it('every header maps to its field in the importer (detectMapping)', () => {
    const grid: Grid = {
      source: 'export.xlsx',
      sheet: 'Returns',
      rows: [{ rowNumber: 1, cells: RETURN_COLUMNS.map((c) => c.header) }],
    };
    const mapping = detectMapping(grid, 'returns');
    for (const [index, column] of RETURN_COLUMNS.entries()) {
      expect((mapping.columns as Record<string, number>)[column.key], column.header).toBe(index);
    }
    expect(mapping.missing).toEqual([]);
    expect(mapping.unplaced).toEqual([]);
  });
});

describe('catalogue datasets', () => {
  it('storages: both field sets, locked read from either, sorted by name', () => {
    const rows = [...storagesTable(f.storages).sheets[0]!.rows];
    expect(rows.map((r) => [r.name, r.locked, r.locked_at, r.activated_at])).toEqual([
      ['Main Chemical Shed', false, null, null],
      ['north  tank', true, null, null],
      ['North Tank', true, '2026-01-05T03:00:00Z', null],
      ['Seed Shed', false, null, '2025-02-01T00:00:00Z'],
    ]);
  });

  it('product aliases: with the product name when known', () => {
    const unnamed = { id: '00000000-0000-4000-8000-000000000099', name: 'Mystery', product_id: f.P_UNNAMED };
    const rows = [...productAliasesTable([...f.aliases, unnamed], names).sheets[0]!.rows];
    expect(rows.map((r) => [r.name, r.product, r.product_id])).toEqual([
      ['Glyfos 540', 'Glyphosate 540', f.P_GLY],
      ['Mystery', null, f.P_UNNAMED],
      ['Wetter', 'Wetting agent A', f.P_WET_A],
      ['Wetter', 'Wetting agent B', f.P_WET_B],
    ]);
  });

  it('products: those known, with their trade names', () => {
    const rows = [...productsTable(names.products, f.aliases).sheets[0]!.rows];
    expect(rows.map((r) => [r.name, r.trade_names])).toEqual([
      ['Glyphosate 540', 'Glyfos 540'],
      ['Wetting agent A', 'Wetter'],
      ['Wetting agent B', 'Wetter'],
      ['Wheat seed - Scepter', null],
    ]);
  });
});

describe('createExportNames', () => {
  it('takes names from sideloaded storages, aliases and products too', () => {
    const extra = '00000000-0000-4000-8000-000000000777';
    const sideloaded = createExportNames({
      organisationId: f.ORG,
      storages: [],
      productAliases: [],
      included: [
        {
          storages: { [f.S_MAIN]: f.storages[0] },
          products: { [extra]: { id: extra, name: 'Sideloaded' } },
          product_aliases: { [f.A_GLYFOS]: f.aliases[0] },
        },
        undefined,
        { product: { x: { nonsense: true } } },
      ],
    });
    expect(sideloaded.storage(f.S_MAIN)).toBe('Main Chemical Shed');
    expect(sideloaded.product(extra)).toBe('Sideloaded');
    expect(sideloaded.alias(f.A_GLYFOS)).toBe('Glyfos 540');
    expect(sideloaded.productCell(f.P_GLY, f.A_GLYFOS)).toBe('Glyfos 540');
    expect(sideloaded.storage(f.S_SEED)).toBe(f.S_SEED);
  });
});
