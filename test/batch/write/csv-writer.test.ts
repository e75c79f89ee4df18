import { dirname } from 'node:path';
import { readFile, writeFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { writeCsvTable } from '../../../batch/write/csv-writer.ts';
import type { ColumnSpec, TableRow } from '../../../batch/write/table.ts';
import { ALL_TYPES, failure, sampleRows, useTempDir } from './helpers.ts';

const dir = useTempDir();

const TEXT_AND_NUMBERS: ColumnSpec[] = [
  { key: 'note', header: 'Note', type: 'text' },
  { key: 'qty', header: 'Qty', type: 'number' },
  { key: 'cost', header: 'Cost', type: 'money' },
];

/** The file as papaparse reads it (BOM stripped), and its raw text. */
async function readCsv(path: string, delimiter = ','): Promise<{ raw: string; records: string[][] }> {
  const raw = await readFile(path, 'utf8');
  const parsed = Papa.parse<string[]>(raw, { delimiter, skipEmptyLines: false });
  expect(parsed.errors).toEqual([]);
  return { raw, records: parsed.data };
}

describe('writeCsvTable: format', () => {
  it('writes UTF-8 with a BOM, CRLF after every record, a header and typed values', async () => {
    const path = dir.file('export.csv');
    const rows: TableRow[] = [
      {
        date: '2026-03-23',
        product: 'Alphaguard® 100',
        qty: '20.000',
        packs: 4,
        cost: 185,
        at: '2026-03-01T10:00:00.123456Z',
        locked: true,
      },
      {
        date: new Date(Date.UTC(2026, 0, 6)),
        product: 'Wetter, "1000"',
        qty: 2.5,
        packs: null,
        cost: '-12.5',
        at: new Date(Date.UTC(2026, 0, 6, 8)),
        locked: false,
      },
    ];
    expect(await writeCsvTable(path, { columns: ALL_TYPES, rows })).toEqual({ rows: 2 });
    const bytes = await readFile(path);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const { raw, records } = await readCsv(path);
    expect(raw.split('\r\n')).toHaveLength(4);
    expect(raw.endsWith('\r\n')).toBe(true);
    expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(records.slice(0, 3)).toEqual([
      ALL_TYPES.map((c) => c.header),
      ['2026-03-23', 'Alphaguard® 100', '20.000', '4', '185.00', '2026-03-01T10:00:00.123456Z', 'true'],
      ['2026-01-06', 'Wetter, "1000"', '2.5', '', '-12.5', '2026-01-06T08:00:00Z', 'false'],
    ]);
    expect(raw).toContain('"Wetter, ""1000"""');
  });

  it('drops the BOM with bom: false and uses the delimiter asked for', async () => {
    const path = dir.file('semi.csv');
    await writeCsvTable(
      path,
      { columns: TEXT_AND_NUMBERS, rows: [{ note: 'a;b', qty: '1.5', cost: 2 }] },
      { bom: false, delimiter: ';' },
    );
    const raw = await readFile(path, 'utf8');
    expect(raw).toBe('Note;Qty;Cost\r\n"a;b";1.5;2.00\r\n');
  });

  it('writes datetimes with the offset of the time zone asked for', async () => {
    const path = dir.file('zoned.csv');
    const columns: ColumnSpec[] = [{ key: 'at', header: 'At', type: 'datetime' }];
    await writeCsvTable(
      path,
      { columns, rows: [{ at: '2026-03-01T10:00:00Z' }] },
      { timeZone: 'Australia/Sydney', bom: false },
    );
    expect(await readFile(path, 'utf8')).toBe('At\r\n2026-03-01T21:00:00+11:00\r\n');
  });

  it('keeps an empty value in a one-column file as a record, not a blank line', async () => {
    const path = dir.file('one.csv');
    await writeCsvTable(
      path,
      { columns: [{ key: 'a', header: 'A', type: 'text' }], rows: [{ a: 'x' }, { a: null }, { a: 'y' }] },
      { bom: false },
    );
    expect(await readFile(path, 'utf8')).toBe('A\r\nx\r\n""\r\ny\r\n');
  });

  it('writes a header only when there are no rows', async () => {
    const path = dir.file('empty.csv');
    expect(await writeCsvTable(path, { columns: TEXT_AND_NUMBERS, rows: [] }, { bom: false })).toEqual({ rows: 0 });
    expect(await readFile(path, 'utf8')).toBe('Note,Qty,Cost\r\n');
  });
});

describe('writeCsvTable: formula-injection guard', () => {
  it.each([['=HYPERLINK("http://evil","x")'], ['+61 400 000 000'], ['-5 kg'], ['@SUM(A1)'], ['\t=1+1'], ['\r=1+1']])(
    'prefixes a quote to text starting %j',
    async (text) => {
      const path = dir.file('guard.csv');
      await writeCsvTable(path, { columns: TEXT_AND_NUMBERS, rows: [{ note: text, qty: -5, cost: '-5.00' }] });
      const { records } = await readCsv(path);
      expect(records[1]).toEqual([`'${text}`, '-5', '-5.00']);
    },
  );

  it('leaves numbers unguarded, negative ones included', async () => {
    const path = dir.file('numbers.csv');
    await writeCsvTable(
      path,
      { columns: TEXT_AND_NUMBERS, rows: [{ note: 'refund', qty: -5, cost: -12.5 }] },
      { bom: false },
    );
    expect(await readFile(path, 'utf8')).toBe('Note,Qty,Cost\r\nrefund,-5,-12.50\r\n');
  });

  it('guards header text too', async () => {
    const path = dir.file('header.csv');
    await writeCsvTable(path, { columns: [{ key: 'a', header: '=cmd', type: 'text' }], rows: [] }, { bom: false });
    expect(await readFile(path, 'utf8')).toBe("'=cmd\r\n");
  });
});

describe('writeCsvTable: streaming and failures', () => {
  it('writes many rows in blocks, in order, reporting progress per block', async () => {
    const path = dir.file('many.csv');
    const seen: number[] = [];
    async function* rows(): AsyncGenerator<TableRow> {
      yield* sampleRows(2_500);
    }
    expect(await writeCsvTable(path, { columns: ALL_TYPES, rows: rows() }, { onRow: (n) => seen.push(n) })).toEqual({
      rows: 2_500,
    });
    expect(seen).toEqual([1_000, 2_000, 2_500]);
    const { records } = await readCsv(path);
    expect(records).toHaveLength(2_502); // header, rows, and the empty string after the final CRLF
    expect(records[2_500]?.[1]).toBe('Glyfos 540 #2499');
  });

  it('leaves no file and no temp file when the row iterator throws midway', async () => {
    const path = dir.file('broken.csv');
    function* rows(): Generator<TableRow> {
      yield* sampleRows(1_500);
      throw new Error('lost the connection');
    }
    expect((await failure(writeCsvTable(path, { columns: ALL_TYPES, rows: rows() }))).message).toBe(
      'lost the connection',
    );
    expect(await dir.list()).toEqual([]);
  });

  it('keeps an existing file when a value does not fit its column', async () => {
    const path = dir.file('keep.csv');
    await writeFile(path, 'old');
    const error = await failure(writeCsvTable(path, { columns: TEXT_AND_NUMBERS, rows: [{ qty: 'lots' }] }));
    expect(error.code).toBe('invalid_cell_value');
    expect(error.message).toContain("keep.csv', row 1, column 'Qty'");
    expect(await readFile(path, 'utf8')).toBe('old');
    expect(await dir.list()).toEqual(['keep.csv']);
  });

  it.each(['', '"', '\n', ',\r'])('refuses the delimiter %j', async (delimiter) => {
    const error = await failure(
      writeCsvTable(dir.file('x.csv'), { columns: TEXT_AND_NUMBERS, rows: [] }, { delimiter }),
    );
    expect(error.code).toBe('invalid_table');
    expect(await dir.list()).toEqual([]);
  });

  it('refuses duplicate headers', async () => {
    const columns: ColumnSpec[] = [TEXT_AND_NUMBERS[0]!, { key: 'b', header: 'NOTE', type: 'text' }];
    expect((await failure(writeCsvTable(dir.file('x.csv'), { columns, rows: [] }))).code).toBe('invalid_table');
  });

  it('reports an unwritable target as output_not_writable, in words, not naming the temp file', async () => {
    const target = dir.file('no/such/dir/x.csv');
    const error = await failure(writeCsvTable(target, { columns: TEXT_AND_NUMBERS, rows: [] }));
    expect(error.code).toBe('output_not_writable');
    expect(error.message).toBe(
      `cannot write '${target}': the folder '${dirname(target)}' does not exist: create it, or write the file elsewhere`,
    );
  });
});
