import { describe, expect, it } from 'vitest';
import {
  createExportNames,
  ledgerLines,
  readStocktake,
  reconcileLine,
  StocktakeError,
  stocktakeTemplate,
  type LedgerLine,
} from '../../../../shared/export/index.ts';
import type { CellValue, Grid } from '../../../../shared/sheet/grid.ts';
import * as f from '../fixture.ts';

const names = createExportNames({
  organisationId: f.ORG,
  storages: f.storages,
  productAliases: f.aliases,
  products: f.products,
});
const lines = ledgerLines({
  receipts: f.receipts,
  returns: f.returns,
  names,
  filter: { timeZone: 'Australia/Sydney', dates: { from: null, to: { year: 2026, month: 2, day: 27 } } },
});
const grid = (rows: CellValue[][]): Grid => ({
  source: 'count.xlsx',
  sheet: 'Stocktake',
  rows: rows.map((cells, i) => ({ rowNumber: i + 1, cells })),
});
const line = (closing: string): LedgerLine => ({ ...lines[0]!, closing });

describe('stocktake', () => {
  it('the template lists every line with its closing to expect, and a blank count', () => {
    const [sheet] = stocktakeTemplate(lines).sheets;
    expect([...sheet!.rows].find((r) => r.product === 'Glyphosate 540' && r.unit === 'l')).toMatchObject({
      storage: 'Main Chemical Shed',
      expected: '41',
      counted: null,
    });
  });

  it('reads counts by name or trade name, converting units; blank counts are not counts', () => {
    const counts = readStocktake(
      grid([
        ['Stocktake 27 Feb'],
        ['Storage', 'Product', 'Unit', 'Counted'],
        ['Main Chemical Shed', 'Glyfos 540', 'ml', 40_500],
        ['Seed Shed', 'Wheat seed - Scepter', 't', '4.9'],
        ['Main Chemical Shed', 'Wetting agent A', 'l', null],
      ]),
      names.resolver,
      lines,
    );
    expect([...counts.values()].map((c) => [c.product, c.counted, c.unit, c.rowNumber])).toEqual([
      ['Glyphosate 540', '40.5', 'l', 3],
      ['Wheat seed - Scepter', '4900', 'kg', 4],
    ]);
  });

  it('refuses what it would have to guess, saying where', () => {
    const refusal = (rows: CellValue[][]) => {
      try {
        readStocktake(grid(rows), names.resolver, lines);
      } catch (error) {
        expect(error).toBeInstanceOf(StocktakeError);
        return (error as Error).message;
      }
      return 'read';
    };
    const head = ['Storage', 'Product', 'Unit', 'Counted'];
    expect(refusal([['Where', 'What', 'How many']])).toMatch(
      /^count\.xlsx, sheet Stocktake: no header row with Storage, Product and Counted/,
    );
    expect(refusal([head, ['Main Chemical Shed', 'Glyfos 540', 'l', -1]])).toMatch(
      /row 2, column Counted: '-1' is negative/,
    );
    expect(refusal([head, ['Main Chemical Shed', 'Glyfos 540', 'l', 'about 40']])).toMatch(/row 2, column Counted: /);
    expect(
      refusal([head, ['Main Chemical Shed', 'Glyfos 540', 'l', 40], ['Main Chemical Shed', 'Glyphosate 540', 'l', 1]]),
    ).toMatch(/row 3, column Product: counted already on row 2/);
    expect(refusal([head, ['Main Chemical Shed', 'Wetter', 'l', 1]])).toMatch(
      /row 2, column Product: 'Wetter' is ambiguous/,
    );
    expect(refusal([head, ['Back Shed', 'Glyfos 540', 'l', 1]])).toMatch(/row 2, column Storage: /);
  });

  it('flags a variance over the tolerance of the closing; any variance when the closing is 0', () => {
    const count = (counted: string) => ({
      counted,
      rowNumber: 2,
      storageId: '',
      storage: '',
      productId: '',
      product: '',
      unit: 'l',
    });
    expect(reconcileLine(line('100'), count('99'), '1')).toEqual({ counted: '99', variance: '-1', flag: 'ok' });
    expect(reconcileLine(line('100'), count('98.9'), '1')).toEqual({
      counted: '98.9',
      variance: '-1.1',
      flag: 'over tolerance',
    });
    expect(reconcileLine(line('100'), count('102'), '2.5')).toMatchObject({ variance: '2', flag: 'ok' });
    expect(reconcileLine(line('0'), count('0'), '1')).toMatchObject({ variance: '0', flag: 'ok' });
    expect(reconcileLine(line('0'), count('0.1'), '1')).toMatchObject({ flag: 'over tolerance' });
    expect(reconcileLine(line('100'), undefined, '1')).toEqual({ counted: null, variance: null, flag: 'not counted' });
  });
});
