/** The Import screen's logic against the sandbox over real HTTP, on an in-memory workbook. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConnectController } from '../../../addin/app/connect.ts';
import { ImportController, runTone, type ImportDeps } from '../../../addin/app/import.ts';
import { createMemoryWorkbook, type MemoryInit, type SerialCell } from '../../../addin/app/memory-host.ts';
import { memoryTokenStore } from '../../../addin/app/token-store.ts';
import { memoryProfileStore } from '../../../addin/app/profile-store.ts';
import { SETTING_KEYS, mappingSettingKey } from '../../../addin/app/workbook-settings.ts';
import type { MemoryWorkbook } from '../../../addin/excel/memory-workbook.ts';
import { startSandbox, type RunningSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { listAll } from '../../support/service.ts';
import { EXAMPLE_HEADER } from '../../support/example-header.ts';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
});
afterAll(async () => {
  await sandbox.close();
});

async function open(init?: MemoryInit, token = 'demo-token-willow', deps: Partial<ImportDeps> = {}) {
  const workbook = createMemoryWorkbook(init);
  const connect = new ConnectController({ workbook, tokens: memoryTokenStore() });
  await connect.connect(sandbox.url, token);
  if (!connect.session()) await connect.selectOrganisation(WILLOW);
  const importer = new ImportController({ workbook, session: () => connect.session(), ...deps });
  await importer.refresh();
  return { workbook, importer, connect };
}

/** Row `n` (1-based) of a sheet, from column `from`. */
const row = (workbook: MemoryWorkbook, sheet: string, n: number, from = 0) =>
  workbook.sheet(sheet).cells[n - 1]?.slice(from);

const receiptCount = async () => (await listAll(sandbox.url, WILLOW, 'receipts')).length;

describe('Import of receipts (the sample sheet)', () => {
  it('maps the sheet below its title, with the header on row 3', async () => {
    const { importer } = await open();
    const state = importer.store.get();
    expect(state.sheets).toEqual(['Invoices', 'Returns']);
    expect(state.sheet).toBe('Invoices');
    expect(state.mapping?.headerRowNumber).toBe(3);
    expect(state.mappingProblem).toBeNull();
    expect(state.fields.find((f) => f.field === 'storage')?.column).toBe(3);
    expect(state.mappingSaved).toBe(false);
  });

  it('Validate sends nothing, marks the bad cell with a note, says what an import would do', async () => {
    const { workbook, importer } = await open();
    const before = sandbox.stats.writes;
    await importer.validate();
    const state = importer.store.get();
    expect(sandbox.stats.writes).toBe(before);
    expect(state.status).toEqual({
      tone: 'warning',
      text: 'Checked, nothing sent: 4 receipts: 3 would create, 1 refused (2 rows invalid).',
    });
    expect(state.problems).toEqual([
      "Row 7, F: Product: no product or alias named 'Glyfos 450'; closest: 'Glyfos 540' (invoice INV-40412 not sent)",
    ]);
    expect(state.resultColumns).toBe('L–Q');
    const sheet = workbook.sheet('Invoices');
    expect(sheet.fills).toEqual(['F7']);
    expect(sheet.notes.get('F7')).toBe(
      "Shed Sheets: Product: no product or alias named 'Glyfos 450'; closest: 'Glyfos 540'",
    );
    expect(row(workbook, 'Invoices', 3, 11)).toEqual([
      'Status',
      'Record ID',
      'Sequence',
      'Line Item ID',
      'Message',
      'Updated At',
    ]);
    expect(row(workbook, 'Invoices', 4, 11)).toEqual(['would create', null, null, null, 'dry run: nothing sent', null]);
    expect(row(workbook, 'Invoices', 8, 11)?.[0]).toBe('invalid');
    expect(row(workbook, 'Invoices', 8, 11)?.[4]).toBe('not sent: invoice INV-40412 has a problem on row 7');
  });

  it('Import creates the valid invoices, writes ids back, saves the mapping; again, nothing is sent twice', async () => {
    const { workbook, importer } = await open();
    const before = await receiptCount();
    await importer.start();
    let state = importer.store.get();
    expect(state.status).toEqual({ tone: 'warning', text: '4 receipts: 3 created, 1 refused (2 rows invalid).' });
    expect(state.phase).toBe('idle');
    expect(state.progress).toBeNull();
    expect(await receiptCount()).toBe(before + 3);
    const first = row(workbook, 'Invoices', 4, 11)!;
    expect(first[0]).toBe('created');
    const receipts = await listAll(sandbox.url, WILLOW, 'receipts');
    const made = receipts.find((r) => r.id === first[1]);
    expect(made).toMatchObject({ sequence: first[2], order_number: 'PO-1001', supplier: 'Farmco Rural Supplies' });
    expect(made.line_items.map((i: { id: string }) => i.id)).toEqual([first[3], row(workbook, 'Invoices', 5, 11)![3]]);
    expect(JSON.parse((await workbook.getSetting(mappingSettingKey('receipts', 'Invoices')))!)).toMatchObject({
      kind: 'receipts',
      columns: { storage: 'Deliver To' },
    });
    expect(state.mappingSaved).toBe(true);

    await importer.start();
    state = importer.store.get();
    expect(state.status?.text).toBe('4 receipts: 3 unchanged, 1 refused (2 rows invalid).');
    expect(await receiptCount()).toBe(before + 3);
    expect(row(workbook, 'Invoices', 4, 11)![0]).toBe('unchanged');
    expect(row(workbook, 'Invoices', 4, 11)!.slice(1, 4)).toEqual(first.slice(1, 4));
    // The pane writes each record's version too (one rule in the core), exact as the service wrote it.
    expect(first[5]).toBe(made.updated_at);

    // Someone changes the receipt in the service: the next Import refuses to write over it, naming what differs.
    const patched = await fetch(`${sandbox.url}/api/shed/organisations/${WILLOW}/receipts/${made.id}`, {
      method: 'PATCH',
      headers: { Authorization: 'Bearer demo-token-willow', 'Content-Type': 'application/json' },
      body: JSON.stringify({ supplier: 'Farmco Rural Supplies Pty Ltd' }),
    });
    expect(patched.status).toBe(200);
    await importer.start();
    expect(row(workbook, 'Invoices', 4, 11)![0]).toBe('conflict');
    expect(String(row(workbook, 'Invoices', 4, 11)![4])).toContain(
      "supplier: 'Farmco Rural Supplies Pty Ltd' in the service, 'Farmco Rural Supplies' in the sheet",
    );
    expect(row(workbook, 'Invoices', 4, 11)![5]).toBe(made.updated_at);
    expect((await listAll(sandbox.url, WILLOW, 'receipts')).find((r) => r.id === made.id).supplier).toBe(
      'Farmco Rural Supplies Pty Ltd',
    );
    // Put it back: the tests below share this sandbox.
    await fetch(`${sandbox.url}/api/shed/organisations/${WILLOW}/receipts/${made.id}`, {
      method: 'PATCH',
      headers: { Authorization: 'Bearer demo-token-willow', 'Content-Type': 'application/json' },
      body: JSON.stringify({ supplier: 'Farmco Rural Supplies' }),
    });
  });

  it('a new session finds what an earlier one sent from another copy of the sheet: unchanged, not sent', async () => {
    const init: MemoryInit = {
      sheets: [
        {
          name: 'Invoices',
          rows: [
            [...EXAMPLE_HEADER],
            ['DUP-1', 'Farmco Rural Supplies', '14/03/2026', 'Main Chemical Shed', 'Amine 625', 3, 20, 'L', 140],
          ],
        },
      ],
    };
    const first = await open(init);
    await first.importer.start();
    expect(first.importer.store.get().status?.text).toBe('1 receipt: 1 created.');
    const before = await receiptCount();
    const second = await open(init);
    await second.importer.start();
    const state = second.importer.store.get();
    // Held exactly (same supplier, number, date and lines): unchanged, which is no failure.
    expect(state.status?.text).toBe('1 receipt: 1 unchanged.');
    expect(row(second.workbook, 'Invoices', 2, 9)?.[0]).toBe('unchanged');
    expect(row(second.workbook, 'Invoices', 2, 9)?.[4]).toMatch(/^already in the service as REC-\d+ \(same supplier/);
    expect(await receiptCount()).toBe(before);
    expect(row(second.workbook, 'Invoices', 2, 9)?.[1]).toBe(row(first.workbook, 'Invoices', 2, 9)?.[1]);

    // Asked to, a third copy is sent anyway.
    const third = await open(init);
    third.importer.setAllowDuplicates(true);
    await third.importer.start();
    expect(third.importer.store.get().status?.text).toBe('1 receipt: 1 created.');
    expect(await receiptCount()).toBe(before + 1);
  });

  it('Cancel: nothing new is sent; records on their way finish and get their ids', async () => {
    const rows: SerialCell[][] = [
      ['Invoice No', 'Supplier', 'Date Received', 'Deliver To', 'Product', 'Qty', 'Pack Size', 'Unit', 'Price ex GST'],
    ];
    for (let i = 1; i <= 12; i++)
      rows.push([
        `CAN-${i}`,
        'Farmco Rural Supplies',
        `${i}/01/2026`,
        'Main Chemical Shed',
        'Glyfos 540',
        i,
        20,
        'L',
        185,
      ]);
    const { workbook, importer } = await open({ sheets: [{ name: 'Invoices', rows }] });
    const before = await receiptCount();
    sandbox.setFaults({ latencyMs: 150 });
    try {
      const stop = importer.store.subscribe((state) => {
        if (state.progress && state.progress.done >= 1) importer.cancel();
      });
      await importer.start();
      stop();
    } finally {
      sandbox.setFaults({});
    }
    const state = importer.store.get();
    expect(state.status?.tone).toBe('warning');
    // Records the cancel kept from being sent are 'not sent' (neutral), not failed: nothing went wrong with them.
    expect(state.status?.text).toMatch(/^Cancelled: 12 receipts: \d+ created, \d+ not sent\.$/);
    expect(state.problems).toEqual([]);
    const statuses = rows.slice(1).map((_, i) => row(workbook, 'Invoices', i + 2, 9)!);
    const created = statuses.filter((r) => r[0] === 'created');
    const notSent = statuses.filter((r) => r[0] === 'not sent');
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(created.length).toBeLessThan(12);
    expect(created.length + notSent.length).toBe(12);
    for (const r of notSent) expect(r[4]).toBe('not sent: the run was interrupted');
    expect(await receiptCount()).toBe(before + created.length);
    const ids = new Set((await listAll(sandbox.url, WILLOW, 'receipts')).map((r) => r.id));
    for (const r of created) expect(ids.has(r[1] as string)).toBe(true);
  });
});

describe('Import of returns', () => {
  it('maps the Returns sheet as returns; refuses the zero amount; creates the others', async () => {
    const { workbook, importer } = await open();
    await importer.setKind('returns');
    await importer.setSheet('Returns');
    expect(importer.store.get().mapping?.kind).toBe('returns');
    const before = (await listAll(sandbox.url, WILLOW, 'returns')).length;
    await importer.start();
    const state = importer.store.get();
    expect(state.status?.text).toBe('3 returns: 2 created, 1 refused (1 row invalid).');
    expect(state.problems[0]).toMatch(/^Row 4, E: Amount: .*greater than 0/);
    expect((await listAll(sandbox.url, WILLOW, 'returns')).length).toBe(before + 2);
    expect(row(workbook, 'Returns', 2, 8)?.[0]).toBe('created');
    expect(row(workbook, 'Returns', 2, 8)?.[2]).toMatch(/^RET-\d{8}$/);
  });
});

describe('Import refuses what it cannot do, and says why', () => {
  beforeEach(() => sandbox.stats.reset());

  it('without a session', async () => {
    const workbook = createMemoryWorkbook();
    const importer = new ImportController({ workbook, session: () => null });
    await importer.refresh();
    expect(importer.store.get().mapping).not.toBeNull();
    await importer.validate();
    expect(importer.store.get().status).toEqual({ tone: 'error', text: 'Connect to the service first (Connect tab).' });
    await importer.start();
    expect(sandbox.stats.requests).toBe(0);
  });

  it('a sheet without a required column: the problem is shown, nothing is read from the service', async () => {
    const { importer } = await open({
      sheets: [
        {
          name: 'S',
          rows: [
            ['Supplier', 'Date', 'Shed', 'Item', 'Qty', 'Size'],
            ['Farmco', '1/1/2026', 'Seed Shed', 'Scepter Wheat', 1, 50],
          ],
        },
      ],
    });
    expect(importer.store.get().mappingProblem).toMatch(
      /^No column for 'Price ex GST' in row \d+: pick one for each in Column mapping/,
    );
    sandbox.stats.reset();
    await importer.start();
    expect(importer.store.get().status?.tone).toBe('error');
    expect(importer.store.get().status?.text).toMatch(/^No column for 'Price ex GST'/);
    expect(sandbox.stats.writes).toBe(0);
    expect(sandbox.stats.requests).toBe(0);
  });

  it('a sheet with no header row at all', async () => {
    const { importer } = await open({ sheets: [{ name: 'S', rows: [['hello'], [1, 2, 3]] }] });
    expect(importer.store.get().mapping).toBeNull();
    expect(importer.store.get().mappingProblem).toMatch(
      /^No row near the top reads as column headers the add-in knows/,
    );
  });

  it('a mapping edit that leaves a required field out is shown, and fixed by Detect again', async () => {
    const { importer, workbook } = await open();
    await importer.setColumn('supplier', null);
    expect(importer.store.get().mappingProblem).toMatch(/^No column for 'Supplier' in row 3/);
    expect(importer.store.get().mappingSaved).toBe(true);
    expect(await workbook.getSetting(mappingSettingKey('receipts', 'Invoices'))).toContain('"supplier":null');
    await importer.resetMapping();
    expect(importer.store.get().mappingProblem).toBeNull();
    expect(importer.store.get().mappingSaved).toBe(false);
  });

  it('a saved mapping that no longer parses is ignored, not fatal', async () => {
    const workbook = createMemoryWorkbook({
      sheets: [{ name: 'Invoices', rows: [['Supplier', 'Date', 'Shed', 'Item', 'Qty', 'Size', 'Cost']] }],
      settings: { [mappingSettingKey('receipts', 'Invoices')]: '{not json' },
    });
    const importer = new ImportController({ workbook, session: () => null });
    await importer.refresh();
    expect(importer.store.get().mappingSaved).toBe(false);
    expect(importer.store.get().mappingProblem).toBeNull();
  });

  it('reading options: a bad time zone is refused, good ones and the date order are saved in the workbook', async () => {
    const { importer, workbook } = await open();
    await importer.setTimeZone('Mars/Olympus');
    expect(importer.store.get().status?.tone).toBe('error');
    expect(importer.store.get().status?.text).toMatch(
      /'Mars\/Olympus' is not a time zone.* Dates are still read in Australia\/Sydney\.$/,
    );
    expect(importer.store.get().timeZone).toBe('Australia/Sydney');
    await importer.setTimeZone(' Pacific/Auckland ');
    await importer.setDateOrder('MDY');
    expect(await workbook.getSetting(SETTING_KEYS.timeZone)).toBe('Pacific/Auckland');
    expect(await workbook.getSetting(SETTING_KEYS.dateOrder)).toBe('MDY');
    const again = new ImportController({ workbook, session: () => null });
    await again.refresh();
    expect(again.store.get()).toMatchObject({ timeZone: 'Pacific/Auckland', dateOrder: 'MDY' });
  });

  it('a sheet that is gone is reported', async () => {
    const { importer } = await open();
    await importer.setSheet('Nope');
    expect(importer.store.get().status?.text).toBe(
      "There is no sheet named 'Nope'; the workbook has 'Invoices', 'Returns'.",
    );
    expect(importer.store.get().phase).toBe('idle');
  });
});

describe('runTone', () => {
  const r = (status: 'created' | 'invalid' | 'would create' | 'failed') => ({ rowNumber: 1, status });
  it('success when all done, error when none, warning in between or when cancelled', () => {
    expect(runTone([r('created')], { dryRun: false, cancelled: false })).toBe('success');
    expect(runTone([r('created'), r('invalid')], { dryRun: false, cancelled: false })).toBe('warning');
    expect(runTone([r('failed')], { dryRun: false, cancelled: false })).toBe('error');
    expect(runTone([r('would create')], { dryRun: true, cancelled: false })).toBe('success');
    expect(runTone([r('would create')], { dryRun: false, cancelled: false })).toBe('error');
    expect(runTone([r('created')], { dryRun: false, cancelled: true })).toBe('warning');
  });
  it('warning when a record created is now in the service twice (a twin the sweep reported): not all done well', () => {
    const twin = { rowNumber: 2, status: 'created' as const, twinSequences: ['REC-00000087'] };
    expect(runTone([r('created'), twin], { dryRun: false, cancelled: false })).toBe('warning');
  });
});

describe('Import of a sheet whose headers do not name every column', () => {
  const sheet = {
    name: 'Docket',
    rows: [
      ['Docket', 'Supplier', 'Delivered On', 'Paddock', 'Goods', 'Qty', 'Size', 'Unit', 'Price'],
      ['D-77', 'Farmco Rural Supplies', '2/03/2026', 'Main Chemical Shed', 'Glyfos 540', 2, 20, 'L', 185],
      ['D-77', 'Farmco Rural Supplies', '2/03/2026', 'Main Chemical Shed', 'Amine 625', 1, 20, 'L', 142.5],
    ] as SerialCell[][],
  };

  it('places the product and storage columns by their values, with the evidence for the pane to show', async () => {
    const { importer } = await open({ sheets: [sheet] });
    const state = importer.store.get();
    expect(state.mappingProblem).toBeNull();
    expect(state.fields.find((f) => f.field === 'product')?.column).toBe(4);
    expect(state.fields.find((f) => f.field === 'storage')?.column).toBe(3);
    expect(state.evidence.find((e) => e.field === 'product')).toMatchObject({
      by: 'content',
      confidence: 'medium',
      detail: '2 of 2 values are known products',
    });
    expect(state.evidence.find((e) => e.field === 'quantity')).toMatchObject({ by: 'header', confidence: 'high' });
  });
});

describe('Import while the bookkeeper edits the sheet', () => {
  it('a row inserted during the import: each result and id goes onto its own row, not its neighbour', async () => {
    const { workbook, importer } = await open();
    const sheet = workbook.sheet('Invoices');
    let inserted = false;
    const stop = importer.store.subscribe(() => {
      if (!inserted && importer.store.get().phase === 'sending') {
        inserted = true;
        // A new row above the first invoice, typed while the import runs.
        sheet.cells.splice(3, 0, ['NOTE', 'typed while importing']);
      }
    });
    await importer.start();
    stop();
    expect(inserted).toBe(true);
    const receipts = await listAll(sandbox.url, WILLOW, 'receipts');
    // Every row now carries the id of the receipt made from its own invoice.
    for (const [rowNumber, invoice] of [
      [5, 'INV-40211'],
      [7, 'INV-88310'],
      [10, 'S-2291'],
    ] as const) {
      const cells = row(workbook, 'Invoices', rowNumber)!;
      expect(cells[0]).toBe(invoice);
      const made = receipts.find((r) => r.id === cells[12]);
      expect(made?.notes).toMatch(new RegExp(`^Invoice ${invoice}`));
    }
    expect(row(workbook, 'Invoices', 4, 11)?.filter((c) => c !== null && c !== undefined)).toEqual([]);
    expect(importer.store.get().warnings[0]).toMatch(
      /^Rows moved while importing; their results followed them \(row 4 → 5, 5 → 6/,
    );
  });

  it('Validate writes no Record ID: not even that of an invoice the service already holds', async () => {
    const sheet = {
      name: 'Dockets',
      rows: [
        [...EXAMPLE_HEADER],
        ['VAL-1', 'Farmco Rural Supplies', '5/03/2026', 'Main Chemical Shed', 'Glyfos 540', 3, 20, 'L', 185],
        ['VAL-2', 'Farmco Rural Supplies', '6/03/2026', 'Main Chemical Shed', 'Amine 625', 1, 20, 'L', 142.5],
      ] as SerialCell[][],
    };
    const first = await open({ sheets: [sheet] });
    await first.importer.start();
    expect(first.importer.store.get().status?.text).toBe('2 receipts: 2 created.');
    // The same invoices again, in a new workbook: the service holds them now.
    const { workbook, importer } = await open({ sheets: [sheet] });
    await importer.validate();
    expect(importer.store.get().status?.text).toBe('Checked, nothing sent: 2 receipts: 2 unchanged.');
    const results = [2, 3].map((n) => row(workbook, 'Dockets', n, 9));
    expect(results.map((r) => r?.[0])).toEqual(['unchanged', 'unchanged']);
    expect(results.map((r) => [r?.[1], r?.[2], r?.[3]])).toEqual([
      [null, null, null],
      [null, null, null],
    ]);
    expect(results[0]?.[4]).toMatch(/^already in the service as REC-\d+/);
  });
});

describe("the bookkeeper's own columns", () => {
  it('a Status column of theirs and data right of the headers are left alone: results go in new columns after them', async () => {
    const sheet = {
      name: 'Paid',
      rows: [
        [...EXAMPLE_HEADER, 'Status'],
        [
          'OWN-1',
          'Farmco Rural Supplies',
          '7/03/2026',
          'Main Chemical Shed',
          'Glyfos 540',
          1,
          20,
          'L',
          185,
          'Paid',
          null,
          'my note',
        ],
      ] as SerialCell[][],
    };
    const { workbook, importer } = await open({ sheets: [sheet] });
    await importer.validate();
    expect(row(workbook, 'Paid', 2)?.slice(9, 13)).toEqual(['Paid', null, 'my note', 'would create']);
    expect(row(workbook, 'Paid', 1)?.slice(9)).toEqual([
      'Status',
      null,
      null,
      'Status',
      'Record ID',
      'Sequence',
      'Line Item ID',
      'Message',
      'Updated At',
    ]);
    expect(importer.store.get().status?.text).toMatch(/Checked, nothing sent: 1 receipt: 1 would create/);
  });
});

describe('mappings kept on this computer (profiles)', () => {
  it("next month's workbook with the same headers maps as this one did, and the pane says where the mapping came from", async () => {
    const profiles = memoryProfileStore();
    const month = (invoice: string) => ({
      name: 'Bills',
      rows: [
        ['Contact', 'Bill Number', 'Bill Date', 'Item', 'Quantity', 'Unit Price', 'Where'],
        ['Farmco Rural Supplies', invoice, '9/03/2026', 'Glyfos 540 20L', 2, 185, 'Main Chemical Shed'],
      ] as SerialCell[][],
    });
    // The bookkeeper's one-off setting: pack sizes are in the item text (saved in the workbook's mapping).
    const saved = JSON.stringify({ kind: 'receipts', columns: { storage: 'Where' }, pack_size_from: 'product' });
    const march = (
      await open(
        { sheets: [month('PROF-1')], settings: { [mappingSettingKey('receipts', 'Bills')]: saved } },
        undefined,
        { profiles },
      )
    ).importer;
    await march.start();
    expect(march.store.get().status?.text).toBe('1 receipt: 1 created.');
    expect(profiles.list()).toHaveLength(1);

    const { importer } = await open({ sheets: [month('PROF-2')] }, undefined, { profiles });
    expect(importer.store.get()).toMatchObject({ profileUsed: true, mappingSaved: false, mappingProblem: null });
    await importer.start();
    expect(importer.store.get().status?.text).toBe('1 receipt: 1 created.');
    const made = (await listAll(sandbox.url, WILLOW, 'receipts')).find((r) => r.notes === 'Invoice PROF-2');
    expect(made?.line_items[0]).toMatchObject({ pack_size_value: '20', pack_size_unit: 'l' });
  });
});

describe('a sheet whose headers the add-in does not know', () => {
  it('says so in the pane’s words; the bookkeeper gives the header row and picks each column; it imports', async () => {
    const sheet = {
      name: 'Lieferung',
      rows: [
        ['Rechnung', 'Lieferant', 'Datum', 'Lager', 'Artikel', 'Menge', 'Gebinde', 'Einheit', 'Preis'],
        ['DE-1', 'Farmco Rural Supplies', '11/03/2026', 'Main Chemical Shed', 'Glyfos 540', 2, 20, 'L', 185],
      ] as SerialCell[][],
    };
    const { importer } = await open({ sheets: [sheet] });
    let state = importer.store.get();
    expect(state.mapping).toBeNull();
    expect(state.mappingProblem).toMatch(
      /^No row near the top reads as column headers the add-in knows\. Give the row that holds the headers below/,
    );
    expect(state.mappingProblem).not.toContain('--mapping');

    await importer.setHeaderRow(1);
    state = importer.store.get();
    expect(state.mapping?.headerRowNumber).toBe(1);
    expect(state.mappingProblem).toMatch(/^No column for 'Supplier', .* in row 1: pick one for each in Column mapping/);
    for (const [field, column] of [
      ['supplier', 1],
      ['received_at', 2],
      ['quantity', 5],
      ['pack_size', 6],
      ['pack_unit', 7],
      ['pack_cost', 8],
      ['invoice', 0],
    ] as const) {
      await importer.setColumn(field, column);
    }
    state = importer.store.get();
    expect(state.mappingProblem).toBeNull();
    await importer.start();
    expect(importer.store.get().status?.text).toBe('1 receipt: 1 created.');
  });
});

describe('a sheet with no header row', () => {
  it('refuses a data row given as the header row, saying why, and sends nothing', async () => {
    const line = (inv: string, product: string): SerialCell[] => [
      inv,
      'Farmco Rural Supplies',
      '12/03/2026',
      'Main Chemical Shed',
      product,
      2,
      20,
      'L',
      185,
    ];
    const sheet = {
      name: 'NoHeader',
      rows: [
        line('NH-1', 'Glyfos 540'),
        line('NH-2', 'Amine 625'),
        line('NH-3', 'Glyfos 540'),
        line('NH-4', 'Amine 625'),
      ],
    };
    const { importer } = await open({ sheets: [sheet] });
    const writes = sandbox.stats.writes;
    await importer.setHeaderRow(1);
    const state = importer.store.get();
    expect(state.mapping).toBeNull();
    expect(state.mappingProblem).toMatch(
      /^.*row 1, given as the header row, holds data \('12\/03\/2026', 2, 20\), not column headers\. A sheet with no header row needs one: insert a row above the data/,
    );
    await importer.validate();
    expect(importer.store.get().status?.tone).toBe('error');
    await importer.start();
    expect(sandbox.stats.writes).toBe(writes);
  });
});

describe('reading a sheet', () => {
  it('the status line counts the rows read, and is cleared once the sheet is mapped', async () => {
    const seen: string[] = [];
    const workbook = createMemoryWorkbook();
    const importer = new ImportController({ workbook, session: () => null });
    importer.store.subscribe((state) => {
      if (state.status?.text && !seen.includes(state.status.text)) seen.push(state.status.text);
    });
    await importer.refresh();
    expect(seen).toContain('Reading the sheet: 9 rows…');
    expect(importer.store.get().status).toBeNull();
  });
});

describe('Cancel before anything is sent', () => {
  it('while the organisation is being checked: nothing is sent and nothing is written', async () => {
    const { workbook, importer } = await open();
    sandbox.stats.reset();
    const stop = importer.store.subscribe((state) => {
      if (state.phase === 'checking') importer.cancel();
    });
    await importer.start();
    stop();
    expect(importer.store.get().status).toEqual({ tone: 'info', text: 'Cancelled: nothing was sent.' });
    expect(importer.store.get().cancellable).toBe(false);
    expect(sandbox.stats.writes).toBe(0);
    expect(row(workbook, 'Invoices', 3, 11)).toEqual([]);
  });
});

describe('visits to the Import tab', () => {
  it('read the sheet once; later visits do not read it again, Read again does', async () => {
    const workbook = createMemoryWorkbook();
    let reads = 0;
    const readSheet = workbook.readSheet.bind(workbook);
    workbook.readSheet = async (...args) => {
      reads += 1;
      return readSheet(...args);
    };
    const importer = new ImportController({ workbook, session: () => null });
    await importer.visit();
    await importer.visit();
    await importer.visit();
    expect(reads).toBe(1);
    expect(importer.store.get().mapping?.headerRowNumber).toBe(3);
    await importer.refresh();
    expect(reads).toBe(2);
  });
});

describe('what to do, in the pane’s words', () => {
  const gstSheet = {
    name: 'Bills',
    rows: [
      [
        'Invoice No',
        'Supplier',
        'Date Received',
        'Deliver To',
        'Product',
        'Qty',
        'Pack Size',
        'Unit',
        'Unit Price (inc GST)',
      ],
      ['GST-P1', 'Farmco Rural Supplies', '9/03/2026', 'Main Chemical Shed', 'Glyfos 540', 2, 20, 'L', 203.5],
    ] as SerialCell[][],
  };

  it('a price column that includes GST: the problem names the pane’s checkbox; ticking it sends the price less GST', async () => {
    const { workbook, importer } = await open({ sheets: [gstSheet] });
    let state = importer.store.get();
    expect(state.mappingProblem).toContain('holds prices including GST');
    expect(state.mappingProblem).toContain('tick ‘Prices include GST’ under Reading options');
    expect(state.mappingProblem).not.toMatch(/--|mapping file/);
    importer.setPricesIncludeGst(true);
    state = importer.store.get();
    expect(state.mappingProblem).toBeNull();
    await importer.start();
    expect(importer.store.get().status?.text).toBe('1 receipt: 1 created.');
    const id = row(workbook, 'Bills', 2, 9)?.[1];
    const made = (await listAll(sandbox.url, WILLOW, 'receipts')).find((r) => r.id === id);
    expect(Number(made?.line_items[0]?.pack_cost)).toBe(185);
    // Kept with the sheet: the next read of this workbook has the box ticked.
    const saved = JSON.parse((await workbook.getSetting(mappingSettingKey('receipts', 'Bills'))) ?? '{}');
    expect(saved.prices_include_gst).toBe(true);
  });

  it('an invoice the service holds otherwise: its Message names the pane’s checkbox, not a command-line flag', async () => {
    const header = gstSheet.rows[0]!.map((h) => (h === 'Unit Price (inc GST)' ? 'Price ex GST' : h));
    const sheet = { ...gstSheet, rows: [header, ['DUP-P1', ...gstSheet.rows[1]!.slice(1)]] };
    await (await open({ sheets: [sheet] })).importer.start();
    // The same invoice number from the same supplier, with another quantity: a conflict.
    const other = {
      ...gstSheet,
      rows: [header, ['DUP-P1', ...gstSheet.rows[1]!.slice(1, 5), 3, ...gstSheet.rows[1]!.slice(6)]],
    };
    const { workbook, importer } = await open({ sheets: [other] });
    await importer.start();
    const message = row(workbook, 'Bills', 2, 9)?.[4];
    expect(message).toMatch(
      /^invoice DUP-P1 is already in the service as REC-\d+, otherwise: .*: not sent; to correct REC-\d+ instead, make the change on its rows where the import wrote its Record ID \(or in a sheet of receipts made on the Export tab\) and import that sheet; tick ‘Send invoices the service already holds’ under Reading options to send it anyway$/,
    );
    expect(importer.store.get().problems.join('\n')).not.toContain('--');
  });
});
