// Repairs made on a workbook's zip before SheetJS parses it (batch/read/part-repair.ts): here the
// OpenDocument paragraphs SheetJS would read wrong. (The plain-<t>-then-runs repair: xlsx.test.ts.)
import { describe, expect, it } from 'vitest';
import { readGridFromBuffer } from '../../../batch/read/index.ts';
import { hasOdfParagraphsToRepair, repairOdfParagraphs, repairParts } from '../../../batch/read/part-repair.ts';
import { checkWorkbookZip } from '../../../batch/read/zip-check.ts';
import { centralDirectory, entryData } from '../../../batch/read/zip-entries.ts';
import { partsOverLimit } from '../../../batch/read/zip-sheets.ts';
import { EMPTY_WORKSHEET } from '../../../batch/read/xlsx-batches.ts';
import { DEFAULT_LIMITS } from '../../../batch/read/limits.ts';
import { workbookZip } from '../../support/workbook-zip.ts';
import { inflateRawSync } from 'node:zlib';
import { storedZip } from '../../support/zip.ts';

const OFFICE = 'urn:oasis:names:tc:opendocument:xmlns:office:1.0';
const NS = `xmlns:office="${OFFICE}" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"`;

/** An .ods whose one sheet has one row of the given `<table:table-cell>` elements. */
function odsOf(cells: string): Uint8Array {
  return storedZip([
    { name: 'mimetype', content: 'application/vnd.oasis.opendocument.spreadsheet' },
    {
      name: 'META-INF/manifest.xml',
      content:
        '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>',
    },
    {
      name: 'content.xml',
      content: `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${NS} office:version="1.2"><office:body><office:spreadsheet><table:table table:name="Invoices"><table:table-row>${cells}</table:table-row></table:table></office:spreadsheet></office:body></office:document-content>`,
    },
  ]);
}

const text = (paragraphs: string) => `<table:table-cell office:value-type="string">${paragraphs}</table:table-cell>`;

describe('OpenDocument paragraphs', () => {
  it('keep a space that ends a paragraph (ODF 1.2 §6.1.2; SheetJS alone trims it)', async () => {
    const grid = await readGridFromBuffer(
      odsOf(text('<text:p><text:s/>Roundup <text:s text:c="2"/>PowerMAX </text:p>')),
      'spaces.ods',
    );
    expect(grid.rows[0]!.cells).toEqual([' Roundup   PowerMAX ']);
  });

  it('read a formula result from its string-value, without a line feed per empty paragraph', async () => {
    const cell =
      '<table:table-cell office:value-type="string" office:string-value="Urea&#xA;&#xA;46% N" table:formula="of:=[.B1]"><text:p>Urea</text:p><text:p/><text:p>46% N</text:p></table:table-cell>';
    const grid = await readGridFromBuffer(odsOf(cell), 'formula.ods');
    expect(grid.rows[0]!.cells).toEqual(['Urea\n\n46% N']);
  });

  it('leave paragraphs that need nothing as SheetJS reads them: a lone space is empty, empty paragraphs between lines stay', async () => {
    const grid = await readGridFromBuffer(
      odsOf(
        text('<text:p>Line 1</text:p><text:p/><text:p>Line 2</text:p>') +
          text('<text:p> </text:p>') +
          text('<text:p>Urea</text:p>'),
      ),
      'plain.ods',
    );
    expect(grid.rows[0]!.cells).toEqual(['Line 1\n\nLine 2', null, 'Urea']);
  });

  it('are found by the zip check and rewritten only where they need it', () => {
    expect(hasOdfParagraphsToRepair('<text:p>Urea</text:p><text:p> </text:p><text:p/>')).toBe(false);
    expect(hasOdfParagraphsToRepair('<text:p>Urea </text:p>')).toBe(true);
    expect(
      hasOdfParagraphsToRepair(
        '<table:table-cell office:string-value="x"><text:p>x</text:p><text:p/></table:table-cell>',
      ),
    ).toBe(true);
    expect(repairOdfParagraphs('<text:p>a </text:p><t:p>b </t:p><text:p> </text:p>')).toBe(
      '<text:p>a<text:s/></text:p><t:p>b<t:s/></t:p><text:p> </text:p>',
    );
    expect(
      repairOdfParagraphs(
        '<table:table-cell office:string-value="a"><text:p/></table:table-cell><table:table-cell><text:p/></table:table-cell>',
      ),
    ).toBe(
      '<table:table-cell office:string-value="a"></table:table-cell><table:table-cell><text:p/></table:table-cell>',
    );
  });
});

describe('repairParts', () => {
  it('puts a sheet past the row limit in empty, never unpacking it into the repaired workbook', async () => {
    const rows = (count: number) =>
      Array.from({ length: count }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`).join('');
    // No styles part: the workbook is repaired (one is added) before SheetJS reads it.
    const bytes = workbookZip(
      [
        { name: 'Small', rows: rows(2) },
        { name: 'Big', rows: rows(50) },
      ],
      { deflate: true },
    );
    const limits = { ...DEFAULT_LIMITS, maxRows: 10 };
    const { repairs, sheets } = await checkWorkbookZip(bytes, 'book.xlsx', limits);
    expect(repairs.add.map((part) => part.name)).toEqual(['xl/styles.xml']);
    const repaired = repairParts(bytes, repairs, partsOverLimit(sheets, limits.maxRows));
    const parts = new Map(
      centralDirectory(repaired)!.map((entry) => {
        const data = entryData(repaired, entry)!;
        return [entry.name, Buffer.from(entry.method === 8 ? inflateRawSync(data) : data).toString('utf8')];
      }),
    );
    expect(parts.get('xl/worksheets/sheet2.xml')).toBe(EMPTY_WORKSHEET);
    expect(parts.get('xl/worksheets/sheet1.xml')).toContain('<v>1</v>');
    expect(parts.has('xl/styles.xml')).toBe(true);
    // The sheet within the limit reads from it as before; the one past it is refused by its count.
    const small = await readGridFromBuffer(bytes, 'book.xlsx', { limits: { maxRows: 10 }, sheet: 'Small' });
    expect(small.rows.map((r) => r.cells)).toEqual([[0], [1]]);
  });
});
