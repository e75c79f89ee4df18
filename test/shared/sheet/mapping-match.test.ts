// A header that says inc or ex GST (`Price inc GST`, `Cost excl. GST`) is the pack cost or the line total, its
// qualifier not counted against the synonym; and what the qualifier says is how its amounts are read (price-basis.ts).
import { describe, expect, it } from 'vitest';
import type { ImportKind } from '../../../shared/kinds/index.ts';
import type { Grid } from '../../../shared/sheet/grid.ts';
import { matchHeaders } from '../../../shared/sheet/mapping-match.ts';
import { detectMapping, type ColumnMapping } from '../../../shared/sheet/mapping.ts';
import { MappingError } from '../../../shared/sheet/mapping-error.ts';
import { checkPriceBasis } from '../../../shared/sheet/price-basis.ts';
import { thrownBy } from '../../support/errors.ts';

const WHERE = { source: 'bills.csv', sheet: 'bills' };
const HEADER = ['Invoice No', 'Supplier', 'Date Received', 'Deliver To', 'Product', 'Qty', 'Pack Size', 'Unit'];
const ROW = ['A-1', 'Farmco Rural Supplies', '3/2/2026', 'Main Chemical Shed', 'Glyfos 540', 2, 20, 'L', 203.5];

/** The mapping of a receipts sheet whose last column is headed `price`. */
function mappingWith(price: string): ColumnMapping {
  const grid: Grid = {
    source: WHERE.source,
    sheet: WHERE.sheet,
    rows: [[...HEADER, price], ROW].map((cells, i) => ({ rowNumber: i + 1, cells })),
  };
  return detectMapping(grid, 'receipts');
}

/** The field `header` is placed on, alone or beside `others`. */
function fieldOf(header: string, kind: ImportKind = 'receipts', others: string[] = []): string | undefined {
  const { columns } = matchHeaders([...others, header], kind);
  return [...columns].find(([, column]) => column === others.length)?.[0];
}

// Each of these was left unplaced: its qualifier's words counted against the one-word synonym `price` or `cost`.
const INC = ['Price inc GST', 'Price incl GST', 'Price Inc. GST', 'Cost inc GST', 'Price incl. GST', 'Cost incl. GST'];
const EX = ['Price excl GST', 'Cost ex GST', 'Price exc GST', 'Price excl. GST', 'Price excluding GST'];
// These were placed already (brackets, or a two-word synonym); kept here so every spelling is read both ways.
const INC_BEFORE = ['Price (incl GST)', 'Price (inc GST)', 'Unit Price inc GST', 'Unit cost inc GST'];
const EX_BEFORE = ['Price ex GST', 'Price ex. GST', 'Cost (ex GST)', 'Unit cost ex GST'];
// Words separated by `_` (a word character to a regex's `\b`), `-` or `.`, or run together. The mapping placed most
// of these on the pack cost (`Unit_Price_Inc_GST` by `unit price`, `price_ex_gst` exactly) with no basis read:
// 203.50 inc GST saved as 203.50 ex GST, 185 ex GST ÷ 1.1 with --prices-include-gst. `price_inc_gst` and
// `PriceIncGST` were left unplaced. Each is now placed and read as it says.
const INC_SEPARATED = [
  'Unit_Price_Inc_GST',
  'price_inc_gst',
  'unit_price_incl_gst',
  'UNIT_PRICE_INC_GST',
  'Price_inc',
  'GST_inclusive_price',
  'Price-inc-GST',
  'Price.inc.GST',
  'PriceIncGST',
];
const EX_SEPARATED = [
  'price_ex_gst',
  'Unit_Price_Ex_GST',
  'unit_price_excl_gst',
  'PRICE_EX_GST',
  'Price_ex',
  'Nett_price',
  'Pre_GST_price',
  'Price-ex-GST',
  'Price.ex.GST',
  'PriceExGST',
  'UnitPriceExGST',
];

// A rate between or around the qualifier and the tax word: the basis was not read (`Price (incl. 10% GST)` saved 10%
// high, `Price (ex 10% GST)` ÷ 1.1 with --prices-include-gst), and `Price inc 15% GST` was left unplaced.
const INC_RATE = [
  'Price (incl. 10% GST)',
  'Cost (inc 10% GST)',
  'Price inc 15% GST',
  'Price inc 10 % GST',
  'Price inc. GST 10%',
  'Price (GST 10% incl)',
  'Unit Price GST 15% inclusive',
  'price_inc_10_gst',
];
const EX_RATE = [
  'Price (ex 10% GST)',
  'Cost excl 10% GST',
  'Price ex 15% GST',
  'Price ex. GST 10%',
  'Price (GST 10% excl)',
  'Unit Price GST 15% exclusive',
  'price_ex_10_gst',
];
// A GST word first, the tax unsaid (GST-inclusive or exclusive to an Australian or NZ bookkeeper): read as saying
// nothing, `Inc Price` was saved 10% high and `Ex Price` was sent ÷ 1.1 with --prices-include-gst.
const INC_FRONT = ['Inclusive Price', 'Incl Price', 'Incl. Price', 'Inc Price', 'Inc Cost', 'Inclusive Unit Price'];
const EX_FRONT = ['Exclusive Price', 'Excl Price', 'Ex Price', 'Exc Price', 'Ex Cost', 'Exclusive Unit Cost'];

describe('a price header saying inc GST', () => {
  it.each([...INC, ...INC_BEFORE, ...INC_SEPARATED, ...INC_RATE, ...INC_FRONT])(
    '%j is the pack cost, its prices read as including GST',
    (header) => {
      const mapping = mappingWith(header);
      expect(mapping.columns.pack_cost).toBe(HEADER.length);
      expect(mapping.missing).toEqual([]);
      expect(checkPriceBasis(mapping, '0.1', WHERE)).toEqual({ costIncludesGst: true, totalIncludesGst: true });
      // Not told: refused with the existing wording, never read as ex GST.
      const error = thrownBy(() => checkPriceBasis(mapping, null, WHERE), MappingError);
      expect(error.code).toBe('gst_basis');
      expect(error.message).toContain(`the column '${header}' (mapped to the pack cost) holds prices including GST`);
      expect(error.remedies).toEqual([{ code: 'prices_include_gst' }]);
    },
  );
});

describe('a price header saying ex GST', () => {
  it.each([...EX, ...EX_BEFORE, ...EX_SEPARATED, ...EX_RATE, ...EX_FRONT])(
    '%j is the pack cost, its prices read as excluding GST',
    (header) => {
      const mapping = mappingWith(header);
      expect(mapping.columns.pack_cost).toBe(HEADER.length);
      expect(mapping.missing).toEqual([]);
      expect(checkPriceBasis(mapping, null, WHERE)).toEqual({ costIncludesGst: false, totalIncludesGst: false });
      // Told prices include GST: a contradiction, refused, never read as inc GST.
      const error = thrownBy(() => checkPriceBasis(mapping, '0.1', WHERE), MappingError);
      expect(error.code).toBe('gst_basis');
      expect(error.message).toContain(`the column '${header}' (mapped to the pack cost) says its prices exclude GST`);
      expect(error.remedies).toEqual([{ code: 'prices_exclude_gst' }]);
    },
  );
});

describe('a price header whose words only begin like a GST word', () => {
  // The pack cost as they were, read as saying nothing of GST: taken as the import was told, never refused for GST.
  it.each(['Index Price', 'Incoming Price', 'Exchange Price', 'Excess Cost', 'Extra Price'])(
    '%j is the pack cost, its prices taken as the import was told',
    (header) => {
      const mapping = mappingWith(header);
      expect(mapping.columns.pack_cost).toBe(HEADER.length);
      expect(checkPriceBasis(mapping, null, WHERE)).toEqual({ costIncludesGst: false, totalIncludesGst: false });
      expect(checkPriceBasis(mapping, '0.1', WHERE)).toEqual({ costIncludesGst: true, totalIncludesGst: true });
    },
  );

  // Left unplaced as they were: `ex works`, `inc disc` are no qualifier, so `price` is not half the words.
  it.each(['Ex Works Price', 'Price Ex Works', 'Price inc disc', 'Price inc 10% disc'])(
    '%j is not placed',
    (header) => {
      expect(fieldOf(header)).toBeUndefined();
    },
  );
});

// A line's amount headed with a price or cost word was the pack cost (by `price`, `cost`): `Line Cost` 716 for 4 × 179
// saved as 716 a pack. Each is the line total, as `Line Total` is, alone or beside a price; never the pack cost.
describe('a line amount headed with a price or cost word', () => {
  it.each([
    'Line Cost',
    'line_cost',
    'LineCost',
    'Line Cost ex GST',
    'Line Cost (inc 10% GST)',
    'Line Price',
    'Extd Price',
    'Ext Price',
    'Extended Price',
    'Cost Ext',
    'Ext Cost',
    'Extended Cost',
    'Line Value',
    'Line Amount',
  ])('%j is the line total, alone or beside a price', (header) => {
    expect(fieldOf(header)).toBe('line_total');
    expect(fieldOf(header, 'receipts', ['Unit Price'])).toBe('line_total');
    expect(fieldOf(header, 'receipts', ['Pack Cost'])).toBe('line_total');
  });

  it("keeps the movements export's `Pack Cost` the pack cost beside its `Line Cost`", () => {
    const { columns } = matchHeaders(['Product', 'Packs', 'Pack Cost', 'Line Cost'], 'receipts');
    expect(Object.fromEntries(columns)).toMatchObject({ pack_cost: 2, line_total: 3 });
  });
});

describe('GST qualifiers in the header matching', () => {
  it('place a line total saying inc or ex GST on the line total', () => {
    for (const header of ['Total inc GST', 'Amount incl. GST', 'Total excl GST', 'Pre-GST total']) {
      expect(fieldOf(header, 'receipts', ['Price'])).toBe('line_total');
    }
  });

  it('place a line total written with `_` or run together on the line total, and read its basis', () => {
    const totalIncludesGst = (header: string, gstRate: string | null): boolean => {
      const headers = ['Product', 'Price', header];
      const columns = Object.fromEntries(matchHeaders(headers, 'receipts').columns);
      expect(columns).toMatchObject({ pack_cost: 1, line_total: 2 });
      const mapping: ColumnMapping = {
        kind: 'receipts',
        headerRowNumber: 1,
        headers,
        columns,
        unplaced: [],
        missing: [],
      };
      return checkPriceBasis(mapping, gstRate, WHERE).totalIncludesGst;
    };
    for (const header of ['Total_inc_GST', 'line_total_incl_gst', 'TotalIncGST']) {
      expect(totalIncludesGst(header, null)).toBe(true);
    }
    // Told prices include GST, a line total whose header says nothing would be taken to include it too.
    for (const header of ['total_ex_gst', 'Amount_excl_GST', 'AmountExGST']) {
      expect(totalIncludesGst(header, '0.1')).toBe(false);
    }
  });

  it('place a header whose words without the qualifier name the price (`Cost Price incl. GST`)', () => {
    expect(fieldOf('Cost Price incl. GST')).toBe('pack_cost');
  });

  it('do not let a header saying GST name a field that holds no money', () => {
    expect(fieldOf('Qty inc GST')).toBeUndefined();
    expect(fieldOf('Note: prices ex GST')).toBeUndefined();
    // A returns sheet has no price: its unit is not `Unit Price inc GST`, its amount not `Amount inc GST`.
    expect(fieldOf('Unit Price inc GST', 'returns')).toBeUndefined();
    expect(fieldOf('Amount inc GST', 'returns')).toBeUndefined();
  });

  it('still read a header with its qualifier as words: `Price ex GST inc disc` is `Price ex GST`', () => {
    expect(fieldOf('Price ex GST inc disc')).toBe('pack_cost');
    expect(fieldOf('Price ex GST incl. freight')).toBe('pack_cost');
  });

  it('let an exact price header beat one saying GST to its left, which is left unplaced', () => {
    for (const exact of ['Price ex GST', 'Unit Price', 'Price']) {
      const { columns } = matchHeaders(['Price inc GST', exact], 'receipts');
      expect(Object.fromEntries(columns)).toEqual({ pack_cost: 1 });
    }
  });
});
