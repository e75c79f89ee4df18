/**
 * The Import screen catching up with the CLI, against the sandbox over real HTTP: every sheet in one
 * run, a problem line that selects its cell, the notice of an interrupted import with "Finish it",
 * the journal kept under the workbook's own identity, Cancel during the read, progress while validating.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectController } from '../../../addin/app/connect.ts';
import { ImportController, type ImportDeps } from '../../../addin/app/import.ts';
import { createMemoryWorkbook, SAMPLE_WORKBOOK } from '../../../addin/app/memory-host.ts';
import { SessionJournal, type PaneJournal } from '../../../addin/app/pane-journal.ts';
import { memoryTokenStore } from '../../../addin/app/token-store.ts';
import { SETTING_KEYS, mappingSettingKey } from '../../../addin/app/workbook-settings.ts';
import { ExcelWorkbook } from '../../../addin/excel/excel-workbook.ts';
import { MemoryWorkbook } from '../../../addin/excel/memory-workbook.ts';
import type { ResultsInput, WorkbookPort } from '../../../addin/excel/workbook-port.ts';
import { startSandbox, type RunningSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { listAll } from '../../support/service.ts';
import { FakeExcel, officeWith } from '../excel/excel-fake.ts';
import { EXAMPLE_HEADER } from '../../support/example-header.ts';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
});
afterAll(async () => {
  await sandbox.close();
});

const HEADER = [...EXAMPLE_HEADER];
const invoices = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => [
    `${prefix}-${i + 1}`,
    'Farmco Rural Supplies',
    `${(i % 28) + 1}/03/2026`,
    'Main Chemical Shed',
    'Glyfos 540',
    i + 1,
    20,
    'L',
    185,
  ]);

async function open(workbook: WorkbookPort, deps: Partial<ImportDeps> = {}) {
  const connect = new ConnectController({ workbook, tokens: memoryTokenStore() });
  await connect.connect(sandbox.url, 'demo-token-willow');
  if (!connect.session()) await connect.selectOrganisation(WILLOW);
  const importer = new ImportController({ workbook, session: () => connect.session(), ...deps });
  await importer.refresh();
  return importer;
}

const ours = async (prefix: string) =>
  (await listAll(sandbox.url, WILLOW, 'receipts')).filter((r) => (r.notes ?? '').startsWith(`Invoice ${prefix}-`));

describe('all sheets of a workbook in one run', () => {
  it('imports each sheet that maps onto its own rows; a sheet that does not map is skipped and said', async () => {
    const workbook = createMemoryWorkbook({
      sheets: [
        { name: 'March', rows: [HEADER, ...invoices('ALLA', 2)] },
        { name: 'Notes', rows: [['Ring Farmco about the drum deposit'], ['Paid 3/04']] },
        { name: 'April', rows: [['April invoices'], [], HEADER, ...invoices('ALLB', 3)] },
      ],
    });
    const importer = await open(workbook);
    importer.setAllSheets(true);
    await importer.start();
    const state = importer.store.get();
    expect(state.status?.text).toBe(
      "'March': 2 receipts: 2 created. 'April': 3 receipts: 3 created. Skipped: 'Notes'.",
    );
    expect(state.warnings[0]).toMatch(/^Sheet 'Notes' skipped: /);
    expect(await ours('ALLA')).toHaveLength(2);
    expect(await ours('ALLB')).toHaveLength(3);
    // Each sheet's results are on its own rows, under its own header.
    expect(workbook.sheet('March').cells[0]?.[9]).toBe('Status');
    expect(workbook.sheet('March').cells[2]?.[9]).toBe('created');
    expect(workbook.sheet('April').cells[2]?.[9]).toBe('Status');
    expect(workbook.sheet('April').cells[5]?.[9]).toBe('created');
    expect(workbook.sheet('Notes').cells.flat()).toEqual(['Ring Farmco about the drum deposit', 'Paid 3/04']);
  });
});

describe('all sheets with prices on different bases', () => {
  it('each sheet other than the shown one reads its prices as its own saved mapping says (GST included or not)', async () => {
    const neutral = [...HEADER.slice(0, 8), 'Unit Price'];
    const workbook = createMemoryWorkbook({
      active: 'Ex',
      sheets: [
        { name: 'Ex', rows: [HEADER, ...invoices('GSTX', 1)] },
        {
          name: 'Inc',
          rows: [
            neutral,
            ['GSTI-1', 'Farmco Rural Supplies', '2/03/2026', 'Main Chemical Shed', 'Glyfos 540', 1, 20, 'L', 110],
          ],
        },
      ],
      // The Inc sheet's mapping, saved when it was last imported: its prices include GST.
      settings: {
        [mappingSettingKey('receipts', 'Inc')]: JSON.stringify({
          kind: 'receipts',
          columns: {},
          prices_include_gst: true,
        }),
      },
    });
    const importer = await open(workbook);
    expect(importer.store.get()).toMatchObject({ sheet: 'Ex', pricesIncludeGst: false });
    importer.setAllSheets(true);
    await importer.start();
    const [ex] = await ours('GSTX');
    const [inc] = await ours('GSTI');
    expect(ex?.line_items[0]?.pack_cost).toBe('185');
    // 110 including 10% GST is 100 ex GST: the shown sheet's unticked box does not decide for this one.
    expect(inc?.line_items[0]?.pack_cost).toBe('100');
  });
});

describe('a problem line selects its cell', () => {
  it('Validate lists the problem with its cell; showing it activates the sheet and selects the cell', async () => {
    const workbook = createMemoryWorkbook({ ...SAMPLE_WORKBOOK, active: 'Returns' });
    const importer = await open(workbook);
    await importer.setSheet('Invoices');
    await importer.validate();
    const state = importer.store.get();
    expect(state.problems[0]).toMatch(/^Row 7, F: Product: no product or alias named 'Glyfos 450'/);
    expect(state.problemCells[0]).toEqual({ sheet: 'Invoices', rowNumber: 7, column: 5 });
    await importer.showProblem(0);
    expect(workbook.selection).toEqual({ sheet: 'Invoices', rowNumber: 7, column: 5 });
    expect(workbook.active).toBe('Invoices');
  });

  it('over office-js: the sheet is activated and Range.select() picks the cell (0-based in Excel)', async () => {
    const fake = new FakeExcel({
      sheets: [
        { name: 'Dockets', values: [HEADER] },
        { name: 'Other', values: [['x']] },
      ],
      active: 'Other',
    });
    const workbook = new ExcelWorkbook({ excel: fake.host, requirements: officeWith('1.17').context.requirements });
    await workbook.select('Dockets', 7, 5);
    expect(fake.active).toBe('Dockets');
    expect(fake.selection).toEqual({ sheet: 'Dockets', row: 6, column: 5 });
  });
});

/** A memory workbook whose results cannot be written (as when the pane closes before they are). */
class UnwritableWorkbook extends MemoryWorkbook {
  override async writeResults(_input: ResultsInput): Promise<void> {
    throw new Error('the pane was closed');
  }
}

describe('reopening after an interrupted import', () => {
  it('names the invoices sent without results; Finish it writes their ids and sends nothing twice', async () => {
    const journals = new Map<string, PaneJournal>();
    const openJournal = async (key: string) =>
      journals.get(key) ?? journals.set(key, new SessionJournal(key)).get(key)!;
    const rows = [HEADER, ...invoices('FIN', 3)];
    const first = new UnwritableWorkbook({ name: 'Book1.xlsx', sheets: [{ name: 'Invoices', rows }] });
    const importer = await open(first, { openJournal });
    await importer.start();
    // What was sent is still said; the results that could not be written are said too, not thrown away.
    expect(importer.store.get().status).toMatchObject({ tone: 'warning', text: '3 receipts: 3 created.' });
    expect(importer.store.get().warnings[0]).toMatch(
      /^The last results could not be written into the sheet \(the pane was closed\); the ids are kept/,
    );
    expect(await ours('FIN')).toHaveLength(3);

    // Reopened (a new pane on the same file: its settings, and so its identity, travel with it).
    const again = new MemoryWorkbook({ name: 'Book1.xlsx', sheets: [{ name: 'Invoices', rows }] });
    for (const [key, value] of first.settings) again.settings.set(key, value);
    const reopened = await open(again, { openJournal });
    const pending = reopened.store.get().pending;
    expect(pending?.records).toEqual(['invoice FIN-1', 'invoice FIN-2', 'invoice FIN-3']);
    expect(pending?.text).toMatch(
      /^An import of receipts from sheet 'Invoices' \(.+\) stopped before its results were written: invoice FIN-1, invoice FIN-2, invoice FIN-3\. Finish it/,
    );

    // Another workbook of the same file name has its own identity: no notice, no shared journal.
    const namesake = new MemoryWorkbook({ name: 'Book1.xlsx', sheets: [{ name: 'Invoices', rows: [HEADER] }] });
    expect((await open(namesake, { openJournal })).store.get().pending).toBeNull();
    // The same workbook renamed keeps its journal.
    const renamed = new MemoryWorkbook({ name: 'March stock.xlsx', sheets: [{ name: 'Invoices', rows }] });
    for (const [key, value] of first.settings) renamed.settings.set(key, value);
    expect((await open(renamed, { openJournal })).store.get().pending?.records).toHaveLength(3);

    const writesBefore = sandbox.stats.writes;
    await reopened.finishPending();
    const state = reopened.store.get();
    expect(state.status?.text).toBe('3 receipts: 3 created.');
    expect(sandbox.stats.writes).toBe(writesBefore);
    const made = await ours('FIN');
    expect(made).toHaveLength(3);
    for (let n = 1; n <= 3; n++)
      expect(made.find((r) => r.id === again.sheet('Invoices').cells[n]?.[10])?.notes).toBe(`Invoice FIN-${n}`);
    expect(state.pending).toBeNull();
    await reopened.refresh();
    expect(reopened.store.get().pending).toBeNull();
  });

  it('Finish it reads the sheet as the interrupted run did (GST-inclusive prices, hidden rows), not with the screen as new', async () => {
    const journals = new Map<string, PaneJournal>();
    const openJournal = async (key: string) =>
      journals.get(key) ?? journals.set(key, new SessionJournal(key)).get(key)!;
    // Prices of 110 that include GST (100 ex GST); sheet row 12 is hidden by hand.
    const rows = [[...HEADER.slice(0, 8), 'Unit Price'], ...invoices('FGST', 12).map((r) => [...r.slice(0, 8), 110])];
    const pane: { importer?: ImportController } = {};
    /** The pane is closed at the first write of results: some invoices are sent, the rest not. */
    class ClosedMidRun extends MemoryWorkbook {
      override async writeResults(_input: ResultsInput): Promise<void> {
        pane.importer?.cancel();
        throw new Error('the pane was closed');
      }
    }
    const first = new ClosedMidRun({ name: 'Book1.xlsx', sheets: [{ name: 'Invoices', rows, hiddenRows: [12] }] });
    const importer = await open(first, { openJournal, resultsEveryMs: 0 });
    pane.importer = importer;
    importer.setPricesIncludeGst(true);
    importer.setIncludeHidden(true);
    await importer.start();
    const sentFirst = (await ours('FGST')).length;
    expect(sentFirst).toBeGreaterThan(0);
    expect(sentFirst).toBeLessThan(12);

    // Reopened: the pane closed before the run ended, so no mapping was saved with the sheet; the screen is as new.
    const again = new MemoryWorkbook({ name: 'Book1.xlsx', sheets: [{ name: 'Invoices', rows, hiddenRows: [12] }] });
    for (const [key, value] of first.settings) if (!key.startsWith('shed.mapping')) again.settings.set(key, value);
    const reopened = await open(again, { openJournal, resultsEveryMs: 0 });
    expect(reopened.store.get()).toMatchObject({ pricesIncludeGst: false, includeHidden: false });
    expect(reopened.store.get().pending?.text).toMatch(
      /read as that import read it \(prices include GST at 10%, hidden rows included\)\.$/,
    );
    await reopened.finishPending();
    expect(reopened.store.get()).toMatchObject({ pricesIncludeGst: true, includeHidden: true, pending: null });
    const made = await ours('FGST');
    // Every invoice once, the hidden row's too, each at 100 ex GST: none sent at the 110 the sheet shows.
    expect(made.map((r) => r.notes).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => `Invoice FGST-${i + 1}`).sort(),
    );
    expect(made.flatMap((r) => r.line_items.map((l: { pack_cost: string }) => l.pack_cost))).toEqual(
      Array.from({ length: 12 }, () => '100'),
    );
  });

  it('the workbook gets its identity on its first import, not before; a finished import leaves no notice', async () => {
    const workbook = createMemoryWorkbook({ sheets: [{ name: 'Invoices', rows: [HEADER, ...invoices('GUID', 1)] }] });
    const importer = await open(workbook);
    await importer.validate();
    expect(await workbook.getSetting(SETTING_KEYS.workbookId)).toBeNull();
    await importer.start();
    expect(await workbook.getSetting(SETTING_KEYS.workbookId)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(importer.store.get().pending).toBeNull();
  });
});

describe('progress and Cancel while reading and validating', () => {
  it('Cancel during a long read takes effect at the next chunk: the rest of the sheet is not read, nothing is sent', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'Dockets', values: [HEADER, ...invoices('READ', 59)] }] });
    const reads: number[] = [];
    const workbook = new ExcelWorkbook({
      excel: fake.host,
      requirements: officeWith('1.17').context.requirements,
      chunkRows: 10,
      onSync: (sync) => sync.operation === 'readSheet' && sync.rows > 0 && reads.push(sync.rows),
    });
    const importer = await open(workbook);
    reads.length = 0;
    // The bookkeeper presses Cancel as soon as the status line counts the first rows read.
    const stop = importer.store.subscribe((state) => {
      if (state.cancellable && state.status?.text.startsWith('Reading the sheet: ')) importer.cancel();
    });
    const writesBefore = sandbox.stats.writes;
    await importer.start();
    stop();
    expect(importer.store.get().status?.text).toBe('Cancelled: nothing was sent.');
    expect(reads).toEqual([10]);
    expect(sandbox.stats.writes).toBe(writesBefore);
  });

  it('Validate counts the records checked on the status line and the progress bar', async () => {
    const workbook = createMemoryWorkbook({ sheets: [{ name: 'Invoices', rows: [HEADER, ...invoices('PROG', 4)] }] });
    const importer = await open(workbook);
    const seen: string[] = [];
    const stop = importer.store.subscribe((state) => {
      if (state.progress) seen.push(`${state.progress.done}/${state.progress.total} ${state.status?.text ?? ''}`);
    });
    await importer.validate();
    stop();
    expect(seen).toContain('4/4 4 of 4 receipts checked…');
    expect(importer.store.get().progress).toBeNull();
  });
});
