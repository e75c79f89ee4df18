import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../../batch/read/limits.ts';
import { checkWorkbookZip } from '../../../batch/read/zip-check.ts';
import { centralDirectory, entryData } from '../../../batch/read/zip-entries.ts';
import { readGridFromBuffer } from '../../../batch/read/index.ts';
import { workbookZip } from '../../support/workbook-zip.ts';
import { storedZip } from '../../support/zip.ts';
import { deflated, expectInputError } from './helpers.ts';

// The zip check looks for what changes how cells read (escaped CRs before line feeds, `t="d"`
// cells, a string item of plain text then runs) in the pieces a part inflates in (1 MiB each, 64 KiB
// for a part packed past 8 MB): found wherever they fall among them, a piece holding none of their
// text being passed over without a search.

const PIECE = 1024 * 1024;

/** A deflated one-sheet workbook whose sheet part has `cell` (a `<c>` of row 2) at character `at`, `marker` in it. */
function cellAt(at: number, cell: string, marker: string): Uint8Array {
  const made = (padding: number) =>
    workbookZip([
      {
        name: 'Lines',
        rows: `<row r="1"><c r="A1" t="inlineStr"><is><t>${'p'.repeat(padding)}</t></is></c></row><row r="2">${cell}</row>`,
      },
    ]);
  const markerAt = (zip: Uint8Array) => {
    const entry = centralDirectory(zip)!.find((e) => e.name.endsWith('sheet1.xml'))!;
    return Buffer.from(entryData(zip, entry)!).toString('latin1').indexOf(marker);
  };
  const zip = made(at - markerAt(made(0)));
  expect(markerAt(zip)).toBe(at);
  return deflated(zip);
}

describe('the zip check across the pieces a part inflates in', () => {
  it('finds an escaped CR before a line feed wherever it falls, to keep the CR', async () => {
    const cell = '<c r="A2" t="inlineStr"><is><t>a_x000D_\nb</t></is></c>';
    for (const shift of [-8, -7, -2, -1, 0, 1]) {
      const check = await checkWorkbookZip(cellAt(PIECE + shift, cell, '_x000D_'), 'cr.xlsx', DEFAULT_LIMITS);
      expect(check.repairs.carriageReturns, `escape at ${shift}`).toEqual(['xl/worksheets/sheet1.xml']);
    }
  });

  it('finds a t="d" cell wherever its type falls, to read it as the date it is', async () => {
    const cell = '<c r="B2" t="d"><v>2026-03-04T10:30:00</v></c>';
    for (const shift of [-3, -2, -1, 0, 1]) {
      const check = await checkWorkbookZip(cellAt(PIECE + shift, cell, '"d"'), 'dates.xlsx', DEFAULT_LIMITS);
      expect([...(check.sheets[0]!.dateCells ?? new Map())], `type at ${shift}`).toEqual([
        [16_384 + 1, '2026-03-04T10:30:00'],
      ]);
    }
  });

  it('finds a long string item of plain text then runs wherever a piece ends in it, keeping its runs', async () => {
    const plain = 'Apply at 2 L/ha. '.repeat(1800); // 30,600 characters, as long as cells get
    // The item starts 16 KB or more before the end of the first piece (1 MiB) and ends after it.
    for (const before of [PIECE - 24_000, PIECE - 19_000]) {
      const filler = `<si><t>${'f'.repeat(before)}</t></si>`;
      const strings = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${filler}<si><t>${plain}</t><r><rPr><b/></rPr><t>DO NOT MIX WITH 2,4-D</t></r></si>${`<si><t>${'m'.repeat(1000)}</t></si>`.repeat(300)}</sst>`;
      const zip = deflated(
        workbookZip(
          [{ name: 'Stock', rows: '<row r="1"><c r="A1" t="s"><v>1</v></c><c r="B1" t="s"><v>2</v></c></row>' }],
          { sharedStrings: strings },
        ),
      );
      const check = await checkWorkbookZip(zip, 'runs.xlsx', DEFAULT_LIMITS);
      expect(check.repairs.plainThenRuns, `${before} characters before it`).toEqual(['xl/sharedStrings.xml']);
      const grid = await readGridFromBuffer(zip, 'runs.xlsx');
      expect(grid.rows[0]!.cells[0]).toBe(`${plain}DO NOT MIX WITH 2,4-D`);
    }
  });

  it('keeps the text around the rows of the parts past the size asked, for the batched read', async () => {
    const zip = workbookZip([{ name: 'Lines', rows: '<row r="1"><c r="A1"><v>1</v></c></row>' }]);
    const check = await checkWorkbookZip(zip, 'ends.xlsx', DEFAULT_LIMITS, { endsPast: 10 });
    const ends = check.sheetEnds.get('xl/worksheets/sheet1.xml');
    expect(ends?.head).toMatch(/^<\?xml.*<sheetData>$/);
    expect(ends?.tail).toBe('</sheetData></worksheet>');
    expect((await checkWorkbookZip(zip, 'ends.xlsx', DEFAULT_LIMITS)).sheetEnds.size).toBe(0);
  });
});

/** The parts of a zip, by name, with their content (stored or deflated). */
function* zipParts(zip: Uint8Array): Generator<{ name: string; content: Uint8Array }> {
  for (const entry of centralDirectory(zip)!) yield { name: entry.name, content: entryData(zip, entry)! };
}

describe('workbooks whose parts disagree with themselves', () => {
  const sheet = (rows: string) => workbookZip([{ name: 'Stock', rows }]);
  const head =
    '<row r="1"><c r="A1" t="inlineStr"><is><t>Product</t></is></c><c r="B1" t="inlineStr"><is><t>Qty</t></is></c></row>';
  const glyfos = (r: number, qty: string) =>
    `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>Glyfos</t></is></c><c r="B${r}"><v>${qty}</v></c></row>`;

  it('refuses a sheet whose part the workbook names but the zip does not hold, instead of saying it is empty', async () => {
    const parts = [...zipParts(sheet(head))].filter((p) => !p.name.endsWith('sheet1.xml'));
    const error = await expectInputError(
      readGridFromBuffer(storedZip(parts), 'gone.xlsx'),
      'corrupt_workbook',
      'gone.xlsx',
    );
    expect(error.message).toMatch(
      /gone\.xlsx .*sheet 'Stock' is named by the workbook but its part xl\/worksheets\/sheet1\.xml is not in the file/,
    );
  });

  it('refuses two rows written with the same number, instead of keeping the last and losing the other', async () => {
    const error = await expectInputError(
      readGridFromBuffer(sheet(`${head}${glyfos(2, '1')}${glyfos(2, '5')}`), 'twice.xlsx'),
      'corrupt_workbook',
      'twice.xlsx',
    );
    expect(error.message).toMatch(/twice\.xlsx, sheet Stock: 3 rows hold a value in the file but only 2 could be read/);
  });

  it('refuses two rows with the same number in a sheet read in batches too', async () => {
    let rows = head;
    for (let r = 2; r < 3000; r += 1) rows += glyfos(r, String(r));
    const bytes = sheet(rows + glyfos(2999, '5'));
    const error = await expectInputError(
      readGridFromBuffer(bytes, 'big.xlsx', { sheetBatchBytes: 4096 }),
      'corrupt_workbook',
      'big.xlsx',
    );
    expect(error.message).toMatch(/3,000 rows hold a value in the file but only 2,999 could be read/);
  });

  it('refuses a row numbered 0, where no row can be', async () => {
    await expectInputError(
      readGridFromBuffer(sheet(`${head}${glyfos(0, '1')}`), 'zero.xlsx'),
      'corrupt_workbook',
      'zero.xlsx',
    );
  });

  it('reads rows and cells written out of order, as Excel repairs them', async () => {
    const cellsBackwards = `<row r="3"><c r="B3"><v>2</v></c><c r="A3" t="inlineStr"><is><t>Amine</t></is></c></row>`;
    const grid = await readGridFromBuffer(sheet(`${head}${cellsBackwards}${glyfos(2, '1')}`), 'order.xlsx');
    expect(grid.rows.map((r) => r.cells)).toEqual([
      ['Product', 'Qty'],
      ['Glyfos', 1],
      ['Amine', 2],
    ]);
  });
});
