// A results file re-imported with columns the bookkeeper deleted as not needed (PO Number, Notes,
// Invoice No; a return's Credit Note and Comments) and a quantity corrected. A column that is not
// there says nothing about its field: the update changes the quantity and keeps the order number, the
// notes and the invoice number the service holds. Before, each was sent blank ("order number 'PO-777'
// → ''; notes changed"), erasing them. A column still there but blanked is still a change. Real CSV,
// the sandbox over HTTP.
import { readFile, writeFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { runImportCli } from '../../support/import.ts';
import { useSandboxFolder } from '../../support/sandbox-folder.ts';
import { getJson } from '../../support/service.ts';

/** The CSV at `path` without the columns headed `drop`, with `edit` applied to each data row. */
async function dropColumns(path: string, out: string, drop: string[], edit: (row: Record<string, string>) => void) {
  const parsed = Papa.parse<Record<string, string>>((await readFile(path, 'utf8')).replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  });
  const fields = parsed.meta.fields!.filter((f) => !drop.includes(f));
  parsed.data.forEach(edit);
  await writeFile(out, Papa.unparse({ fields, data: parsed.data.map((r) => fields.map((f) => r[f] ?? '')) }));
}

describe('a results file re-imported with columns deleted', () => {
  const setUp = useSandboxFolder('dropped-columns');

  it("keeps a receipt's order number, notes and invoice number when their columns are gone", async () => {
    const file = await setUp.csv('po.csv', [
      'Invoice No,Supplier,Date,Shed,PO Number,Product,Qty,Size,Unit,Unit Price,Notes',
      'DC-1,Farmco Rural Supplies,3/2/2026,Main Chemical Shed,PO-777,Glyfos 540,2,20,L,100,Pallet to return',
    ]);
    const first = await runImportCli(setUp.sandbox.url, { kind: 'receipts', file });
    expect(first.summary.records.created).toBe(1);
    const edited = file.replace('po.csv', 'po-edited.csv');
    await dropColumns(file.replace('.csv', '.results.csv'), edited, ['PO Number', 'Notes', 'Invoice No'], (row) => {
      row['Qty'] = '3';
    });
    const again = await runImportCli(setUp.sandbox.url, { kind: 'receipts', file: edited });
    expect(again.summary.records.updated).toBe(1);
    const id = Papa.parse<Record<string, string>>(await readFile(edited, 'utf8'), { header: true }).data[0]![
      'Record ID'
    ];
    const receipt = await getJson(setUp.sandbox.url, `/api/shed/receipts/${id}`);
    expect([receipt.order_number, receipt.notes]).toEqual(['PO-777', 'Invoice DC-1; Pallet to return']);
    expect(receipt.line_items.map((l: { quantity: string }) => l.quantity)).toEqual(['3']);
    const message = Papa.parse<Record<string, string>>(await readFile(edited.replace('.csv', '.results.csv'), 'utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data[0]!['Message'];
    expect(message).toBe('1 line item changed');
  });

  it("keeps a return's reference and notes when their columns are gone; a blanked cell still clears", async () => {
    const file = await setUp.csv('returns.csv', [
      'Date,Return To,From Shed,Product,Amount,Unit,Credit Note,Comments',
      '3/03/2026,Farmco Rural Supplies,Main Chemical Shed,Glyfos 540,20,L,CN-DC1,Unopened drum',
      '4/03/2026,Farmco Rural Supplies,Main Chemical Shed,Glyfos 540,10,L,CN-DC2,Leaking',
    ]);
    expect((await runImportCli(setUp.sandbox.url, { kind: 'returns', file })).summary.records.created).toBe(2);
    const results = file.replace('.csv', '.results.csv');
    const edited = file.replace('returns.csv', 'returns-edited.csv');
    await dropColumns(results, edited, ['Credit Note'], (row) => {
      row['Amount'] = row['Credit Note'] === 'CN-DC1' ? '15' : row['Amount']!;
      if (row['Credit Note'] === 'CN-DC2') row['Comments'] = '';
    });
    const again = await runImportCli(setUp.sandbox.url, { kind: 'returns', file: edited });
    expect(again.summary.records.updated).toBe(2);
    const ids = Papa.parse<Record<string, string>>(await readFile(edited, 'utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data.map((r) => r['Record ID']);
    const [one, two] = await Promise.all(ids.map((id) => getJson(setUp.sandbox.url, `/api/shed/returns/${id}`)));
    expect([one.amount_value, one.reference, one.notes]).toEqual(['15', 'CN-DC1', 'Unopened drum']);
    expect([two.amount_value, two.reference, two.notes]).toEqual(['10', 'CN-DC2', null]);
  });
});
