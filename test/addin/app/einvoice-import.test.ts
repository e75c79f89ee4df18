/**
 * The pane's E-invoices screen against the sandbox over real HTTP, on an in-memory workbook: the same
 * requests as `shed import receipts FILE.xml --set storage=…`, results on a new sheet named after the
 * invoice (one row per invoice line), Validate sending nothing, hostile and unbalanced files refused
 * with the core's words.
 */
import { copyFile, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectController } from '../../../addin/app/connect.ts';
import { EInvoiceController, type ChosenFile } from '../../../addin/app/einvoice-import.ts';
import { ImportController } from '../../../addin/app/import.ts';
import { createMemoryWorkbook } from '../../../addin/app/memory-host.ts';
import { SessionJournal, type PaneJournal } from '../../../addin/app/pane-journal.ts';
import { memoryTokenStore } from '../../../addin/app/token-store.ts';
import { startSandbox, type RecordedWrite, type RunningSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';

const FIXTURES = new URL('../../fixtures/einvoices/', import.meta.url).pathname;

let sandbox: RunningSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

const normalise = (w: RecordedWrite) => `${w.method} ${w.path.replace(/[0-9a-f-]{36}/g, ':id')} ${w.body ?? ''}`;

async function chosen(name: string, text?: string): Promise<ChosenFile> {
  const bytes =
    text === undefined ? new Uint8Array(await readFile(join(FIXTURES, name))) : new TextEncoder().encode(text);
  return { name, size: bytes.byteLength, bytes: async () => bytes };
}

async function openPane(url: string) {
  const workbook = createMemoryWorkbook();
  const connect = new ConnectController({ workbook, tokens: memoryTokenStore() });
  await connect.connect(url, 'demo-token-willow');
  if (!connect.session()) await connect.selectOrganisation(WILLOW);
  const controller = new EInvoiceController({ workbook, session: () => connect.session() });
  return { workbook, controller };
}

describe('E-invoices in the pane', () => {
  it('sends what the CLI sends for the same invoice, and writes its results on a sheet named after it', async () => {
    sandbox = await startSandbox({ port: 0, quiet: true, recordWrites: true });
    const dir = await mkdtemp(join(tmpdir(), 'pane-einvoice-'));
    await copyFile(join(FIXTURES, 'farm-invoice.xml'), join(dir, 'farm-invoice.xml'));
    const { summary } = await runImportCli(sandbox.url, {
      kind: 'receipts',
      file: join(dir, 'farm-invoice.xml'),
      set: ['storage=Main Chemical Shed'],
    });
    expect(summary.exitCode).toBe(0);
    const cliWrites = sandbox.stats.writeLog.map(normalise);
    await sandbox.close();

    sandbox = await startSandbox({ port: 0, quiet: true, recordWrites: true });
    const { workbook, controller } = await openPane(sandbox.url);
    await controller.choose([await chosen('farm-invoice.xml')]);
    expect(controller.store.get().previews[0]?.text).toMatch(/^Invoice RA-20417 from .+: 3 lines → one receipt$/);
    expect(controller.store.get().previews[0]?.notes).toContain(
      "document charge 'Freight' 45 AUD is not stock: left out",
    );
    controller.setStorage('Main Chemical Shed');
    await controller.start();
    const state = controller.store.get();
    expect(state.status).toEqual({
      tone: 'success',
      text: "RA-20417: 1 receipt: 1 created. Results on sheet 'RA-20417'.",
    });
    expect(sandbox.stats.writeLog.map(normalise)).toEqual(cliWrites);
    const sheet = workbook.sheet('RA-20417');
    const headers = sheet.cells[0] as string[];
    expect(sheet.cells).toHaveLength(4);
    const status = headers.indexOf('Status');
    expect(sheet.cells.slice(1).map((r) => r[status])).toEqual(['created', 'created', 'created']);
    expect(String(sheet.cells[2]![headers.indexOf('Message')])).toMatch(/'Early order discount' 125 .*pack cost/);
  });

  it('Validate sends nothing and writes no sheet', async () => {
    sandbox = await startSandbox({ port: 0, quiet: true, recordWrites: true });
    const { workbook, controller } = await openPane(sandbox.url);
    const sheets = await workbook.sheetNames();
    await controller.choose([await chosen('farm-invoice.xml')]);
    controller.setStorage('Main Chemical Shed');
    await controller.validate();
    expect(controller.store.get().status?.text).toBe('Checked, nothing sent: RA-20417: 1 receipt: 1 would create.');
    expect(sandbox.stats.writeLog).toEqual([]);
    expect(await workbook.sheetNames()).toEqual(sheets);
  });

  it('refuses hostile and unbalanced documents with the core’s words, and reads the rest', async () => {
    sandbox = await startSandbox({ port: 0, quiet: true, recordWrites: true });
    const { controller } = await openPane(sandbox.url);
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY x SYSTEM "file:///etc/passwd">]><Invoice>&x;</Invoice>';
    await controller.choose([
      await chosen('xxe.xml', xxe),
      await chosen('unbalanced-invoice.xml'),
      { name: 'huge.xml', size: 200 * 1024 * 1024, bytes: () => Promise.reject(new Error('must not be read')) },
      await chosen('farm-credit-note.xml'),
    ]);
    const state = controller.store.get();
    expect(state.refused).toHaveLength(3);
    expect(state.refused[0]).toMatch(/^xxe\.xml: .*DOCTYPE/i);
    expect(state.refused[1]).toMatch(/^unbalanced-invoice\.xml: /);
    expect(state.refused[2]).toMatch(/^huge\.xml: the document is 209715200 bytes, over the/);
    expect(state.previews.map((p) => p.file)).toEqual(['farm-credit-note.xml']);
    expect(state.previews[0]?.notes).toContain('a credit note: its lines are imported as returns');
    expect(state.status?.tone).toBe('warning');
    expect(sandbox.stats.writeLog).toEqual([]);
  });
});

describe('an e-invoice whose results sheet could not be added', () => {
  it('the notice names the e-invoice and sends the bookkeeper to its tab; Finish it refuses; importing it again sends nothing twice', async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    const workbook = createMemoryWorkbook();
    const journals = new Map<string, PaneJournal>();
    const openJournal = async (key: string) =>
      journals.get(key) ?? journals.set(key, new SessionJournal(key)).get(key)!;
    const add = workbook.addTableSheet.bind(workbook);
    workbook.addTableSheet = async () => {
      throw new Error('The workbook is protected');
    };
    const connect = new ConnectController({ workbook, tokens: memoryTokenStore() });
    await connect.connect(sandbox.url, 'demo-token-willow');
    if (!connect.session()) await connect.selectOrganisation(WILLOW);
    const deps = { workbook, session: () => connect.session(), openJournal };
    const einvoices = new EInvoiceController(deps);
    await einvoices.choose([await chosen('farm-invoice.xml')]);
    einvoices.setStorage('Main Chemical Shed');
    await einvoices.start();
    const writes = sandbox.stats.writes;

    const importer = new ImportController(deps);
    await importer.refresh();
    expect(importer.store.get().pending).toMatchObject({ einvoice: 'RA-20417' });
    expect(importer.store.get().pending?.text).toMatch(
      /^An import of receipts from e-invoice RA-20417 \(.+\) stopped before its results were written: invoice RA-20417\. Import that e-invoice again on the E-invoices tab/,
    );
    await importer.finishPending();
    expect(importer.store.get().status).toMatchObject({ tone: 'error' });
    expect(importer.store.get().status?.text).toMatch(
      /^E-invoice RA-20417 is not a sheet of this workbook: choose its file on the E-invoices tab/,
    );
    expect(sandbox.stats.writes).toBe(writes);

    // Imported again on its tab once the sheet can be added: found, not sent twice; the notice goes.
    workbook.addTableSheet = add;
    await einvoices.start();
    expect(sandbox.stats.writes).toBe(writes);
    await importer.refresh();
    expect(importer.store.get().pending).toBeNull();
  });
});
