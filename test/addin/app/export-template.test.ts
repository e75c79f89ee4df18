/** The Export and Template screens' logic against the sandbox over real HTTP, on an in-memory workbook. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectController } from '../../../addin/app/connect.ts';
import { DATASET_TITLES, ExportController } from '../../../addin/app/export.ts';
import { createMemoryWorkbook } from '../../../addin/app/memory-host.ts';
import { TemplateController } from '../../../addin/app/template.ts';
import { memoryTokenStore } from '../../../addin/app/token-store.ts';
import { LISTS_SHEET } from '../../../addin/excel/workbook-port.ts';
import { DATASETS } from '../../../shared/export/index.ts';
import { startSandbox, type RunningSandbox } from '../../../sandbox/index.ts';
import { WILLOW, catalogue, storageId } from '../../support/catalogue.ts';
import { listAll } from '../../support/service.ts';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
});
afterAll(async () => {
  await sandbox.close();
});

async function open() {
  const workbook = createMemoryWorkbook();
  const connect = new ConnectController({ workbook, tokens: memoryTokenStore() });
  await connect.connect(sandbox.url, 'demo-token-willow');
  await connect.selectOrganisation(WILLOW);
  const session = () => connect.session();
  return {
    workbook,
    exporter: new ExportController({ workbook, session }),
    templates: new TemplateController({ workbook, session }),
  };
}

describe('Export', () => {
  it('names every dataset of shed export', () => {
    expect(Object.keys(DATASET_TITLES).sort()).toEqual([...DATASETS].sort());
    expect(ExportController.isDated('movements')).toBe(true);
    expect(ExportController.isDated('storages')).toBe(false);
  });

  it('lists the storages to filter on once connected', async () => {
    const { exporter } = await open();
    await exporter.refresh();
    const names = exporter.store.get().storages.map((s) => s.name);
    expect(names).toContain('Main Chemical Shed');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('the ledger against a stocktake counted in the workbook: the pane makes the count sheet, then reads it back', async () => {
    const { workbook, exporter } = await open();
    await exporter.refresh();
    exporter.setDataset('stocktake');
    exporter.setRange('', '2026-03-31');
    exporter.setStorage(storageId('Seed Shed'));
    await exporter.run();
    expect(exporter.store.get().written).toEqual(['Stocktake']);
    expect(exporter.store.get().sheets).toContain('Stocktake');
    // The bookkeeper counts the lines with stock: the first 10 short, the others as expected.
    const count = workbook.sheet('Stocktake').cells;
    const [header, ...lines] = count as (string | number | null)[][];
    const [expectedAt, countedAt] = [header!.indexOf('Expected'), header!.indexOf('Counted')];
    const stocked = lines.filter((line) => Number(line[expectedAt]) >= 10);
    expect(stocked.length).toBeGreaterThan(1);
    stocked.forEach((line, i) => (line[countedAt] = Number(line[expectedAt]) - (i === 0 ? 10 : 0)));
    exporter.setDataset('ledger');
    exporter.setRange('2026-01-01', '2026-03-31');
    exporter.setStocktakeSheet('Stocktake');
    await exporter.run();
    expect(exporter.store.get().status).toMatchObject({ tone: 'success' });
    const summary = workbook.sheet('Ledger Summary').cells as unknown[][];
    const columns = summary[0] as string[];
    expect(columns.slice(-3)).toEqual(['Counted', 'Variance', 'Stocktake']);
    const flags = summary.slice(1).map((row) => [row[columns.indexOf('Variance')], row[columns.indexOf('Stocktake')]]);
    const counted = flags.filter(([, flag]) => flag !== 'not counted');
    expect(counted).toHaveLength(stocked.length);
    expect(counted.filter(([variance]) => variance === -10)).toHaveLength(1);
    expect(counted.filter(([variance, flag]) => variance === 0 && flag === 'ok')).toHaveLength(stocked.length - 1);
  });

  it('receipts of one storage and date range: one row per line item, in a new sheet', async () => {
    const { workbook, exporter } = await open();
    await exporter.refresh();
    exporter.setDataset('receipts');
    exporter.setRange('2025-01-01', '2026-12-31');
    exporter.setStorage(storageId('Seed Shed'));
    await exporter.run();
    const state = exporter.store.get();
    expect(state.status?.tone).toBe('success');
    expect(state.written).toEqual(['Receipts']);
    const sheet = workbook.sheet('Receipts');
    const header = sheet.cells[0] as string[];
    const storageColumn = header.indexOf('Storage');
    expect(storageColumn).toBeGreaterThanOrEqual(0);
    const rows = sheet.cells.slice(1);
    const expected = (await listAll(sandbox.url, WILLOW, 'receipts'))
      .filter((r) => r.storage_id === storageId('Seed Shed'))
      .reduce((n, r) => n + Math.max(r.line_items.length, 1), 0);
    expect(rows.length).toBe(expected);
    expect(new Set(rows.map((r) => r[storageColumn]))).toEqual(new Set(['Seed Shed']));
    expect(state.status?.text).toBe(`Wrote ${rows.length} rows of receipts to sheet 'Receipts'.`);
    expect(sheet.table?.length).toBe(header.length);
  });

  it('storages: the whole list, the date range ignored; a second export gets a sheet of its own', async () => {
    const { workbook, exporter } = await open();
    exporter.setDataset('storages');
    exporter.setRange('2026-05-01', '2026-01-01');
    await exporter.run();
    await exporter.run();
    expect(exporter.store.get().written).toEqual(['Storages (2)']);
    const count = catalogue.storages.filter((s) => s.organisation_id === WILLOW).length;
    expect(workbook.sheet('Storages').cells.length).toBe(count + 1);
  });

  it('refuses a range that ends before it starts, an unknown dataset, and no session', async () => {
    const { workbook, exporter } = await open();
    exporter.setRange('2026-05-01', '2026-01-01');
    const sheets = workbook.sheets.length;
    await exporter.run();
    expect(exporter.store.get().status).toEqual({
      tone: 'error',
      text: 'The range starts (2026-05-01) after it ends (2026-01-01): swap the dates.',
    });
    exporter.setDataset('everything');
    expect(exporter.store.get().status?.text).toBe(
      "Unknown dataset 'everything'; expected one of movements, ledger, stocktake, receipts, returns, storages, product-aliases, products.",
    );
    expect(exporter.store.get().dataset).toBe('movements');
    const alone = new ExportController({ workbook, session: () => null });
    await alone.run();
    expect(alone.store.get().status?.text).toBe('Connect to the service first (Connect tab).');
    expect(workbook.sheets.length).toBe(sheets);
  });

  it('a service that keeps failing ends in the status, with nothing written', async () => {
    const workbook = createMemoryWorkbook();
    const connect = new ConnectController({
      workbook,
      tokens: memoryTokenStore(),
      clientOptions: { retries: 1, minRetryDelayMs: 5, maxRetryDelayMs: 10 },
    });
    await connect.connect(sandbox.url, 'demo-token-banksia');
    const exporter = new ExportController({ workbook, session: () => connect.session() });
    exporter.setDataset('storages');
    sandbox.setFaults({ failureRate: 1 });
    try {
      await exporter.run();
    } finally {
      sandbox.setFaults({});
    }
    expect(exporter.store.get()).toMatchObject({ busy: false, progress: null, written: [] });
    expect(exporter.store.get().status?.tone).toBe('error');
    expect(exporter.store.get().status?.text).toMatch(/50[03]/);
    expect(workbook.sheets.length).toBe(2);
  });

  it('a sheet Excel refuses after another was added: the status names the sheet already in the workbook', async () => {
    const { workbook, exporter } = await open();
    const add = workbook.addTableSheet.bind(workbook);
    let calls = 0;
    workbook.addTableSheet = async (input) => {
      if (++calls === 2) throw new Error('Excel ran out of resources');
      return add(input);
    };
    exporter.setDataset('movements');
    await exporter.run();
    const state = exporter.store.get();
    expect(calls).toBe(2);
    expect(state.written).toEqual(['Movements']);
    expect(state.status).toMatchObject({
      tone: 'error',
      text: "Excel ran out of resources. Sheet 'Movements' was already added and is in the workbook.",
    });
    expect(workbook.sheets.map((s) => s.name)).toContain('Movements');
  });

  it('Cancel stops the reading; nothing is written', async () => {
    const { workbook, exporter } = await open();
    exporter.setDataset('movements');
    sandbox.setFaults({ latencyMs: 100 });
    try {
      const run = exporter.run();
      expect(exporter.store.get().busy).toBe(true);
      setTimeout(() => exporter.cancel(), 30);
      await run;
    } finally {
      sandbox.setFaults({});
    }
    expect(exporter.store.get()).toMatchObject({
      busy: false,
      written: [],
      status: { tone: 'info', text: 'Cancelled: nothing was written.' },
    });
    expect(workbook.sheets.length).toBe(2);
  });
});

describe('Template', () => {
  it('adds a receipts template with lists, then a returns one beside it', async () => {
    const { workbook, templates } = await open();
    await templates.create();
    expect(templates.store.get().status?.text).toMatch(
      /^Added sheet 'Receipts' with drop-down lists: Storage \(\d+\), Product \(\d+\), Unit \(5\)\.$/,
    );
    templates.setKind('returns');
    await templates.create();
    // The workbook has a sheet of its own named Returns: the template's is made unique.
    expect(templates.store.get().status?.text).toMatch(
      /^Added sheet 'Returns \(2\)' with drop-down lists: Storage \(\d+\), Product \(\d+\), Unit \(5\)\.$/,
    );
    expect(await workbook.sheetNames()).toEqual([
      'Invoices',
      'Returns',
      'Receipts',
      'Instructions',
      'Returns (2)',
      'Instructions (2)',
    ]);
    expect(workbook.sheet(LISTS_SHEET).hidden).toBe(true);
    expect(workbook.sheet('Returns (2)').lists.get(2)).not.toContain('Old Shearing Shed');
    const instructions = workbook.sheet('Instructions (2)').cells.flat().join('\n');
    expect(instructions).toContain('press Validate');
    expect(instructions).not.toMatch(/shed import|--dry-run|\bFILE\b/);
  });

  it('refuses without a session', async () => {
    const workbook = createMemoryWorkbook();
    const templates = new TemplateController({ workbook, session: () => null });
    await templates.create();
    expect(templates.store.get().status).toEqual({
      tone: 'error',
      text: 'Connect to the service first (Connect tab).',
    });
    expect(workbook.sheets.length).toBe(2);
  });
});
