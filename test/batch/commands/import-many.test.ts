// Whole workbooks and several files in one run: each sheet its own results file and journal (undo
// reaches exactly one run), sheets that do not map skipped and said, supplier from the sheet's name.
import { access, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importManyCommand } from '../../../batch/commands/import/many.ts';
import { undoCommand } from '../../../batch/commands/undo/index.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { listAll } from '../../support/service.ts';

const HEADERS = ['Invoice No', 'Date Received', 'Deliver To', 'Product', 'Qty', 'Pack Size', 'Unit', 'Price ex GST'];

describe('several sheets and files in one run', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  let workbook: string;
  const connection = () => ({
    baseUrl: sandbox.url,
    token: 'demo-token-willow',
    org: 'Willow Creek Pastoral Co',
    profilesDir: join(dir, 'no-profiles'),
  });
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-many-'));
    workbook = join(dir, 'suppliers.xlsx');
    const wb = new ExcelJS.Workbook();
    const farmco = wb.addWorksheet('Farmco Rural Supplies');
    farmco.addRows([HEADERS, ['MANY-1', '3/02/2026', 'Main Chemical Shed', 'Glyfos 540', 2, 20, 'L', 185]]);
    const scf = wb.addWorksheet('Southern Cross Fertilisers');
    scf.addRows([HEADERS, ['MANY-2', '4/02/2026', 'Fertiliser Bunker', 'Granular Urea', 4, 1, 't', 785]]);
    wb.addWorksheet('Notes').addRows([['Call Farmco about the back order'], ['Pay by the 30th']]);
    await wb.xlsx.writeFile(workbook);
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('--all-sheets: every sheet that maps, supplier from its name, each its own results; the notes sheet skipped and said', async () => {
    const mapping = join(dir, 'per-supplier.json');
    await writeFile(mapping, JSON.stringify({ kind: 'receipts', columns: {}, values: { supplier: '{sheet}' } }));
    const io = memoryIO();
    const summary = await importManyCommand({
      ...connection(),
      kind: 'receipts',
      files: [workbook],
      allSheets: true,
      mapping,
      io,
    });
    expect(summary.exitCode).toBe(0);
    expect(summary.runs.map((r) => [r.sheet, r.records.created])).toEqual([
      ['Farmco Rural Supplies', 1],
      ['Southern Cross Fertilisers', 1],
    ]);
    expect(summary.notImported).toEqual([expect.objectContaining({ sheet: 'Notes', exitCode: 0 })]);
    expect(io.stderr.join('\n')).toMatch(/skipped: .*suppliers\.xlsx, sheet Notes: .*cannot find the header row/);
    await access(join(dir, 'suppliers.Farmco-Rural-Supplies.results.xlsx'));
    await access(join(dir, 'suppliers.Southern-Cross-Fertilisers.results.xlsx'));
    const created = (await listAll(sandbox.url, WILLOW, 'receipts')).filter((r) =>
      /^Invoice MANY-/.test(r.notes ?? ''),
    );
    expect(created.map((r) => [r.notes, r.supplier]).sort()).toEqual([
      ['Invoice MANY-1', 'Farmco Rural Supplies'],
      ['Invoice MANY-2', 'Southern Cross Fertilisers'],
    ]);

    // Undo reaches exactly one run: the Farmco sheet's.
    const undone = await undoCommand({
      ...connection(),
      journal: join(dir, 'suppliers.Farmco-Rural-Supplies.xlsx.journal.jsonl'),
      yes: true,
      io: memoryIO(),
    });
    expect(undone.deleted).toHaveLength(1);
    const left = (await listAll(sandbox.url, WILLOW, 'receipts')).filter((r) => /^Invoice MANY-/.test(r.notes ?? ''));
    expect(left.map((r) => r.notes)).toEqual(['Invoice MANY-2']);
  });

  it('several files: each imported, one that cannot be read said (exit 2), the others still done', async () => {
    const a = join(dir, 'a.csv');
    const b = join(dir, 'b.csv');
    await writeFile(
      a,
      `Supplier,${HEADERS.join(',')}\r\nFarmco Rural Supplies,MANY-3,5/02/2026,Main Chemical Shed,Glyfos 540,1,20,L,185\r\n`,
    );
    await writeFile(b, 'not,a\r\n"broken');
    const io = memoryIO();
    const summary = await importManyCommand({
      ...connection(),
      kind: 'receipts',
      files: [a, b],
      dryRun: true,
      io,
      json: true,
    });
    expect(summary.exitCode).toBe(2);
    expect(summary.runs.map((r) => r.records.valid)).toEqual([1]);
    expect(summary.notImported).toEqual([expect.objectContaining({ file: b, exitCode: 2 })]);
    expect(JSON.parse(io.stdout.join('\n'))).toMatchObject({ exitCode: 2, runs: [{ file: a }] });
  });

  it('a file refused after another sent records: exit 1, not 2 (2 means nothing was sent)', async () => {
    const a = join(dir, 'sent.csv');
    await writeFile(
      a,
      `Supplier,${HEADERS.join(',')}\r\nFarmco Rural Supplies,MANY-4,6/02/2026,Main Chemical Shed,Glyfos 540,1,20,L,185\r\n`,
    );
    const io = memoryIO();
    const summary = await importManyCommand({
      ...connection(),
      kind: 'receipts',
      files: [a, join(dir, 'missing.csv')],
      io,
    });
    expect(summary.runs.map((r) => r.records.created)).toEqual([1]);
    expect(summary.notImported).toEqual([expect.objectContaining({ file: join(dir, 'missing.csv'), exitCode: 2 })]);
    expect(summary.exitCode).toBe(1);
    expect(io.stderr.join('\n')).toMatch(/NOT IMPORTED: .*missing\.csv/);
  });

  it('files whose every record was refused are not counted as imported', async () => {
    const files = ['bad-1.csv', 'bad-2.csv'].map((name) => join(dir, name));
    for (const file of files)
      await writeFile(
        file,
        `Supplier,${HEADERS.join(',')}\r\nFarmco Rural Supplies,MANY-5,7/02/2026,Main Chemical Shed,No Such Product,1,20,L,185\r\n`,
      );
    const io = memoryIO();
    const summary = await importManyCommand({ ...connection(), kind: 'receipts', files, io });
    expect(summary.exitCode).toBe(1);
    const last = io.stderr.at(-1) ?? '';
    expect(last).toMatch(
      /^0 sheets imported; 2 sheets with every record refused: .*bad-1\.csv.*bad-2\.csv.*; 0 not imported$/,
    );
  });

  it('refuses --results with several runs, and --sheet with --all-sheets', async () => {
    await expect(
      importManyCommand({
        ...connection(),
        kind: 'receipts',
        files: [workbook],
        sheets: ['A', 'B'],
        results: 'x.xlsx',
        io: memoryIO(),
      }),
    ).rejects.toThrow(/--results/);
    await expect(
      importManyCommand({
        ...connection(),
        kind: 'receipts',
        files: [workbook],
        sheets: ['A'],
        allSheets: true,
        io: memoryIO(),
      }),
    ).rejects.toThrow(/--all-sheets/);
  });
});
