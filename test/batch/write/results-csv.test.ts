import { copyFile, readFile, writeFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { defaultResultsPath, writeResultsFile } from '../../../batch/write/results-file.ts';
import { RESULT_COLUMNS } from '../../../shared/kinds/index.ts';
import type { RowResult } from '../../../shared/import/outcome.ts';
import { failure, useTempDir } from './helpers.ts';
import { encodeText } from '../../../batch/write/text-encode.ts';
import { decodeWindows1252 } from '../../../batch/read/text-decode.ts';

const dir = useTempDir();
const BOM = '\ufeff';
/** shed's result headers as a CSV carries them: the contract's plain `Status` … `Updated At`. */
const MARKED = [...RESULT_COLUMNS];

/** A copy of an example file in the test's temp folder (never the original). */
async function example(name: string): Promise<string> {
  const path = dir.file(name);
  await copyFile(new URL(`../../../examples/${name}`, import.meta.url), path);
  return path;
}

function records(text: string, delimiter: string): string[][] {
  const parsed = Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { delimiter, skipEmptyLines: false });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

async function write(
  input: string,
  results: RowResult[],
  extra: { outputPath?: string; headerRowNumber?: number; delimiter?: string } = {},
): Promise<string> {
  const outputPath = extra.outputPath ?? defaultResultsPath(input);
  await writeResultsFile({
    inputPath: input,
    outputPath,
    headerRowNumber: extra.headerRowNumber ?? 1,
    results,
    ...(extra.delimiter ? { delimiter: extra.delimiter } : {}),
  });
  return readFile(outputPath, 'utf8');
}

describe('writeResultsFile (.csv): supplier-invoices-april.csv (BOM, semicolons, CRLF)', () => {
  const results: RowResult[] = [
    { rowNumber: 2, status: 'invalid', message: 'invoice INV-40502 refused: row 3 is invalid' },
    { rowNumber: 3, status: 'invalid', message: "no product or alias named 'Roundup Ultra'", invalidColumns: [5] },
    { rowNumber: 4, status: 'created', recordId: '7f3e', sequence: 'R-0042', lineItemId: 'li-1' },
    { rowNumber: 5, status: 'created', recordId: '7f3e', sequence: 'R-0042', lineItemId: 'li-2' },
  ];

  it('keeps BOM, delimiter and line ends, every input field, and appends the result columns', async () => {
    const input = await example('supplier-invoices-april.csv');
    const before = await readFile(input, 'utf8');
    const after = await write(input, results);
    expect(after.startsWith(BOM)).toBe(true);
    expect(after.endsWith('\r\n')).toBe(true);
    expect(after.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const was = records(before, ';');
    const is = records(after, ';');
    expect(is).toHaveLength(was.length);
    expect(is[0]).toEqual([...was[0]!, ...RESULT_COLUMNS]);
    expect(is[1]).toEqual([...was[1]!, 'invalid', '', '', '', 'invoice INV-40502 refused: row 3 is invalid', '']);
    expect(is[2]).toEqual([...was[2]!, 'invalid', '', '', '', "no product or alias named 'Roundup Ultra'", '']);
    expect(is[3]).toEqual([...was[3]!, 'created', '7f3e', 'R-0042', 'li-1', '', '']);
    expect(is[5]).toEqual(was[5]);
    expect(is[6]).toEqual(was[6]);
    expect(await readFile(input, 'utf8')).toBe(before);
  });

  it('reuses the result columns when writing onto the results file again', async () => {
    const input = await example('supplier-invoices-april.csv');
    await write(input, results);
    const output = defaultResultsPath(input);
    expect(defaultResultsPath(output)).toBe(output);
    const again = await write(output, [
      { rowNumber: 3, status: 'created', recordId: '9a', sequence: 'R-0043', lineItemId: 'li-9' },
      { rowNumber: 4, status: 'unchanged', recordId: '7f3e', sequence: 'R-0042', lineItemId: 'li-1' },
    ]);
    const is = records(again, ';');
    expect(is[0]).toHaveLength(17);
    expect(is[0]?.slice(11)).toEqual([...RESULT_COLUMNS]);
    expect(is[2]?.slice(11)).toEqual(['created', '9a', 'R-0043', 'li-9', '', '']);
    expect(is[3]?.slice(11)).toEqual(['unchanged', '7f3e', 'R-0042', 'li-1', '', '']);
    // Row 2 had no result this time: as the first run left it.
    expect(is[1]?.slice(11)).toEqual(['invalid', '', '', '', 'invoice INV-40502 refused: row 3 is invalid', '']);
    expect(await dir.list()).toEqual(['supplier-invoices-april.csv', 'supplier-invoices-april.results.csv']);
  });
});

describe('writeResultsFile (.csv): supplier-returns.csv (BOM, commas, quoted fields)', () => {
  it('keeps quoted fields, and guards only the cells it adds', async () => {
    const input = await example('supplier-returns.csv');
    const after = await write(input, [
      { rowNumber: 2, status: 'created', recordId: 'ret-1', sequence: 'RT-0001' },
      { rowNumber: 6, status: 'invalid', message: '=0 is not an amount: must be more than 0', invalidColumns: [4] },
    ]);
    expect(after.startsWith(BOM)).toBe(true);
    expect(after).toContain('"Unopened drum, over-ordered",created,ret-1,RT-0001,,,\r\n');
    const is = records(after, ',');
    expect(is[0]).toEqual([
      'Date',
      'Return To',
      'From Shed',
      'Product',
      'Amount',
      'Unit',
      'Credit Note',
      'Comments',
      ...MARKED,
    ]);
    expect(is[5]).toEqual([
      '20/03/2026',
      'Farmco Rural Supplies',
      'Main Chemical Shed',
      'Metsul 600 WG',
      '0',
      'g',
      'CN-7790',
      'Entered twice',
      'invalid',
      '',
      '',
      '',
      "'=0 is not an amount: must be more than 0",
      '',
    ]);
    expect(is[3]).toEqual([
      '05/03/2026',
      'Paddock Seeds Pty Ltd',
      'Seed Shed',
      'Bonito TT Canola',
      '40',
      'kg',
      'CN-0912',
      '',
    ]);
  });
});

describe('writeResultsFile (.csv): other inputs', () => {
  it('writes input cells back as they were, formulas included, and keeps LF, no BOM, no final line break', async () => {
    const input = dir.file('plain.csv');
    await writeFile(input, 'Product,Qty\n=HYPERLINK("x"),-5\n+61 400,@2');
    const after = await write(input, [{ rowNumber: 2, status: 'created', recordId: 'r1' }]);
    expect(after).toBe(
      'Product,Qty,Status,Record ID,Sequence,Line Item ID,Message,Updated At\n"=HYPERLINK(""x"")",-5,created,r1,,,,\n+61 400,@2',
    );
  });

  it('counts blank lines as rows and leaves them blank', async () => {
    const input = dir.file('blank.csv');
    await writeFile(input, 'A,B\r\n1,2\r\n\r\n3,4\r\n');
    const after = await write(input, [{ rowNumber: 4, status: 'failed', message: 'HTTP 503' }]);
    expect(after).toBe(
      'A,B,Status,Record ID,Sequence,Line Item ID,Message,Updated At\r\n1,2\r\n\r\n3,4,failed,,,,HTTP 503,\r\n',
    );
  });

  it('puts the result columns right of the widest record, and pads short ones', async () => {
    const input = dir.file('ragged.csv');
    await writeFile(input, 'Title only\r\nA,B\r\n1,2,extra\r\n3\r\n');
    const after = await write(input, [{ rowNumber: 4, status: 'created' }], { headerRowNumber: 2 });
    expect(after).toBe(
      'Title only\r\nA,B,,Status,Record ID,Sequence,Line Item ID,Message,Updated At\r\n1,2,extra\r\n3,,,created,,,,,\r\n',
    );
  });

  it('writes the results of 200,000 rows (a spread of that many arguments overflowed the stack)', async () => {
    const input = dir.file('large.csv');
    const rows = 200_000;
    await writeFile(input, `Product,Qty\r\n${'Glyfos 540,2\r\n'.repeat(rows)}`);
    const results: RowResult[] = Array.from({ length: rows }, (_, i) => ({
      rowNumber: i + 2,
      status: 'created',
      recordId: `r${i}`,
    }));
    const after = await write(input, results);
    const lines = after.split('\r\n');
    expect(lines[0]).toBe('Product,Qty,Status,Record ID,Sequence,Line Item ID,Message,Updated At');
    expect(lines[rows]).toBe(`Glyfos 540,2,created,r${rows - 1},,,,`);
  });

  it('detects tab-separated input, and takes a delimiter given by the reader', async () => {
    const tsv = dir.file('tabs.csv');
    await writeFile(tsv, 'A\tB\r\n1\t2\r\n');
    expect(await write(tsv, [{ rowNumber: 2, status: 'created' }])).toBe(
      'A\tB\tStatus\tRecord ID\tSequence\tLine Item ID\tMessage\tUpdated At\r\n1\t2\tcreated\t\t\t\t\t\r\n',
    );
    const piped = dir.file('one-column.csv');
    await writeFile(piped, 'Product\r\nGlyfos 540\r\n');
    expect(await write(piped, [{ rowNumber: 2, status: 'created' }], { delimiter: ';' })).toBe(
      'Product;Status;Record ID;Sequence;Line Item ID;Message;Updated At\r\nGlyfos 540;created;;;;;\r\n',
    );
  });

  it('quotes added cells that hold the delimiter, quotes or line breaks', async () => {
    const input = dir.file('quotes.csv');
    await writeFile(input, 'A;B\r\n1;2\r\n');
    const after = await write(input, [
      { rowNumber: 2, status: 'invalid', message: 'bad "size"; expected 20 L\nor 20 kg' },
    ]);
    expect(records(after, ';')[1]).toEqual([
      '1',
      '2',
      'invalid',
      '',
      '',
      '',
      'bad "size"; expected 20 L\nor 20 kg',
      '',
    ]);
  });
});

describe("writeResultsFile (.csv): the input's encoding", () => {
  // Excel's "CSV (Comma delimited)" on Western-European Windows: é, ° and curly quotes as single bytes.
  const text = 'Product;Notes\r\nCafé Wetter;“keep at 5 °C”\r\n';

  it("writes the results of a Windows-1252 CSV in Windows-1252, shed's own words made to fit", async () => {
    const input = dir.file('excel.csv');
    await writeFile(input, encodeText(text, 'windows-1252', false));
    const outputPath = defaultResultsPath(input);
    await writeResultsFile({
      inputPath: input,
      outputPath,
      headerRowNumber: 1,
      results: [{ rowNumber: 2, status: 'invalid', message: 'pack size → 20 L, “Café”' }],
    });
    const bytes = await readFile(outputPath);
    expect(bytes.includes(0xe9) && bytes.includes(0xb0) && bytes.includes(0x93) && bytes.includes(0x94)).toBe(true);
    expect(bytes.subarray(0, 3)).not.toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const back = decodeWindows1252(bytes);
    expect(records(back, ';')).toEqual([
      ['Product', 'Notes', ...MARKED],
      ['Café Wetter', '“keep at 5 °C”', 'invalid', '', '', '', 'pack size -> 20 L, “Café”', ''],
      [''],
    ]);
  });

  it('writes the results of a UTF-16 CSV with a BOM in UTF-16 with a BOM', async () => {
    const input = dir.file('unicode.csv');
    await writeFile(input, encodeText(text.replace(/;/g, '\t'), 'utf-16le', true));
    const outputPath = defaultResultsPath(input);
    await writeResultsFile({
      inputPath: input,
      outputPath,
      headerRowNumber: 1,
      results: [{ rowNumber: 2, status: 'created', recordId: 'r-1' }],
    });
    const bytes = await readFile(outputPath);
    expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const back = new TextDecoder('utf-16le').decode(bytes);
    expect(records(back, '\t')[1]).toEqual(['Café Wetter', '“keep at 5 °C”', 'created', 'r-1', '', '', '', '']);
  });
});

describe('writeResultsFile (.csv): the key check and the snapshot', () => {
  it('writes from the snapshot given, not the file as it is now, and leaves off a result whose row holds another key', async () => {
    const input = dir.file('snap.csv');
    const snapshot = Buffer.from('Invoice,Product,Qty\r\nA1,Glyfos,4\r\nA2,Amine,2\r\n');
    await writeFile(input, 'Invoice,Product,Qty\r\nNEW,Inserted,1\r\nA1,Glyfos,4\r\nA2,Amine,2\r\n');
    const outputPath = dir.file('snap.results.csv');
    const rowKeys = {
      columns: [0, 1, 2],
      dateSystem: 1900 as const,
      byRow: new Map([
        [2, 'a1\u0000glyfos\u00004'],
        [3, 'a2\u0000amine\u00003'],
      ]),
    };
    const { unplaced } = await writeResultsFile({
      inputPath: input,
      snapshot,
      rowKeys,
      outputPath,
      headerRowNumber: 1,
      results: [
        { rowNumber: 2, status: 'created', recordId: 'r-1' },
        { rowNumber: 3, status: 'created', recordId: 'r-2' },
      ],
    });
    expect(unplaced).toEqual([3]);
    expect(records(await readFile(outputPath, 'utf8'), ',').slice(1, 3)).toEqual([
      ['A1', 'Glyfos', '4', 'created', 'r-1', '', '', '', ''],
      ['A2', 'Amine', '2'],
    ]);
  });
});

describe('writeResultsFile (.csv): refusals', () => {
  it('refuses an input with an unclosed quote', async () => {
    const input = dir.file('broken.csv');
    await writeFile(input, 'A,B\r\n"1,2\r\n');
    const error = await failure(write(input, []));
    expect(error.code).toBe('results_input_unreadable');
    expect(await dir.list()).toEqual(['broken.csv']);
  });

  it('refuses an input that is no text the reader takes', async () => {
    const input = dir.file('odd.csv');
    await writeFile(input, Buffer.from([0x41, 0x0d, 0x0a, 0x81, 0x0d, 0x0a]));
    expect((await failure(write(input, []))).code).toBe('results_input_unreadable');
  });

  it('refuses a header row past the end, and results past the last row', async () => {
    const input = dir.file('short.csv');
    await writeFile(input, 'A,B\r\n1,2\r\n');
    expect((await failure(write(input, [], { headerRowNumber: 3 }))).code).toBe('results_input_unreadable');
    const error = await failure(write(input, [{ rowNumber: 3, status: 'created' }]));
    expect(error.code).toBe('invalid_results');
    expect(error.message).toContain('last row 2');
  });

  it('reports a missing input', async () => {
    expect((await failure(write(dir.file('gone.csv'), []))).code).toBe('results_input_unreadable');
  });

  it('refuses a results file with another extension', async () => {
    const input = await example('supplier-returns.csv');
    const error = await failure(write(input, [], { outputPath: dir.file('returns.results.xlsx') }));
    expect(error.code).toBe('results_format_mismatch');
  });
});

describe('writeResultsFile (.csv): line ends of more than one kind', () => {
  it('writes each result on its own record, as the reader split them (a CRLF file appended to with LF)', async () => {
    const input = dir.file('mixed.csv');
    await writeFile(input, 'Invoice,Qty\r\nA-1,1\nA-2,2\r\n"Note\nacross lines",3\n');
    const after = await write(input, [
      { rowNumber: 2, status: 'created', recordId: 'r-1', sequence: 'R-0001' },
      { rowNumber: 3, status: 'created', recordId: 'r-2', sequence: 'R-0002' },
      { rowNumber: 4, status: 'invalid', message: 'not an invoice' },
    ]);
    const is = records(after, ',');
    expect(is.slice(1, 4)).toEqual([
      ['A-1', '1', 'created', 'r-1', 'R-0001', '', '', ''],
      ['A-2', '2', 'created', 'r-2', 'R-0002', '', '', ''],
      ['Note\nacross lines', '3', 'invalid', '', '', '', 'not an invoice', ''],
    ]);
  });
});
