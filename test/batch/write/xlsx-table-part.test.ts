import { validateXML } from 'xmllint-wasm';
import { describe, expect, it } from 'vitest';
import {
  canAddTable,
  structuredRef,
  tableHooks,
  tableXml,
  type TablePart,
} from '../../../batch/write/xlsx-table-part.ts';

const PART: TablePart = {
  id: 3,
  name: 'Movements',
  ref: 'A1:C11',
  autoFilterRef: 'A1:C10',
  columns: [
    { name: 'Storage', totalsRowLabel: 'Total & more' },
    { name: 'Cost <ex> "GST"' },
    { name: 'Qty', totalsRowFunction: 'sum' },
  ],
  totalsRow: true,
};

describe('tableXml', () => {
  it('is well-formed XML with the table, its filter range, columns and style', async () => {
    const xml = tableXml(PART);
    const result = await validateXML({ xml: [{ fileName: 'table3.xml', contents: xml }], normalization: 'format' });
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(xml).toContain(
      'id="3" name="Movements" displayName="Movements" ref="A1:C11" headerRowCount="1" totalsRowCount="1"',
    );
    expect(xml).toContain('<autoFilter ref="A1:C10"/>');
    expect(xml).toContain('<tableColumns count="3">');
    expect(xml).toContain('<tableColumn id="1" name="Storage" totalsRowLabel="Total &amp; more"/>');
    expect(xml).toContain('<tableColumn id="2" name="Cost &lt;ex&gt; &quot;GST&quot;"/>');
    expect(xml).toContain('<tableColumn id="3" name="Qty" totalsRowFunction="sum"/>');
    // Schema order of CT_Table: autoFilter, tableColumns, tableStyleInfo.
    expect(xml.indexOf('<autoFilter')).toBeLessThan(xml.indexOf('<tableColumns'));
    expect(xml.indexOf('</tableColumns>')).toBeLessThan(xml.indexOf('<tableStyleInfo'));
  });

  it('marks a table without totals row as such', () => {
    const xml = tableXml({ ...PART, totalsRow: false, columns: [{ name: 'Storage' }] });
    expect(xml).toContain('totalsRowShown="0"');
    expect(xml).not.toContain('totalsRowCount');
  });
});

describe('structuredRef', () => {
  it.each([
    ['Qty', 'Movements[Qty]'],
    ['Kilograms_2026', 'Movements[Kilograms_2026]'],
    ['Quantity (L)', 'Movements[[Quantity (L)]]'],
    ['Cost [ex GST]', "Movements[[Cost '[ex GST']]]"],
    ["No. #'s", "Movements[[No. '#''s]]"],
  ])('%s → %s', (column, ref) => {
    expect(structuredRef('Movements', column)).toBe(ref);
  });
});

describe('hooks into exceljs internals', () => {
  it('report no table support for objects without the internals', () => {
    expect(tableHooks({})).toBeUndefined();
    expect(tableHooks({ zip: {} })).toBeUndefined();
    expect(canAddTable({})).toBe(false);
    expect(canAddTable({ _sheetRelsWriter: {}, _writeCloseWorksheet() {}, _write() {} })).toBe(false);
  });
});
