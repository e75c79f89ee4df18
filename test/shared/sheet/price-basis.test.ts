import { describe, expect, it } from 'vitest';
import type { ColumnMapping } from '../../../shared/sheet/mapping.ts';
import { MappingError } from '../../../shared/sheet/mapping-error.ts';
import { checkPriceBasis, gstBasisOfHeader, withoutGstQualifier } from '../../../shared/sheet/price-basis.ts';

const where = { source: 'bills.csv', sheet: 'bills' };
function mapping(cost: string, total?: string): ColumnMapping {
  const headers = ['Product', cost, ...(total === undefined ? [] : [total])];
  return {
    kind: 'receipts',
    headerRowNumber: 1,
    headers,
    columns: { product: 0, pack_cost: 1, ...(total === undefined ? {} : { line_total: 2 }) },
    unplaced: [],
    missing: [],
  };
}

describe('gstBasisOfHeader', () => {
  it.each([
    ['Unit Price (inc GST)', 'inc'],
    ['Price incl. GST', 'inc'],
    ['Amount Including GST', 'inc'],
    ['Total GST inclusive', 'inc'],
    ['Cost inc tax', 'inc'],
    // Hyphenated, and the tax left unsaid (an Australian invoice's 'Price inc' is GST inclusive).
    ['GST-inclusive price', 'inc'],
    ['Price inc-GST', 'inc'],
    ['Price inc', 'inc'],
    ['Unit Price (incl.)', 'inc'],
    ['Price Inc.', 'inc'],
    ['Price (ex)', 'ex'],
    ['Cost ex.', 'ex'],
    ['Price incl freight', null],
    ['Price ex GST', 'ex'],
    ['Unit cost excl. GST', 'ex'],
    ['Pre-GST total', 'ex'],
    ['Nett price', 'ex'],
    ['Amount exclusive of GST', 'ex'],
    ['Unit Price', null],
    ['Cost per pack', null],
    ['GST', null],
    // The word before the tax word decides: what follows may be about freight or a discount.
    ['Price (ex GST, freight incl.)', 'ex'],
    ['Price excl. GST (freight inc)', 'ex'],
    ['Price ex GST incl. freight', 'ex'],
    ['Unit Price Ex GST Inc Disc', 'ex'],
    ['Price inc GST ex freight', 'inc'],
    ['Price inc GST / ex GST', 'both'],
  ])('%j → %s', (header, basis) => {
    expect(gstBasisOfHeader(header)).toBe(basis);
  });

  // `_` is a word character to a regex's `\b`: `Unit_Price_Inc_GST` was mapped to the pack cost (`unit price`) with no
  // basis read, so 203.50 inc GST was saved as 203.50 ex GST. The basis is read on the words the mapping splits.
  it.each([
    ['Unit_Price_Inc_GST', 'inc'],
    ['price_inc_gst', 'inc'],
    ['unit_price_incl_gst', 'inc'],
    ['Price_inc', 'inc'],
    ['GST_inclusive_price', 'inc'],
    ['Price-inc-GST', 'inc'],
    ['Price.inc.GST', 'inc'],
    ['PriceIncGST', 'inc'],
    ['UNIT_PRICE_INC_GST', 'inc'],
    ['price_ex_gst', 'ex'],
    ['Unit_Price_Ex_GST', 'ex'],
    ['unit_price_excl_gst', 'ex'],
    ['Price_ex', 'ex'],
    ['Nett_price', 'ex'],
    ['Pre_GST_price', 'ex'],
    ['Price-ex-GST', 'ex'],
    ['Price.ex.GST', 'ex'],
    ['PriceExGST', 'ex'],
    ['PRICEEXGST', 'ex'],
    ['price_inc_gst_/_ex_gst', 'both'],
    ['unit_price', null],
    ['Price_incl_freight', null],
  ])('%j → %s, however its words are separated', (header, basis) => {
    expect(gstBasisOfHeader(header)).toBe(basis);
  });

  // `exc` was read as saying nothing: with --prices-include-gst, an ex-GST price would have lost a tenth.
  it.each(['Price exc GST', 'Price Exc. GST', 'Cost GST exc', 'Price exc'])('%j → ex', (header) => {
    expect(gstBasisOfHeader(header)).toBe('ex');
  });

  // A rate between the qualifier and the tax word was not read: `Price (incl. 10% GST)` said nothing, so 196.90 inc GST
  // was saved as the pack cost without a word, and `Price (ex 10% GST)` lost a tenth with --prices-include-gst.
  it.each([
    ['Price (incl. 10% GST)', 'inc'],
    ['Cost (inc 10% GST)', 'inc'],
    ['Price inc 10 % GST', 'inc'],
    ['Price incl 15% GST', 'inc'],
    ['Price (inc 12.5% GST)', 'inc'],
    ['Price inc. GST 10%', 'inc'],
    ['Price incl GST @ 10%', 'inc'],
    ['Price incl GST10%', 'inc'],
    ['Price (GST 10% incl)', 'inc'],
    ['Price GST 15% inclusive', 'inc'],
    ['Price 10% GST inclusive', 'inc'],
    ['price_inc_10_gst', 'inc'],
    ['Price inc 10%', 'inc'],
    ['Price (ex 10% GST)', 'ex'],
    ['Cost (excl. 10% GST)', 'ex'],
    ['Price ex 10 % GST', 'ex'],
    ['Price excl 15% GST', 'ex'],
    ['Price ex. GST 10%', 'ex'],
    ['Price excl GST @ 15%', 'ex'],
    ['Price (GST 10% excl)', 'ex'],
    ['Price GST 15% exclusive', 'ex'],
    ['price_ex_10_gst', 'ex'],
    ['Price ex 10%', 'ex'],
    ['Price (inc 10% GST / ex 10% GST)', 'both'],
  ])('%j → %s, the rate beside its qualifier no matter', (header, basis) => {
    expect(gstBasisOfHeader(header)).toBe(basis);
  });

  // A GST word first, the tax unsaid: GST-inclusive or exclusive to an Australian or NZ bookkeeper. `Inc Price` was
  // read as saying nothing (saved 10% high), `Ex Price` was sent ÷ 1.1 with --prices-include-gst.
  it.each([
    ['Inclusive Price', 'inc'],
    ['Incl Price', 'inc'],
    ['Incl. Price', 'inc'],
    ['Inc Price', 'inc'],
    ['Inc Cost', 'inc'],
    ['Inclusive Unit Price', 'inc'],
    ['inc_price', 'inc'],
    ['Exclusive Price', 'ex'],
    ['Excl Price', 'ex'],
    ['Excl. Cost', 'ex'],
    ['Ex Price', 'ex'],
    ['Exc Price', 'ex'],
    ['Ex Unit Cost', 'ex'],
    ['ex_price', 'ex'],
    ['Inc Price ex', 'both'],
  ])('%j → %s, its first word before a price word', (header, basis) => {
    expect(gstBasisOfHeader(header)).toBe(basis);
  });

  // Guards: words that begin like a qualifier, a qualifier not first or before no price word, a number beside no
  // qualifier, say nothing of GST.
  it.each([
    'Index Price',
    'Incoming Price',
    'Incoming Cost',
    'Increase Price',
    'Exchange Price',
    'Exchange Rate',
    'Ex Rate',
    'Excess Cost',
    'Extra Price',
    'Extra Cost',
    'Express Price',
    'Ex Works Price',
    'Ex Works',
    'Price Ex Works',
    'Price ex works 10%',
    'Price inc disc',
    'Price inc 10% disc',
    'Price incl freight 10',
    'Unit Price Inc Price',
    'Price 10%',
    'Price 2024',
    'Price less 10%',
  ])('%j → null', (header) => {
    expect(gstBasisOfHeader(header)).toBeNull();
  });
});

describe('withoutGstQualifier', () => {
  // What is left is the header's words as the mapping sees them (lower case, single spaces): it matches on those.
  it.each([
    ['Price inc GST', 'price'],
    ['Price Inc. GST', 'price'],
    ['Cost incl. GST', 'cost'],
    ['Price excl GST', 'price'],
    ['Price exc GST', 'price'],
    ['Unit Price GST inclusive', 'unit price'],
    ['Pre-GST total', 'total'],
    ['Price ex GST inc disc', 'price inc disc'],
    // What gstBasisOfHeader reads without a tax word (`Price inc`, `Nett price`) names the field: kept.
    ['Price inc', 'price inc'],
    ['Nett price', 'nett price'],
    ['GST', 'gst'],
    // However the words are separated, or not: the qualifier the mapping takes out is the one read.
    ['Unit_Price_Inc_GST', 'unit price'],
    ['price_ex_gst', 'price'],
    ['Price-inc-GST', 'price'],
    ['Price.ex.GST', 'price'],
    ['PriceIncGST', 'price'],
    ['UnitPriceExGST', 'unitprice'],
  ])('%j → %j', (header, left) => {
    expect(withoutGstQualifier(header)).toBe(left);
  });

  // A rate beside the qualifier goes with it (`Price inc 15% GST` was left unplaced: `price` is not half its words).
  it.each([
    ['Price (incl. 10% GST)', 'price'],
    ['Cost (inc 10% GST)', 'cost'],
    ['Price inc 15% GST', 'price'],
    ['Price (ex 10% GST)', 'price'],
    ['Price ex 12.5% GST', 'price'],
    ['Price inc. GST 10%', 'price'],
    ['Price excl GST @ 10 %', 'price'],
    ['Price (GST 10% incl)', 'price'],
    ['Unit Price GST 15% exclusive', 'unit price'],
    ['unit_price_inc_10_gst', 'unit price'],
    ['Price incl GST10%', 'price'],
    // Read without a tax word, kept as `Price inc` is; a rate is left out all the same.
    ['Price inc 10%', 'price inc'],
    ['Inc Price', 'inc price'],
    ['Exclusive Price', 'exclusive price'],
    // A number beside no GST word is the header's own.
    ['Price 2024 inc GST', 'price 2024'],
    ['Price inc disc', 'price inc disc'],
    ['Price less 10%', 'price less 10'],
  ])('%j → %j', (header, left) => {
    expect(withoutGstQualifier(header)).toBe(left);
  });
});

describe('checkPriceBasis', () => {
  it('refuses a pack cost column that includes GST when the import was not told, naming the column and both fixes', () => {
    const error = (() => {
      try {
        checkPriceBasis(mapping('Unit Price (inc GST)'), null, where);
      } catch (e) {
        return e as MappingError;
      }
      throw new Error('expected a refusal');
    })();
    expect(error).toBeInstanceOf(MappingError);
    expect(error.code).toBe('gst_basis');
    expect(error.message).toMatch(
      /^bills\.csv, sheet 'bills', header row 1: the column 'Unit Price \(inc GST\)' \(mapped to the pack cost\) holds prices including GST/,
    );
    expect(error.remedies).toEqual([{ code: 'prices_include_gst' }]);
  });

  it('refuses an ex-GST pack cost column when told prices include GST', () => {
    expect(() => checkPriceBasis(mapping('Price ex GST'), '0.1', where)).toThrow(
      expect.objectContaining({
        message: expect.stringMatching(/says its prices exclude GST/),
        remedies: [{ code: 'prices_exclude_gst' }],
      }),
    );
  });

  it('takes a column that does not say as the import was told, and each column by its own header', () => {
    expect(checkPriceBasis(mapping('Unit Price'), null, where)).toEqual({
      costIncludesGst: false,
      totalIncludesGst: false,
    });
    expect(checkPriceBasis(mapping('Unit Price', 'Total'), '0.1', where)).toEqual({
      costIncludesGst: true,
      totalIncludesGst: true,
    });
    expect(checkPriceBasis(mapping('Price ex GST', 'Total inc GST'), null, where)).toEqual({
      costIncludesGst: false,
      totalIncludesGst: true,
    });
  });

  it('refuses an `exc GST` pack cost column when told prices include GST, instead of taking GST off it', () => {
    expect(() => checkPriceBasis(mapping('Price exc GST'), '0.1', where)).toThrow(
      "the import was told prices include GST, but the column 'Price exc GST' (mapped to the pack cost) says its prices exclude GST",
    );
    expect(checkPriceBasis(mapping('Price exc GST'), null, where).costIncludesGst).toBe(false);
  });

  it('reads a snake_case or run-together header: refused against what the import was told, else read as it says', () => {
    expect(() => checkPriceBasis(mapping('Unit_Price_Inc_GST'), null, where)).toThrow(
      "the column 'Unit_Price_Inc_GST' (mapped to the pack cost) holds prices including GST",
    );
    expect(() => checkPriceBasis(mapping('price_ex_gst'), '0.1', where)).toThrow(
      "the import was told prices include GST, but the column 'price_ex_gst' (mapped to the pack cost) says its prices exclude GST",
    );
    expect(() => checkPriceBasis(mapping('PriceExGST'), '0.1', where)).toThrow(/'PriceExGST'.*exclude GST/);
    expect(checkPriceBasis(mapping('Unit_Price_Inc_GST', 'Line_Total_ex_GST'), '0.1', where)).toEqual({
      costIncludesGst: true,
      totalIncludesGst: false,
    });
  });

  it('reads a rate between the qualifier and the tax word, and a GST word first: refused against what the import was told', () => {
    expect(() => checkPriceBasis(mapping('Price (incl. 10% GST)'), null, where)).toThrow(
      "the column 'Price (incl. 10% GST)' (mapped to the pack cost) holds prices including GST",
    );
    expect(() => checkPriceBasis(mapping('Price (ex 10% GST)'), '0.1', where)).toThrow(
      "the import was told prices include GST, but the column 'Price (ex 10% GST)' (mapped to the pack cost) says its prices exclude GST",
    );
    expect(() => checkPriceBasis(mapping('Inc Price'), null, where)).toThrow(/'Inc Price'.*holds prices including GST/);
    expect(() => checkPriceBasis(mapping('Ex Price'), '0.1', where)).toThrow(/'Ex Price'.*exclude GST/);
    expect(checkPriceBasis(mapping('Price (GST 10% incl)', 'Total (ex 10% GST)'), '0.1', where)).toEqual({
      costIncludesGst: true,
      totalIncludesGst: false,
    });
    // Not a qualifier: taken as the import was told.
    expect(checkPriceBasis(mapping('Index Price'), null, where).costIncludesGst).toBe(false);
    expect(checkPriceBasis(mapping('Extra Price'), '0.1', where).costIncludesGst).toBe(true);
  });

  it('refuses a price column whose header says both', () => {
    expect(() => checkPriceBasis(mapping('Price inc GST / ex GST'), null, where)).toThrow(
      "bills.csv, sheet 'bills', header row 1: the column 'Price inc GST / ex GST' says its amounts both include and exclude GST",
    );
    expect(checkPriceBasis(mapping('Price (ex GST, freight incl.)'), null, where).costIncludesGst).toBe(false);
  });
});
