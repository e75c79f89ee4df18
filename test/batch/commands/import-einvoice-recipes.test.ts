// Supplier recipes meet the pack engine and e-invoices (issues 21, 22) over the sandbox: a recipe's pack
// conventions apply to its own supplier's invoices only; an e-invoice finds its recipe by the seller's ABN,
// takes the storage from it, resolves a seller's item code through its learned table and counts EA/C62
// lines in the packs the item name or the recipe gives.
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { newRecipe, recipeFileName, recipeJson, type SupplierRecipe } from '../../../shared/suppliers/recipe.ts';
import { WILLOW, productIds, storageId } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';

/** Writes recipes into a fresh folder as `shed recipes` keeps them. */
async function recipesIn(dir: string, ...recipes: SupplierRecipe[]): Promise<string> {
  const folder = join(dir, 'recipes');
  await mkdir(folder, { recursive: true });
  for (const r of recipes) await writeFile(join(folder, recipeFileName(r.supplier.key)), recipeJson(r));
  return folder;
}

type Line = { unit: string; qty: string; name: string; code?: string; price: string };

/** A small Peppol A-NZ invoice of our own, whose lines add up. */
function ubl(number: string, seller: { name: string; abn: string }, lines: Line[]): string {
  const cents = (s: string) => Math.round(Number(s) * 100);
  const amount = (l: Line) => ((cents(l.qty) * cents(l.price)) / 10000).toFixed(2);
  const total = (lines.reduce((t, l) => t + cents(amount(l)), 0) / 100).toFixed(2);
  const tag = (n: string, v: string) => `<cbc:${n} currencyID="AUD">${v}</cbc:${n}>`;
  const party = (abn: string, name: string) =>
    `<cac:Party><cbc:EndpointID schemeID="0151">${abn}</cbc:EndpointID><cac:PartyName><cbc:Name>${name}</cbc:Name></cac:PartyName><cac:PartyLegalEntity><cbc:RegistrationName>${name}</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party>`;
  const body = lines
    .map(
      (l, i) =>
        `<cac:InvoiceLine><cbc:ID>${i + 1}</cbc:ID><cbc:InvoicedQuantity unitCode="${l.unit}">${l.qty}</cbc:InvoicedQuantity>${tag('LineExtensionAmount', amount(l))}<cac:Item><cbc:Name>${l.name}</cbc:Name>${l.code ? `<cac:SellersItemIdentification><cbc:ID>${l.code}</cbc:ID></cac:SellersItemIdentification>` : ''}<cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>10</cbc:Percent><cac:TaxScheme><cbc:ID>GST</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item><cac:Price>${tag('PriceAmount', l.price)}</cac:Price></cac:InvoiceLine>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
<cbc:CustomizationID>urn:cen.eu:en16931:2017#conformant#urn:fdc:peppol.eu:2017:poacc:billing:international:aunz:3.0</cbc:CustomizationID>
<cbc:ID>${number}</cbc:ID><cbc:IssueDate>2026-03-02</cbc:IssueDate><cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode><cbc:DocumentCurrencyCode>AUD</cbc:DocumentCurrencyCode>
<cac:AccountingSupplierParty>${party(seller.abn, seller.name)}</cac:AccountingSupplierParty>
<cac:AccountingCustomerParty>${party('53004085616', 'Willow Creek Pastoral Co')}</cac:AccountingCustomerParty>
<cac:LegalMonetaryTotal>${tag('LineExtensionAmount', total)}${tag('TaxExclusiveAmount', total)}${tag('PayableAmount', total)}</cac:LegalMonetaryTotal>
${body}
</Invoice>`;
}

/** Rows of the first sheet of a results workbook as objects by header. */
async function workbookRows(path: string): Promise<Record<string, string>[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const sheet = book.worksheets[0]!;
  const headers = Array.from(sheet.getRow(1).values as unknown[], (v) => String(v ?? ''));
  const rows: Record<string, string>[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values = row.values as unknown[];
    rows.push(Object.fromEntries(headers.map((h, i) => [h, String(values[i] ?? '')])));
  });
  return rows;
}

type Item = { product_id: string; quantity: string; pack_size_value: string; pack_size_unit: string };
const linesOf = (r: Record<string, unknown> | undefined) =>
  ((r?.line_items ?? []) as Item[]).map((l) => [l.product_id, l.quantity, l.pack_size_value, l.pack_size_unit]);

describe('supplier recipes with the pack engine and e-invoices', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it("a recipe's pack convention for EA applies to its supplier's invoices only, and is said", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-recipe-packs-'));
    const farmco = { ...newRecipe('Tumut Rural Traders')!, packs: { each: '20 l' } };
    const recipesDir = await recipesIn(dir, farmco);
    const file = join(dir, 'march.csv');
    await writeFile(
      file,
      [
        'Supplier,Invoice,Date Received,Deliver To,Product,Qty,Pack Size,Unit,Unit Price',
        'Tumut Rural Traders Pty Ltd,FR-301,2/3/2026,Main Chemical Shed,Glyfos 540,4,,EA,130.00',
        'Tumbarumba Agri Co,RV-301,2/3/2026,Main Chemical Shed,Glyfos 540,4,,EA,130.00',
      ].join('\r\n'),
    );
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file, recipesDir });
    expect(summary.records.created).toBe(1);
    expect(summary.rows.invalid).toBe(1);
    const receipts = await listAll(sandbox.url, WILLOW, 'receipts');
    const made = receipts.filter((r) =>
      ['Tumut Rural Traders Pty Ltd', 'Tumbarumba Agri Co'].includes(r.supplier as string),
    );
    expect(made.map((r) => [r.supplier, linesOf(r)])).toEqual([
      ['Tumut Rural Traders Pty Ltd', [[productIds('Glyfos 540').product_id, '4', '20', 'l']]],
    ]);
    const { default: Papa } = await import('papaparse');
    const rows = Papa.parse<Record<string, string>>(await readFile(join(dir, 'march.results.csv'), 'utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows[0]!.Message).toContain("80 l = 4 × 20 l (this supplier's pack convention for 'EA')");
    expect(rows[1]!.Status).toBe('invalid');
    expect(rows[1]!.Message).not.toContain('convention');
  });

  it('an e-invoice finds its recipe by ABN: storage, item codes and EA/C62 packs from it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-einvoice-recipe-'));
    const recipe: SupplierRecipe = {
      ...newRecipe('Kiewa Agri', '51 824 753 556')!,
      storage: 'Main Chemical Shed',
      packs: { each: '20 l' },
      products: [
        {
          text: 'Glyphosate Drum Special',
          code: 'GLY450-20',
          productId: productIds('Glyfos 540').product_id,
          productName: 'Glyfos 540',
          learnedAt: '2026-02-03',
          from: 'feb.results.xlsx',
        },
      ],
    };
    const recipesDir = await recipesIn(dir, recipe);
    const file = join(dir, 'ra-301.xml');
    await writeFile(
      file,
      ubl('RA-301', { name: 'Kiewa Valley Agri Pty Ltd', abn: '51824753556' }, [
        { unit: 'C62', qty: '3', name: 'Glyfos 450', code: 'GLY450-20', price: '130.00' },
        { unit: 'EA', qty: '2', name: 'Amine 625 10L', price: '80.00' },
        { unit: 'LTR', qty: '40', name: 'Glyfos 540', price: '6.50' },
      ]),
    );
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file, recipesDir });
    expect(summary.exitCode).toBe(0);
    expect(summary.records.created).toBe(1);
    const receipt = (await listAll(sandbox.url, WILLOW, 'receipts')).find(
      (r) => r.supplier === 'Kiewa Valley Agri Pty Ltd',
    );
    expect(receipt?.storage_id).toBe(storageId('Main Chemical Shed'));
    expect(linesOf(receipt)).toEqual([
      [productIds('Glyfos 540').product_id, '3', '20', 'l'],
      [productIds('Amine 625').product_id, '2', '10', 'l'],
      [productIds('Glyfos 540').product_id, '40', '1', 'l'],
    ]);
    const rows = await workbookRows(join(dir, 'ra-301.results.xlsx'));
    expect(rows[0]!.Message).toContain("'Glyfos 450' (item code GLY450-20) → Glyfos 540: learned 3/2/2026");
    expect(rows[0]!.Message).toContain("(this supplier's pack convention for 'C62')");
    expect(rows[1]!.Message).toContain("pack size from the product text 'Amine 625 10L'");
    expect(rows[0]!.Message).toContain("Kiewa Agri's default storage");
  });
});
