// A sheet with a discount column shed has no field for (an accounting export's 'Disc %', a keyed 'Discount'):
// its Unit Price was sent as the pack cost before the discount, with no word (the stock valued 10% high).
// Refused before anything is sent when a line has a discount, naming the columns; a discount column of zeros,
// or a pack cost column that says it is net of the discount, imports. Real CSV, the sandbox over HTTP.
import { describe, expect, it } from 'vitest';
import { MappingError } from '../../../shared/sheet/mapping-error.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { useSandboxFolder } from '../../support/sandbox-folder.ts';
import { listAll } from '../../support/service.ts';

const HEAD = 'Invoice No,Supplier,Date,Shed,Product,Qty,Size';
const LINE = (invoice: string) => `${invoice},Farmco Rural Supplies,3/2/2026,Main Chemical Shed,Glyfos 540,2,20 L`;

describe('a sheet with a discount column', () => {
  const setUp = useSandboxFolder('discount');
  const csv = setUp.csv;
  const costsOf = async (invoice: string) =>
    (await listAll(setUp.sandbox.url, WILLOW, 'receipts'))
      .filter((r: { notes: string | null }) => (r.notes ?? '').includes(invoice))
      .map((r: { line_items: { pack_cost: string }[] }) => r.line_items[0]!.pack_cost);

  it.each([
    ['Disc %', 'DSC-1'],
    ['Discount', 'DSC-2'],
  ])('headed %s, with a discount on a line, is refused, nothing sent', async (header, invoice) => {
    const file = await csv(`${invoice}.csv`, [
      `${HEAD},Unit Price,${header}`,
      `${LINE(invoice)},200,10`,
      `${LINE(`${invoice}B`)},200,0`,
    ]);
    const error = await runImportCli(setUp.sandbox.url, { kind: 'receipts', file }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MappingError);
    expect((error as MappingError).code).toBe('discount_column');
    expect((error as MappingError).message).toMatch(
      new RegExp(`header row 1: the column '${header.replace('%', '\\%')}' holds discounts \\(10 on row 2\\)`),
    );
    expect((error as MappingError).message).toContain("Put the price after the discount in 'Unit Price'");
    expect(await costsOf(invoice)).toEqual([]);
  });

  it('of zeros only imports; so does one beside a price column net of the discount', async () => {
    const zeros = await csv('zeros.csv', [`${HEAD},Unit Price,Discount`, `${LINE('DSC-Z')},200,0`]);
    expect((await runImportCli(setUp.sandbox.url, { kind: 'receipts', file: zeros })).summary.records.created).toBe(1);
    expect(await costsOf('DSC-Z')).toEqual(['200']);
    const net = await csv('net.csv', [`${HEAD},Disc %,Nett Price`, `${LINE('DSC-N')},10,180`]);
    expect((await runImportCli(setUp.sandbox.url, { kind: 'receipts', file: net })).summary.records.created).toBe(1);
    expect(await costsOf('DSC-N')).toEqual(['180']);
    // Beside a plain Unit Price, the Net Price is the pack cost (the field registry ranks it first).
    const both = await csv('both.csv', [`${HEAD},Unit Price,Disc %,Net Price`, `${LINE('DSC-B')},200,10,180`]);
    expect((await runImportCli(setUp.sandbox.url, { kind: 'receipts', file: both })).summary.records.created).toBe(1);
    expect(await costsOf('DSC-B')).toEqual(['180']);
  });

  it.each(['Rebate No.', 'Discount Code', 'Rebate #'])(
    'headed %s (an identifier, not an amount) imports',
    async (header) => {
      const invoice = `DSC-ID-${header.length}`;
      const file = await csv(`${invoice}.csv`, [`${HEAD},Unit Price,${header}`, `${LINE(invoice)},200,4471`]);
      expect((await runImportCli(setUp.sandbox.url, { kind: 'receipts', file })).summary.records.created).toBe(1);
      expect(await costsOf(invoice)).toEqual(['200']);
    },
  );
});
