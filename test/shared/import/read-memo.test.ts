/**
 * The plan's memo of cell readings (shared/import/read-memo.ts) never carries an answer from one
 * setting to another: two plans of the same sheet under different date orders or resolvers each
 * give their own answers, and within one plan two suppliers' pack conventions each size their own
 * lines. Real CSV files, read and mapped as `shed import receipts` does.
 */
import { describe, expect, it } from 'vitest';
import { CellTable } from '../../../shared/import/read-memo.ts';
import type { ReadSettings } from '../../../shared/import/receipts/build.ts';
import { planReceiptImport } from '../../../shared/import/receipts/plan.ts';
import { createResolver } from '../../../shared/resolve/index.ts';
import { detectMapping } from '../../../shared/sheet/mapping.ts';
import { RED_GUM, referenceFor } from '../resolve/catalogue.ts';
import { SYDNEY, willow } from './returns/helpers.ts';
import { receiptsGrid } from './receipts/csv-grid.ts';

describe('the read memo', () => {
  it('gives each plan its own date order: the same sheet read DMY then MDY then DMY', async () => {
    const grid = await receiptsGrid([
      'INV-1,Farmco Rural Supplies,03/04/2026,Main Chemical Shed,Glyfos 540,4,20,L,100',
      'INV-2,Farmco Rural Supplies,03/04/2026,Main Chemical Shed,Glyfos 540,4,20,L,100',
    ]);
    const mapping = detectMapping(grid, 'receipts');
    const dates = (settings: ReadSettings) =>
      planReceiptImport(grid, mapping, willow, settings).drafts.map((d) => d.body?.received_at);
    expect(dates(SYDNEY)).toEqual(['2026-04-03T00:00:00+11:00', '2026-04-03T00:00:00+11:00']);
    expect(dates({ ...SYDNEY, dateOrder: 'MDY' })).toEqual(['2026-03-04T00:00:00+11:00', '2026-03-04T00:00:00+11:00']);
    expect(dates({ ...SYDNEY, timeZone: 'Pacific/Auckland' })).toEqual([
      '2026-04-03T00:00:00+13:00',
      '2026-04-03T00:00:00+13:00',
    ]);
    expect(dates(SYDNEY)).toEqual(['2026-04-03T00:00:00+11:00', '2026-04-03T00:00:00+11:00']);
  });

  it("gives each plan its own resolver's answers", async () => {
    const grid = await receiptsGrid(['INV-1,Farmco Rural Supplies,3/02/2026,Main Chemical Shed,Glyfos 540,4,20,L,100']);
    const mapping = detectMapping(grid, 'receipts');
    const [ours] = planReceiptImport(grid, mapping, willow, SYDNEY).drafts;
    const [theirs] = planReceiptImport(grid, mapping, createResolver(referenceFor(RED_GUM)), SYDNEY).drafts;
    expect(ours!.body?.line_items?.[0]?.pack_size_value).toBe('20');
    expect(theirs!.body).toBeNull();
    expect(theirs!.problems.map((p) => p.code)).toContain('unknown_storage');
  });

  it("sizes each supplier's lines by its own pack conventions within one plan", async () => {
    const grid = await receiptsGrid([
      'INV-1,Farmco Rural Supplies,3/02/2026,Main Chemical Shed,Glyfos 540,2 drums,,,100',
      'INV-2,Riverina Ag Chemicals,3/02/2026,Main Chemical Shed,Glyfos 540,2 drums,,,100',
      'INV-3,Farmco Rural Supplies,3/02/2026,Main Chemical Shed,Glyfos 540,2 drums,,,100',
    ]);
    const conventions = {
      'Farmco Rural Supplies': { kinds: { drum: '200 l' } },
      'Riverina Ag Chemicals': { kinds: { drum: '205 l' } },
    } as const;
    const settings: ReadSettings = {
      ...SYDNEY,
      packConventionsFor: (supplier) => conventions[supplier as keyof typeof conventions],
    };
    const drafts = planReceiptImport(grid, detectMapping(grid, 'receipts'), willow, settings).drafts;
    expect(
      drafts.map((d) => d.body?.line_items?.map((i) => [i.quantity, i.pack_size_value, i.pack_size_unit])),
    ).toEqual([[['2', '200', 'l']], [['2', '205', 'l']], [['2', '200', 'l']]]);
  });
});

describe('CellTable', () => {
  it('keeps text, numbers and date cells apart, and computes a repeated cell once', () => {
    const table = new CellTable<string>();
    let computed = 0;
    const kind = (value: unknown) => {
      computed += 1;
      return value instanceof Date ? `date ${value.getTime()}` : `${typeof value} ${String(value)}`;
    };
    const cells = ['1', 1, new Date(1), '1', 1, new Date(1), true, null];
    expect(cells.map((c) => table.get(c as never, undefined, kind))).toEqual([
      'string 1',
      'number 1',
      'date 1',
      'string 1',
      'number 1',
      'date 1',
      'boolean true',
      'object null',
    ]);
    // Three distinct cells remembered; booleans and blanks are computed each time.
    expect(computed).toBe(5);
  });

  it('still answers right once a column that never repeats stops being remembered', () => {
    const table = new CellTable<string>();
    const values = Array.from({ length: 5_000 }, (_, i) => `${i}.5`);
    expect(values.map((v) => table.get(v, undefined, (c) => `read ${String(c)}`))).toEqual(
      values.map((v) => `read ${v}`),
    );
    expect(table.get('7.5', undefined, () => 'computed again')).toBe('computed again');
  });
});
