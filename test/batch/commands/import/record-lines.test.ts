// The summary's lines that name records (batch/commands/import/record-lines.ts): a record not done
// (conflict, failed, duplicate) says where and why on the terminal and in `--json`, in dry runs too
// (which write no results file), and an update says what it changes in its results row's words. The
// sandbox over HTTP, the example workbook and real CSV.
import { copyFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../../sandbox/index.ts';
import { WILLOW } from '../../../support/catalogue.ts';
import { runImportCli } from '../../../support/import.ts';
import { listAll } from '../../../support/service.ts';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

/** The example's columns: Qty, Line Total, then the result columns Status … Message. */
const QTY = 7;
const LINE_TOTAL = 11;
const MESSAGE = 17;

/** Copies the sheet `from` to `to` with `edit` made to its Invoices sheet. */
async function editWorkbook(from: string, to: string, edit: (sheet: ExcelJS.Worksheet) => void): Promise<void> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(from);
  edit(wb.getWorksheet('Invoices')!);
  await wb.xlsx.writeFile(to);
}

/** The Message cell of `rowNumber` in a results workbook. */
async function messageOf(file: string, rowNumber: number): Promise<string> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  return String(wb.getWorksheet('Invoices')!.getRow(rowNumber).getCell(MESSAGE).value);
}

/** The `--json` summary as printed on standard output. */
function printedJson(io: { stdout: string[] }): Record<string, unknown> & { notDone: any[]; updates: string[] } {
  return JSON.parse(io.stdout.join('\n'));
}

describe('receipts: a conflict and an update said on the terminal and in --json', () => {
  let sandbox: Sandbox;
  let dir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-record-lines-'));
    await copyFile('examples/supplier-invoices.xlsx', join(dir, 'invoices.xlsx'));
    const first = await runImportCli(sandbox.url, { kind: 'receipts', file: join(dir, 'invoices.xlsx') });
    expect(first.summary.records.created).toBe(11);
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it("a dry run's conflict (a quantity edited in the original, no ids) prints where and why, and --json carries it", async () => {
    const edited = join(dir, 'edited.xlsx');
    await editWorkbook(join(dir, 'invoices.xlsx'), edited, (sheet) => {
      sheet.getRow(5).getCell(QTY).value = 9; // INV-40211, rows 5-7: Qty 4 → 9
      sheet.getRow(5).getCell(LINE_TOTAL).value = 9 * 185;
    });
    const dry = await runImportCli(sandbox.url, { kind: 'receipts', file: edited, dryRun: true });
    expect(dry.summary.records.conflict).toBe(1);
    const line = dry.io.stderr.find((l) => l.startsWith('edited.xlsx, sheet Invoices, rows 5, 6, 7: conflict: '));
    expect(line, dry.io.stderr.join('\n')).toMatch(
      /invoice INV-40211 is already in the service as REC-\d+, otherwise: .*not sent; to correct REC-\d+ instead, .*use --allow-duplicates "REASON"/,
    );

    const json = await runImportCli(sandbox.url, { kind: 'receipts', file: edited, dryRun: true, json: true });
    const printed = printedJson(json.io);
    expect(printed.notDone).toEqual([
      expect.objectContaining({ status: 'conflict', rows: [5, 6, 7], record: 'invoice INV-40211', text: line }),
    ]);
    // The reason is the Message a real run writes on the rows (nothing is sent for a conflict).
    const real = await runImportCli(sandbox.url, { kind: 'receipts', file: edited });
    expect(printed.notDone[0].message).toBe(await messageOf(real.summary.resultsFile!, 5));
    expect(real.io.stderr).toContain(line);
  });

  it('an update that changes and adds line items says so, in the words of its results row', async () => {
    const edited = join(dir, 'corrected.xlsx');
    await editWorkbook(join(dir, 'invoices.results.xlsx'), edited, (sheet) => {
      sheet.getRow(15).getCell(QTY).value = 45; // S-2291, rows 15-17: Qty 40 → 45
      sheet.spliceRows(18, 0, [null, null, null, null, null, 'Bannister Oats', 10, 40, 'kg', 38]);
    });
    const dry = await runImportCli(sandbox.url, { kind: 'receipts', file: edited, dryRun: true, json: true });
    const said =
      /^corrected\.xlsx, sheet Invoices, rows 15, 16, 17, 18: REC-\d+ would update: dry run: 1 line item changed; 1 line item added$/;
    expect(dry.summary.updates).toEqual([expect.stringMatching(said)]);
    expect(printedJson(dry.io).updates).toEqual(dry.summary.updates);
    expect(dry.summary.notices).toEqual([]);

    const { summary, io } = await runImportCli(sandbox.url, { kind: 'receipts', file: edited });
    expect(summary.records.updated).toBe(1);
    const message = await messageOf(summary.resultsFile!, 15);
    expect(message).toBe('1 line item changed; 1 line item added');
    const sequence = (await listAll(sandbox.url, WILLOW, 'receipts')).find(
      (r) => r.notes === 'Invoice S-2291',
    )?.sequence;
    expect(io.stderr).toContain(`corrected.xlsx, sheet Invoices, rows 15, 16, 17, 18: ${sequence} updated: ${message}`);
  });
});

describe('receipts: a conflict on an invoice the service holds twice is said once', () => {
  let sandbox: Sandbox;
  let dir: string;
  /** The April CSV with INV-88512's Starter MAP at $1,030 instead of $1,025: a conflict. */
  let repriced: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-record-lines-'));
    const april = await readFile('examples/supplier-invoices-april.csv', 'utf8');
    await writeFile(join(dir, 'a.csv'), april);
    await writeFile(join(dir, 'b.csv'), april);
    // INV-40502 is refused (an unknown product); INV-88512 (rows 4, 5) and S-2340 (rows 6, 7) go in twice.
    expect(
      (await runImportCli(sandbox.url, { kind: 'receipts', file: join(dir, 'a.csv') })).summary.records.created,
    ).toBe(2);
    const again = await runImportCli(sandbox.url, {
      kind: 'receipts',
      file: join(dir, 'b.csv'),
      allowDuplicates: 'test',
    });
    expect(again.summary.records.created).toBe(2);
    repriced = join(dir, 'c.csv');
    expect(april).toContain('$1,025.00');
    await writeFile(repriced, april.replace('$1,025.00', '$1,030.00'));
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  /** Lines printed or listed that name INV-88512's rows and its two copies. */
  const heldTwice = (lines: readonly string[]) =>
    lines.filter((l) => l.startsWith('c.csv, sheet c, rows 4, 5: ') && /holds this invoice 2 times/.test(l));

  it('on the terminal and in --json, dry run or not, among the records not done; an unchanged twin stays in problems', async () => {
    for (const dryRun of [true, false]) {
      const { summary, io } = await runImportCli(sandbox.url, { kind: 'receipts', file: repriced, dryRun });
      expect(summary.records).toMatchObject({ conflict: 1, unchanged: 1 });
      const said = heldTwice(io.stderr);
      expect(said, io.stderr.join('\n')).toHaveLength(1);
      expect(said[0]).toMatch(
        /^c\.csv, sheet c, rows 4, 5: conflict: invoice INV-88512 is already in the service as REC-\d+, otherwise: /,
      );
      // S-2340 is unchanged, not "not done": the service holding it twice is said in problems, as before.
      expect(summary.problems.filter((p) => /rows 6, 7: .*holds this invoice 2 times/.test(p))).toHaveLength(1);

      const json = await runImportCli(sandbox.url, { kind: 'receipts', file: repriced, dryRun, json: true });
      const printed = printedJson(json.io) as ReturnType<typeof printedJson> & { problems: string[] };
      const listed = [...printed.problems, ...printed.notDone.map((r) => r.text as string)];
      expect(heldTwice(listed)).toEqual(said);
      expect(printed.notDone).toEqual([
        expect.objectContaining({ status: 'conflict', rows: [4, 5], record: 'invoice INV-88512', text: said[0] }),
      ]);
      expect(printed.problems.filter((p) => /rows 6, 7: .*holds this invoice 2 times/.test(p))).toHaveLength(1);
    }
  });

  it("the conflict's notDone entry names the record its rows carry, dry run too", async () => {
    const real = await runImportCli(sandbox.url, { kind: 'receipts', file: repriced });
    // The April CSV's results: semicolons, as its input.
    const rows = Papa.parse<Record<string, string>>(await readFile(real.summary.resultsFile!, 'utf8'), {
      header: true,
      delimiter: ';',
    }).data;
    // Row 4 of the sheet: the third data row of the results file (its header is row 1).
    const { Status: status, 'Record ID': recordId, Sequence: sequence } = rows[2]!;
    expect([status, recordId, sequence]).toEqual(['conflict', expect.any(String), expect.stringMatching(/^REC-\d+$/)]);
    const copies = (await listAll(sandbox.url, WILLOW, 'receipts')).filter((r) => r.id === recordId);
    expect(copies.map((r) => r.sequence)).toEqual([sequence]);

    const named = { status: 'conflict', rows: [4, 5], sequence, recordId };
    expect(real.summary.notDone).toEqual([expect.objectContaining(named)]);
    expect(real.summary.notDone[0]!.message).toContain(`already in the service as ${sequence}, otherwise`);
    // A dry run shows no ids on the rows (they would tie the sheet to that record), but says which record it found.
    const dry = await runImportCli(sandbox.url, { kind: 'receipts', file: repriced, dryRun: true, json: true });
    expect(printedJson(dry.io).notDone).toEqual([expect.objectContaining(named)]);
  });
});

describe('returns: failed and duplicate records said on the terminal and in --json', () => {
  let sandbox: Sandbox;
  let dir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-record-lines-'));
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('a results file whose returns were deleted since: each failed row says which Record ID is gone, dry run or not', async () => {
    const file = join(dir, 'returns.csv');
    await copyFile('examples/supplier-returns.csv', file);
    const first = await runImportCli(sandbox.url, { kind: 'returns', file });
    expect(first.summary.records.created).toBe(4);
    for (const record of await listAll(sandbox.url, WILLOW, 'returns')) {
      const gone = await fetch(`${sandbox.url}/api/shed/organisations/${WILLOW}/returns/${record.id}`, {
        method: 'DELETE',
        headers: { Authorization: 'Bearer demo-token-willow' },
      });
      expect(gone.status).toBe(204);
    }
    const again = join(dir, 'again.csv');
    await copyFile(join(dir, 'returns.results.csv'), again);
    const ids = Papa.parse<Record<string, string>>(await readFile(again, 'utf8'), { header: true }).data.flatMap(
      (row, i) => (row['Record ID'] ? [[i + 2, row['Record ID']] as const] : []),
    );
    expect(ids).toHaveLength(4);
    const expected = ids.map(
      ([row, id]) =>
        `again.csv, sheet again, row ${row}: failed: no return with Record ID ${id} in this organisation (deleted?): clear the Record ID to create it again`,
    );

    const dry = await runImportCli(sandbox.url, { kind: 'returns', file: again, dryRun: true });
    expect(dry.summary.records.failed).toBe(4);
    expect(dry.io.stderr.filter((l) => l.includes(': failed: '))).toEqual(expected);
    const json = await runImportCli(sandbox.url, { kind: 'returns', file: again, dryRun: true, json: true });
    expect(printedJson(json.io).notDone.map((r) => [r.status, r.text])).toEqual(expected.map((t) => ['failed', t]));
    const real = await runImportCli(sandbox.url, { kind: 'returns', file: again });
    expect(real.io.stderr.filter((l) => l.includes(': failed: '))).toEqual(expected);
  });

  it('the same credit note twice in one sheet: the duplicate row says which row it repeats', async () => {
    const file = join(dir, 'pasted.csv');
    await writeFile(
      file,
      [
        'Date,Return To,From Shed,Product,Amount,Credit Note',
        '12/2/2026,Farmco Rural Supplies,Main Chemical Shed,Glyfos 540,20 L,CN-601',
        '12/2/2026,Farmco Rural Supplies,Main Chemical Shed,Glyfos 540,20 L,CN-601',
      ].join('\r\n'),
    );
    const said =
      /^pasted\.csv, sheet pasted, row 3: duplicate: the same as the return on row 2 of this sheet: not sent; use --allow-duplicates/;
    const dry = await runImportCli(sandbox.url, { kind: 'returns', file, dryRun: true });
    expect(dry.summary.records.duplicate).toBe(1);
    expect(dry.io.stderr.filter((l) => said.test(l))).toHaveLength(1);
    expect(dry.summary.notDone).toEqual([
      expect.objectContaining({ status: 'duplicate', rows: [3], record: 'the return on row 3' }),
    ]);
    const real = await runImportCli(sandbox.url, { kind: 'returns', file, json: true });
    expect(real.summary.records).toMatchObject({ created: 1, duplicate: 1 });
    expect(printedJson(real.io).notDone).toEqual([
      expect.objectContaining({ status: 'duplicate', text: expect.stringMatching(said) }),
    ]);
  });
});
