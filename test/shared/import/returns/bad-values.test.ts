/**
 * Bad values of every kind in a returns sheet (a real CSV file, read and mapped as `shed import
 * returns` does): each row is refused whole, its problems pinned to the cell, with the value as
 * written, the reason and, where there is one, a suggestion. Rows around a bad one are unaffected.
 */
import { describe, expect, it } from 'vitest';
import type { Problem } from '../../../../shared/import/outcome.ts';
import type { ReturnDraft } from '../../../../shared/import/returns/build.ts';
import { parseUnitAlias, unitKey } from '../../../../shared/sheet/values/index.ts';
import { SYDNEY, planCsv, productId, storageId } from './helpers.ts';

const HEADER = [
  'Date',
  'Return To',
  'From Shed',
  'Product',
  'Amount',
  'Unit',
  'Credit Note',
  'Comments',
  'Record ID',
  'Updated At',
];
type Row = Partial<Record<(typeof HEADER)[number], string>>;
const GOOD: Row = {
  Date: '12/02/2026',
  'Return To': 'Farmco Rural Supplies',
  'From Shed': 'Main Chemical Shed',
  Product: 'Glyfos 540',
  Amount: '20',
  Unit: 'L',
};

/** A CSV line: the good row with some cells replaced; cells are quoted as a spreadsheet would. */
function line(changes: Row): string {
  const row = { ...GOOD, ...changes };
  return HEADER.map((h) => `"${(row[h] ?? '').replace(/"/g, '""')}"`).join(',');
}

/** Plans a sheet of the good row (row 2), the rows given (rows 3…), and the good row again at the end. */
async function planRows(rows: Row[]): Promise<ReturnDraft[]> {
  const text = [HEADER.join(','), line({}), ...rows.map(line), line({})].join('\r\n') + '\r\n';
  const plan = await planCsv(text);
  expect(plan.drafts).toHaveLength(rows.length + 2);
  for (const draft of [plan.drafts[0]!, plan.drafts.at(-1)!]) {
    expect(draft.problems).toEqual([]);
    expect(draft.body?.product_id).toBe(productId('Glyfos 540'));
  }
  return plan.drafts.slice(1, -1);
}

/** The one draft of one bad row, which must be refused. */
async function refusedRow(changes: Row): Promise<Problem[]> {
  const [draft] = await planRows([changes]);
  expect(draft!.body).toBeNull();
  expect(draft!.rowNumbers).toEqual([3]);
  return draft!.problems;
}

const column = (header: string) => HEADER.indexOf(header);

describe('buildReturnDraft refuses bad cells, naming the cell', () => {
  it('an unknown product, with the closest name as suggestion', async () => {
    expect(await refusedRow({ Product: 'Glyfos 450' })).toEqual([
      {
        code: 'unknown_product',
        rowNumber: 3,
        column: column('Product'),
        header: 'Product',
        value: 'Glyfos 450',
        message: "no product or alias named 'Glyfos 450'; closest: 'Glyfos 540'",
        suggestion: 'Glyfos 540',
      },
    ]);
  });

  it("the ambiguous alias 'Wetter', naming both products", async () => {
    const [problem, ...rest] = await refusedRow({ Product: 'Wetter' });
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({
      code: 'ambiguous_product',
      column: column('Product'),
      header: 'Product',
      value: 'Wetter',
    });
    expect(problem!.message).toBe(
      "'Wetter' is ambiguous: it names 2 products: 'Non-ionic surfactant 600 g/L' (alias 'Wetter'), " +
        "'Non-ionic surfactant 1000 g/L' (alias 'Wetter'); write the product name instead",
    );
  });

  it("the locked storage 'Old Shearing Shed'", async () => {
    expect(await refusedRow({ 'From Shed': 'Old Shearing Shed' })).toEqual([
      {
        code: 'locked_storage',
        rowNumber: 3,
        column: column('From Shed'),
        header: 'From Shed',
        value: 'Old Shearing Shed',
        message: "'Old Shearing Shed' is locked: nothing can be recorded in it; choose another storage",
      },
    ]);
  });

  it('an unknown storage, with the closest name as suggestion', async () => {
    expect(await refusedRow({ 'From Shed': 'Main Chem Shed' })).toEqual([
      expect.objectContaining({
        code: 'unknown_storage',
        column: column('From Shed'),
        value: 'Main Chem Shed',
        suggestion: 'Main Chemical Shed',
      }),
    ]);
  });

  it('a blank storage and a blank product', async () => {
    const problems = await refusedRow({ 'From Shed': '', Product: ' ' });
    expect(problems.map((p) => [p.code, p.header, p.message])).toEqual([
      ['required', 'From Shed', "From Shed is empty: write the storage's name"],
      ['required', 'Product', 'Product is empty: write the product or trade name'],
    ]);
  });

  it('a date that does not exist: 31/02/2026', async () => {
    expect(await refusedRow({ Date: '31/02/2026' })).toEqual([
      {
        code: 'invalid_date',
        rowNumber: 3,
        column: column('Date'),
        header: 'Date',
        value: '31/02/2026',
        message: "'31/02/2026' is not a date: February 2026 has no day 31 (it has 28 days)",
      },
    ]);
  });

  it('a blank date, and a date that is not one', async () => {
    const [blank, words] = await planRows([{ Date: '' }, { Date: 'last Tuesday' }]);
    expect(blank!.problems).toEqual([
      {
        code: 'required',
        rowNumber: 3,
        column: 0,
        header: 'Date',
        message: 'Date is empty: write the date, e.g. 3/02/2026',
      },
    ]);
    expect(words!.body).toBeNull();
    expect(words!.problems).toEqual([
      expect.objectContaining({ code: 'invalid_date', rowNumber: 4, column: 0, value: 'last Tuesday' }),
    ]);
  });

  it('an amount with no unit in the cell or the Unit column', async () => {
    expect(await refusedRow({ Amount: '20', Unit: '' })).toEqual([
      {
        code: 'required',
        rowNumber: 3,
        column: column('Unit'),
        header: 'Unit',
        message: "no unit for '20': write it in the Unit column or in the cell, e.g. '20 L'",
      },
    ]);
  });

  it('a unit in the amount cell that disagrees with the Unit column', async () => {
    expect(await refusedRow({ Amount: '20 L', Unit: 'kg' })).toEqual([
      {
        code: 'unit_mismatch',
        rowNumber: 3,
        column: column('Unit'),
        header: 'Unit',
        value: 'kg',
        message: "'kg' disagrees with the unit in '20 L': keep one of them",
      },
    ]);
  });

  it('a blank supplier (spaces only)', async () => {
    expect(await refusedRow({ 'Return To': '   ' })).toEqual([
      {
        code: 'required',
        rowNumber: 3,
        column: column('Return To'),
        header: 'Return To',
        message: 'Return To is empty: fill it in',
      },
    ]);
  });

  it('a Record ID that is not a UUID', async () => {
    expect(await refusedRow({ 'Record ID': 'RET-0042' })).toEqual([
      {
        code: 'invalid_id',
        rowNumber: 3,
        column: column('Record ID'),
        header: 'Record ID',
        value: 'RET-0042',
        message: "'RET-0042' is not an id written by shed: clear the cell to create a new record",
      },
    ]);
  });

  it('a negative amount, and a negative amount with its unit in the cell', async () => {
    const drafts = await planRows([{ Amount: '-5' }, { Amount: '-5 L', Unit: '' }]);
    expect(drafts.map((d) => d.body)).toEqual([null, null]);
    const negative = (written: string, bare: string) =>
      `'${written}' is written as a negative amount, but a return already takes its amount out of the stock: ` +
      `write it as a positive amount, '${bare}'`;
    expect(drafts.flatMap((d) => d.problems)).toEqual([
      {
        code: 'negative_amount',
        rowNumber: 3,
        column: column('Amount'),
        header: 'Amount',
        value: '-5',
        message: negative('-5', '5'),
      },
      {
        code: 'negative_amount',
        rowNumber: 4,
        column: column('Amount'),
        header: 'Amount',
        value: '-5 L',
        message: negative('-5 L', '5 L'),
      },
    ]);
  });

  it('an amount in words, two words after the number, a bare unit, and a blank amount', async () => {
    const drafts = await planRows([
      { Amount: 'twenty' },
      { Amount: '20 L of Glyfos', Unit: '' },
      { Amount: 'L', Unit: '' },
      { Amount: '' },
    ]);
    expect(drafts.map((d) => d.body)).toEqual([null, null, null, null]);
    expect(drafts.map((d) => d.problems.map((p) => [p.code, p.header, p.value]))).toEqual([
      [['invalid_number', 'Amount', 'twenty']],
      [['invalid_number', 'Amount', '20 L of Glyfos']],
      [['invalid_number', 'Amount', 'L']],
      [['required', 'Amount', undefined]],
    ]);
    expect(drafts[0]!.problems[0]!.message).toMatch(/^'twenty' is not a .*: it has no number/);
    expect(drafts[3]!.problems[0]!.message).toBe('Amount is empty: write a number such as 20 or 20 L');
  });

  it('a unit longer than 20 characters is not one the totals know: refused on the cell it was written in', async () => {
    const long = 'drumsandbottlesandcans';
    const [inColumn, inCell] = await planRows([
      { Amount: '5', Unit: long },
      { Amount: `5 ${long}`, Unit: '' },
    ]);
    expect(inColumn!.body).toBeNull();
    expect(inColumn!.problems).toEqual([
      expect.objectContaining({ code: 'unknown_unit', rowNumber: 3, column: column('Unit'), value: long }),
    ]);
    expect(inCell!.body).toBeNull();
    expect(inCell!.problems).toEqual([
      expect.objectContaining({ code: 'unknown_unit', rowNumber: 4, column: column('Amount'), value: `5 ${long}` }),
    ]);
  });

  it('a supplier or a reference over 255 characters, notes over 2000', async () => {
    const drafts = await planRows([
      { 'Return To': 'S'.repeat(256) },
      { 'Credit Note': 'C'.repeat(256) },
      { Comments: 'n'.repeat(2001) },
    ]);
    expect(drafts.map((d) => d.body)).toEqual([null, null, null]);
    expect(drafts.map((d) => d.problems.map((p) => [p.code, p.header, p.message.replace(/^'\w+' /, '')]))).toEqual([
      [['invalid_value', 'Return To', 'should be at most 255 characters']],
      [['invalid_value', 'Credit Note', 'should be at most 255 characters']],
      [['invalid_value', 'Comments', 'should be at most 2000 characters']],
    ]);
  });

  it('tells every problem of a row at once, the amount 0 beside an unknown product', async () => {
    const problems = await refusedRow({
      Date: '13/13/2026',
      'From Shed': 'Old Shearing Shed',
      Product: 'Wetter',
      Amount: '0',
      'Return To': '',
    });
    expect(problems.map((p) => [p.code, p.header])).toEqual([
      ['required', 'Return To'],
      ['invalid_date', 'Date'],
      ['locked_storage', 'From Shed'],
      ['ambiguous_product', 'Product'],
      ['invalid_value', 'Amount'],
    ]);
    expect(problems.at(-1)!.message).toBe("'0' must be greater than 0");
  });
});

describe('buildReturnDraft accepts what a bookkeeper writes', () => {
  it('a product name instead of an alias, an alias in other case and spacing, units spelt out', async () => {
    const drafts = await planRows([
      { Product: 'Glyphosate 540 g/L', Amount: '20', Unit: 'litres' },
      { Product: '  GLYFOS 540 ', Amount: '1,000 KG', Unit: '' },
      { Product: 'Glyfos 540', Amount: '2.50', Unit: 'Ltr' },
    ]);
    expect(drafts.map((d) => d.problems)).toEqual([[], [], []]);
    expect(drafts.map((d) => [d.body?.product_id, d.body?.amount_value, d.body?.amount_unit])).toEqual([
      [productId('Glyphosate 540 g/L'), '20', 'l'],
      [productId('Glyfos 540'), '1000', 'kg'],
      [productId('Glyfos 540'), '2.5', 'l'],
    ]);
  });

  it('an unknown unit is refused on the cell that holds it, saying how to convert it', async () => {
    const [bags, gallons] = await planRows([
      { Amount: '2 bags', Unit: '' },
      { Amount: '5', Unit: 'gal' },
    ]);
    expect(bags!.body).toBeNull();
    expect(bags!.problems).toEqual([
      {
        code: 'unknown_unit',
        rowNumber: 3,
        column: column('Amount'),
        header: 'Amount',
        value: '2 bags',
        message:
          "unit 'bags' is not one of l, ml, kg, g, t, so it would not add up in the stock totals: write the size in one of those, " +
          `or say what one 'bags' is in the mapping file's "units" table, e.g. "units": {"bags": "<what one bags holds> l"}`,
      },
    ]);
    expect(gallons!.body).toBeNull();
    expect(gallons!.problems).toEqual([
      expect.objectContaining({ code: 'unknown_unit', rowNumber: 4, column: column('Unit'), value: 'gal' }),
    ]);
  });

  it("'Lts' is litres; a units table converts a unit it names, with its factor", async () => {
    const [lts] = await planRows([{ Amount: '20', Unit: 'Lts' }]);
    expect(lts!.body).toMatchObject({ amount_value: '20', amount_unit: 'l' });
    const units = new Map([
      [unitKey('bag (1t)'), parseUnitAlias('1 t')!],
      [unitKey('Drum'), parseUnitAlias('200 L')!],
    ]);
    const text = [HEADER.join(','), line({ Amount: '2', Unit: 'bag (1t)' }), line({ Amount: '3 drum', Unit: '' })].join(
      '\r\n',
    );
    const plan = await planCsv(text, undefined, { ...SYDNEY, unitAliases: units });
    expect(plan.drafts.map((d) => d.problems)).toEqual([[], []]);
    expect(plan.drafts.map((d) => [d.body?.amount_value, d.body?.amount_unit])).toEqual([
      ['2', 't'],
      ['600', 'l'],
    ]);
  });

  it('a Record ID and Updated At from an earlier run are kept for an update (id lower-cased)', async () => {
    const id = '0F8FAD5B-D9CB-469F-A165-70867728950E';
    const [draft] = await planRows([{ 'Record ID': id, 'Updated At': '2026-03-01T04:05:06Z', 'Credit Note': 'CN-1' }]);
    expect(draft!.problems).toEqual([]);
    expect(draft!.recordId).toBe(id.toLowerCase());
    expect(draft!.updatedAt).toBe('2026-03-01T04:05:06Z');
    expect(draft!.key).toBe('CN-1');
    expect(draft!.body).toEqual({
      storage_id: storageId('Main Chemical Shed'),
      product_id: productId('Glyfos 540'),
      returned_at: '2026-02-12T00:00:00+11:00',
      supplier: 'Farmco Rural Supplies',
      amount_value: '20',
      amount_unit: 'l',
      notes: null,
      reference: 'CN-1',
    });
  });

  it('a winter date is midnight at +10:00 (no daylight time in July)', async () => {
    const [draft] = await planRows([{ Date: '1/07/2026' }]);
    expect(draft!.body?.returned_at).toBe('2026-07-01T00:00:00+10:00');
  });
});
