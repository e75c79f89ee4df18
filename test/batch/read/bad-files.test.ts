import { appendFileSync } from 'node:fs';
import { appendFile, mkdir, readFile, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InputFileError,
  readCsv,
  readGrid,
  readGridFromBuffer,
  readGridFromSource,
  readXlsx,
} from '../../../batch/read/index.ts';
import { fileSource } from '../../../batch/read/source.ts';
import { ShedError } from '../../../shared/errors/shed-error.ts';
import { storedZip } from '../../support/zip.ts';
import {
  EXAMPLES,
  expectInputError,
  makeTempDir,
  oleFile,
  pseudoRandomBytes,
  writeTemp,
  xlsxBytes,
} from './helpers.ts';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let invoices: Uint8Array;
beforeAll(async () => {
  temp = await makeTempDir();
  invoices = await readFile(join(EXAMPLES, 'supplier-invoices.xlsx'));
});
afterAll(() => temp.cleanup());

/** Writes `bytes` as `name` in the temp folder and reads it with readGrid. */
async function readWritten(name: string, bytes: Uint8Array | string, sheet?: string) {
  const path = await writeTemp(temp.dir, name, bytes);
  return { path, read: readGrid(path, sheet === undefined ? {} : { sheet }) };
}

describe('files that are not there or not files', () => {
  it('refuses a missing file, saying where it looked', async () => {
    const path = join(temp.dir, 'nowhere', 'invoices.xlsx');
    const error = await expectInputError(readGrid(path), 'file_not_found', path);
    expect(error).toBeInstanceOf(ShedError);
    expect(error.message).toBe(`Cannot find the file ${path}: check its name and folder.`);
  });

  it('refuses a folder', async () => {
    const path = join(temp.dir, 'a-folder.xlsx');
    await mkdir(path);
    const error = await expectInputError(readGrid(path), 'file_unreadable', path);
    expect(error.message).toContain('is a folder');
  });

  it('refuses an empty file', async () => {
    const { path, read } = await readWritten('empty.csv', '');
    const error = await expectInputError(read, 'empty_file', path);
    expect(error.message).toContain('0 bytes');
    await expectInputError(readXlsx(path), 'empty_file', path);
  });
});

describe('a CSV still being written', () => {
  const lines = 'Supplier,Product,Qty\r\nFarmco,Glyfos 540,12\r\nFarmco,Wetter,1';

  it('is refused when it changed while read and its last line has no line end (12 must not become 1)', async () => {
    const path = await writeTemp(temp.dir, 'growing.csv', lines);
    const opened = await fileSource(path);
    // The writer adds the rest of its last line just after the reader took the bytes.
    const source = { ...opened, all: async () => opened.all().finally(() => appendFile(path, '2\r\n')) };
    const error = await expectInputError(readGridFromSource(source), 'file_changed', path);
    expect(error.message).toMatch(/still writing it.*import again/);
  });

  it('is read when it changed but ends its last line, or did not change', async () => {
    const path = await writeTemp(temp.dir, 'complete.csv', `${lines}\r\n`);
    const source = await fileSource(path);
    await appendFile(path, 'Farmco,Wetter,3\r\n');
    expect((await readGridFromSource(source)).rows.length).toBeGreaterThanOrEqual(3);
    const unterminated = await writeTemp(temp.dir, 'no-final-newline.csv', lines);
    expect((await readGrid(unterminated, { settleMs: 20 })).rows.at(-1)?.cells).toEqual(['Farmco', 'Wetter', '1']);
  });

  it('is refused when its writer paused mid-line, nothing changing during the read, and then goes on', async () => {
    const path = await writeTemp(temp.dir, 'paused.csv', lines);
    // The writer goes on a moment later (its timer is due before the settling interval ends).
    const writer = setInterval(() => appendFileSync(path, '2'), 20);
    try {
      const error = await expectInputError(readCsv(path, { settleMs: 400 }), 'file_changed', path);
      expect(error.message).toMatch(/within 0\.4 seconds before.*no line end.*Nothing was sent/);
    } finally {
      clearInterval(writer);
    }
  });

  it('a CSV saved by hand without a final line end, a while ago, is read at once and quietly', async () => {
    const path = await writeTemp(temp.dir, 'hand-saved.csv', lines);
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await utimes(path, anHourAgo, anHourAgo);
    // An interval of ten minutes: waiting it out would outlast the test.
    const grid = await readCsv(path, { settleMs: 600_000 });
    expect(grid.rows.at(-1)?.cells).toEqual(['Farmco', 'Wetter', '1']);
    expect(grid.warnings).toEqual([]);
  });

  it('one saved a moment ago is read once it has stayed unchanged for the interval', async () => {
    const path = await writeTemp(temp.dir, 'just-saved.csv', lines);
    const grid = await readCsv(path, { settleMs: 100 });
    expect(grid.rows.at(-1)?.cells).toEqual(['Farmco', 'Wetter', '1']);
  });
});

describe('a CSV in a legacy encoding', () => {
  it('converts a Windows-1252 file (é, ®) and warns', async () => {
    const bytes = Uint8Array.from([
      ...Buffer.from('Supplier,Product\r\nCaf', 'latin1'),
      0xe9,
      ...Buffer.from(' Agri,Alphaguard', 'latin1'),
      0xae,
      ...Buffer.from(' 100\r\n', 'latin1'),
    ]);
    const { path, read } = await readWritten('legacy.csv', bytes);
    const grid = await read;
    expect(grid.rows[1]?.cells).toEqual(['Café Agri', 'Alphaguard® 100']);
    expect(grid.csv?.encoding).toBe('windows-1252');
    expect(grid.warnings[0]).toContain(`${path} is not UTF-8 text; read it as Windows-1252`);
  });
});

describe('files that are not spreadsheets', () => {
  it('refuses random bytes', async () => {
    const { path, read } = await readWritten('random.xlsx', pseudoRandomBytes(4096));
    const error = await expectInputError(read, 'not_a_spreadsheet', path);
    expect(error.message).toContain('binary data');
  });

  it('names a PDF, an image and archives', async () => {
    const cases = [
      ['invoice.pdf', '%PDF-1.7\n%âãÏÓ\n1 0 obj', 'a PDF document', 'shed template receipts'],
      [
        'scan.png',
        Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
        'a PNG image',
        'save it as .xlsx',
      ],
      ['photo.jpg', Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'a JPEG image', 'save it as .xlsx'],
      ['export.csv.gz', Uint8Array.from([0x1f, 0x8b, 8, 0, 0, 0]), 'a gzip archive', 'save it as .xlsx'],
    ] as const;
    for (const [name, bytes, what, hint] of cases) {
      const { path, read } = await readWritten(name, bytes);
      const error = await expectInputError(read, 'not_a_spreadsheet', path);
      expect(error.message).toContain(`is ${what}, not a spreadsheet`);
      expect(error.message).toContain(hint);
    }
  });

  it('refuses a zip that holds no workbook', async () => {
    const { path, read } = await readWritten('notes.xlsx', storedZip([{ name: 'notes.txt', content: 'hello' }]));
    const error = await expectInputError(read, 'not_a_spreadsheet', path);
    expect(error.message).toContain('a zip archive but not an Excel workbook');
  });

  it('names an OpenDocument text document, which is no spreadsheet', async () => {
    const odt = storedZip([
      { name: 'mimetype', content: 'application/vnd.oasis.opendocument.text' },
      { name: 'content.xml', content: '<office:document-content/>' },
    ]);
    const { path, read } = await readWritten('stock.ods', odt);
    const error = await expectInputError(read, 'not_a_spreadsheet', path);
    expect(error.message).toContain('is an OpenDocument text or presentation, not a spreadsheet');
  });

  it('refuses a JSON file, pointing at --mapping', async () => {
    const { path, read } = await readWritten('mapping.json', '{"kind":"receipts","columns":{"quantity":"Qty"}}');
    const error = await expectInputError(read, 'not_a_spreadsheet', path);
    expect(error.message).toContain('--mapping');
  });
});

describe('damaged and locked workbooks', () => {
  it('refuses a truncated .xlsx', async () => {
    const { path, read } = await readWritten('truncated.xlsx', invoices.subarray(0, Math.floor(invoices.length / 2)));
    const error = await expectInputError(read, 'corrupt_workbook', path);
    expect(error.message).toContain('the file ends part-way through');
    expect(error.message).toContain('open it in Excel and save it again');
  });

  it('refuses an .xlsx whose worksheet data is damaged', async () => {
    const bytes = Uint8Array.from(
      await xlsxBytes((wb) => {
        const ws = wb.addWorksheet('Data');
        for (let i = 1; i <= 200; i += 1) ws.addRow([`Product ${i}`, i, i * 1.5]);
      }),
    );
    // Damage the middle of the deflated xl/worksheets/sheet1.xml, found by its local file header.
    const view = new DataView(bytes.buffer);
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    let header = -1;
    for (let at = Buffer.from(bytes).indexOf(name); at >= 0; at = Buffer.from(bytes).indexOf(name, at + 1)) {
      if (view.getUint32(at - 30, true) === 0x04034b50) {
        header = at - 30;
        break;
      }
    }
    expect(header).toBeGreaterThanOrEqual(0);
    expect(view.getUint16(header + 8, true)).toBe(8); // deflated
    const start = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
    const size = view.getUint32(header + 18, true);
    for (let i = 0; i < 64; i += 1)
      bytes[start + Math.floor(size / 3) + i] = (bytes[start + Math.floor(size / 3) + i] ?? 0) ^ 0xa5;
    const { path, read } = await readWritten('damaged.xlsx', bytes);
    await expectInputError(read, 'corrupt_workbook', path);
  });

  it('refuses a workbook part that is not well-formed XML', async () => {
    const bytes = Uint8Array.from(
      await xlsxBytes((wb) => wb.addWorksheet('Data').addRow(['Supplier', 'Qty']), { store: true }),
    );
    const at = Buffer.from(bytes).indexOf('<sheetData>');
    Buffer.from(bytes.buffer).write('<sheetData<', at);
    const { path, read } = await readWritten('bad-xml.xlsx', bytes);
    const error = await expectInputError(read, 'corrupt_workbook', path);
    expect(error.message).toMatch(/its part xl\/worksheets\/sheet1.xml is damaged/);
  });

  it('refuses a password-protected .xlsx', async () => {
    const { path, read } = await readWritten(
      'locked.xlsx',
      oleFile(['\u0006DataSpaces', 'EncryptionInfo', 'EncryptedPackage']),
    );
    const error = await expectInputError(read, 'password_protected', path);
    expect(error.message).toContain('remove the password');
  });

  it('refuses an .xls whose workbook stream is damaged, saying so', async () => {
    const { path, read } = await readWritten('old.xls', oleFile(['Workbook', '\u0005SummaryInformation']));
    const error = await expectInputError(read, 'corrupt_workbook', path);
    expect(error.message).toContain('cannot be read');
    expect(error.message).toContain('save it again');
  });

  it('refuses an OLE file with no workbook in it as not a spreadsheet, and names a Word document', async () => {
    const unknown = await readWritten('mystery.xlsx', oleFile([]));
    const error = await expectInputError(unknown.read, 'not_a_spreadsheet', unknown.path);
    expect(error.message).toBe(
      `${unknown.path} is an Office 97-2003 (OLE) file with no workbook in it, not a spreadsheet this tool reads ` +
        `(.xlsx, .xls or .ods workbook, or .csv text). Open it in Excel and save it as .xlsx (Excel Workbook) or CSV UTF-8.`,
    );
    const word = await readWritten('letter.doc', oleFile(['WordDocument']));
    const wordError = await expectInputError(word.read, 'not_a_spreadsheet', word.path);
    expect(wordError.message).toContain('a Word document (.doc)');
  });

  it('refuses the same bytes in memory with the same codes', async () => {
    await expectInputError(readGridFromBuffer(new Uint8Array(0), 'mem.xlsx'), 'empty_file', 'mem.xlsx');
    await expectInputError(
      readGridFromBuffer(oleFile(['EncryptedPackage']), 'mem.xlsx'),
      'password_protected',
      'mem.xlsx',
    );
    await expectInputError(readGridFromBuffer(invoices.subarray(0, 3000), 'mem.xlsx'), 'corrupt_workbook', 'mem.xlsx');
    await expectInputError(readGridFromBuffer(pseudoRandomBytes(100, 7), 'mem.csv'), 'not_a_spreadsheet', 'mem.csv');
  });
});

describe('sheets that are missing or empty', () => {
  it('refuses a sheet name that does not exist, listing the sheets', async () => {
    const path = join(EXAMPLES, 'supplier-invoices.xlsx');
    const error = await expectInputError(readGrid(path, { sheet: 'Invoice' }), 'sheet_not_found', path);
    expect(error.sheet).toBe('Invoice');
    expect(error.message).toBe(
      `${path} has no sheet named 'Invoice'. Did you mean 'Invoices'? Its sheets are: 'Invoices'. Pass one of them to --sheet.`,
    );
  });

  it('refuses a workbook with an empty sheet', async () => {
    const { path, read } = await readWritten('blank.xlsx', await xlsxBytes((wb) => wb.addWorksheet('Sheet1')));
    const error = await expectInputError(read, 'no_data', path);
    expect(error.message).toBe(`${path} has no data: every sheet ('Sheet1') is empty.`);
  });

  it('refuses a CSV of only blank lines', async () => {
    const { path, read } = await readWritten('blank.csv', '\ufeff\r\n;;;\r\n\r\n');
    const error = await expectInputError(read, 'no_data', path);
    expect(error.message).toBe(`${path} has no data: no row has a value.`);
    await expectInputError(readCsv(path), 'no_data', path);
  });

  it('every refusal is an input error (exit status 2)', async () => {
    const { read } = await readWritten('x.pdf', '%PDF-1.4');
    await expect(read).rejects.toSatisfy((e: unknown) => e instanceof InputFileError && e.category === 'input');
  });
});
