import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { validateXML } from 'xmllint-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCommands } from '../../../batch/cli/commands.ts';
import { importCommand } from '../../../batch/commands/import/index.ts';
import { syncCommand } from '../../../batch/commands/sync/index.ts';
import { templateCommand, type TemplateOptions } from '../../../batch/commands/template/index.ts';
import { readGrid } from '../../../batch/read/index.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { startSandbox, type RunningSandbox } from '../../../sandbox/index.ts';
import { createResolver, loadReferenceData } from '../../../shared/resolve/index.ts';
import { createServiceClient } from '../../../shared/client/index.ts';
import { detectMapping } from '../../../shared/sheet/mapping.ts';
import { TEMPLATE_COLUMNS } from '../../../shared/template/index.ts';
import { catalogue, WILLOW } from '../../support/catalogue.ts';
import { listAll } from '../../support/service.ts';

let sandbox: RunningSandbox;
let dir: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
  dir = await mkdtemp(join(tmpdir(), 'shed-template-'));
});
afterAll(async () => {
  await sandbox?.close();
});

const connection = () => ({ baseUrl: sandbox.url, token: 'demo-token-willow', org: 'Willow Creek Pastoral Co' });
const make = (kind: 'receipts' | 'returns', out: string, extra: Partial<TemplateOptions> = {}) =>
  templateCommand({ ...connection(), kind, out, io: memoryIO(), now: () => new Date(2026, 2, 1, 12), ...extra });

async function workbook(path: string): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  return wb;
}

/** The text of one part of the .xlsx package, read straight from the zip. */
async function part(path: string, name: string): Promise<string> {
  const zip = XLSX.CFB.read(await readFile(path), { type: 'buffer' });
  // SheetJS's zip container lists full paths under a root entry: match on the part's own path.
  const index = (zip.FullPaths as string[]).findIndex((full) => full.endsWith(`/${name}`));
  const entry = index >= 0 ? zip.FileIndex[index] : undefined;
  if (!entry) throw new Error(`no ${name} in ${path}`);
  return Buffer.from(entry.content as Uint8Array).toString('utf8');
}

function column(sheet: ExcelJS.Worksheet, letter: string): string[] {
  const values: string[] = [];
  sheet.getColumn(letter).eachCell((cell, row) => {
    if (row > 1 && cell.value !== null) values.push(String(cell.value));
  });
  return values;
}

/** Willow Creek's lists computed independently: the resolver over the service's reference data. */
async function expectedLists() {
  const org = createServiceClient({ baseUrl: sandbox.url, token: 'demo-token-willow' }).forOrganisation(WILLOW);
  const resolver = createResolver(await loadReferenceData(org, WILLOW));
  const open = catalogue.storages
    .filter((s) => s.organisation_id === WILLOW && s.name !== 'Old Shearing Shed')
    .map((s) => s.name);
  return { storages: open.sort(), products: resolver.productNames() };
}

describe('shed template receipts', () => {
  let path: string;
  beforeAll(async () => {
    path = join(dir, 'receipts-template.xlsx');
    const summary = await make('receipts', path);
    expect(summary).toMatchObject({ kind: 'receipts', source: 'service', exitCode: 0, organisation: { id: WILLOW } });
  });

  it('has the data sheet first, then Instructions and Lists, all visible', async () => {
    const wb = await workbook(path);
    expect(wb.worksheets.map((s) => [s.name, s.state])).toEqual([
      ['Receipts', 'visible'],
      ['Instructions', 'visible'],
      ['Lists', 'visible'],
    ]);
  });

  it('puts the import headers in a formatted Excel table over one empty row', async () => {
    const table = await part(path, 'xl/tables/table1.xml');
    expect(table).toMatch(/name="ReceiptLines"/);
    expect(table).toMatch(/ref="A1:K2"/);
    expect(table).toMatch(/<tableStyleInfo name="TableStyleMedium2"/);
    const names = [...table.matchAll(/<tableColumn id="\d+" name="([^"]+)"/g)].map((m) => m[1]);
    expect(names).toEqual(TEMPLATE_COLUMNS.receipts.map((c) => c.header));
    const sheet = (await workbook(path)).getWorksheet('Receipts')!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...TEMPLATE_COLUMNS.receipts.map((c) => c.header)]);
    expect(sheet.getColumn('C').numFmt).toBe('dd/mm/yyyy');
    expect(sheet.getColumn('J').numFmt).toBe('#,##0.00');
    expect(sheet.getColumn('A').numFmt).toBe('@');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getCell('B1').note).toBe('Needed on the first row of each invoice.');
    expect(sheet.getCell('G1').note).toBe('Needed on every row.');
    expect(sheet.getCell('K1').note).toBeUndefined();
  });

  it('carries list validations of the Storage, Product and Unit columns in the file', async () => {
    const xml = await part(path, 'xl/worksheets/sheet1.xml');
    const { storages, products } = await expectedLists();
    const validations = [...xml.matchAll(/<dataValidation ([^>]*)><formula1>([^<]*)<\/formula1>/g)].map((m) => ({
      type: /type="(\w+)"/.exec(m[1]!)?.[1],
      sqref: /sqref="([^"]+)"/.exec(m[1]!)?.[1],
      style: /errorStyle="(\w+)"/.exec(m[1]!)?.[1],
      shows: /showErrorMessage="1"/.test(m[1]!),
      formula: m[2],
    }));
    expect(validations).toEqual([
      { type: 'list', sqref: 'D2:D1001', style: 'stop', shows: true, formula: `Lists!$A$2:$A$${storages.length + 1}` },
      {
        type: 'list',
        sqref: 'F2:F1001',
        style: 'warning',
        shows: true,
        formula: `Lists!$B$2:$B$${products.length + 1}`,
      },
      { type: 'list', sqref: 'I2:I1001', style: 'stop', shows: true, formula: 'Lists!$C$2:$C$6' },
    ]);
    // Schema order of CT_Worksheet: sheetData, ..., dataValidations, ..., tableParts.
    expect(xml.indexOf('</sheetData>')).toBeLessThan(xml.indexOf('<dataValidations'));
    expect(xml.indexOf('</dataValidations>')).toBeLessThan(xml.indexOf('<tableParts'));
    for (const [fileName, contents] of [
      ['sheet1.xml', xml],
      ['table1.xml', await part(path, 'xl/tables/table1.xml')],
    ] as const) {
      const checked = await validateXML({ xml: [{ fileName, contents }], normalization: 'format' });
      expect(checked.errors).toEqual([]);
    }
    const sheet = (await workbook(path)).getWorksheet('Receipts')!;
    expect(sheet.getCell('D2').dataValidation).toMatchObject({
      type: 'list',
      formulae: [`Lists!$A$2:$A$${storages.length + 1}`],
      errorTitle: 'Not a storage',
    });
    expect(sheet.getCell('F1001').dataValidation).toMatchObject({ type: 'list', errorStyle: 'warning' });
    expect(sheet.getCell('I500').dataValidation).toMatchObject({ formulae: ['Lists!$C$2:$C$6'] });
    for (const cell of ['D1', 'D1002', 'A2', 'B2', 'E2', 'J2'])
      expect(sheet.getCell(cell).dataValidation).toBeUndefined();
  });

  it("lists exactly the organisation's open storages, product and alias names, and units", async () => {
    const lists = (await workbook(path)).getWorksheet('Lists')!;
    const { storages, products } = await expectedLists();
    expect(lists.getRow(1).values).toEqual([undefined, 'Storage', 'Product', 'Unit']);
    expect(column(lists, 'A').sort()).toEqual(storages);
    expect(column(lists, 'A')).not.toContain('Old Shearing Shed');
    expect(column(lists, 'B')).toEqual(products);
    expect(column(lists, 'B')).not.toContain('Wetter');
    expect(column(lists, 'C')).toEqual(['l', 'ml', 'kg', 'g', 't']);
  });

  it('reads back as an import sheet whose every header maps', async () => {
    const grid = await readGrid(path);
    expect(grid.sheet).toBe('Receipts');
    const mapping = detectMapping(grid, 'receipts');
    expect(mapping.missing).toEqual([]);
    expect(mapping.columns).toEqual(Object.fromEntries(TEMPLATE_COLUMNS.receipts.map((c, i) => [c.field, i])));
  });

  it('explains itself on the Instructions sheet', async () => {
    const sheet = (await workbook(path)).getWorksheet('Instructions')!;
    const text = column(sheet, 'A').join('\n');
    expect(sheet.getCell('A1').value).toBe('How to fill in this receipts sheet');
    expect(text).toContain('shed import receipts FILE --dry-run');
    expect(text).toContain('Willow Creek Pastoral Co as it was on 1 March 2026');
    expect(text).toMatch(/Price ex GST: the price of one pack in dollars, without GST/);
  });

  it('imports cleanly once filled in', async () => {
    const wb = await workbook(path);
    const sheet = wb.getWorksheet('Receipts')!;
    const day = new Date(Date.UTC(2026, 1, 3));
    sheet.getRow(2).values = [
      'T-100',
      'Farmco Rural Supplies',
      day,
      'Main Chemical Shed',
      'PO-77',
      'Glyfos 540',
      4,
      20,
      'l',
      185,
      'From the template',
    ];
    sheet.getRow(3).values = ['T-100', null, null, null, null, 'Amine 625', 2, 20, 'l', 142.5, null];
    sheet.getRow(4).values = [
      'T-101',
      'Southern Cross Fertilisers',
      day,
      'Fertiliser Bunker',
      null,
      'Granular Urea',
      24,
      1,
      't',
      785,
      null,
    ];
    const filled = join(dir, 'filled.xlsx');
    await wb.xlsx.writeFile(filled);

    const base = { ...connection(), kind: 'receipts' as const, file: filled, io: memoryIO() };
    const dry = await importCommand({ ...base, dryRun: true });
    expect(dry.problems).toEqual([]);
    expect(dry.warnings).toEqual([]);
    expect(dry.records).toMatchObject({ total: 2, valid: 2 });
    expect(dry.exitCode).toBe(0);

    const before = new Set((await listAll(sandbox.url, WILLOW, 'receipts')).map((r) => r.id));
    const sent = await importCommand(base);
    expect(sent.records).toMatchObject({ created: 2 });
    const created = (await listAll(sandbox.url, WILLOW, 'receipts')).filter((r) => !before.has(r.id));
    const farmco = created.find((r) => r.supplier === 'Farmco Rural Supplies')!;
    expect(farmco.order_number).toBe('PO-77');
    expect(farmco.received_at.slice(0, 10)).toBe('2026-02-03');
    expect(farmco.line_items.map((l: { quantity: string; pack_cost: string }) => [l.quantity, l.pack_cost])).toEqual([
      ['4', '185'],
      ['2', '142.5'],
    ]);
  });
});

describe('shed template returns', () => {
  it('has the returns headers, mapped, with the lists on Storage, Product and Unit', async () => {
    const path = join(dir, 'returns.xlsx');
    await make('returns', path);
    const mapping = detectMapping(await readGrid(path), 'returns');
    expect(mapping.missing).toEqual([]);
    expect(mapping.columns).toEqual(Object.fromEntries(TEMPLATE_COLUMNS.returns.map((c, i) => [c.field, i])));
    const xml = await part(path, 'xl/worksheets/sheet1.xml');
    expect([...xml.matchAll(/sqref="([^"]+)"/g)].map((m) => m[1])).toEqual(['C2:C1001', 'D2:D1001', 'F2:F1001']);
    expect(await part(path, 'xl/tables/table1.xml')).toMatch(/name="ReturnLines"[^>]*ref="A1:H2"/);
    const sheet = (await workbook(path)).getWorksheet('Instructions')!;
    expect(column(sheet, 'A').join('\n')).toContain('shed import returns FILE');
  });
});

describe('shed template options', () => {
  it('takes the lists from the mirror with --offline, with the same result', async () => {
    const mirrors = await mkdtemp(join(tmpdir(), 'shed-template-mirror-'));
    await syncCommand({ ...connection(), dir: mirrors, io: memoryIO() });
    const online = join(dir, 'online.xlsx');
    const offline = join(dir, 'offline.xlsx');
    await make('receipts', online);
    const summary = await templateCommand({
      kind: 'receipts',
      out: offline,
      offline: true,
      dir: mirrors,
      io: memoryIO(),
      org: 'willow creek pastoral co',
    });
    expect(summary).toMatchObject({ source: 'mirror', organisation: { id: WILLOW } });
    const listsOf = async (p: string) => (await workbook(p)).getWorksheet('Lists')!.getSheetValues();
    expect(await listsOf(offline)).toEqual(await listsOf(online));
    await expect(
      templateCommand({
        kind: 'receipts',
        out: join(dir, 'none.xlsx'),
        offline: true,
        dir: join(mirrors, 'empty'),
        io: memoryIO(),
      }),
    ).rejects.toMatchObject({
      code: 'mirror_not_found',
    });
  });

  it('refuses a file name that is not .xlsx, and an existing file unless --force', async () => {
    await expect(make('receipts', join(dir, 'template.csv'))).rejects.toMatchObject({
      category: 'usage',
      message: expect.stringMatching(/\.xlsx/),
    });
    const existing = join(dir, 'keep.xlsx');
    await writeFile(existing, 'my filled-in sheet');
    await expect(make('receipts', existing)).rejects.toThrow(/already exists.*--force/);
    expect(await readFile(existing, 'utf8')).toBe('my filled-in sheet');
    await make('receipts', existing, { force: true });
    expect((await workbook(existing)).worksheets).toHaveLength(3);
  });

  it('says where it cannot write', async () => {
    await expect(make('receipts', join(dir, 'no', 'such', 'folder', 't.xlsx'))).rejects.toMatchObject({
      code: 'output_not_writable',
    });
  });

  it('runs from the command line, with --json', async () => {
    const io = memoryIO();
    let status = -1;
    const program = new Command('shed').exitOverride().configureOutput({ writeOut: io.out, writeErr: io.err });
    registerCommands(program, io, (code) => {
      status = code;
    });
    const out = join(dir, 'cli.xlsx');
    const flags = ['--base-url', sandbox.url, '--token', 'demo-token-willow', '--org', 'Willow Creek Pastoral Co'];
    await program.parseAsync(['node', 'shed', ...flags, 'template', 'returns', '--out', out, '--json']);
    expect(status).toBe(0);
    expect(JSON.parse(io.stdout.join(''))).toMatchObject({
      kind: 'returns',
      file: out,
      lists: { storages: 4, units: 5 },
    });
    await expect(program.parseAsync(['node', 'shed', 'template', 'stock', '--out', out])).rejects.toMatchObject({
      code: 'commander.invalidArgument',
    });
    await expect(program.parseAsync(['node', 'shed', 'template', 'receipts'])).rejects.toMatchObject({
      code: 'commander.missingMandatoryOptionValue',
    });
  });
});
