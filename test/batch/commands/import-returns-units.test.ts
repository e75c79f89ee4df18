// A return in a unit its product is not kept in: Glyfos 540 (Glyphosate 540 g/L) is received in litres
// only, so '20 kg' of it is a slip for '20 L'. Sent, the return took nothing out of the litres and left
// a negative -20 kg line in the ledger, with no word. Now its row is refused on the Unit cell (or the
// Amount cell that carries the unit), naming how the product is kept; the other rows are sent. A
// product never received is not checked, and a return already saved in its unit (an export imported
// back unchanged) is left as it is. Real CSV, the sandbox over HTTP.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { exportCommand } from '../../../batch/commands/export/index.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { productIds, storageId } from '../../support/catalogue.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { useSandboxFolder } from '../../support/sandbox-folder.ts';
import { listAll } from '../../support/service.ts';

const HEAD = 'Date,Return To,From Shed,Product,Amount,Unit,Credit Note';

describe('a return in a unit its product is not kept in', () => {
  const setUp = useSandboxFolder('returns-units');
  const saved = async (reference: string) =>
    (await listAll(setUp.sandbox.url, WILLOW, 'returns'))
      .filter((r: { reference: string | null }) => r.reference === reference)
      .map((r: { amount_value: string; amount_unit: string }) => `${r.amount_value} ${r.amount_unit}`);

  it('is refused on its Unit cell, naming the unit the product is kept in; the good rows are sent', async () => {
    // What the farm holds: Glyfos 540 received in 20 L drums, MAP in 1,000 kg bags (Knockdown Max 540 is Glyfos's alias).
    const receipts = await setUp.csv('receipts.csv', [
      'Invoice No,Supplier,Date,Shed,Product,Qty,Size,Unit,Unit Price',
      'KU-1,Farmco Rural Supplies,1/03/2026,Main Chemical Shed,Glyfos 540,4,20,L,185',
      'KU-2,Southern Cross Fertilisers,1/03/2026,Fertiliser Bunker,MAP Granular,2,1000,kg,980',
    ]);
    expect((await runImportCli(setUp.sandbox.url, { kind: 'receipts', file: receipts })).summary.records.created).toBe(
      2,
    );
    const file = await setUp.csv('units.csv', [
      HEAD,
      '3/03/2026,Farmco Rural Supplies,Main Chemical Shed,Glyfos 540,20,kg,CN-U1',
      '3/03/2026,Farmco Rural Supplies,Main Chemical Shed,Knockdown Max 540,20 kg,,CN-U2',
      '3/03/2026,Farmco Rural Supplies,Main Chemical Shed,Glyfos 540,20,L,CN-U3',
      '3/03/2026,Southern Cross Fertilisers,Fertiliser Bunker,MAP Granular,500,kg,CN-U4',
    ]);
    const { summary } = await runImportCli(setUp.sandbox.url, { kind: 'returns', file });
    expect([summary.records.created, summary.rows.invalid]).toEqual([2, 2]);
    expect(await saved('CN-U1')).toEqual([]);
    expect(await saved('CN-U2')).toEqual([]);
    expect(await saved('CN-U3')).toEqual(['20 l']);
    const rows = Papa.parse<Record<string, string>>(await readFile(file.replace('.csv', '.results.csv'), 'utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows[0]!.Status).toBe('invalid');
    expect(rows[0]!.Message).toContain(
      "Unit: 'kg' is a weight, but Glyphosate 540 g/L is kept in litres here (every receipt of it is in l)",
    );
    expect(rows[1]!.Message).toMatch(
      /^Amount: '20 kg' is in 'kg', a weight, but Glyphosate 540 g\/L is kept in litres/,
    );
  });

  it('leaves a return the service already holds in that unit as it is: an export imported back is unchanged', async () => {
    // Saved before this check (here straight over HTTP): 5 kg of Glyfos 540, which is kept in litres.
    const made = await fetch(`${setUp.sandbox.url}/api/shed/organisations/${WILLOW}/returns`, {
      method: 'POST',
      headers: { authorization: 'Bearer demo-token-willow', 'content-type': 'application/json' },
      body: JSON.stringify({
        storage_id: storageId('Main Chemical Shed'),
        product_id: productIds('Glyfos 540').product_id,
        returned_at: '2026-03-04T00:00:00+11:00',
        supplier: 'Farmco Rural Supplies',
        amount_value: '5',
        amount_unit: 'kg',
        reference: 'CN-OLD',
      }),
    });
    expect(made.status).toBe(201);
    const file = (await setUp.csv('placeholder.csv', [''])).replace('placeholder.csv', 'returns-export.csv');
    await exportCommand({
      token: 'demo-token-willow',
      org: 'Willow Creek Pastoral Co',
      baseUrl: setUp.sandbox.url,
      dataset: 'returns',
      out: file,
      io: memoryIO(),
    });
    const back = await runImportCli(setUp.sandbox.url, {
      kind: 'returns',
      file,
      results: join(file, '..', 'back.csv'),
    });
    expect([back.summary.exitCode, back.summary.rows.invalid]).toEqual([0, 0]);
    expect(await saved('CN-OLD')).toEqual(['5 kg']);
  });
});
