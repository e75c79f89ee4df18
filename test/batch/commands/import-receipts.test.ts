import { copyFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { importCommand } from '../../../batch/commands/import/index.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { WILLOW, productIds, storageId } from '../../support/catalogue.ts';
import { listAll } from '../../support/service.ts';

type Line = [product: string, quantity: string, packSize: string, unit: string, cost: string];
interface Expected {
  supplier: string;
  date: string;
  storage: string;
  order: string | null;
  notes: string | null;
  lines: Line[];
}
const FARMCO = 'Farmco Rural Supplies';
const SCF = 'Southern Cross Fertilisers';
const RIVERINA = 'Riverina Ag Chemicals';

// examples/README.md: these 11 invoices must be created exactly as written.
const CREATED: Record<string, Expected> = {
  'INV-40211': {
    supplier: FARMCO,
    date: '2026-01-06',
    storage: 'Main Chemical Shed',
    order: 'PO-1001',
    notes: null,
    lines: [
      ['Glyfos 540', '4', '20', 'l', '185'],
      ['Amine 625', '2', '20', 'l', '142.5'],
      ['Wetter 1000', '1', '5', 'l', '38.9'],
    ],
  },
  'INV-40262': {
    supplier: FARMCO,
    date: '2026-01-13',
    storage: 'Main Chemical Shed',
    order: 'PO-1004',
    notes: 'Back order of Metsul to follow',
    lines: [
      ['Clethomax 240', '2', '10', 'l', '310'],
      ['Metsul 600 WG', '1', '250', 'g', '64'],
    ],
  },
  'INV-88310': {
    supplier: SCF,
    date: '2026-01-20',
    storage: 'Fertiliser Bunker',
    order: null,
    notes: 'Bulk delivery, weighbridge ticket 5531',
    lines: [
      ['Granular Urea', '24', '1', 't', '785'],
      ['MAP Granular', '12', '1', 't', '1010'],
    ],
  },
  'INV-88342': {
    supplier: SCF,
    date: '2026-01-27',
    storage: 'Fertiliser Bunker',
    order: 'PO-1010',
    notes: null,
    lines: [
      ['Potash MOP', '8', '1000', 'kg', '890'],
      ['SOA Granular', '10', '1000', 'kg', '520'],
    ],
  },
  'S-2291': {
    supplier: 'Paddock Seeds Pty Ltd',
    date: '2026-02-03',
    storage: 'Seed Shed',
    order: 'PO-1012',
    notes: null,
    lines: [
      ['Scepter Wheat', '40', '50', 'kg', '62.5'],
      ['Bonito TT Canola', '12', '20', 'kg', '260'],
      ['Spartacus CL Barley', '30', '50', 'kg', '55'],
    ],
  },
  'INV-5133': {
    supplier: RIVERINA,
    date: '2026-03-02',
    storage: 'Main Chemical Shed',
    order: 'PO-1022',
    notes: null,
    lines: [
      ['Tebushield 430', '3', '5', 'l', '175'],
      ['Bifenguard 100', '2', '20', 'l', '140'],
    ],
  },
  'INV-88401': {
    supplier: SCF,
    date: '2026-03-09',
    storage: 'North Block Tank',
    order: 'PO-1025',
    notes: 'Delivered by tanker',
    lines: [
      ['Flexi-N 42', '2', '1000', 'l', '720'],
      ['LiquiN 42', '1', '1000', 'l', '705'],
    ],
  },
  'INV-40470': {
    supplier: FARMCO,
    date: '2026-03-23',
    storage: 'Main Chemical Shed',
    order: 'PO-1030',
    notes: null,
    lines: [
      ['Knockdown Max 540', '10', '20', 'l', '182'],
      ['Glyphosate 540 g/L', '2', '20', 'l', '179'],
      ['SpreadWet 1000', '2', '5', 'l', '41.5'],
    ],
  },
  'INV-5161': {
    supplier: RIVERINA,
    date: '2026-03-03',
    storage: 'Main Chemical Shed',
    order: null,
    notes: 'Credit terms 30 days',
    lines: [
      ['Bifen 100', '1', '20', 'l', '139'],
      ['Lambda 250 CS', '1', '5', 'l', '265'],
    ],
  },
  'INV-88455': {
    supplier: SCF,
    date: '2026-03-24',
    storage: 'Fertiliser Bunker',
    order: 'PO-1031',
    notes: null,
    lines: [
      ['Super 8.8', '30', '1', 't', '395'],
      ['Gypsum (bulk)', '50', '1', 't', '58'],
    ],
  },
  'INV-40481': {
    supplier: FARMCO,
    date: '2026-03-26',
    storage: 'Main Chemical Shed',
    order: 'PO-1033',
    notes: null,
    lines: [
      ['Triflur X', '4', '20', 'l', '168'],
      ['Amine 625', '2', '20', 'l', '142.5'],
    ],
  },
};

// examples/README.md: these 6 must be refused whole, every row reported; the reason's words to find.
const REFUSED: Record<string, { rows: number[]; column: string; reason: RegExp }> = {
  'INV-40390': { rows: [18, 19, 20, 21], column: 'Product', reason: /'Wetter' is ambiguous/ },
  'INV-40412': {
    rows: [22, 23],
    column: 'Product',
    reason: /no product or alias named 'Glyfos 450'; closest: 'Glyfos 540'/,
  },
  'INV-5120': { rows: [24], column: 'Deliver To', reason: /'Old Shearing Shed' is locked/ },
  'S-2305': { rows: [30, 31], column: 'Qty', reason: /'?-5'? must be greater than 0/ },
  'INV-40455': { rows: [32], column: 'Date Received', reason: /31\/02\/2026/ },
  'INV-40499': {
    rows: [42, 43],
    column: 'Supplier',
    reason: /'Riverina Ag Chemicals' differs from 'Farmco Rural Supplies'/,
  },
};

describe('shed import receipts on examples/supplier-invoices.xlsx', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  let summary: Awaited<ReturnType<typeof importCommand>>;
  let before: number;
  const io = memoryIO();

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-import-'));
    await copyFile('examples/supplier-invoices.xlsx', join(dir, 'invoices.xlsx'));
    before = (await listAll(sandbox.url, WILLOW, 'receipts')).length;
    summary = await importCommand({
      kind: 'receipts',
      file: join(dir, 'invoices.xlsx'),
      baseUrl: sandbox.url,
      token: 'demo-token-willow',
      org: 'Willow Creek Pastoral Co',
      io,
    });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('creates the 11 valid invoices exactly as written, and nothing else', async () => {
    const receipts = await listAll(sandbox.url, WILLOW, 'receipts');
    expect(receipts.length - before).toBe(11);
    const imported = receipts.filter((r) => /^Invoice /.test(r.notes ?? ''));
    expect(imported.map((r) => r.notes.match(/^Invoice (\S+?)(;|$)/)[1]).sort()).toEqual(Object.keys(CREATED).sort());
    for (const receipt of imported) {
      const key = receipt.notes.match(/^Invoice (\S+?)(;|$)/)[1];
      const want = CREATED[key]!;
      expect(receipt.supplier, key).toBe(want.supplier);
      expect(receipt.received_at, key).toBe(`${want.date}T00:00:00+11:00`);
      expect(receipt.storage_id, key).toBe(storageId(want.storage));
      expect(receipt.order_number ?? null, key).toBe(want.order);
      expect(receipt.notes, key).toBe(want.notes ? `Invoice ${key}; ${want.notes}` : `Invoice ${key}`);
      expect(
        receipt.line_items.map((l: any) => [
          l.product_id,
          l.product_alias_id ?? null,
          l.quantity,
          l.pack_size_value,
          l.pack_size_unit,
          l.pack_cost,
        ]),
        key,
      ).toEqual(
        want.lines.map(([name, q, size, unit, cost]) => {
          const ids = productIds(name);
          return [ids.product_id, ids.product_alias_id, q, size, unit, cost];
        }),
      );
    }
  });

  it('refuses the 6 invalid invoices whole, naming row, column and reason', () => {
    for (const [invoice, want] of Object.entries(REFUSED)) {
      const lines = summary.problems.filter((p) => p.includes(`invoice ${invoice} not sent`));
      expect(lines.length, invoice).toBeGreaterThan(0);
      expect(
        lines.some((l) => want.reason.test(l) && l.includes(`(${want.column})`)),
        `${invoice}: ${lines.join(' | ')}`,
      ).toBe(true);
    }
    expect(summary.records).toMatchObject({ total: 17, valid: 11, invalid: 6, created: 11, failed: 0 });
    expect(summary.exitCode).toBe(1);
  });

  it('writes the results file: input kept, status and ids on every row, invalid cells red', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(summary.resultsFile!);
    const sheet = wb.getWorksheet('Invoices')!;
    const header = sheet.getRow(4);
    const col = (name: string) => (header.values as unknown[]).indexOf(name);
    expect(col('Status')).toBe(13);
    expect(['Record ID', 'Sequence', 'Line Item ID', 'Message'].map(col)).toEqual([14, 15, 16, 17]);
    expect(sheet.getCell('A1').value).toMatch(/Willow Creek/);
    expect((sheet.getCell('K5').value as { formula: string }).formula).toBe('G5*J5');
    for (const [invoice, want] of Object.entries(REFUSED)) {
      for (const row of want.rows) {
        expect(sheet.getRow(row).getCell(col('Status')).value, `${invoice} row ${row}`).toBe('invalid');
        expect(String(sheet.getRow(row).getCell(col('Message')).value)).not.toBe('');
      }
    }
    const created = [5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17, 26, 27, 28, 29, 33, 34, 35, 36, 37, 38, 39, 40, 41];
    for (const row of created) {
      const r = sheet.getRow(row);
      expect(r.getCell(col('Status')).value, `row ${row}`).toBe('created');
      expect(String(r.getCell(col('Record ID')).value)).toMatch(/^[0-9a-f-]{36}$/);
      expect(String(r.getCell(col('Sequence')).value)).toMatch(/^REC-\d{8}$/);
      expect(String(r.getCell(col('Line Item ID')).value)).toMatch(/^[0-9a-f-]{36}$/);
    }
    // The ambiguous product cell is filled red; the TOTAL row and blank rows get no status.
    const fill = sheet.getRow(21).getCell(col('Product')).fill as ExcelJS.FillPattern;
    expect(fill.fgColor?.argb?.toUpperCase()).toMatch(/^FF/);
    expect(sheet.getRow(45).getCell(col('Status')).value ?? null).toBeNull();
  });

  it('prints a one-line summary and never the token', () => {
    const all = [...io.stdout, ...io.stderr].join('\n');
    expect(io.stderr.at(-1)).toMatch(/invoices\.xlsx → Willow Creek Pastoral Co: .*11 receipts created/);
    expect(all).not.toContain('demo-token-willow');
  });
});
