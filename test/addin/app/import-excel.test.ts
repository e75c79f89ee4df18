/**
 * The Import screen over the office-js adapter (ExcelWorkbook on an office-addin-mock Excel) and the
 * sandbox over real HTTP: results go into the sheet per invoice as they complete, each batch onto its
 * rows as they are at that moment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectController } from '../../../addin/app/connect.ts';
import { ImportController } from '../../../addin/app/import.ts';
import { memoryTokenStore } from '../../../addin/app/token-store.ts';
import { ExcelWorkbook } from '../../../addin/excel/excel-workbook.ts';
import type { ResultsInput } from '../../../addin/excel/workbook-port.ts';
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
    `${i + 1}/03/2026`,
    'Main Chemical Shed',
    'Glyfos 540',
    i + 1,
    20,
    'L',
    185,
  ]);

/** The office-js adapter, noting each batch of results and what the sheet held when it came. */
class WatchedWorkbook extends ExcelWorkbook {
  readonly parts: { rows: number[]; idsBefore: unknown[] }[] = [];
  afterPart?: (part: number) => void;

  constructor(private readonly fake: FakeExcel) {
    super({ excel: fake.host, requirements: officeWith('1.17').context.requirements });
  }

  override async writeResults(input: ResultsInput): Promise<void> {
    const idsBefore = this.fake.sheet(input.sheet).values.map((row) => row[10]);
    this.parts.push({ rows: input.results.map((r) => r.rowNumber), idsBefore });
    await super.writeResults(input);
    this.afterPart?.(this.parts.length);
  }
}

async function open(fake: FakeExcel) {
  const workbook = new WatchedWorkbook(fake);
  const connect = new ConnectController({ workbook, tokens: memoryTokenStore() });
  await connect.connect(sandbox.url, 'demo-token-willow');
  if (!connect.session()) await connect.selectOrganisation(WILLOW);
  // Results are written after every record (records finishing during a write go into the next).
  const importer = new ImportController({ workbook, session: () => connect.session(), resultsEveryMs: 0 });
  await importer.refresh();
  return { workbook, importer };
}

describe('results written per invoice, with the row check (office-js adapter)', () => {
  it('writes each batch of finished invoices while the rest are sent; a row inserted between batches moves the later results with it', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'Dockets', values: [HEADER, ...invoices('PER', 8)] }] });
    const { workbook, importer } = await open(fake);
    expect(importer.store.get().mappingProblem).toBeNull();
    // After the first batch, the bookkeeper inserts a row at the top of the data (Excel shifts what is below).
    workbook.afterPart = (part) => {
      if (part === 1) fake.sheet('Dockets').values.splice(1, 0, ['typed while importing']);
    };
    await importer.start();

    expect(importer.store.get().status?.text).toBe('8 receipts: 8 created.');
    expect(workbook.parts.length).toBeGreaterThan(2);
    // The first batch was written on its own, before the last invoice was done.
    const first = workbook.parts[0]!;
    expect(first.rows.length).toBeLessThan(8);
    // Each later batch found the ids of the earlier ones already in the sheet.
    const last = workbook.parts[workbook.parts.length - 1]!;
    expect(last.idsBefore.filter((id) => typeof id === 'string' && id !== 'Record ID').length).toBeGreaterThan(0);

    // Every invoice's row carries the id of the receipt made from it, not its neighbour's.
    const receipts = await listAll(sandbox.url, WILLOW, 'receipts');
    const values = fake.sheet('Dockets').values;
    expect(values[1]?.[0]).toBe('typed while importing');
    expect(values[1]?.slice(9).filter((v) => v !== undefined && v !== null && v !== '')).toEqual([]);
    for (let n = 1; n <= 8; n++) {
      const row = values.find((r) => r[0] === `PER-${n}`)!;
      expect(row[9]).toBe('created');
      expect(receipts.find((r) => r.id === row[10])?.notes).toBe(`Invoice PER-${n}`);
    }
    expect(importer.store.get().warnings[0]).toMatch(/^Rows moved while importing; their results followed them/);
  });

  it('a batch that cannot be written mid-run (a cell being edited) is written at the end; nothing is sent twice', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'Dockets', values: [HEADER, ...invoices('EDIT', 4)] }] });
    const { workbook, importer } = await open(fake);
    let refused = 0;
    fake.failSync = (ops) =>
      ops.some((op) => op.kind === 'values') && refused++ === 0
        ? { code: 'InvalidOperationInCellEditMode' }
        : undefined;
    const before = (await listAll(sandbox.url, WILLOW, 'receipts')).length;
    await importer.start();
    expect(refused).toBeGreaterThan(0);
    expect(importer.store.get().status?.text).toBe('4 receipts: 4 created.');
    expect((await listAll(sandbox.url, WILLOW, 'receipts')).length).toBe(before + 4);
    const values = fake.sheet('Dockets').values;
    for (let n = 1; n <= 4; n++) expect(values[n]?.[9]).toBe('created');
    expect(workbook.parts.length).toBeGreaterThanOrEqual(2);
  });
});
