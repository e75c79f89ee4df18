/**
 * One template and one set of number formats for both faces: the CLI's .xlsx (exceljs, read back from
 * the file) and the pane's sheets (office-js over the fake Excel) carry the same headers, number
 * formats, widths, notes, lists and alerts, and the same export formats per column type.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableSheets } from '../../../addin/app/export-sheets.ts';
import { paneRemedy } from '../../../addin/app/remedy-wording.ts';
import { ExcelWorkbook } from '../../../addin/excel/excel-workbook.ts';
import { writeTemplateWorkbook } from '../../../batch/commands/template/write-workbook.ts';
import { cliRemedy } from '../../../batch/cli/remedy-wording.ts';
import { writeXlsxTables } from '../../../batch/write/xlsx-writer.ts';
import type { ExportColumn, ExportTable } from '../../../shared/export/columns.ts';
import { buildTemplate, wordTemplate } from '../../../shared/template/index.ts';
import type { ImportKind } from '../../../shared/kinds/index.ts';
import { templateReference } from '../../support/template-reference.ts';
import { FakeExcel, officeWith, type FakeSheet } from './excel-fake.ts';
import { parseA1 } from '../../../addin/replay/workbook-model.ts';

/** What a template says about one column, whichever face wrote it. */
interface ColumnFacts {
  header: string;
  numberFormat: string;
  /** In characters. */
  width: number;
  note: string | null;
  list: {
    values: string[];
    style: string;
    errorTitle: string;
    error: string;
    promptTitle: string;
    prompt: string;
  } | null;
}

const context = { organisationName: 'Willow Creek Pastoral Co', madeAt: new Date('2026-03-01T02:00:00Z') };
const reference = templateReference(
  ['Main Chemical Shed', 'Seed Shed', 'Old Shearing Shed (locked)'],
  ['Glyfos 540', 'Roundup PowerMAX', 'Urea 46'],
);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shed-same-as-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The values of a list range such as `Lists!$A$2:$A$5` on a sheet of rows (row 1 at index 0). */
function rangeValues(rows: unknown[][], formula: string): string[] {
  const address = formula.replace(/^=?'?[^'!]*'?!/, '');
  const r = parseA1(address);
  return Array.from({ length: r.rows }, (_v, i) => String(rows[r.row + i]?.[r.column]));
}

async function cliTemplate(kind: ImportKind): Promise<ColumnFacts[]> {
  const plan = wordTemplate(buildTemplate(kind, reference, context), cliRemedy);
  const path = join(dir, `${kind}.xlsx`);
  await writeTemplateWorkbook(path, plan);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.getWorksheet(plan.sheetName)!;
  const lists = workbook.getWorksheet('Lists')!;
  const listRows = Array.from({ length: lists.rowCount }, (_v, i) =>
    (lists.getRow(i + 1).values as unknown[]).slice(1),
  );
  return plan.columns.map((_c, i) => {
    const header = sheet.getCell(1, i + 1);
    const v = sheet.getCell(2, i + 1).dataValidation as ExcelJS.DataValidation | undefined;
    return {
      header: String(header.value),
      numberFormat: sheet.getColumn(i + 1).numFmt ?? 'General',
      width: sheet.getColumn(i + 1).width ?? 0,
      note: typeof header.note === 'string' ? header.note : null,
      list: v?.formulae?.[0]
        ? {
            values: rangeValues(listRows, String(v.formulae[0])),
            style: String(v.errorStyle),
            errorTitle: String(v.errorTitle),
            error: String(v.error),
            promptTitle: String(v.promptTitle),
            prompt: String(v.prompt),
          }
        : null,
    };
  });
}

async function paneTemplate(kind: ImportKind): Promise<ColumnFacts[]> {
  const plan = wordTemplate(buildTemplate(kind, reference, context), paneRemedy);
  const fake = new FakeExcel({ sheets: [{ name: 'Sheet1' }] });
  await new ExcelWorkbook({ excel: fake.host, requirements: officeWith('1.18').context.requirements }).addTemplateSheet(
    plan,
  );
  const sheet = fake.sheet(plan.sheetName);
  const lists = fake.sheet('Lists').values;
  return plan.columns.map((_c, i) => {
    const address = sheet.validations.find((v) => parseA1(v.address).column === i);
    const rule = address?.rule as { list: { source: string } } | undefined;
    const alert = address?.errorAlert as { style: string; title: string; message: string } | undefined;
    const prompt = address?.prompt as { title: string; message: string } | undefined;
    return {
      header: String(sheet.values[0]?.[i]),
      numberFormat: formatOf(sheet, i),
      // Points back to characters (addin/excel/sheet-layout.ts columnPoints).
      width: ((sheet.widths.get(i) ?? 0) / 0.75 - 5) / 7,
      note: sheet.notes.get(`${String.fromCharCode(65 + i)}1`) ?? null,
      list:
        rule && alert && prompt
          ? {
              values: rangeValues(lists, rule.list.source),
              style: alert.style.toLowerCase(),
              errorTitle: alert.title,
              error: alert.message,
              promptTitle: prompt.title,
              prompt: prompt.message,
            }
          : null,
    };
  });
}

/** One column's number format over the rows a template covers: all alike, General where none was written. */
function formatOf(sheet: FakeSheet, column: number): string {
  const formats = new Set(Array.from({ length: 1000 }, (_v, r) => String(sheet.formats[r + 1]?.[column] ?? 'General')));
  expect(formats.size).toBe(1);
  return [...formats][0]!;
}

describe('the template on both faces', () => {
  for (const kind of ['receipts', 'returns'] as ImportKind[]) {
    it(`${kind}: the same headers, number formats, widths, notes, lists and alerts`, async () => {
      const [cli, pane] = await Promise.all([cliTemplate(kind), paneTemplate(kind)]);
      expect(pane).toEqual(cli);
      expect(cli.filter((c) => c.list).length).toBe(3);
      expect(cli.find((c) => c.header === 'Storage')?.list?.values).toEqual(['Main Chemical Shed', 'Seed Shed']);
    });
  }

  it('keeps the leading zeros of invoice and order numbers (text) and shows dates day first on both', async () => {
    const [cli, pane] = await Promise.all([cliTemplate('receipts'), paneTemplate('receipts')]);
    for (const facts of [cli, pane]) {
      const format = (header: string) => facts.find((c) => c.header === header)?.numberFormat;
      expect([format('Invoice No'), format('PO Number'), format('Date Received'), format('Price ex GST')]).toEqual([
        '@',
        '@',
        'dd/mm/yyyy',
        '#,##0.00',
      ]);
    }
  });
});

describe('export number formats on both faces', () => {
  const columns: ExportColumn[] = [
    { key: 'text', header: 'Text', type: 'text' },
    { key: 'number', header: 'Number', type: 'number' },
    { key: 'integer', header: 'Integer', type: 'integer' },
    { key: 'money', header: 'Money', type: 'money' },
    { key: 'date', header: 'Date', type: 'date' },
    { key: 'datetime', header: 'Date-time', type: 'datetime' },
    { key: 'boolean', header: 'Boolean', type: 'boolean' },
    { key: 'own', header: 'Own format', type: 'number', numFmt: '0.000' },
  ];
  const row = {
    text: '0012',
    number: '20',
    integer: 3,
    money: '1234.5',
    date: new Date(Date.UTC(2026, 1, 3)),
    datetime: '2026-02-03T01:30:00Z',
    boolean: true,
    own: '1.5',
  };
  const table: ExportTable = { dataset: 'formats', sheets: [{ name: 'Formats', columns, rows: [row] }] };

  it('writes the same format per column type (dates dd/mm/yyyy, date-times with the time)', async () => {
    const path = join(dir, 'formats.xlsx');
    await writeXlsxTables(path, table.sheets, { timeZone: 'Australia/Sydney' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const written = workbook.getWorksheet('Formats')!.getRow(2);
    const cli = columns.map((_c, i) => written.getCell(i + 1).numFmt ?? 'General');

    const fake = new FakeExcel({ sheets: [{ name: 'Sheet1' }] });
    await new ExcelWorkbook({ excel: fake.host }).addTableSheet(tableSheets(table, 'Australia/Sydney')[0]!);
    const pane = columns.map((_c, i) => String(fake.sheet('Formats').formats[1]?.[i] ?? 'General'));

    expect(pane).toEqual(cli);
    expect(cli).toEqual(['General', 'General', '0', '#,##0.00', 'dd/mm/yyyy', 'dd/mm/yyyy hh:mm', 'General', '0.000']);
  });
});
