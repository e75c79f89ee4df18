/**
 * Receipt lines read through the pack engine (a real CSV file, read and mapped as `shed import
 * receipts` does): pack descriptors in the pack size, unit, quantity and product cells, each
 * conversion said in the row's Message, and a volume for a product the text sizes by weight refused.
 */
import { describe, expect, it } from 'vitest';
import { readGrid } from '../../../../batch/read/index.ts';
import type { ReceiptDraft, ReadSettings } from '../../../../shared/import/receipts/build.ts';
import { planReceiptImport } from '../../../../shared/import/receipts/plan.ts';
import { detectMapping } from '../../../../shared/sheet/mapping.ts';
import { SYDNEY, tempFile, willow } from '../returns/helpers.ts';

const HEADER = ['Invoice', 'Supplier', 'Date', 'Deliver To', 'Product', 'Qty', 'Pack Size', 'Unit', 'Unit Price'];
type Row = Partial<Record<(typeof HEADER)[number], string>>;
const GOOD: Row = {
  Supplier: 'Farmco Rural Supplies',
  Date: '12/02/2026',
  'Deliver To': 'Main Chemical Shed',
  Product: 'Glyfos 540',
  Qty: '4',
  'Pack Size': '20',
  Unit: 'L',
  'Unit Price': '100',
};

/** One invoice per row (INV-1, INV-2, ...), planned as `shed import receipts` does. */
async function plan(rows: Row[], settings: ReadSettings = SYDNEY): Promise<ReceiptDraft[]> {
  const lines = rows.map((r, i) => {
    const row: Row = { ...GOOD, Invoice: `INV-${i + 1}`, ...r };
    return HEADER.map((h) => `"${row[h] ?? ''}"`).join(',');
  });
  const file = await tempFile('receipts.csv', [HEADER.join(','), ...lines].join('\r\n') + '\r\n');
  try {
    const grid = await readGrid(file.path);
    return planReceiptImport(grid, detectMapping(grid, 'receipts'), willow, settings).drafts;
  } finally {
    await file.cleanup();
  }
}

const item = (d: ReceiptDraft) => {
  const line = d.body?.line_items?.[0];
  return line ? [line.quantity, line.pack_size_value, line.pack_size_unit] : d.problems.map((p) => p.message);
};
const said = (d: ReceiptDraft) => d.warnings.filter((w) => w.code.startsWith('pack_')).map((w) => w.message);

describe('receipt lines through the pack engine', () => {
  it('reads descriptors in the pack size cell and says them', async () => {
    const drafts = await plan([
      { 'Pack Size': '20L DRUM', Unit: '' },
      { 'Pack Size': 'CTN 4x5L', Unit: '' },
      { 'Pack Size': '20 L', Unit: '' },
      { 'Pack Size': '2 x 10 L twin pack', Unit: 'L' },
    ]);
    expect(drafts.map(item)).toEqual([
      ['4', '20', 'l'],
      ['4', '20', 'l'],
      ['4', '20', 'l'],
      ['4', '20', 'l'],
    ]);
    expect(drafts.map(said)).toEqual([
      ['20 l drum'],
      ['20 l = carton of 4 × 5 l'],
      [],
      ['20 l = twin pack of 2 × 10 l'],
    ]);
  });

  it('reads Rec 20 unit codes in the unit column, and refuses a count unit with a bare number', async () => {
    const drafts = await plan([{ Unit: 'LTR' }, { Unit: 'MTQ', 'Pack Size': '1' }, { Unit: 'EA' }]);
    expect(drafts.map(item)).toEqual([
      ['4', '20', 'l'],
      ['4', '1000', 'l'],
      [
        "Unit: 'EA' counts items, so '20' says no pack size: write the size with its unit, e.g. '20 L', or leave the size blank when the product text names it",
      ].map((m) => m.replace(/^Unit: /, '')),
    ]);
    expect(said(drafts[1]!)).toEqual(['unit MTQ (cubic metre) = l: 1000 l']);
  });

  it('reads 4 x 20L drums in the quantity cell, and a count unit sized by the product text', async () => {
    const drafts = await plan([
      { Qty: '4 x 20L drums', 'Pack Size': '', Unit: '' },
      { Qty: '2', Product: 'Glyfos 540 20L DRUM', 'Pack Size': '', Unit: 'EA' },
    ]);
    expect(drafts.map(item)).toEqual([
      ['4', '20', 'l'],
      ['2', '20', 'l'],
    ]);
    expect(drafts.map(said)).toEqual([
      ['80 l = 4 × 20 l drums'],
      ["40 l = 2 × 20 l drums (pack size from the product text 'Glyfos 540 20L DRUM')"],
    ]);
  });

  it('sizes EA by the supplier convention, and a kind word in the quantity cell', async () => {
    const packConventions = { each: '20 l', kinds: { drum: '200 l' } };
    const drafts = await plan(
      [
        { 'Pack Size': '', Unit: 'EA' },
        { Qty: '3 drums', 'Pack Size': '', Unit: '' },
      ],
      {
        ...SYDNEY,
        packConventions,
      },
    );
    expect(drafts.map(item)).toEqual([
      ['4', '20', 'l'],
      ['3', '200', 'l'],
    ]);
    expect(drafts.map(said)).toEqual([
      ["80 l = 4 × 20 l (this supplier's pack convention for 'EA')"],
      ["600 l = 3 × 200 l drums (this supplier's pack convention)"],
    ]);
  });

  it('refuses a volume for a product the text sizes by weight, unless a density is stated', async () => {
    const row: Row = { Product: 'Glyfos 540 25KG BAG', 'Pack Size': '20', Unit: 'L' };
    const [refused] = await plan([row], { ...SYDNEY, packSizeFrom: 'product' });
    expect(refused!.body).toBeNull();
    // The product text keeps its size (the Pack Size cell is filled), so it names no product either.
    expect(refused!.problems.map((p) => [p.code, p.header])).toEqual([
      ['unknown_product', 'Product'],
      ['pack_kept_by', 'Pack Size'],
    ]);
    expect(refused!.problems[1]!.message).toContain('20 l is a volume but this product is kept by weight (kg)');
    const [converted] = await plan([row], { ...SYDNEY, packConventions: { density: '1.25' } });
    expect(converted!.problems.map((p) => p.code)).toEqual(['unknown_product']);
  });

  it('refuses gallons in the quantity cell, naming why', async () => {
    const [draft] = await plan([{ Qty: '4 x 5 gal', 'Pack Size': '', Unit: '' }]);
    expect(draft!.problems.map((p) => [p.code, p.header])).toEqual([['invalid_pack', 'Qty']]);
    expect(draft!.problems[0]!.message).toContain('gallons');
  });
});
