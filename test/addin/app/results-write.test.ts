/**
 * The pane's write-back while the sheet changes under an import (issue: title row inserted above the
 * header, a sort, a row changed), over the office-js adapter on the fake Excel and the sandbox over
 * real HTTP: results go only under the add-in's own header, onto the rows their keys name; a result
 * that cannot be placed is named, kept, and placed again on request; the run is then not a success.
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
const RESULTS = ['Status', 'Record ID', 'Sequence', 'Line Item ID', 'Message'];
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

/** The office-js adapter, calling `afterPart` after each batch of results (the bookkeeper's edits). */
class WatchedWorkbook extends ExcelWorkbook {
  parts = 0;
  afterPart?: (part: number) => void;
  /** Called before each write of results (the bookkeeper typing while records are sent). */
  beforeWrite?: () => void;
  constructor(fake: FakeExcel) {
    super({ excel: fake.host, requirements: officeWith('1.17').context.requirements });
  }
  override async writeResults(input: ResultsInput): Promise<void> {
    this.beforeWrite?.();
    await super.writeResults(input);
    this.parts += 1;
    this.afterPart?.(this.parts);
  }
}

async function open(fake: FakeExcel) {
  const workbook = new WatchedWorkbook(fake);
  const connect = new ConnectController({ workbook, tokens: memoryTokenStore() });
  await connect.connect(sandbox.url, 'demo-token-willow');
  if (!connect.session()) await connect.selectOrganisation(WILLOW);
  const importer = new ImportController({ workbook, session: () => connect.session(), resultsEveryMs: 0 });
  await importer.refresh();
  return { workbook, importer };
}

/** Each invoice's row carries the id of the receipt made from it. */
async function expectIdsOnTheirRows(values: unknown[][], prefix: string, count: number, idColumn = 10) {
  const receipts = await listAll(sandbox.url, WILLOW, 'receipts');
  for (let n = 1; n <= count; n++) {
    const row = values.find((r) => r[0] === `${prefix}-${n}`)!;
    expect(row[idColumn - 1]).toBe('created');
    expect(receipts.find((r) => r.id === row[idColumn])?.notes).toBe(`Invoice ${prefix}-${n}`);
  }
}

describe('write-back under structural edits (office-js adapter, fake Excel, sandbox)', () => {
  it('a title row inserted above the header mid-import: results stay under the real header, no second block', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'Dockets', values: [HEADER, ...invoices('TTL', 8)] }] });
    const { workbook, importer } = await open(fake);
    workbook.afterPart = (part) => {
      if (part === 1) fake.sheet('Dockets').values.unshift(['Farmco invoices, March']);
    };
    await importer.start();
    const values = fake.sheet('Dockets').values;
    expect(workbook.parts).toBeGreaterThan(1);
    // The title row holds its title only; the header (now row 2) names every result column.
    expect(values[0]?.filter((v) => v !== undefined && v !== null && v !== '')).toEqual(['Farmco invoices, March']);
    expect(values[1]?.slice(9, 14)).toEqual(RESULTS);
    expect(values.flat().filter((v) => v === 'Status')).toHaveLength(1);
    await expectIdsOnTheirRows(values, 'TTL', 8);
    expect(importer.store.get().status?.tone).toBe('success');
  });

  it('a column inserted mid-import: no result is written over the bookkeeper’s cells; the rest wait, named', async () => {
    const withNotes = [...HEADER, 'Notes'];
    const rows = invoices('COL', 6).map((r, i) => [...r, `my note ${i + 1}`]);
    const fake = new FakeExcel({ sheets: [{ name: 'Dockets', values: [withNotes, ...rows] }] });
    const { workbook, importer } = await open(fake);
    workbook.afterPart = (part) => {
      if (part !== 1) return;
      // A "Checked" column inserted before Notes: the notes and the result block move one column right.
      const sheet = fake.sheet('Dockets');
      sheet.values.forEach((r, i) => r.splice(9, 0, i === 0 ? 'Checked' : 'yes'));
    };
    await importer.start();
    const values = fake.sheet('Dockets').values;
    // The first batch went in before the column was inserted; the later ones were held back, not misplaced.
    expect(workbook.parts).toBe(1);
    expect(values.slice(1).filter((r) => r.includes('created')).length).toBeGreaterThan(0);
    // Every note is still there, beside its own Checked cell, and the block's header is whole.
    for (const [i, row] of values.slice(1).entries()) expect(row.slice(9, 11)).toEqual(['yes', `my note ${i + 1}`]);
    expect(values[0]?.slice(9, 16)).toEqual(['Checked', 'Notes', ...RESULTS]);
    const state = importer.store.get();
    expect(state.status?.tone).not.toBe('success');
    expect(state.unplaced).toBeGreaterThan(0);
  });

  it('cells typed where the result block goes while the import runs are not overwritten: said, and placed again once cleared', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'Dockets', values: [HEADER, ...invoices('TYP', 3)] }] });
    const { workbook, importer } = await open(fake);
    workbook.beforeWrite = () => {
      workbook.beforeWrite = undefined;
      // Typed right of the data, where the block was to go (J–O), after the sheet was read.
      const values = fake.sheet('Dockets').values;
      values[0]![9] = 'Paid?';
      values[1]![9] = 'yes';
      values[2]![10] = 'ring Bob';
    };
    await importer.start();
    const values = fake.sheet('Dockets').values;
    expect([values[0]?.[9], values[1]?.[9], values[2]?.[10]]).toEqual(['Paid?', 'yes', 'ring Bob']);
    expect(values.flat()).not.toContain('created');
    const state = importer.store.get();
    expect(state.status?.tone).not.toBe('success');
    expect(state.unplaced).toBe(3);
    expect(state.warnings).toContain(
      'Cells J1, J2, K3 were filled while the import ran, where its results go (columns J–O): no result was written over them. Move or clear those cells, then press Place results again.',
    );
    // Cleared: the results are placed.
    for (const row of values) row.splice(9);
    await importer.placeResultsAgain();
    expect(importer.store.get().unplaced).toBe(0);
    expect(values[0]?.slice(9, 14)).toEqual(RESULTS);
    await expectIdsOnTheirRows(values, 'TYP', 3);
  });

  it('shed’s result headers renamed by the bookkeeper: the next import writes into the same block, found by its mark', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'Dockets', values: [HEADER, ...invoices('REN', 3)] }] });
    const { importer } = await open(fake);
    await importer.start();
    const sheet = fake.sheet('Dockets');
    expect(sheet.values[0]?.slice(9, 14)).toEqual(RESULTS);
    sheet.values[0]![9] = 'Import status';
    sheet.values[0]![10] = 'Shed ID';
    for (const row of invoices('NEW', 2)) sheet.values.push(row);
    await importer.refresh();
    await importer.start();
    const state = importer.store.get();
    expect(state.warnings).toEqual([]);
    expect(state).toMatchObject({ unplaced: 0, resultColumns: 'J–O', status: { tone: 'success' } });
    expect(sheet.values[0]?.slice(9, 11)).toEqual(['Import status', 'Shed ID']);
    expect(sheet.values[0]?.length).toBe(15);
    await expectIdsOnTheirRows(sheet.values, 'NEW', 2);
  });

  it('a sort mid-import: every result is written onto its invoice’s row', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'Dockets', values: [HEADER, ...invoices('SRT', 10)] }] });
    const { workbook, importer } = await open(fake);
    workbook.afterPart = (part) => {
      if (part !== 1) return;
      // Sort descending by Qty: the header stays, the rows (with any results already written) move.
      const sheet = fake.sheet('Dockets');
      sheet.values = [sheet.values[0]!, ...sheet.values.slice(1).sort((a, b) => Number(b[5]) - Number(a[5]))];
    };
    await importer.start();
    const values = fake.sheet('Dockets').values;
    expect(values[1]?.[0]).toBe('SRT-10');
    await expectIdsOnTheirRows(values, 'SRT', 10);
    expect(importer.store.get().unplaced).toBe(0);
    expect(importer.store.get().status?.tone).toBe('success');
  });

  it('a row changed mid-import: its result is not written, the invoice is named, the run is not a success; placed again once it is back', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'Dockets', values: [HEADER, ...invoices('CHG', 4)] }] });
    const { workbook, importer } = await open(fake);
    let saved: unknown = null;
    workbook.afterPart = (part) => {
      if (part !== 1) return;
      const row = fake.sheet('Dockets').values.find((r) => r[0] === 'CHG-4')!;
      saved = row[4];
      row[4] = 'Roundup'; // the bookkeeper retypes the product while the import runs
    };
    await importer.start();
    const state = importer.store.get();
    expect(state.status?.tone).toBe('warning');
    expect(state.unplaced).toBe(1);
    expect(state.warnings.join('\n')).toMatch(
      /Not written, invoice CHG-4 \(row 5 when read\): created as [A-Z]+-\d+ \(Record ID [^)]+\)/,
    );
    expect(importer.lastRun.report?.placed.unplaced).toEqual([5]);
    // The journal says the run stopped before its results were all written: the notice names the invoice.
    expect(state.pending?.records).toEqual(['invoice CHG-4']);
    const row = () => fake.sheet('Dockets').values.find((r) => r[0] === 'CHG-4')!;
    expect(row()[10] ?? '').toBe('');

    // Put back as it was: Place results again writes it.
    row()[4] = saved;
    await importer.placeResultsAgain();
    expect(importer.store.get().unplaced).toBe(0);
    // Every result is on its row now: the run is finished in the journal, and the notice is gone.
    expect(importer.store.get().pending).toBeNull();
    await expectIdsOnTheirRows(fake.sheet('Dockets').values, 'CHG', 4);
  });

  it('rows inserted mid-import: the problem line names the row where it is now, and clicking it selects that cell', async () => {
    const rows = invoices('MV', 8);
    rows[5]![5] = -5; // MV-6, row 7 when read: refused
    const fake = new FakeExcel({ sheets: [{ name: 'Dockets', values: [HEADER, ...rows] }] });
    const { workbook, importer } = await open(fake);
    workbook.afterPart = (part) => {
      if (part === 1) fake.insertRows('Dockets', 2, 3);
    };
    await importer.start();
    const state = importer.store.get();
    expect(fake.sheet('Dockets').values[9]?.[0]).toBe('MV-6');
    expect(state.problems).toEqual([
      'Row 10 (row 7 when read), F: Qty: -5 must be greater than 0 (invoice MV-6 not sent)',
    ]);
    expect(state.problemCells).toEqual([{ sheet: 'Dockets', rowNumber: 10, column: 5 }]);
    await importer.showProblem(0);
    expect(fake.selection).toEqual({ sheet: 'Dockets', row: 9, column: 5 });
  });

  it('re-reads only the key cells: the header and the batch’s rows, not the sheet', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'Dockets', values: [HEADER, ...invoices('KEY', 6)] }] });
    const { importer } = await open(fake);
    const syncsBefore = fake.okSyncs.length;
    await importer.start();
    const loads = fake.okSyncs.slice(syncsBefore).flatMap((s) => s.ops.filter((op) => op.kind === 'load'));
    // One full read (the run's own), and key-cell reads of at most the key columns (invoice, supplier, storage, product, qty, pack size, price).
    const full = loads.filter((op) => op.columns === HEADER.length && String(op.value).includes('values'));
    expect(full).toHaveLength(1);
    const reads = loads.filter((op) => op !== full[0] && String(op.value).includes('values'));
    // Before the result block's first write, the writer loads its own place (J–O) once: still empty, so nothing typed is overwritten.
    const blockReads = reads.filter((op) => (op.column ?? 0) >= HEADER.length);
    expect(blockReads.map((op) => [op.column, op.columns])).toEqual([[9, 6]]);
    const keyReads = reads.filter((op) => !blockReads.includes(op));
    expect(keyReads.length).toBeGreaterThan(0);
    for (const op of keyReads) expect([0, 1, 3, 4, 5, 6, 8]).toContain(op.column);
  });
});

describe('marks after a sort mid-import', () => {
  it('the refused invoice’s mark and Message are on its row at the end, wherever the sort put it', async () => {
    const rows = invoices('MRK', 6);
    rows[1]![4] = 'Glyfos 450'; // MRK-2: no such product, refused and marked
    const fake = new FakeExcel({ sheets: [{ name: 'Dockets', values: [HEADER, ...rows] }] });
    const workbook = new WatchedWorkbook(fake);
    Object.assign(workbook, {
      options: {
        ...(workbook as unknown as { options: object }).options,
        requirements: officeWith('1.17').context.requirements,
      },
    });
    const connect = new ConnectController({ workbook, tokens: memoryTokenStore() });
    await connect.connect(sandbox.url, 'demo-token-willow');
    if (!connect.session()) await connect.selectOrganisation(WILLOW);
    const importer = new ImportController({ workbook, session: () => connect.session(), resultsEveryMs: 0 });
    await importer.refresh();
    workbook.afterPart = (part) => {
      if (part !== 1) return;
      const sheet = fake.sheet('Dockets');
      sheet.values = [sheet.values[0]!, ...sheet.values.slice(1).sort((a, b) => Number(b[5]) - Number(a[5]))];
    };
    await importer.start();
    const values = fake.sheet('Dockets').values;
    const row = values.findIndex((r) => r[0] === 'MRK-2') + 1;
    const marks = fake
      .sheet('Dockets')
      .conditionalFormats.filter((f) => f.formula.includes('Shed Sheets'))
      .map((f) => f.address);
    expect(marks).toEqual([`E${row}`]);
    expect(values[row - 1]?.[9]).toBe('invalid');
    await expectIdsOnTheirRows(values, 'MRK', 1);
  });
});

/** The adapter with notes (ExcelApi 1.18), whose next write of results can be made to fail (a cell being edited). */
class EditedWorkbook extends ExcelWorkbook {
  failNext = false;
  constructor(fake: FakeExcel) {
    super({ excel: fake.host, requirements: officeWith('1.18').context.requirements });
  }
  override async writeResults(input: ResultsInput): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw Object.assign(new Error('The cell is being edited'), { code: 'InvalidOperationInCellEditMode' });
    }
    return super.writeResults(input);
  }
}

describe('marks of an earlier run when the first write of results fails', () => {
  it('the old mark and note go with the first write that goes through, not with one that failed', async () => {
    const rows = invoices('OLD', 2);
    rows[0]![5] = -5; // OLD-1: refused by Validate, marked, then fixed by the bookkeeper
    const fake = new FakeExcel({ sheets: [{ name: 'Dockets', values: [HEADER, ...rows] }] });
    const workbook = new EditedWorkbook(fake);
    const connect = new ConnectController({ workbook, tokens: memoryTokenStore() });
    await connect.connect(sandbox.url, 'demo-token-willow');
    if (!connect.session()) await connect.selectOrganisation(WILLOW);
    const importer = new ImportController({ workbook, session: () => connect.session(), resultsEveryMs: 0 });
    await importer.refresh();
    await importer.validate();
    const sheet = fake.sheet('Dockets');
    const shedMarks = () =>
      sheet.conditionalFormats.filter((f) => f.formula.includes('Shed Sheets')).map((f) => f.address);
    expect(shedMarks()).toEqual(['F2']);
    expect([...sheet.notes.keys()]).toEqual(['F2']);
    sheet.values[1]![5] = 5;
    workbook.failNext = true;
    await importer.start();
    expect(sheet.values.slice(1).map((r) => r[9])).toEqual(['created', 'created']);
    expect(shedMarks()).toEqual([]);
    expect([...sheet.notes.keys()]).toEqual([]);
  });
});
