import { describe, expect, it } from 'vitest';
import type { RowResult } from '../../../shared/import/outcome.ts';
import { RESULT_COLUMNS } from '../../../shared/kinds/index.ts';
import { ExcelWorkbook } from '../../../addin/excel/excel-workbook.ts';
import { NOTE_LIMIT } from '../../../addin/excel/excel-results.ts';
import { MARK_FORMULA } from '../../../addin/excel/excel-marks.ts';
import { INVALID_FILL } from '../../../addin/excel/sheet-layout.ts';
import { WorkbookError, marksSettingKey } from '../../../addin/excel/workbook-port.ts';
import { FakeExcel, officeWith } from './excel-fake.ts';
import { MemoryWorkbook } from '../../../addin/excel/memory-workbook.ts';
import type { CellValue } from '../../../shared/sheet/grid.ts';
import { insertRows } from '../../../addin/replay/structural-edits.ts';
import type { FakeOp } from './excel-fake.ts';

const headers = ['Supplier', 'Date', 'Product', 'Qty'];

/** A sheet with a title row, the header in row 3 and `count` invoice lines below. */
function invoiceSheet(count: number, extra: unknown[][] = []): FakeExcel {
  const values: unknown[][] = [['February invoices'], [], headers];
  for (let i = 0; i < count; i++) values.push(['Nufarm', 46056, `Roundup ${i}`, i + 1]);
  return new FakeExcel({ sheets: [{ name: 'Invoices', values: [...values, ...extra] }] });
}

const created = (rowNumber: number, extra: Partial<RowResult> = {}): RowResult => ({
  rowNumber,
  status: 'created',
  recordId: `rcpt_${rowNumber}`,
  sequence: 'R-00042',
  lineItemId: `li_${rowNumber}`,
  ...extra,
});

const kinds = (ops: FakeOp[]) => ops.map((op) => op.kind);

/** The add-in's marks on a sheet of the fake: its conditional formats with the add-in's rule and red fill, by address. */
const marks = (fake: FakeExcel, sheet: string) =>
  fake
    .sheet(sheet)
    .conditionalFormats.filter((f) => f.formula === MARK_FORMULA && f.color === INVALID_FILL)
    .map((f) => f.address);

/** ExcelApi 1.6 and later: conditional formats, so marks. */
const withMarks = officeWith('1.17').context.requirements;

describe('ExcelWorkbook.writeResults', () => {
  it('appends the result columns after the last header and writes each row', async () => {
    const fake = invoiceSheet(2);
    await new ExcelWorkbook({ excel: fake.host, requirements: officeWith('1.17').context.requirements }).writeResults({
      sheet: 'Invoices',
      headerRowNumber: 3,
      headers,
      results: [
        created(4),
        { rowNumber: 5, status: 'invalid', message: "no product named 'Roundup 1'", invalidColumns: [2] },
      ],
    });
    const row = (n: number) => [4, 5, 6, 7, 8, 9].map((c) => fake.cell('Invoices', n, c));
    expect(row(3)).toEqual(['Status', 'Record ID', 'Sequence', 'Line Item ID', 'Message', 'Updated At']);
    expect(row(4)).toEqual(['created', 'rcpt_4', 'R-00042', 'li_4', '', '']);
    expect(row(5)).toEqual(['invalid', '', '', '', "no product named 'Roundup 1'", '']);
    expect(fake.cell('Invoices', 4, 2)).toBe('Roundup 0'); // the input is untouched
    expect(fake.sheet('Invoices').bold).toEqual(['E3:J3']);
    expect(marks(fake, 'Invoices')).toEqual(['C5']);
    expect(fake.sheet('Invoices').fills.size).toBe(0); // the cells' own format is never touched
  });

  it('refuses to write a new block over cells filled since the sheet was read, naming them; the memory workbook too', async () => {
    const fake = invoiceSheet(2);
    // Typed after the sheet was read (the headers given are those read then): F3, and E5 where the block goes.
    fake.sheet('Invoices').values[2]![5] = 'Paid?';
    fake.sheet('Invoices').values[4]![4] = 'ring Bob';
    const input = { sheet: 'Invoices', headerRowNumber: 3, headers, results: [created(4), created(5)] };
    const error = await new ExcelWorkbook({ excel: fake.host, requirements: withMarks })
      .writeResults(input)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkbookError);
    expect(error).toMatchObject({
      code: 'cells_taken',
      message:
        'Cells F3, E5 were filled while the import ran, where its results go (columns E–J): no result was written over them. Move or clear those cells, then press Place results again.',
    });
    expect(fake.sheet('Invoices').values.map((r) => r.slice(4, 6))).toEqual([
      [],
      [],
      [undefined, 'Paid?'],
      [],
      ['ring Bob'],
    ]);
    const memory = new MemoryWorkbook({
      sheets: [{ name: 'Invoices', rows: fake.sheet('Invoices').values as CellValue[][] }],
    });
    await expect(memory.writeResults(input)).rejects.toMatchObject({
      code: 'cells_taken',
      message: (error as Error).message,
    });
  });

  it('marks its block with the _shed_results name, and finds it by the mark after its headers were renamed', async () => {
    const fake = invoiceSheet(1);
    const workbook = new ExcelWorkbook({ excel: fake.host, requirements: withMarks });
    await workbook.writeResults({ sheet: 'Invoices', headerRowNumber: 3, headers, results: [created(4)] });
    expect(fake.sheet('Invoices').names?.get('_shed_results')).toBe("='Invoices'!$E$3:$J$3");
    // The bookkeeper renames shed's headers: the mark, not the headers, says where the block is.
    const renamed = [...headers, 'Outcome', 'Receipt', 'Seq', 'Line', 'Why', 'Version'];
    renamed.forEach((h, c) => ((fake.sheet('Invoices').values[2] ??= [])[c] = h));
    await workbook.writeResults({
      sheet: 'Invoices',
      headerRowNumber: 3,
      headers: renamed,
      results: [created(4, { recordId: 'rcpt_again' })],
    });
    expect(fake.cell('Invoices', 4, 5)).toBe('rcpt_again');
    expect(fake.cell('Invoices', 3, 10)).toBeUndefined(); // no second block
    expect(fake.sheet('Invoices').names?.get('_shed_results')).toBe("='Invoices'!$E$3:$J$3");
  });

  it("reuses its own block of result columns, and never the bookkeeper's own Status column", async () => {
    const fake = new FakeExcel({
      sheets: [
        {
          name: 'S',
          values: [
            ['Status', 'Supplier', 'Qty'],
            ['Paid', 'Nufarm', 3],
          ],
        },
      ],
    });
    const workbook = new ExcelWorkbook({ excel: fake.host });
    await workbook.writeResults({
      sheet: 'S',
      headerRowNumber: 1,
      headers: ['Status', 'Supplier', 'Qty'],
      results: [created(2)],
    });
    expect(fake.sheet('S').values[0]).toEqual([
      'Status',
      'Supplier',
      'Qty',
      'Status',
      'Record ID',
      'Sequence',
      'Line Item ID',
      'Message',
      'Updated At',
    ]);
    expect(fake.sheet('S').values[1]).toEqual(['Paid', 'Nufarm', 3, 'created', 'rcpt_2', 'R-00042', 'li_2', '', '']);
    // Again: the block it wrote is found and overwritten; the user's column is still theirs.
    const headers = fake.sheet('S').values[0] as string[];
    await workbook.writeResults({
      sheet: 'S',
      headerRowNumber: 1,
      headers,
      results: [{ ...created(2), status: 'unchanged' }],
    });
    expect(fake.sheet('S').values[1]?.slice(0, 4)).toEqual(['Paid', 'Nufarm', 3, 'unchanged']);
    expect(fake.sheet('S').values[0]).toHaveLength(9);
  });

  it('guards text Excel would turn into a formula, number or date', async () => {
    const fake = invoiceSheet(1);
    await new ExcelWorkbook({ excel: fake.host }).writeResults({
      sheet: 'Invoices',
      headerRowNumber: 3,
      headers,
      results: [{ rowNumber: 4, status: 'failed', recordId: '0012', sequence: '3/2/2026', message: '=HYPERLINK("x")' }],
    });
    const sent = fake.ops('values').find((op) => op.row === 3)?.value as unknown[][];
    expect(sent[0]).toEqual(['failed', "'0012", "'3/2/2026", '', '\'=HYPERLINK("x")', '']);
    expect(fake.cell('Invoices', 4, 5)).toBe('0012');
  });

  it('leaves rows between results alone (null cells), and clears stale fields of rows with a result', async () => {
    const fake = invoiceSheet(6);
    const workbook = new ExcelWorkbook({ excel: fake.host });
    const input = { sheet: 'Invoices', headerRowNumber: 3, headers };
    await workbook.writeResults({ ...input, results: [4, 5, 6, 7, 8, 9].map((n) => created(n)) });
    // The header row as the placer gives it once the block is written (no mark below ExcelApi 1.4).
    await workbook.writeResults({
      ...input,
      headers: [...headers, ...RESULT_COLUMNS],
      results: [
        { rowNumber: 4, status: 'unchanged' },
        { rowNumber: 9, status: 'updated' },
      ],
    });
    expect([4, 5, 6, 7, 8, 9].map((n) => [fake.cell('Invoices', n, 4), fake.cell('Invoices', n, 5)])).toEqual([
      ['unchanged', ''],
      ['created', 'rcpt_5'],
      ['created', 'rcpt_6'],
      ['created', 'rcpt_7'],
      ['created', 'rcpt_8'],
      ['updated', ''],
    ]);
    const block = fake.okSyncs.at(-1)?.ops.find((op) => op.kind === 'values' && op.row !== 2);
    expect(block).toMatchObject({ row: 3, rows: 6, column: 4, columns: 6 });
    expect((block?.value as unknown[][])[1]).toEqual([null, null, null, null, null, null]);
  });

  it('writes 12,000 results in chunks of 5,000 rows: values then marks, one sync each, calculation suspended', async () => {
    const fake = invoiceSheet(12_000);
    const results = Array.from({ length: 12_000 }, (_v, i) =>
      i % 3 === 0
        ? { rowNumber: i + 4, status: 'invalid' as const, message: 'quantity must be a number', invalidColumns: [3] }
        : created(i + 4),
    );
    const reports: number[] = [];
    await new ExcelWorkbook({
      excel: fake.host,
      requirements: withMarks,
      onSync: (r) => reports.push(r.rows),
    }).writeResults({
      sheet: 'Invoices',
      headerRowNumber: 3,
      headers,
      results,
    });
    expect(fake.runs).toBe(1);
    // load marks, three chunks (nothing to record: the marks are the conditional formats themselves)
    expect(fake.syncs).toHaveLength(4);
    expect(reports).toEqual([0, 5000, 5000, 2000]);
    const chunks = fake.syncs.slice(1, 4);
    for (const sync of chunks) {
      expect(sync.ops[0]?.kind).toBe('suspendCalc');
      const rowValues = sync.ops.filter((op) => op.kind === 'values' && op.row !== 2);
      expect(rowValues).toHaveLength(1);
      // values first, formats after: nothing but formats once the first format is queued
      const formatKinds = ['cfAdd', 'cfFormula', 'cfFill', 'bold'];
      const firstFormat = kinds(sync.ops).findIndex((k) => formatKinds.includes(k));
      expect(firstFormat).toBeGreaterThan(kinds(sync.ops).lastIndexOf('values'));
      expect(
        kinds(sync.ops)
          .slice(firstFormat)
          .every((k) => formatKinds.includes(k)),
      ).toBe(true);
    }
    expect(chunks.map((s) => s.ops.find((op) => op.kind === 'values' && op.row !== 2)?.rows)).toEqual([
      5000, 5000, 2000,
    ]);
    expect(fake.ops('cfAdd')).toHaveLength(4000);
    expect(fake.ops('rowsAdd')).toEqual([]);
    expect(fake.cell('Invoices', 12_003, 4)).toBe('created');
    expect(marks(fake, 'Invoices')).toContain('D12001');
    expect(fake.settings.has(marksSettingKey('Invoices'))).toBe(false);
  });

  it('halves the chunk after a payload error; the refused batch writes nothing', async () => {
    const fake = invoiceSheet(6_000);
    fake.failSync = (ops) =>
      ops.some((op) => op.kind === 'values' && (op.rows ?? 0) > 2_000)
        ? { code: 'RequestPayloadSizeLimitExceeded' }
        : undefined;
    await new ExcelWorkbook({ excel: fake.host }).writeResults({
      sheet: 'Invoices',
      headerRowNumber: 3,
      headers,
      results: Array.from({ length: 6_000 }, (_v, i) => created(i + 4)),
    });
    const attempts = fake.syncs.map((s) => [
      s.ops.find((op) => op.kind === 'values' && op.row !== 2)?.rows ?? 0,
      s.failed ?? 'ok',
    ]);
    expect(attempts).toEqual([
      [0, 'ok'],
      [5000, 'RequestPayloadSizeLimitExceeded'],
      [2500, 'RequestPayloadSizeLimitExceeded'],
      [1250, 'ok'],
      [1250, 'ok'],
      [1250, 'ok'],
      [1250, 'ok'],
      [1000, 'ok'],
    ]);
    expect(fake.cell('Invoices', 3, 4)).toBe('Status'); // the header went again with the first chunk that got through
    expect(
      Array.from({ length: 6_000 }, (_v, i) => fake.cell('Invoices', i + 4, 5)).every((v, i) => v === `rcpt_${i + 4}`),
    ).toBe(true);
  });

  it('keeps each request within the payload budget', async () => {
    const fake = invoiceSheet(3_000);
    const budget = 60_000;
    await new ExcelWorkbook({ excel: fake.host, payloadBudgetBytes: budget }).writeResults({
      sheet: 'Invoices',
      headerRowNumber: 3,
      headers,
      results: Array.from({ length: 3_000 }, (_v, i) => created(i + 4, { message: 'x'.repeat(40) })),
    });
    const chunks = fake.syncs.filter((s) => s.ops.some((op) => op.kind === 'values'));
    expect(chunks.length).toBeGreaterThan(3);
    for (const sync of chunks) expect(sync.bytes).toBeLessThanOrEqual(budget);
  });

  it('groups contiguous invalid cells into one mark, and removes the previous run’s marks first', async () => {
    const fake = invoiceSheet(4);
    const workbook = new ExcelWorkbook({ excel: fake.host, requirements: withMarks });
    const input = { sheet: 'Invoices', headerRowNumber: 3, headers };
    const invalid = (rowNumber: number, invalidColumns: number[]): RowResult => ({
      rowNumber,
      status: 'invalid',
      message: 'bad',
      invalidColumns,
    });
    await workbook.writeResults({
      ...input,
      results: [invalid(4, [1, 2, 3]), invalid(5, [1, 2, 3]), invalid(6, [0, 2])],
    });
    expect(marks(fake, 'Invoices')).toEqual(['B4:D5', 'A6', 'C6']);
    await workbook.writeResults({ ...input, results: [created(4), created(5), invalid(6, [3])] });
    expect(fake.ops('cfDelete')).toHaveLength(3);
    expect(marks(fake, 'Invoices')).toEqual(['D6']);
  });

  it('a later part of the same run keeps the marks already made and adds its own', async () => {
    const fake = invoiceSheet(4);
    const workbook = new ExcelWorkbook({ excel: fake.host, requirements: withMarks });
    const input = { sheet: 'Invoices', headerRowNumber: 3, headers };
    const invalid = (rowNumber: number, invalidColumns: number[]): RowResult => ({
      rowNumber,
      status: 'invalid',
      message: 'bad',
      invalidColumns,
    });
    await workbook.writeResults({ ...input, results: [invalid(4, [1])] });
    await workbook.writeResults({ ...input, results: [invalid(6, [2])], keepMarks: true });
    expect(fake.ops('cfDelete')).toEqual([]);
    expect(marks(fake, 'Invoices')).toEqual(['B4', 'C6']);
    // The next run clears both.
    await workbook.writeResults({ ...input, results: [created(4)] });
    expect(marks(fake, 'Invoices')).toEqual([]);
  });

  it("never touches the bookkeeper's own formats: their fills and conditional formats stay, under and beside the marks", async () => {
    const fake = invoiceSheet(3);
    fake.sheet('Invoices').fills.set('C5', '#FFFF00'); // their yellow: a line they were checking
    fake
      .sheet('Invoices')
      .conditionalFormats.push({ id: 'theirs', address: 'D4:D6', formula: '=$D4>2', color: '#00FF00' });
    const workbook = new ExcelWorkbook({ excel: fake.host, requirements: withMarks });
    const input = { sheet: 'Invoices', headerRowNumber: 3, headers };
    const invalid = (rowNumber: number, invalidColumns: number[]): RowResult => ({
      rowNumber,
      status: 'invalid',
      message: 'bad',
      invalidColumns,
    });
    await workbook.writeResults({ ...input, results: [invalid(4, [2, 3]), invalid(5, [2, 3])] });
    expect(marks(fake, 'Invoices')).toEqual(['C4:D5']);
    await workbook.writeResults({ ...input, results: [invalid(5, [2])] });
    await workbook.clearMarks('Invoices');
    expect(marks(fake, 'Invoices')).toEqual([]);
    expect(fake.sheet('Invoices').fills).toEqual(new Map([['C5', '#FFFF00']]));
    expect(fake.sheet('Invoices').conditionalFormats.map((f) => f.id)).toEqual(['theirs']);
    expect(fake.ops('fill')).toEqual([]);
    expect(fake.ops('fillClear')).toEqual([]);
  });

  it('2,500 of the bookkeeper’s yellow cells marked and cleared: every one is yellow again (no cap)', async () => {
    const fake = invoiceSheet(2_500);
    for (let n = 4; n < 2_504; n++) fake.sheet('Invoices').fills.set(`C${n}`, '#FFFF00');
    const workbook = new ExcelWorkbook({ excel: fake.host, requirements: withMarks });
    const results = Array.from({ length: 2_500 }, (_v, i): RowResult => ({
      rowNumber: i + 4,
      status: 'invalid',
      message: 'bad',
      invalidColumns: [2],
    }));
    await workbook.writeResults({ sheet: 'Invoices', headerRowNumber: 3, headers, results });
    expect(marks(fake, 'Invoices')).toEqual(['C4:C2503']);
    await workbook.clearMarks('Invoices');
    expect(marks(fake, 'Invoices')).toEqual([]);
    const sheet = fake.sheet('Invoices');
    expect([...sheet.fills.values()].filter((c) => c === '#FFFF00')).toHaveLength(2_500);
  });

  it('a row inserted above a mark: the mark moves with its row, and clearing leaves every cell as the bookkeeper had it', async () => {
    const fake = invoiceSheet(3);
    fake.sheet('Invoices').fills.set('C5', '#FFFF00');
    const workbook = new ExcelWorkbook({ excel: fake.host, requirements: withMarks });
    await workbook.writeResults({
      sheet: 'Invoices',
      headerRowNumber: 3,
      headers,
      results: [{ rowNumber: 4, status: 'invalid', message: 'bad', invalidColumns: [2] }],
    });
    insertRows(fake.sheet('Invoices'), 4, 1); // Excel moves the cells (and the conditional format's range) down
    expect(marks(fake, 'Invoices')).toEqual(['C5']);
    expect(fake.sheet('Invoices').fills).toEqual(new Map([['C6', '#FFFF00']]));
    await workbook.clearMarks('Invoices');
    expect(marks(fake, 'Invoices')).toEqual([]);
    expect(fake.sheet('Invoices').fills).toEqual(new Map([['C6', '#FFFF00']]));
  });

  it('clears the red fills of an earlier version’s marks and puts back the colours it recorded', async () => {
    const fake = invoiceSheet(3);
    fake.sheet('Invoices').fills.set('C4', INVALID_FILL).set('C5', INVALID_FILL);
    fake.settings.set(marksSettingKey('Invoices'), JSON.stringify({ fills: ['C4:C5'], previous: { C5: '#FFFF00' } }));
    await new ExcelWorkbook({ excel: fake.host, requirements: withMarks }).clearMarks('Invoices');
    expect(fake.sheet('Invoices').fills).toEqual(new Map([['C5', '#FFFF00']]));
    expect(fake.settings.has(marksSettingKey('Invoices'))).toBe(false);
  });

  it('writes wait while the user edits a cell, and undo as one step, where the host has those options', async () => {
    const write = async (version: string) => {
      const fake = invoiceSheet(1);
      await new ExcelWorkbook({
        excel: fake.host,
        requirements: officeWith(version).context.requirements,
      }).writeResults({
        sheet: 'Invoices',
        headerRowNumber: 3,
        headers,
        results: [created(4)],
      });
      return fake.runOptions;
    };
    expect(await write('1.10')).toEqual([{}]);
    expect(await write('1.11')).toEqual([{ delayForCellEdit: true }]);
    expect(await write('1.20')).toEqual([{ delayForCellEdit: true, mergeUndoGroup: true }]);
  });

  it('adds no notes before ExcelApi 1.18', async () => {
    const fake = invoiceSheet(1);
    await new ExcelWorkbook({ excel: fake.host, requirements: officeWith('1.17').context.requirements }).writeResults({
      sheet: 'Invoices',
      headerRowNumber: 3,
      headers,
      results: [{ rowNumber: 4, status: 'invalid', message: 'bad date', invalidColumns: [1] }],
    });
    expect(fake.ops('noteAdd')).toEqual([]);
    expect(fake.sheet('Invoices').notes.size).toBe(0);
    expect(
      fake.syncs.flatMap((s) => s.ops).some((op) => op.kind === 'load' && String(op.value).includes('content')),
    ).toBe(false);
  });

  it('with ExcelApi 1.18 adds a note per invalid cell, keeps the user’s own notes, and replaces its own', async () => {
    const fake = new FakeExcel({
      sheets: [
        {
          name: 'S',
          values: [headers, ['Nufarm', 'soon', 'Rondup', 'four']],
          notes: { C2: 'check with Sam', A9: 'Shed Sheets: old' },
        },
      ],
    });
    const workbook = new ExcelWorkbook({ excel: fake.host, requirements: officeWith('1.18').context.requirements });
    const result: RowResult = {
      rowNumber: 2,
      status: 'invalid',
      message: "date 'soon' is not a date",
      invalidColumns: [1, 2, 3],
    };
    await workbook.writeResults({ sheet: 'S', headerRowNumber: 1, headers, results: [result] });
    expect(Object.fromEntries(fake.sheet('S').notes)).toEqual({
      C2: 'check with Sam',
      B2: "Shed Sheets: date 'soon' is not a date",
      D2: "Shed Sheets: date 'soon' is not a date",
    });
    await workbook.writeResults({
      sheet: 'S',
      headerRowNumber: 1,
      headers,
      results: [{ ...result, invalidColumns: [3] }],
    });
    expect(Object.fromEntries(fake.sheet('S').notes)).toEqual({
      C2: 'check with Sam',
      D2: "Shed Sheets: date 'soon' is not a date",
    });
  });

  it(`adds at most ${NOTE_LIMIT} notes`, async () => {
    const fake = invoiceSheet(NOTE_LIMIT + 10);
    await new ExcelWorkbook({ excel: fake.host, requirements: officeWith('1.18').context.requirements }).writeResults({
      sheet: 'Invoices',
      headerRowNumber: 3,
      headers,
      results: Array.from({ length: NOTE_LIMIT + 10 }, (_v, i) => ({
        rowNumber: i + 4,
        status: 'invalid' as const,
        invalidColumns: [3],
      })),
    });
    expect(fake.ops('noteAdd')).toHaveLength(NOTE_LIMIT);
    expect(fake.ops('noteAdd')[0]?.value).toBe('Shed Sheets: this value is not valid');
  });

  it('with no results writes only the headers', async () => {
    const fake = invoiceSheet(0);
    await new ExcelWorkbook({ excel: fake.host }).writeResults({
      sheet: 'Invoices',
      headerRowNumber: 3,
      headers,
      results: [],
    });
    expect(fake.sheet('Invoices').values[2]).toEqual([
      ...headers,
      'Status',
      'Record ID',
      'Sequence',
      'Line Item ID',
      'Message',
      'Updated At',
    ]);
    expect(fake.syncs).toHaveLength(2);
  });

  it('refuses a result at or above the header row, and a missing sheet', async () => {
    const fake = invoiceSheet(1);
    const workbook = new ExcelWorkbook({ excel: fake.host });
    await expect(
      workbook.writeResults({ sheet: 'Invoices', headerRowNumber: 3, headers, results: [created(3)] }),
    ).rejects.toThrow(RangeError);
    const missing = await workbook
      .writeResults({ sheet: 'Nope', headerRowNumber: 3, headers, results: [created(4)] })
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(WorkbookError);
    expect(missing).toMatchObject({ code: 'sheet_not_found' });
    expect(fake.okSyncs).toEqual([]);
  });
});

describe('ExcelWorkbook.clearMarks', () => {
  it('clears the add-in’s marks and notes, and nothing else, in three syncs (load, read the rules, delete)', async () => {
    const fake = new FakeExcel({
      sheets: [{ name: 'S', values: [headers, ['a', 'b', 'c', 'd']], notes: { A1: 'mine' } }],
    });
    const workbook = new ExcelWorkbook({ excel: fake.host, requirements: officeWith('1.18').context.requirements });
    await workbook.writeResults({
      sheet: 'S',
      headerRowNumber: 1,
      headers,
      results: [{ rowNumber: 2, status: 'invalid', message: 'no', invalidColumns: [0, 1] }],
    });
    const before = fake.syncs.length;
    await workbook.clearMarks('S');
    expect(fake.syncs.length - before).toBe(3);
    expect(marks(fake, 'S')).toEqual([]);
    expect(Object.fromEntries(fake.sheet('S').notes)).toEqual({ A1: 'mine' });
    expect(fake.settings.has(marksSettingKey('S'))).toBe(false);
    expect(fake.sheet('S').values[1]?.slice(0, 5)).toEqual(['a', 'b', 'c', 'd', 'invalid']);
  });

  it('ignores a marks record it cannot read', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'S', values: [['a']] }] });
    fake.settings.set(marksSettingKey('S'), '{"fills":["A1","=EVIL()", 7]}');
    await new ExcelWorkbook({ excel: fake.host }).clearMarks('S');
    expect(fake.ops('fillClear').map((op) => op.address)).toEqual(['A1']);
    fake.settings.set(marksSettingKey('S'), 'not json');
    await new ExcelWorkbook({ excel: fake.host }).clearMarks('S');
    expect(fake.settings.has(marksSettingKey('S'))).toBe(false);
  });
});
