/** The office-js adapter writing the core's template plan (addin/excel/excel-template.ts), over the fake Excel. */
import { describe, expect, it } from 'vitest';
import { paneRemedy } from '../../../addin/app/remedy-wording.ts';
import { ExcelWorkbook } from '../../../addin/excel/excel-workbook.ts';
import { columnPoints } from '../../../addin/excel/sheet-layout.ts';
import { buildTemplate, instructionRows, wordTemplate, type WordedTemplate } from '../../../shared/template/index.ts';
import type { ImportKind } from '../../../shared/kinds/index.ts';
import { templateReference } from '../../support/template-reference.ts';
import { FakeExcel, officeWith } from './excel-fake.ts';

const context = { organisationName: 'Willow Creek Pastoral Co', madeAt: new Date('2026-03-01T02:00:00Z') };

function plan(kind: ImportKind, storages: string[], products: string[]): WordedTemplate {
  return wordTemplate(buildTemplate(kind, templateReference(storages, products), context), paneRemedy);
}

const products = Array.from(
  { length: 40 },
  (_v, i) => `Product with a fairly long trade name ${String(i).padStart(2, '0')}`,
);

describe('ExcelWorkbook.addTemplateSheet', () => {
  it("writes the plan's sheet, headers, widths, number formats, notes, table, validations with their alerts, and instructions", async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'Sheet1' }] });
    const receipts = plan('receipts', ['Main Chemical Shed', 'Seed Shed', 'Old Shed (locked)'], products);
    await new ExcelWorkbook({
      excel: fake.host,
      requirements: officeWith('1.18').context.requirements,
    }).addTemplateSheet(receipts);
    expect(fake.sheets.map((s) => [s.name, s.visibility])).toEqual([
      ['Sheet1', 'Visible'],
      ['Lists', 'Hidden'],
      ['Receipts', 'Visible'],
      ['Instructions', 'Visible'],
    ]);
    const sheet = fake.sheet('Receipts');
    expect(sheet.values).toEqual([receipts.columns.map((c) => c.header)]);
    expect(sheet.bold).toEqual(['A1:K1']);
    expect(sheet.frozenRows).toBe(1);
    expect(sheet.tables).toEqual([{ address: 'A1:K2', hasHeaders: true }]);
    expect([...sheet.widths]).toEqual(receipts.columns.map((c, i) => [i, columnPoints(c.width)]));
    // Invoice No and PO Number as text (leading zeros kept), Date Received day first, Price ex GST in dollars.
    const shown = (column: number) =>
      new Set(Array.from({ length: 1000 }, (_v, r) => sheet.formats[r + 1]?.[column] ?? 'General'));
    expect([0, 2, 4, 9].map((c) => [...shown(c)])).toEqual([['@'], ['dd/mm/yyyy'], ['@'], ['#,##0.00']]);
    expect(sheet.formats[1001]).toBeUndefined();
    expect(sheet.notes.get('B1')).toBe('Needed on the first row of each invoice.');
    expect(sheet.notes.get('G1')).toBe('Needed on every row.');
    expect(sheet.notes.has('K1')).toBe(false);
    expect(fake.sheet('Lists').values[0]).toEqual(['Storage', 'Product', 'Unit']);
    expect(
      fake
        .sheet('Lists')
        .values.map((r) => r[0])
        .filter(Boolean),
    ).toEqual(['Storage', 'Main Chemical Shed', 'Seed Shed']);
    expect(sheet.validations).toEqual([
      {
        address: 'D2:D1001',
        rule: { list: { inCellDropDown: true, source: "='Lists'!$A$2:$A$3" } },
        errorAlert: { showAlert: true, style: 'Stop', title: 'Not a storage', message: receipts.validations[0]!.error },
        prompt: { showPrompt: true, title: 'Storage', message: 'Where the goods went in: pick from the list.' },
      },
      expect.objectContaining({
        address: 'F2:F1001',
        rule: { list: { inCellDropDown: true, source: "='Lists'!$B$2:$B$41" } },
      }),
      expect.objectContaining({
        address: 'I2:I1001',
        rule: { list: { inCellDropDown: true, source: "='Lists'!$C$2:$C$6" } },
      }),
    ]);
    expect(sheet.validations[1]?.errorAlert).toMatchObject({ style: 'Warning', title: 'Product not in the list' });
    expect(fake.sheet('Instructions').values).toEqual(
      instructionRows(receipts.instructions).map((r) => [r.text ?? '']),
    );
    expect(fake.active).toBe('Receipts');
  });

  it('writes no notes where Excel has none (before ExcelApi 1.18)', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'Sheet1' }] });
    await new ExcelWorkbook({
      excel: fake.host,
      requirements: officeWith('1.17').context.requirements,
    }).addTemplateSheet(plan('receipts', ['Shed'], ['A']));
    expect(fake.ops('noteAdd')).toEqual([]);
  });

  it('appends to the hidden Lists sheet of an earlier template, and names the second template apart', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'Sheet1' }] });
    const workbook = new ExcelWorkbook({ excel: fake.host });
    await workbook.addTemplateSheet(plan('receipts', ['Main shed'], ['Glyfos']));
    await workbook.addTemplateSheet(plan('receipts', ['Main shed', 'Chem store'], ['Glyfos']));
    expect(fake.sheets.map((s) => s.name)).toEqual([
      'Sheet1',
      'Lists',
      'Receipts',
      'Instructions',
      'Receipts (2)',
      'Instructions (2)',
    ]);
    expect(fake.sheet('Lists').values.slice(0, 3)).toEqual([
      ['Storage', 'Product', 'Unit', 'Storage', 'Product', 'Unit'],
      ['Main shed', 'Glyfos', 'l', 'Chem store', 'Glyfos', 'l'],
      [undefined, undefined, 'ml', 'Main shed', undefined, 'ml'],
    ]);
    expect(fake.sheet('Receipts (2)').validations[0]).toMatchObject({
      address: 'D2:D1001',
      rule: { list: { source: "='Lists'!$D$2:$D$3" } },
    });
  });

  it('leaves a visible sheet the user named Lists alone', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'Lists', values: [['my own']] }] });
    await new ExcelWorkbook({ excel: fake.host }).addTemplateSheet(plan('returns', ['Main shed'], ['Glyfos']));
    expect(fake.sheet('Lists')).toMatchObject({ visibility: 'Visible', values: [['my own']] });
    expect(fake.sheet('Lists (2)').visibility).toBe('Hidden');
    expect(fake.sheet('Returns').validations[0]).toMatchObject({
      address: 'C2:C1001',
      rule: { list: { source: "='Lists (2)'!$A$2:$A$2" } },
    });
  });

  it('leaves out the drop-down of an empty list', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'Sheet1' }] });
    await new ExcelWorkbook({ excel: fake.host }).addTemplateSheet(plan('returns', ['Old Shed (locked)'], []));
    expect(fake.sheet('Lists').values[0]).toEqual(['Unit']);
    expect(fake.sheet('Returns').validations.map((v) => v.address)).toEqual(['F2:F1001']);
  });

  it('refuses a template without columns, before touching the workbook', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'Sheet1' }] });
    const empty = { ...plan('returns', [], []), columns: [] };
    await expect(new ExcelWorkbook({ excel: fake.host }).addTemplateSheet(empty)).rejects.toThrow(RangeError);
    expect(fake.syncs).toEqual([]);
  });

  it('writes a long list in chunks, one sync each, with calculation suspended', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'Sheet1' }] });
    const long = Array.from({ length: 11_000 }, (_v, i) => `Alias ${String(i).padStart(5, '0')}`);
    await new ExcelWorkbook({ excel: fake.host }).addTemplateSheet(plan('receipts', ['Shed'], long));
    const chunks = fake.syncs.filter((s) => s.ops.some((op) => op.kind === 'values' && op.sheet === 'Lists'));
    expect(chunks.map((s) => s.ops.find((op) => op.sheet === 'Lists' && op.kind === 'values')?.rows)).toEqual([
      5000, 5000, 1001,
    ]);
    for (const sync of chunks) expect(sync.ops.some((op) => op.kind === 'suspendCalc')).toBe(true);
    expect(fake.sheet('Receipts').validations[1]).toMatchObject({
      rule: { list: { source: "='Lists'!$B$2:$B$11001" } },
    });
    expect(Math.max(...fake.syncs.map((s) => s.bytes))).toBeLessThan(5 * 1024 * 1024);
  });
});
