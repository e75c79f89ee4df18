// The rules a run was told by hand, read for learning from a corrected results file: a --skip-line pattern is
// the rule of the suppliers whose lines it left out (Supplier filled down within an invoice); GST of a
// one-supplier sheet only; nothing from a first import (no result block on its header row).
import { describe, expect, it } from 'vitest';
import { readingCorrections } from '../../../shared/import/recipe-corrections.ts';
import { withRecipes } from '../../../shared/import/recipe-step.ts';
import type { ReadSettings } from '../../../shared/import/cells.ts';
import { newRecipe } from '../../../shared/suppliers/recipe.ts';
import { RESULT_COLUMNS } from '../../../shared/kinds/index.ts';
import type { Grid } from '../../../shared/sheet/grid.ts';
import type { ColumnMapping } from '../../../shared/sheet/mapping.ts';

const rows = [
  ['Supplier', 'Product', ...RESULT_COLUMNS],
  ['Farmco Rural Supplies', 'Glyfos 540'],
  [null, 'Freight'],
  ['Riverina Ag', 'Amine 625'],
  [null, 'drumMUSTER levy'],
];
const grid = {
  source: 'oct.xlsx',
  sheet: 'Invoices',
  rows: rows.map((cells, i) => ({ rowNumber: i + 1, cells })),
} as unknown as Grid;
const mapping = {
  kind: 'receipts',
  headerRowNumber: 1,
  columns: { supplier: 0, product: 1 },
} as unknown as ColumnMapping;

describe('readingCorrections', () => {
  it('learns nothing from a first import: a flag given to it is that run’s choice', () => {
    const first = { ...grid, rows: [{ rowNumber: 1, cells: ['Supplier', 'Product'] }, ...grid.rows.slice(1)] } as Grid;
    expect(readingCorrections(first, mapping, { skipLines: ['Freight'], gstRate: '0.1' })).toEqual([]);
  });

  it('gives each line-not-stock pattern to the supplier whose line it left out', () => {
    const found = readingCorrections(grid, mapping, { skipLines: ['Freight', 'levy'] });
    expect(found.map((c) => [c.kind, c.supplier, c.text, c.rowNumber])).toEqual([
      ['not_stock', 'Farmco Rural Supplies', 'Freight', 3],
      ['not_stock', 'Riverina Ag', 'levy', 5],
    ]);
  });

  it('learns GST only from a sheet of one supplier', () => {
    expect(readingCorrections(grid, mapping, { gstRate: '0.1' })).toEqual([]);
    const one = { ...grid, rows: grid.rows.slice(0, 3) } as Grid;
    expect(readingCorrections(one, mapping, { gstRate: '0.1' })).toEqual([
      expect.objectContaining({ kind: 'gst', supplier: 'Farmco Rural Supplies', text: '0.1' }),
    ]);
  });
});

describe('withRecipes', () => {
  const reading = { dateOrder: 'DMY', timeZone: 'Australia/Sydney' } as unknown as ReadSettings;
  const farmco = newRecipe('Farmco Rural Supplies')!;

  it('says what a recipe brings to the run, and says nothing of a recipe of learned names only', () => {
    const learnedOnly = {
      ...farmco,
      products: [
        { text: 'Glyfos 450', productId: 'p-1', productName: 'Glyfos 540', learnedAt: '2026-11-03', from: 'a.csv' },
      ],
    };
    expect(withRecipes(reading, [learnedOnly], ['Farmco Rural Supplies'], false).warnings).toEqual([]);
    const rich = { ...farmco, nonStock: ['Freight'], storage: 'Main Chemical Shed', packs: { each: '20 l' } };
    const { warnings, applied } = withRecipes(reading, [rich], ['Farmco Rural Supplies'], false);
    expect(applied).toHaveLength(1);
    expect(warnings.map((w) => w.message)).toEqual([
      "the recipe of Farmco Rural Supplies applies: lines not stock: 'Freight'; default storage Main Chemical Shed; packs: each = 20 l",
    ]);
  });
});
