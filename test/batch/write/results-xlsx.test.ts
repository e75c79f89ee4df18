import { copyFile, readFile, writeFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { defaultResultsPath, writeResultsFile } from '../../../batch/write/results-file.ts';
import { RESULT_COLUMNS } from '../../../shared/kinds/index.ts';
import type { RowResult } from '../../../shared/import/outcome.ts';
import { failure, readWorkbook, useTempDir } from './helpers.ts';

const dir = useTempDir();
const EXAMPLE = new URL('../../../examples/supplier-invoices.xlsx', import.meta.url);
const RED = 'FFFFC7CE';

/** A copy of the example workbook in the test's temp folder (never the original). */
async function example(): Promise<string> {
  const path = dir.file('supplier-invoices.xlsx');
  await copyFile(EXAMPLE, path);
  return path;
}

const FIRST_RUN: RowResult[] = [
  { rowNumber: 5, status: 'created', recordId: 'b1c0-5', sequence: 'R-0001', lineItemId: 'li-5' },
  { rowNumber: 6, status: 'created', recordId: 'b1c0-5', sequence: 'R-0001', lineItemId: 'li-6' },
  {
    rowNumber: 21,
    status: 'invalid',
    message: "'Wetter' is ambiguous: Wetter 1000, SpreadWet 1000",
    invalidColumns: [5],
  },
  { rowNumber: 30, status: 'invalid', message: 'invoice S-2305 refused: row 31 is invalid' },
  { rowNumber: 31, status: 'invalid', message: 'quantity -5: must be more than 0', invalidColumns: [6] },
];

/** An alignment without Excel's defaults (exceljs writes only what differs from them). */
function withoutDefaults(alignment: Partial<ExcelJS.Alignment> | undefined): Record<string, unknown> {
  const defaults: Record<string, unknown> = {
    horizontal: 'general',
    indent: 0,
    shrinkToFit: false,
    textRotation: 0,
    wrapText: false,
  };
  return Object.fromEntries(Object.entries(alignment ?? {}).filter(([key, value]) => defaults[key] !== value));
}

function fillOf(cell: ExcelJS.Cell): string | undefined {
  const fill = cell.fill as ExcelJS.FillPattern | undefined;
  return fill?.type === 'pattern' ? fill.fgColor?.argb : undefined;
}

async function firstRun(): Promise<{ input: string; output: string }> {
  const input = await example();
  const output = defaultResultsPath(input);
  await writeResultsFile({
    inputPath: input,
    outputPath: output,
    sheetName: 'Invoices',
    headerRowNumber: 4,
    results: FIRST_RUN,
  });
  return { input, output };
}

describe('writeResultsFile (.xlsx): the example invoices', () => {
  it('adds the result columns right of the last used column, bold', async () => {
    const { output } = await firstRun();
    expect(output).toBe(dir.file('supplier-invoices.results.xlsx'));
    const sheet = (await readWorkbook(output)).getWorksheet('Invoices')!;
    const header = sheet.getRow(4);
    expect([13, 14, 15, 16, 17, 18].map((c) => header.getCell(c).value)).toEqual([...RESULT_COLUMNS]);
    expect(header.getCell(13).font?.bold).toBe(true);
    expect(header.getCell(12).value).toBe('Notes');
    expect(sheet.getColumn(17).width).toBe(60);
  });

  it("fills each resulted row's result cells and leaves other rows alone", async () => {
    const { output } = await firstRun();
    const sheet = (await readWorkbook(output)).getWorksheet('Invoices')!;
    expect([13, 14, 15, 16, 17].map((c) => sheet.getRow(5).getCell(c).value)).toEqual([
      'created',
      'b1c0-5',
      'R-0001',
      'li-5',
      null,
    ]);
    expect(sheet.getRow(31).getCell(13).value).toBe('invalid');
    expect(sheet.getRow(31).getCell(17).value).toBe('quantity -5: must be more than 0');
    for (const row of [1, 2, 3, 7, 14, 25, 44, 45]) {
      for (const column of [13, 14, 15, 16, 17]) expect(sheet.getRow(row).getCell(column).value).toBeNull();
    }
  });

  it('keeps every input cell: title merge, note row, dates, formats, Line Total formulas and the TOTAL row', async () => {
    const { input, output } = await firstRun();
    const before = (await readWorkbook(input)).getWorksheet('Invoices')!;
    const after = (await readWorkbook(output)).getWorksheet('Invoices')!;
    expect(after.model.merges).toEqual(['A1:L1']);
    expect(after.getRow(1).getCell(1).value).toBe(
      'Willow Creek Pastoral Co — supplier invoices, January to March 2026',
    );
    expect(after.getRow(5).getCell(11).value).toEqual({ formula: 'G5*J5', result: 740 });
    expect(after.getRow(45).getCell(6).value).toBe('TOTAL');
    expect(after.getRow(45).getCell(11).value).toEqual({ formula: 'SUM(K5:K43)', result: 79305.9 });
    for (let column = 1; column <= 12; column++)
      expect(after.getColumn(column).width).toBe(before.getColumn(column).width);
    for (let row = 1; row <= 45; row++) {
      for (let column = 1; column <= 12; column++) {
        const was = before.getRow(row).getCell(column);
        const is = after.getRow(row).getCell(column);
        expect(is.value, `${is.address}`).toEqual(was.value);
        // exceljs drops the default 'General' format on save; anything else must survive.
        expect(is.numFmt ?? 'General', `${is.address}`).toEqual(was.numFmt ?? 'General');
        if (is.address !== 'F21' && is.address !== 'G31') {
          expect(is.font, `${is.address}`).toEqual(was.font);
          expect(is.fill, `${is.address}`).toEqual(was.fill);
          expect(withoutDefaults(is.alignment), `${is.address}`).toEqual(withoutDefaults(was.alignment));
        }
      }
    }
  });

  it('marks invalid cells red with a dark red font and a note, and the Message cell of invalid rows', async () => {
    const { output } = await firstRun();
    const sheet = (await readWorkbook(output)).getWorksheet('Invoices')!;
    const qty = sheet.getRow(31).getCell(7);
    expect(fillOf(qty)).toBe(RED);
    expect(qty.font?.color?.argb).toBe('FF9C0006');
    expect(qty.note).toBe('shed: quantity -5: must be more than 0');
    expect(qty.value).toBe(-5);
    expect(fillOf(sheet.getRow(21).getCell(6))).toBe(RED);
    expect(fillOf(sheet.getRow(31).getCell(17))).toBe(RED);
    expect(fillOf(sheet.getRow(30).getCell(17))).toBe(RED);
    expect(fillOf(sheet.getRow(30).getCell(7))).toBeUndefined();
    expect(fillOf(sheet.getRow(5).getCell(17))).toBeUndefined();
    // Style objects are shared between cells in exceljs: marking G31 must not paint its neighbours.
    expect(fillOf(sheet.getRow(29).getCell(7))).toBeUndefined();
    expect(fillOf(sheet.getRow(32).getCell(7))).toBeUndefined();
    expect(sheet.getRow(30).getCell(7).note).toBeUndefined();
  });

  it('marks a styled cell without painting the cells that share its style', async () => {
    const input = await example();
    const results: RowResult[] = [
      { rowNumber: 22, status: 'invalid', message: 'price must be a dollar amount', invalidColumns: [9] },
    ];
    await writeResultsFile({
      inputPath: input,
      outputPath: dir.file('out.xlsx'),
      sheetName: 'Invoices',
      headerRowNumber: 4,
      results,
    });
    const sheet = (await readWorkbook(dir.file('out.xlsx'))).getWorksheet('Invoices')!;
    expect(fillOf(sheet.getCell('J22'))).toBe(RED);
    expect(sheet.getCell('J22').numFmt).toBe('[$$-C09]#,##0.00');
    for (const address of ['J5', 'J21', 'J23', 'J43']) {
      expect(fillOf(sheet.getCell(address)), address).toBeUndefined();
      expect(sheet.getCell(address).font?.color?.argb, address).not.toBe('FF9C0006');
    }
  });

  it('does not change the input file', async () => {
    const input = await example();
    const original = await readFile(input);
    await writeResultsFile({
      inputPath: input,
      outputPath: defaultResultsPath(input),
      sheetName: 'Invoices',
      headerRowNumber: 4,
      results: FIRST_RUN,
    });
    expect((await readFile(input)).equals(original)).toBe(true);
    expect(await dir.list()).toEqual(['supplier-invoices.results.xlsx', 'supplier-invoices.xlsx']);
  });
});

describe('writeResultsFile (.xlsx): re-importing a results file', () => {
  it('reuses the result columns, overwrites the results and clears marks of cells fixed since', async () => {
    const { output } = await firstRun();
    expect(defaultResultsPath(output)).toBe(output);
    const second: RowResult[] = [
      { rowNumber: 5, status: 'unchanged', recordId: 'b1c0-5', sequence: 'R-0001', lineItemId: 'li-5' },
      { rowNumber: 31, status: 'created', recordId: 'c2', sequence: 'R-0009', lineItemId: 'li-31' },
      {
        rowNumber: 22,
        status: 'invalid',
        message: "no product or alias named 'Glyfos 450'; closest: 'Glyfos 540'",
        invalidColumns: [5],
      },
    ];
    await writeResultsFile({
      inputPath: output,
      outputPath: output,
      sheetName: 'Invoices',
      headerRowNumber: 4,
      results: second,
    });
    const sheet = (await readWorkbook(output)).getWorksheet('Invoices')!;
    expect(sheet.getRow(4).cellCount).toBe(18);
    expect(sheet.getRow(4).getCell(19).value).toBeNull();
    expect([13, 14, 15, 16, 17].map((c) => sheet.getRow(31).getCell(c).value)).toEqual([
      'created',
      'c2',
      'R-0009',
      'li-31',
      null,
    ]);
    expect(sheet.getRow(5).getCell(13).value).toBe('unchanged');
    const qty = sheet.getRow(31).getCell(7);
    expect(fillOf(qty)).toBeUndefined();
    expect(qty.font?.color?.argb).toBeUndefined();
    expect(qty.note).toBeUndefined();
    expect(fillOf(sheet.getRow(31).getCell(17))).toBeUndefined();
    expect(fillOf(sheet.getRow(22).getCell(6))).toBe(RED);
    // Row 21 had no result this time: left exactly as the first run wrote it.
    expect(sheet.getRow(21).getCell(13).value).toBe('invalid');
    expect(fillOf(sheet.getRow(21).getCell(6))).toBe(RED);
    expect(await dir.list()).toEqual(['supplier-invoices.results.xlsx', 'supplier-invoices.xlsx']);
  });

  it("keeps a bookkeeper's own note on an invalid cell", async () => {
    const input = await example();
    const workbook = await readWorkbook(input);
    workbook.getWorksheet('Invoices')!.getCell('F22').note = 'checked with Farmco';
    await workbook.xlsx.writeFile(input);
    const results: RowResult[] = [
      { rowNumber: 22, status: 'invalid', message: 'unknown product', invalidColumns: [5] },
    ];
    await writeResultsFile({
      inputPath: input,
      outputPath: defaultResultsPath(input),
      sheetName: 'Invoices',
      headerRowNumber: 4,
      results,
    });
    const cell = (await readWorkbook(defaultResultsPath(input))).getWorksheet('Invoices')!.getCell('F22');
    expect(cell.note).toBe('checked with Farmco');
    expect(fillOf(cell)).toBe(RED);
  });
});

describe('writeResultsFile (.xlsx): other sheets', () => {
  async function workbookWith(rows: (string | number | null)[][], name = 'input.xlsx'): Promise<string> {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Cover').getCell('A1').value = 'cover sheet';
    const sheet = workbook.addWorksheet('Data');
    rows.forEach((row) => sheet.addRow(row));
    const path = dir.file(name);
    await workbook.xlsx.writeFile(path);
    return path;
  }

  it('appends new result columns when the sheet has a Status column of its own, never overwriting it', async () => {
    const input = await workbookWith([
      ['Product', 'Status'],
      ['Glyfos 540', 'paid'],
    ]);
    await writeResultsFile({
      inputPath: input,
      outputPath: dir.file('out.xlsx'),
      sheetName: 'Data',
      headerRowNumber: 1,
      results: [{ rowNumber: 2, status: 'created', recordId: 'r' }],
    });
    const workbook = await readWorkbook(dir.file('out.xlsx'));
    const sheet = workbook.getWorksheet('Data')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Product', 'Status', ...RESULT_COLUMNS]);
    expect(sheet.getRow(2).values).toEqual([undefined, 'Glyfos 540', 'paid', 'created', 'r']);
    expect(workbook.getWorksheet('Cover')!.getCell('A1').value).toBe('cover sheet');
  });

  it('places the result columns right of any used cell, not only the header', async () => {
    const input = await workbookWith([
      ['Product', 'Qty'],
      ['Glyfos 540', 4, null, 'a side note'],
    ]);
    await writeResultsFile({
      inputPath: input,
      outputPath: dir.file('out.xlsx'),
      sheetName: 'Data',
      headerRowNumber: 1,
      results: [{ rowNumber: 2, status: 'failed', message: 'HTTP 500' }],
    });
    const sheet = (await readWorkbook(dir.file('out.xlsx'))).getWorksheet('Data')!;
    expect(sheet.getRow(1).getCell(5).value).toBe('Status');
    expect(sheet.getRow(2).getCell(4).value).toBe('a side note');
    expect(sheet.getRow(2).getCell(9).value).toBe('HTTP 500');
    expect(fillOf(sheet.getRow(2).getCell(9))).toBeUndefined();
  });

  it('uses the first sheet when no sheet is named, and custom result headers', async () => {
    const input = await workbookWith([['Product']]);
    const headers = ['Estado', 'Id', 'Número', 'Línea', 'Mensaje', 'Versión'];
    await writeResultsFile({
      inputPath: input,
      outputPath: dir.file('out.xlsx'),
      headerRowNumber: 1,
      results: [],
      headers,
    });
    const cover = (await readWorkbook(dir.file('out.xlsx'))).getWorksheet('Cover')!;
    expect(cover.getRow(1).values).toEqual([undefined, 'cover sheet', ...headers]);
  });
});

describe('writeResultsFile (.xlsx): refusals', () => {
  it.each<[string, RowResult[], RegExp]>([
    ['a result on the header row', [{ rowNumber: 4, status: 'created' }], /rows below the header/],
    ['a result above the header', [{ rowNumber: 1, status: 'created' }], /rows below the header/],
    ['a result past the last row', [{ rowNumber: 46, status: 'created' }], /last row 45/],
    ['a fractional row number', [{ rowNumber: 5.5, status: 'created' }], /rows below the header/],
    [
      'two results for one row',
      [
        { rowNumber: 5, status: 'created' },
        { rowNumber: 5, status: 'failed' },
      ],
      /two results for row 5/,
    ],
    ['a negative invalid column', [{ rowNumber: 5, status: 'invalid', invalidColumns: [-1] }], /not a 0-based column/],
    [
      'a fractional invalid column',
      [{ rowNumber: 5, status: 'invalid', invalidColumns: [1.5] }],
      /not a 0-based column/,
    ],
  ])('refuses %s', async (_, results, message) => {
    const input = await example();
    const error = await failure(
      writeResultsFile({
        inputPath: input,
        outputPath: dir.file('out.xlsx'),
        sheetName: 'Invoices',
        headerRowNumber: 4,
        results,
      }),
    );
    expect(error.code).toBe('invalid_results');
    expect(error.message).toMatch(message);
    expect(await dir.list()).toEqual(['supplier-invoices.xlsx']);
  });

  it('refuses a header row number that is not a row', async () => {
    const input = await example();
    const error = await failure(
      writeResultsFile({ inputPath: input, outputPath: dir.file('out.xlsx'), headerRowNumber: 0, results: [] }),
    );
    expect(error.code).toBe('invalid_results');
  });

  it('refuses a header row below the last row of the sheet', async () => {
    const input = await example();
    const error = await failure(
      writeResultsFile({
        inputPath: input,
        outputPath: dir.file('out.xlsx'),
        sheetName: 'Invoices',
        headerRowNumber: 46,
        results: [],
      }),
    );
    expect(error.code).toBe('results_input_unreadable');
    expect(error.message).toContain('no header row 46');
  });

  it('names the sheets when the imported sheet is missing', async () => {
    const input = await example();
    const error = await failure(
      writeResultsFile({
        inputPath: input,
        outputPath: dir.file('out.xlsx'),
        sheetName: 'Returns',
        headerRowNumber: 4,
        results: [],
      }),
    );
    expect(error.code).toBe('results_input_unreadable');
    expect(error.category).toBe('input');
    expect(error.message).toContain("no sheet 'Returns' (sheets: 'Invoices')");
  });

  it('reports an input that is gone or not a workbook', async () => {
    const gone = await failure(
      writeResultsFile({
        inputPath: dir.file('gone.xlsx'),
        outputPath: dir.file('out.xlsx'),
        headerRowNumber: 1,
        results: [],
      }),
    );
    expect(gone.code).toBe('results_input_unreadable');
    await writeFile(dir.file('fake.xlsx'), 'Invoice,Supplier\r\n');
    const fake = await failure(
      writeResultsFile({
        inputPath: dir.file('fake.xlsx'),
        outputPath: dir.file('out.xlsx'),
        headerRowNumber: 1,
        results: [],
      }),
    );
    expect(fake.code).toBe('results_input_unreadable');
    expect(await dir.list()).toEqual(['fake.xlsx']);
  });

  it('refuses a results path in another format, and inputs that are neither .xlsx nor .csv', async () => {
    const input = await example();
    const mismatch = await failure(
      writeResultsFile({ inputPath: input, outputPath: dir.file('out.csv'), headerRowNumber: 4, results: [] }),
    );
    expect(mismatch.code).toBe('results_format_mismatch');
    expect(mismatch.category).toBe('usage');
    const ods = await failure(
      writeResultsFile({
        inputPath: dir.file('in.ods'),
        outputPath: dir.file('out.ods'),
        headerRowNumber: 1,
        results: [],
      }),
    );
    expect(ods.code).toBe('results_format_mismatch');
  });

  it.each([
    [['Status', 'Record ID', 'Sequence', 'Line Item ID']],
    [['A', 'B', 'C', 'D', 'a']],
    [['A', 'B', 'C', 'D', ' ']],
  ])('refuses result headers %j', async (headers) => {
    const input = await example();
    const error = await failure(
      writeResultsFile({
        inputPath: input,
        outputPath: dir.file('out.xlsx'),
        headerRowNumber: 4,
        results: [],
        headers,
      }),
    );
    expect(error.code).toBe('invalid_results');
  });

  it('reports an output folder that does not exist', async () => {
    const input = await example();
    const error = await failure(
      writeResultsFile({ inputPath: input, outputPath: dir.file('nope/out.xlsx'), headerRowNumber: 4, results: [] }),
    );
    expect(error.code).toBe('output_not_writable');
  });
});

describe('defaultResultsPath', () => {
  it.each([
    ['/farm/in/supplier-invoices.xlsx', '/farm/in/supplier-invoices.results.xlsx'],
    ['/farm/in/april.CSV', '/farm/in/april.results.CSV'],
    ['relative.v2.csv', 'relative.v2.results.csv'],
    ['/farm/in/supplier-invoices.results.xlsx', '/farm/in/supplier-invoices.results.xlsx'],
    ['/farm/in/April.Results.csv', '/farm/in/April.Results.csv'],
  ])('%s → %s', (input, output) => {
    expect(defaultResultsPath(input)).toBe(output);
  });
});
