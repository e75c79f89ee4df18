// A semicolon CSV from a European locale writes decimals with a comma: '12,50' is refused on its cell
// ("use a point"), but '2,500' reads as thousands, 2500 where the sheet meant 2.5: an invoice whose
// only comma is such a value was sent a thousand times too large. A sheet writing a decimal comma
// anywhere in its number columns, with a lone comma group in one, is now refused before anything is
// sent, naming both cells. Australian thousands ('$1,025.00', or '1,025' with no decimal comma about)
// import as before. Real CSV, the sandbox over HTTP.
import { describe, expect, it } from 'vitest';
import { MappingError } from '../../../shared/sheet/mapping-error.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { useSandboxFolder } from '../../support/sandbox-folder.ts';
import { listAll } from '../../support/service.ts';

const HEAD = 'Invoice No;Supplier;Date;Shed;Product;Qty;Size;Unit;Unit Price';
const LINE = (invoice: string, size: string, price: string) =>
  `${invoice};Farmco Rural Supplies;3/2/2026;Main Chemical Shed;Starter MAP;2;${size};kg;${price}`;

describe('a semicolon CSV writing decimals with commas', () => {
  const setUp = useSandboxFolder('decimal-commas');
  const csv = setUp.csv;
  const sizesOf = async (invoice: string) =>
    (await listAll(setUp.sandbox.url, WILLOW, 'receipts'))
      .filter((r: { notes: string | null }) => (r.notes ?? '').includes(invoice))
      .map((r: { line_items: { pack_size_value: string }[] }) => r.line_items[0]!.pack_size_value);

  it("is refused whole when a lone comma group ('2,500') could be a decimal too, nothing sent", async () => {
    const file = await csv('eu.csv', [HEAD, LINE('EU-1', '25', '12,50'), LINE('EU-2', '2,500', '40')]);
    const error = await runImportCli(setUp.sandbox.url, { kind: 'receipts', file }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MappingError);
    expect((error as MappingError).code).toBe('decimal_comma');
    expect((error as MappingError).message).toContain(
      "'12,50' (row 2, Unit Price) writes a decimal with a comma, so '2,500' (row 3, Size) could be 2.5 as well as 2500",
    );
    expect(await sizesOf('EU-2')).toEqual([]);
  });

  it('imports Australian thousands as before', async () => {
    const file = await csv('au.csv', [HEAD, LINE('AU-1', '25', '$1,025.00'), LINE('AU-2', '1,000', '40')]);
    expect((await runImportCli(setUp.sandbox.url, { kind: 'receipts', file })).summary.records.created).toBe(2);
    expect(await sizesOf('AU-2')).toEqual(['1000']);
  });
});
