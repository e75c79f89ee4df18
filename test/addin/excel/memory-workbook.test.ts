import { describe, expect, it } from 'vitest';
import { paneRemedy } from '../../../addin/app/remedy-wording.ts';
import { buildTemplate, wordTemplate } from '../../../shared/template/index.ts';
import { templateReference } from '../../support/template-reference.ts';
import { MemoryWorkbook } from '../../../addin/excel/memory-workbook.ts';
import { WorkbookError } from '../../../addin/excel/workbook-port.ts';

const invoices = () =>
  new MemoryWorkbook({
    name: 'Feb.xlsx',
    sheets: [
      { name: 'Notes', rows: [['x']] },
      { name: 'Invoices', rows: [['February'], [], ['Supplier', 'Qty'], ['Nufarm', 4], ['', ''], ['Bayer', 2]] },
    ],
    active: 'Invoices',
  });

describe('MemoryWorkbook', () => {
  it('reads the active sheet as a grid with sheet row numbers, blank rows left out', async () => {
    const progress: number[] = [];
    const grid = await invoices().readSheet(undefined, { onProgress: (n) => progress.push(n) });
    expect(grid).toEqual({
      source: 'Feb.xlsx',
      sheet: 'Invoices',
      rows: [
        { rowNumber: 1, cells: ['February'] },
        { rowNumber: 3, cells: ['Supplier', 'Qty'] },
        { rowNumber: 4, cells: ['Nufarm', 4] },
        { rowNumber: 6, cells: ['Bayer', 2] },
      ],
    });
    expect(progress).toEqual([6]);
  });

  it('writes results like the Excel adapter: columns after the headers, fills, notes with the prefix', async () => {
    const workbook = invoices();
    const input = { sheet: 'Invoices', headerRowNumber: 3, headers: ['Supplier', 'Qty'] };
    await workbook.writeResults({
      ...input,
      results: [
        { rowNumber: 4, status: 'created', recordId: 'r1', sequence: 'R-1', lineItemId: 'l1' },
        { rowNumber: 6, status: 'invalid', message: 'quantity must be above 0', invalidColumns: [0, 1] },
      ],
    });
    const sheet = workbook.sheet('Invoices');
    expect(sheet.cells[2]).toEqual([
      'Supplier',
      'Qty',
      'Status',
      'Record ID',
      'Sequence',
      'Line Item ID',
      'Message',
      'Updated At',
    ]);
    expect(sheet.cells[3]).toEqual(['Nufarm', 4, 'created', 'r1', 'R-1', 'l1', null, null]);
    expect(sheet.cells[5]).toEqual(['Bayer', 2, 'invalid', null, null, null, 'quantity must be above 0', null]);
    expect(sheet.fills).toEqual(['A6:B6']);
    expect(Object.fromEntries(sheet.notes)).toEqual({
      A6: 'Shed Sheets: quantity must be above 0',
      B6: 'Shed Sheets: quantity must be above 0',
    });
    await workbook.clearMarks('Invoices');
    expect(sheet.fills).toEqual([]);
    expect(sheet.notes.size).toBe(0);
  });

  it('adds table and template sheets with unique names, the Lists sheet hidden', async () => {
    const workbook = invoices();
    const { name } = await workbook.addTableSheet({
      name: 'Invoices',
      columns: [{ header: 'Date', type: 'date' }],
      rows: [[new Date(0)]],
    });
    expect(name).toBe('Invoices (2)');
    const template = buildTemplate('returns', templateReference(['Main shed'], []), {
      organisationName: 'Willow',
      madeAt: new Date(),
    });
    await workbook.addTemplateSheet(wordTemplate(template, paneRemedy));
    expect(await workbook.sheetNames()).toEqual(['Notes', 'Invoices', 'Invoices (2)', 'Returns', 'Instructions']);
    expect(await workbook.activeSheetName()).toBe('Returns');
    expect(workbook.sheet('Returns').lists).toEqual(
      new Map([
        [2, ['Main shed']],
        [5, ['l', 'ml', 'kg', 'g', 't']],
      ]),
    );
    expect(workbook.sheet('Instructions').cells[0]).toEqual(['How to fill in this returns sheet']);
    expect(workbook.sheet('Lists').hidden).toBe(true);
  });

  it('keeps settings and names a missing sheet', async () => {
    const workbook = invoices();
    expect(await workbook.getSetting('k')).toBeNull();
    await workbook.setSetting('k', 'v');
    expect(await workbook.getSetting('k')).toBe('v');
    const error = await workbook.readSheet('Nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkbookError);
    expect((error as WorkbookError).message).toBe(
      "There is no sheet named 'Nope'; the workbook has 'Notes', 'Invoices'.",
    );
  });
});
