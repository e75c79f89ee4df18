/**
 * A receipt line's product, pack size and unit are read once per distinct clean trio of cells within a
 * plan (shared/import/receipts/clean-lines.ts): the organisation's names are looked up once per trio,
 * yet every line reads exactly as reading it afresh would, notes and problems included, and each
 * supplier's recipe (its own resolver, its own pack conventions) still reads its own lines. Real CSV
 * files, read and mapped as `shed import receipts` does.
 */
import { describe, expect, it } from 'vitest';
import { ReceiptDrafts, type ReadSettings } from '../../../../shared/import/receipts/build.ts';
import { groupInvoices } from '../../../../shared/import/receipts/group.ts';
import { planReceiptImport } from '../../../../shared/import/receipts/plan.ts';
import { sheetLines } from '../../../../shared/import/sheet-lines.ts';
import { createResolver, type Resolver } from '../../../../shared/resolve/index.ts';
import type { Grid } from '../../../../shared/sheet/grid.ts';
import { detectMapping } from '../../../../shared/sheet/mapping.ts';
import { RED_GUM, WILLOW, referenceFor } from '../../resolve/catalogue.ts';
import { SYDNEY } from '../returns/helpers.ts';
import { receiptsGrid } from './csv-grid.ts';

/**
 * Willow Creek's resolver, counting the product cells it is asked about; it knows 'Glyfos 540 20L' as
 * 'Glyfos 540' (a product text that names its pack size, which the line's pack is checked against).
 */
function counting(): { resolver: Resolver; asked: string[] } {
  const inner = createResolver(referenceFor(WILLOW));
  const asked: string[] = [];
  const product = (text: string) => (asked.push(text), inner.product(text.replace(/ 20L$/, '')));
  return { resolver: { ...inner, product }, asked };
}

/** The drafts of a plan with every line read afresh (no memo of any kind), group by group. */
function afresh(grid: Grid, resolver: Resolver, settings: ReadSettings): unknown[] {
  const mapping = detectMapping(grid, 'receipts');
  const index = { columns: mapping.columns, headers: mapping.headers };
  const { rows, blankBefore, reading } = sheetLines(grid, mapping, settings, 'quantity', 'received_at');
  return groupInvoices(rows as never, blankBefore, index).map((group) =>
    new ReceiptDrafts(index, resolver, reading).draft(group),
  );
}

describe('clean lines', () => {
  it('looks a product up once per distinct trio of cells, not once per line', async () => {
    const lines = Array.from(
      { length: 30 },
      (_, i) =>
        `INV-${Math.floor(i / 3)},Farmco Rural Supplies,3/02/2026,Main Chemical Shed,Glyfos 540,${i + 1},20,L,100`,
    );
    const grid = await receiptsGrid(lines);
    const { resolver, asked } = counting();
    const plan = planReceiptImport(grid, detectMapping(grid, 'receipts'), resolver, SYDNEY);
    expect(plan.drafts.filter((d) => d.body)).toHaveLength(10);
    expect(plan.drafts.flatMap((d) => d.body!.line_items!.map((i) => i.quantity))).toEqual(
      lines.map((_, i) => String(i + 1)),
    );
    expect(asked).toEqual(['Glyfos 540']);
  });

  it('reads every line as reading it afresh would: notes, problems and conversions on each line they concern', async () => {
    const grid = await receiptsGrid([
      // Clean, then the same trio on later lines and invoices.
      'INV-1,Farmco Rural Supplies,3/02/2026,Main Chemical Shed,Glyfos 540,4,20,L,100',
      ',,,,Glyfos 540,5,20,L,90',
      // A pack the product text sizes by volume, written by weight: refused on every such line.
      ',,,,Glyfos 540 20L,2,5,kg,10',
      'INV-2,Farmco Rural Supplies,4/02/2026,Main Chemical Shed,Glyfos 540 20L,2,5,kg,10',
      // A product that is not known, and one that is ambiguous: a problem on every line.
      ',,,,Glyfos 450,1,20,L,10',
      ',,,,Glyfos 450,1,20,L,10',
      'INV-3,Farmco Rural Supplies,5/02/2026,Main Chemical Shed,Wetter,1,20,L,10',
      ',,,,Wetter,1,20,L,10',
      // A unit the units table does not know, and a bad quantity on a clean trio.
      ',,,,Glyfos 540,1,20,gal,10',
      'INV-4,Farmco Rural Supplies,6/02/2026,Main Chemical Shed,Glyfos 540,1,20,gal,10',
      ',,,,Glyfos 540,-3,20,L,100',
      ',,,,Glyfos 540,abc,20,L,100',
      'INV-5,Farmco Rural Supplies,7/02/2026,Main Chemical Shed,Glyfos 540,4,20,L,100',
    ]);
    const { resolver } = counting();
    const plan = planReceiptImport(grid, detectMapping(grid, 'receipts'), resolver, SYDNEY);
    expect(JSON.stringify(plan.drafts)).toBe(JSON.stringify(afresh(grid, resolver, SYDNEY)));
    const codes = plan.drafts.flatMap((d) => d.problems.map((p) => `${p.rowNumber} ${p.code}`));
    expect(codes).toEqual(
      expect.arrayContaining(['4 pack_kept_by', '5 pack_kept_by', '6 unknown_product', '7 unknown_product']),
    );
    expect(codes).toEqual(expect.arrayContaining(['8 ambiguous_product', '9 ambiguous_product']));
  });

  it("reads each supplier's lines with its own resolver: the same cells, two organisations' answers", async () => {
    const grid = await receiptsGrid([
      'INV-1,Farmco Rural Supplies,3/02/2026,Main Chemical Shed,Glyfos 540,4,20,L,100',
      'INV-2,Riverina Ag Chemicals,3/02/2026,Main Chemical Shed,Glyfos 540,4,20,L,100',
      'INV-3,Farmco Rural Supplies,3/02/2026,Main Chemical Shed,Glyfos 540,4,20,L,100',
    ]);
    const willow = counting();
    const redGum = createResolver(referenceFor(RED_GUM));
    const settings: ReadSettings = {
      ...SYDNEY,
      resolverFor: (supplier) => (supplier === 'Riverina Ag Chemicals' ? redGum : willow.resolver),
    };
    const plan = planReceiptImport(grid, detectMapping(grid, 'receipts'), willow.resolver, settings);
    expect(plan.drafts.map((d) => d.problems.map((p) => p.code))).toEqual([
      [],
      ['unknown_storage', 'unknown_product'],
      [],
    ]);
    expect(JSON.stringify(plan.drafts)).toBe(JSON.stringify(afresh(grid, willow.resolver, settings)));
  });

  it('says a conversion on every line it concerns, not only on the first of its cells', async () => {
    const grid = await receiptsGrid([
      'INV-1,Farmco Rural Supplies,3/02/2026,Main Chemical Shed,Glyfos 540 20L,2,24,kg,100',
      ',,,,Glyfos 540 20L,3,24,kg,100',
      'INV-2,Farmco Rural Supplies,4/02/2026,Main Chemical Shed,Glyfos 540 20L,2,24,kg,100',
    ]);
    const { resolver } = counting();
    const settings: ReadSettings = { ...SYDNEY, packConventions: { density: '1.2' } };
    const plan = planReceiptImport(grid, detectMapping(grid, 'receipts'), resolver, settings);
    expect(plan.drafts.flatMap((d) => d.warnings.map((w) => `${w.rowNumber} ${w.code}`))).toEqual([
      '2 pack_converted',
      '3 pack_converted',
      '4 pack_converted',
    ]);
    expect(JSON.stringify(plan.drafts)).toBe(JSON.stringify(afresh(grid, resolver, settings)));
  });

  it('reads a product in more packs than it remembers, and packs told apart by their unit, as afresh', async () => {
    // 40 pack sizes of one product (past the 32 trios remembered per product), each twice, in L and in l.
    const sizes = Array.from({ length: 40 }, (_, i) => i + 1);
    const grid = await receiptsGrid([
      'INV-1,Farmco Rural Supplies,3/02/2026,Main Chemical Shed,Glyfos 540,1,1,L,100',
      ...[...sizes, ...sizes].map((size, i) => `,,,,Glyfos 540,${i + 1},${size},${i % 2 ? 'L' : 'l'},100`),
    ]);
    const { resolver } = counting();
    const plan = planReceiptImport(grid, detectMapping(grid, 'receipts'), resolver, SYDNEY);
    expect(plan.drafts[0]!.body!.line_items!.map((i) => i.pack_size_value)).toEqual([
      '1',
      ...[...sizes, ...sizes].map(String),
    ]);
    expect(JSON.stringify(plan.drafts)).toBe(JSON.stringify(afresh(grid, resolver, SYDNEY)));
  });
});
