// Repairs made on a workbook's zip before SheetJS parses it (batch/read/part-repair.ts): here the
// OpenDocument paragraphs SheetJS would read wrong. (The plain-<t>-then-runs repair: xlsx.test.ts.)
import { describe, expect, it } from 'vitest';
import { readGridFromBuffer } from '../../../batch/read/index.ts';
import { hasOdfParagraphsToRepair, repairOdfParagraphs } from '../../../batch/read/part-repair.ts';
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
