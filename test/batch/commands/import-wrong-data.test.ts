// Real supplier sheets that used to put wrong data into the service without a word: each case is
// now refused with a reason, or read right, over the CLI path against the sandbox on 127.0.0.1.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MappingError } from '../../../shared/sheet/mapping-error.ts';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';
import { cliErrorMessage } from '../../../batch/cli/remedy-wording.ts';

const HEADERS = ['Invoice No', 'Supplier', 'Date Received', 'Deliver To', 'Product', 'Qty', 'Pack Size', 'Unit'];
const FARMCO = 'Farmco Rural Supplies';
const SHED = 'Main Chemical Shed';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let dir: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
  dir = await mkdtemp(join(tmpdir(), 'shed-wrong-data-'));
});
afterAll(async () => {
  await sandbox?.close();
});

/** A CSV of the rows under the header, written as a spreadsheet would save it. */
async function csv(name: string, header: string[], rows: (string | number)[][]): Promise<string> {
  const file = join(dir, name);
  const quote = (v: string | number) => `"${String(v).replace(/"/g, '""')}"`;
  await writeFile(file, [header, ...rows].map((r) => r.map(quote).join(',')).join('\r\n') + '\r\n');
  return file;
}

/** The receipts the sandbox holds whose notes name one of `invoices`. */
async function receiptsOf(...invoices: string[]) {
  const all = await listAll(sandbox.url, WILLOW, 'receipts');
  return all.filter((r) => invoices.some((i) => (r.notes ?? '').startsWith(`Invoice ${i}`)));
}

describe('prices that include GST', () => {
  const header = [...HEADERS, 'Unit Price (inc GST)', 'Line Total (inc GST)'];
  const rows = [['GST-1', FARMCO, '3/2/2026', SHED, 'Glyfos 540', 2, 20, 'L', 203.5, 407]];

  it('are refused before anything is sent when the import was not told', async () => {
    const file = await csv('gst.csv', header, rows);
    const error = await runImportCli(sandbox.url, { kind: 'receipts', file }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MappingError);
    expect((error as MappingError).code).toBe('gst_basis');
    expect((error as MappingError).message).toContain(
      "the column 'Unit Price (inc GST)' (mapped to the pack cost) holds prices including GST",
    );
    expect(cliErrorMessage(error)).toContain('pass --prices-include-gst');
    expect(await receiptsOf('GST-1')).toEqual([]);
  });

  it('are sent ex GST with --prices-include-gst, the row saying so, and the line total checked inc GST', async () => {
    const file = await csv('gst-told.csv', header, rows);
    const { summary, io } = await runImportCli(sandbox.url, { kind: 'receipts', file, pricesIncludeGst: true });
    expect(summary.records.created).toBe(1);
    expect(io.stderr.join('\n')).toContain(
      'prices include GST: each pack cost is sent excluding GST (the price ÷ 1.1, to the cent)',
    );
    expect(summary.mapping.prices_include_gst).toBe(true);
    const [receipt] = await receiptsOf('GST-1');
    expect(receipt.line_items.map((l: { pack_cost: string }) => l.pack_cost)).toEqual(['185']);
  });

  it("at the mapping file's rate (New Zealand, 15%)", async () => {
    const file = await csv('gst-nz.csv', header, [
      ['GST-NZ', FARMCO, '3/2/2026', SHED, 'Glyfos 540', 1, 20, 'L', 115, 115],
    ]);
    const mapping = join(dir, 'nz.json');
    await writeFile(mapping, JSON.stringify({ kind: 'receipts', columns: {}, prices_include_gst: { rate: 15 } }));
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file, mapping });
    expect(summary.records.created).toBe(1);
    expect(summary.mapping.prices_include_gst).toEqual({ rate: 15 });
    const [receipt] = await receiptsOf('GST-NZ');
    expect(receipt.line_items[0].pack_cost).toBe('100');
  });

  it('a price column that says ex GST with --prices-include-gst is a contradiction, refused', async () => {
    const file = await csv(
      'gst-contradiction.csv',
      [...HEADERS, 'Price ex GST'],
      [['GST-2', FARMCO, '3/2/2026', SHED, 'Glyfos 540', 2, 20, 'L', 185]],
    );
    const error = await runImportCli(sandbox.url, { kind: 'receipts', file, pricesIncludeGst: true }).catch(
      (e: unknown) => e,
    );
    expect((error as MappingError).code).toBe('gst_basis');
    expect((error as MappingError).message).toContain(
      "'Price ex GST' (mapped to the pack cost) says its prices exclude GST",
    );
  });
});

describe('a Line Total that is not quantity × price', () => {
  it('refuses its invoice, naming the cell and the product it should be; a cent apart is rounding', async () => {
    const file = await csv(
      'totals.csv',
      [...HEADERS, 'Price ex GST', 'Line Total'],
      [
        ['TOT-1', FARMCO, '3/2/2026', SHED, 'Glyfos 540', 2, 20, 'L', 185, 370],
        ['TOT-2', FARMCO, '3/2/2026', SHED, 'Glyfos 540', 5, 20, 'L', 45, 275],
        ['TOT-3', FARMCO, '3/2/2026', SHED, 'Glyfos 540', 3, 20, 'L', '$33.33', '$100.00'],
      ],
    );
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file });
    expect(summary.records).toMatchObject({ created: 2, invalid: 1 });
    expect(summary.problems).toEqual([
      'totals.csv, sheet totals, row 3, column J (Line Total): \'275\' is not Qty × Price ex GST: 5 × 45 = 225 (more than a cent apart): correct the quantity, the price or the total; if the column is not a line total (an invoice total, a running balance), set "line_total": null in "columns" of the mapping file (--mapping FILE) (invoice TOT-2 not sent)',
    ]);
    expect((await receiptsOf('TOT-1', 'TOT-2', 'TOT-3')).map((r) => r.notes).sort()).toEqual([
      'Invoice TOT-1',
      'Invoice TOT-3',
    ]);
  });
});

describe('units the stock totals do not know', () => {
  it("are refused ('gal', 'drum', 'bag (1t)'); 'Lts' is litres", async () => {
    const file = await csv(
      'units.csv',
      [...HEADERS, 'Price ex GST'],
      [
        ['UNIT-1', FARMCO, '3/2/2026', SHED, 'Glyfos 540', 2, 20, 'Lts', 185],
        ['UNIT-2', FARMCO, '3/2/2026', SHED, 'Glyfos 540', 2, 5, 'gal', 185],
        ['UNIT-3', FARMCO, '3/2/2026', SHED, 'Glyfos 540', 1, 1, 'drum', 900],
        [
          'UNIT-4',
          'Southern Cross Fertilisers',
          '3/2/2026',
          'Fertiliser Bunker',
          'Granular Urea',
          4,
          1,
          'bag (1t)',
          785,
        ],
      ],
    );
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file });
    expect(summary.records).toMatchObject({ created: 1, invalid: 3 });
    expect(summary.problems.map((p) => p.slice(0, p.indexOf(' is not one of')))).toEqual([
      "units.csv, sheet units, row 3, column H (Unit): unit 'gal'",
      "units.csv, sheet units, row 4, column H (Unit): unit 'drum'",
      "units.csv, sheet units, row 5, column H (Unit): unit 'bag (1t)'",
    ]);
    const [litres] = await receiptsOf('UNIT-1');
    expect(litres.line_items[0].pack_size_unit).toBe('l');
  });

  it("are converted by the mapping file's units table", async () => {
    const file = await csv(
      'units-mapped.csv',
      [...HEADERS, 'Price ex GST'],
      [
        ['UNIT-5', FARMCO, '3/2/2026', SHED, 'Glyfos 540', 1, 1, 'drum', 900],
        [
          'UNIT-6',
          'Southern Cross Fertilisers',
          '3/2/2026',
          'Fertiliser Bunker',
          'Granular Urea',
          4,
          1,
          'bag (1t)',
          785,
        ],
      ],
    );
    const mapping = join(dir, 'units.json');
    await writeFile(mapping, JSON.stringify({ columns: {}, units: { drum: '200 l', 'bag (1t)': '1 t' } }));
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file, mapping });
    expect(summary.records.created).toBe(2);
    expect(summary.mapping.units).toEqual({ drum: '200 l', 'bag (1t)': '1 t' });
    const sizes = (await receiptsOf('UNIT-5', 'UNIT-6')).map((r) => [
      r.line_items[0].pack_size_value,
      r.line_items[0].pack_size_unit,
    ]);
    expect(sizes.sort()).toEqual([
      ['1', 't'],
      ['200', 'l'],
    ]);
  });
});

describe('a date column that proves month-first', () => {
  const rows = [
    ['MDY-1', FARMCO, '03/14/2026', SHED, 'Glyfos 540', 1, 20, 'L', 185],
    ['MDY-2', FARMCO, '03/04/2026', SHED, 'Glyfos 540', 1, 20, 'L', 185],
  ];

  it('makes its ambiguous dates invalid instead of reading them day-first', async () => {
    const file = await csv('us.csv', [...HEADERS, 'Price ex GST'], rows);
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file });
    expect(summary.records.created ?? 0).toBe(0);
    expect(summary.problems).toEqual([
      expect.stringMatching(/row 2, column C \(Date Received\): '03\/14\/2026' is not a date: .*month 14/),
      expect.stringContaining(
        "row 3, column C (Date Received): '03/04/2026' could be read day-first or month-first: the same column has '03/14/2026', which can only be read month-first",
      ),
    ]);
  });

  it('reads them all month-first with --date-order MDY', async () => {
    const file = await csv('us-mdy.csv', [...HEADERS, 'Price ex GST'], rows);
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file, dateOrder: 'MDY' });
    expect(summary.records.created).toBe(2);
    const dates = (await receiptsOf('MDY-1', 'MDY-2')).map((r) => r.received_at.slice(0, 10)).sort();
    expect(dates).toEqual(['2026-03-04', '2026-03-14']);
  });
});

describe('invoices of two suppliers with the same number', () => {
  it('are two receipts, not one', async () => {
    const file = await csv(
      'same-number.csv',
      [...HEADERS, 'Price ex GST'],
      [
        ['20500', FARMCO, '3/2/2026', SHED, 'Glyfos 540', 1, 20, 'L', 185],
        ['20600', FARMCO, '3/2/2026', SHED, 'Glyfos 540', 2, 20, 'L', 185],
        ['20500', 'Riverina Ag Chemicals', '4/2/2026', SHED, 'Amine 625', 3, 20, 'L', 142.5],
      ],
    );
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file });
    expect(summary.records.created).toBe(3);
    const same = await receiptsOf('20500');
    expect(same.map((r) => r.supplier).sort()).toEqual([FARMCO, 'Riverina Ag Chemicals']);
  });
});

describe('a delivery time in the date cell', () => {
  it("is kept, in the farm's time zone", async () => {
    const file = join(dir, 'times.xlsx');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Invoices');
    ws.addRow([...HEADERS, 'Price ex GST']);
    ws.addRow(['TIME-1', FARMCO, new Date(Date.UTC(2026, 1, 3, 14, 30)), SHED, 'Glyfos 540', 1, 20, 'L', 185]);
    ws.addRow(['TIME-2', FARMCO, '4/02/2026 7:15 am', SHED, 'Glyfos 540', 1, 20, 'L', 185]);
    ws.addRow(['TIME-3', FARMCO, '5/02/2026', SHED, 'Glyfos 540', 1, 20, 'L', 185]);
    ws.getColumn(3).numFmt = 'd/mm/yyyy h:mm';
    await wb.xlsx.writeFile(file);
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file });
    expect(summary.records.created).toBe(3);
    const byInvoice = new Map(
      (await receiptsOf('TIME-1', 'TIME-2', 'TIME-3')).map((r) => [r.notes, Date.parse(r.received_at)]),
    );
    expect(byInvoice.get('Invoice TIME-1')).toBe(Date.parse('2026-02-03T14:30:00+11:00'));
    expect(byInvoice.get('Invoice TIME-2')).toBe(Date.parse('2026-02-04T07:15:00+11:00'));
    expect(byInvoice.get('Invoice TIME-3')).toBe(Date.parse('2026-02-05T00:00:00+11:00'));
  });
});
