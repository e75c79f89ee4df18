// `shed export DATASET` end to end against the sandbox: every dataset, with the sandbox's variant
// switches on, to XLSX and CSV, read back and checked against the service's own records.
import { mkdir, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCommand, type ExportOptions } from '../../../batch/commands/export/index.ts';
import { exitStatusFor } from '../../../batch/cli/exit-status.ts';
import { main } from '../../../batch/cli/main.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { createServiceClient } from '../../../shared/client/index.ts';
import { addDecimals, numberToDecimal } from '../../../shared/sheet/values/index.ts';
import { startSandbox, type RunningSandbox } from '../../../sandbox/index.ts';
import { WILLOW, catalogue, productIds, storageId } from '../../support/catalogue.ts';
import { listAll } from '../../support/service.ts';
import { readCsv, readXlsx, type ReadSheet } from './export-helpers.ts';

const TOKEN = 'demo-token-willow';
const FACTOR: Record<string, [string, number]> = {
  l: ['l', 1],
  ml: ['l', 0.001],
  kg: ['kg', 1],
  g: ['kg', 0.001],
  t: ['kg', 1000],
};
const HEADERS: Record<string, string[]> = {
  movements: [
    'Date',
    'Type',
    'Sequence',
    'Storage',
    'Product',
    'Trade Name',
    'Packs',
    'Pack Size',
    'Unit',
    'Total Quantity',
    'Total Unit',
    'Pack Cost',
    'Line Cost',
    'Supplier',
    'Order / Reference',
    'Notes',
    'Record ID',
    'Line Item ID',
    'Under Review',
    'Updated At',
  ],
  receipts: [
    'Invoice No',
    'Supplier',
    'Date Received',
    'Storage',
    'PO Number',
    'Notes',
    'Product',
    'Qty',
    'Pack Size',
    'Unit',
    'Price ex GST',
    'Line Total',
    'Record ID',
    'Sequence',
    'Line Item ID',
    'Updated At',
    'Under Review',
  ],
  returns: [
    'Date',
    'Return To',
    'Storage',
    'Product',
    'Amount',
    'Unit',
    'Reference',
    'Notes',
    'Record ID',
    'Sequence',
    'Updated At',
  ],
  storages: ['Storage', 'Locked', 'Locked At', 'Active Since', 'Record ID', 'Created At', 'Updated At'],
  'product-aliases': ['Trade Name', 'Product', 'Product ID', 'Record ID', 'Created At', 'Updated At'],
  products: ['Product', 'Trade Names', 'Record ID', 'Created At', 'Updated At'],
};
const willowStorages = catalogue.storages.filter((s) => s.organisation_id === WILLOW);
const willowProducts = new Map(
  catalogue.products.filter((p) => p.organisation_id === WILLOW).map((p) => [p.id, p.name]),
);

/** A cell as text, whichever file it came from: xlsx numbers exactly as Excel keeps them, dates as YYYY-MM-DD. */
function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') return numberToDecimal(value);
  return String(value);
}

function base(quantity: number, unit: string): [number, string] {
  const known = FACTOR[unit.toLowerCase()];
  return known ? [quantity * known[1], known[0]] : [quantity, unit];
}

describe('shed export', () => {
  let sb: RunningSandbox;
  let dir: string;
  let receipts: any[];
  let returns: any[];
  const run = async (dataset: string, file: string, extra: Partial<ExportOptions> = {}) => {
    const io = memoryIO();
    const summary = await exportCommand({
      dataset,
      out: join(dir, file),
      baseUrl: sb.url,
      token: TOKEN,
      org: 'Willow Creek Pastoral Co',
      io,
      ...extra,
    });
    return { summary, io };
  };

  beforeAll(async () => {
    sb = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-export-'));
    const org = createServiceClient({ baseUrl: sb.url, token: TOKEN }).forOrganisation(WILLOW);
    // Units to convert (ml, g, t) and one not to (drum), an ambiguous alias, text a spreadsheet would run.
    await org.createReceipt({
      storage_id: storageId('Main Chemical Shed'),
      received_at: '2026-02-03T00:00:00+11:00',
      supplier: '@Farmco',
      notes: 'Invoice INV-9; -5 drums short',
      line_items: [
        {
          ...productIds('Glyfos 540'),
          quantity: '3',
          pack_size_value: '500',
          pack_size_unit: 'ml',
          pack_cost: '12.345',
        },
        { ...productIds('Amine 625'), quantity: '2', pack_size_value: '1', pack_size_unit: 'drum', pack_cost: '100' },
        {
          product_id: catalogue.product_aliases.find((a) => a.name === 'Wetter' && a.organisation_id === WILLOW)!
            .product_id,
          product_alias_id: catalogue.product_aliases.find((a) => a.name === 'Wetter' && a.organisation_id === WILLOW)!
            .id,
          quantity: '1',
          pack_size_value: '250',
          pack_size_unit: 'g',
          pack_cost: '0',
        },
      ],
    });
    await org.createReturn({
      storage_id: storageId('Main Chemical Shed'),
      ...{ product_id: productIds('Glyfos 540').product_id },
      returned_at: '2026-02-10T00:00:00+11:00',
      supplier: '=HYPERLINK("http://evil")',
      amount_value: '0.5',
      amount_unit: 't',
      reference: '+61 400',
      notes: null,
    });
    receipts = await listAll(sb.url, WILLOW, 'receipts');
    returns = await listAll(sb.url, WILLOW, 'returns');
  }, 30_000);
  afterAll(async () => {
    await sb?.close();
  });

  const variants = [
    { name: 'default fields', v: {} },
    { name: 'example storage fields, no count in meta', v: { storageFields: 'example', countName: 'none' } },
    { name: 'mixed storage fields, both counts', v: { storageFields: 'mixed', countName: 'both' } },
  ] as const;

  for (const { name, v } of variants) {
    for (const format of ['xlsx', 'csv'] as const) {
      describe(`${format}, ${name}`, () => {
        beforeAll(() => sb.setVariants(v));
        afterAll(() => sb.setVariants({}));

        it('movements: a row per line and return, signed totals in l or kg, real types', async () => {
          const { summary } = await run('movements', `movements-${name}.${format}`);
          const sheets = format === 'xlsx' ? await readXlsx(summary.file) : [await csvSheet(summary.file)];
          const movements = sheets[0]!;
          expect(movements.header).toEqual(HEADERS.movements);
          const lines = receipts.flatMap((r) => r.line_items.map((l: any) => ({ r, l })));
          expect(movements.rows).toHaveLength(lines.length + returns.length);
          expect(summary.rows).toBe(lines.length + returns.length);
          const byLine = new Map(movements.rows.map((row) => [text(row['Line Item ID']), row]));
          for (const { r, l } of lines) {
            const row = byLine.get(l.id)!;
            const [quantity, unit] = base(Number(l.quantity) * Number(l.pack_size_value), l.pack_size_unit);
            expect(Number(row['Total Quantity']), l.id).toBeCloseTo(quantity, 9);
            expect(row['Total Unit']).toBe(unit);
            expect(text(row['Date'])).toBe(r.received_at.slice(0, 10)); // the sandbox dates carry Sydney's offset
            expect(text(row['Packs'])).toBe(numberToDecimal(Number(l.quantity)));
            expect(Number(row['Line Cost'])).toBeCloseTo(Number(l.quantity) * Number(l.pack_cost), 9);
            expect(text(row['Record ID'])).toBe(r.id);
            expect(text(row['Under Review'])).toBe(String(r.under_review));
          }
          for (const ret of returns) {
            const row = movements.rows.find((x) => text(x['Record ID']) === ret.id)!;
            const [quantity, unit] = base(Number(ret.amount_value), ret.amount_unit);
            expect(Number(row['Total Quantity'])).toBeCloseTo(-quantity, 9);
            expect([
              row['Type'],
              row['Total Unit'],
              text(row['Packs']),
              text(row['Order / Reference']).replace(/^'/, ''),
            ]).toEqual(['return', unit, '', ret.reference ?? '']);
          }
          const drum = movements.rows.find((x) => x['Unit'] === 'drum')!;
          expect([text(drum['Total Quantity']), drum['Total Unit']]).toEqual(['2', 'drum']);
          if (format === 'xlsx') {
            checkXlsxTypes(movements, {
              date: ['Date'],
              datetime: ['Updated At'],
              number: ['Packs', 'Pack Size', 'Total Quantity', 'Pack Cost', 'Line Cost'],
              boolean: ['Under Review'],
            });
            expect(movements.numFmt['Date']).toBe('dd/mm/yyyy');
            expect(movements.numFmt['Line Cost']).toBe('#,##0.00');
            checkSummary(movements, sheets[1]!);
          } else {
            expect(summary.sheets.map((s) => s.name)).toEqual(['Movements']);
          }
        });

        it('receipts: the import layout, a row per line item', async () => {
          const { summary } = await run('receipts', `receipts-${name}.${format}`);
          const sheet = format === 'xlsx' ? (await readXlsx(summary.file))[0]! : await csvSheet(summary.file);
          expect(sheet.header).toEqual(HEADERS.receipts);
          const lines = receipts.flatMap((r) => r.line_items.map((l: any) => ({ r, l })));
          expect(sheet.rows).toHaveLength(lines.length);
          const byLine = new Map(sheet.rows.map((row) => [text(row['Line Item ID']), row]));
          for (const { r, l } of lines) {
            const row = byLine.get(l.id)!;
            expect(text(row['Record ID'])).toBe(r.id);
            expect(text(row['Sequence'])).toBe(r.sequence);
            expect(text(row['Updated At'])).toBe(r.updated_at);
            expect(text(row['Date Received'])).toBe(r.received_at.slice(0, 10));
            expect([text(row['Qty']), text(row['Pack Size']), text(row['Price ex GST'])]).toEqual(
              [l.quantity, l.pack_size_value, l.pack_cost].map((d) => numberToDecimal(Number(d))),
            );
            expect(text(row['PO Number'])).toBe(r.order_number ?? '');
          }
          const mine = sheet.rows.filter((row) => text(row['Invoice No']) === 'INV-9');
          expect(mine).toHaveLength(3);
          expect(mine.map((row) => text(row['Product']))).toEqual([
            'Glyfos 540',
            'Amine 625',
            expect.stringMatching(/^[0-9a-f-]{36}$/),
          ]);
          const notes = text(mine[0]!['Notes']);
          const supplier = text(mine[0]!['Supplier']);
          if (format === 'csv') expect([notes, supplier]).toEqual(["'-5 drums short", "'@Farmco"]);
          else expect([notes, supplier]).toEqual(['-5 drums short', '@Farmco']);
          if (format === 'xlsx')
            checkXlsxTypes(sheet, {
              date: ['Date Received'],
              number: ['Qty', 'Pack Size', 'Price ex GST', 'Line Total'],
              boolean: ['Under Review'],
              text: ['Updated At'],
            });
        });

        it('returns: the import layout, formula-like text guarded in CSV only', async () => {
          const { summary } = await run('returns', `returns-${name}.${format}`);
          const sheet = format === 'xlsx' ? (await readXlsx(summary.file))[0]! : await csvSheet(summary.file);
          expect(sheet.header).toEqual(HEADERS.returns);
          expect(sheet.rows.map((r) => text(r['Record ID'])).sort()).toEqual(returns.map((r) => r.id).sort());
          for (const ret of returns) {
            const row = sheet.rows.find((x) => text(x['Record ID']) === ret.id)!;
            expect([text(row['Date']), text(row['Amount']), row['Unit'], text(row['Updated At'])]).toEqual([
              ret.returned_at.slice(0, 10),
              numberToDecimal(Number(ret.amount_value)),
              ret.amount_unit,
              ret.updated_at,
            ]);
          }
          const evil = sheet.rows.find((x) => text(x['Return To']).includes('HYPERLINK'))!;
          expect(text(evil['Return To'])).toBe(
            format === 'csv' ? `'=HYPERLINK("http://evil")` : '=HYPERLINK("http://evil")',
          );
          expect(text(evil['Reference'])).toBe(format === 'csv' ? "'+61 400" : '+61 400');
          if (format === 'xlsx') checkXlsxTypes(sheet, { date: ['Date'], number: ['Amount'], text: ['Updated At'] });
        });

        it('storages: every storage, locked read from either field set', async () => {
          const { summary } = await run('storages', `storages-${name}.${format}`);
          const sheet = format === 'xlsx' ? (await readXlsx(summary.file))[0]! : await csvSheet(summary.file);
          expect(sheet.header).toEqual(HEADERS.storages);
          expect(sheet.rows.map((r) => r['Storage']).sort()).toEqual(willowStorages.map((s) => s.name).sort());
          for (const row of sheet.rows)
            expect(text(row['Locked']), String(row['Storage'])).toBe(String(row['Storage'] === 'Old Shearing Shed'));
          const old = sheet.rows.find((r) => r['Storage'] === 'Old Shearing Shed')!;
          expect(text(old['Locked At']) !== '').toBe((v as { storageFields?: string }).storageFields !== 'example');
        });

        it('product aliases: every alias, with its product name when a list sideloaded it', async () => {
          const { summary } = await run('product-aliases', `aliases-${name}.${format}`);
          const sheet = format === 'xlsx' ? (await readXlsx(summary.file))[0]! : await csvSheet(summary.file);
          expect(sheet.header).toEqual(HEADERS['product-aliases']);
          const aliases = catalogue.product_aliases.filter((a) => a.organisation_id === WILLOW);
          expect(sheet.rows).toHaveLength(aliases.length);
          let named = 0;
          for (const row of sheet.rows) {
            const product = text(row['Product']);
            if (product === '') continue;
            named += 1;
            expect(product).toBe(willowProducts.get(text(row['Product ID'])));
          }
          expect(named).toBeGreaterThan(aliases.length / 2);
        });

        it('products: those seen sideloaded, with their names', async () => {
          const { summary } = await run('products', `products-${name}.${format}`);
          const sheet = format === 'xlsx' ? (await readXlsx(summary.file))[0]! : await csvSheet(summary.file);
          expect(sheet.header).toEqual(HEADERS.products);
          const used = new Set([
            ...receipts.flatMap((r) => r.line_items.map((l: any) => l.product_id)),
            ...returns.map((r) => r.product_id),
          ]);
          expect(new Set(sheet.rows.map((r) => text(r['Record ID'])))).toEqual(used);
          for (const row of sheet.rows) expect(row['Product']).toBe(willowProducts.get(text(row['Record ID'])));
        });
      });
    }
  }

  describe('filters', () => {
    it('--from and --to keep the received or returned dates in range, inclusive, in the farm zone', async () => {
      const { summary } = await run('movements', 'range.csv', { from: '3/2/2026', to: '2026-02-10' });
      const sheet = await csvSheet(summary.file);
      const inRange = (d: string) => d >= '2026-02-03' && d <= '2026-02-10';
      const want = [
        ...receipts.flatMap((r) => (inRange(r.received_at.slice(0, 10)) ? r.line_items.map((l: any) => l.id) : [])),
        ...returns.filter((r) => inRange(r.returned_at.slice(0, 10))).map((r) => r.id),
      ];
      expect(sheet.rows.map((r) => text(r['Line Item ID']) || text(r['Record ID'])).sort()).toEqual(want.sort());
      expect(want.length).toBeGreaterThan(3);
      expect(summary.filters).toMatchObject({ from: '2026-02-03', to: '2026-02-10' });
    });

    it('--storage keeps one storage (by name, any case)', async () => {
      const { summary } = await run('receipts', 'seed.xlsx', { storage: 'seed shed' });
      const [sheet] = await readXlsx(summary.file);
      const want = receipts
        .filter((r) => r.storage_id === storageId('Seed Shed'))
        .flatMap((r) => r.line_items.map((l: any) => l.id));
      expect(sheet!.rows.map((r) => text(r['Line Item ID'])).sort()).toEqual(want.sort());
      expect(new Set(sheet!.rows.map((r) => r['Storage']))).toEqual(new Set(['Seed Shed']));
      expect(summary.filters.storage).toBe('Seed Shed');
    });

    it('--since keeps records changed after that time', async () => {
      const sorted = [...receipts].sort((a, b) => (a.updated_at < b.updated_at ? -1 : 1));
      const since = sorted[sorted.length - 4]!.updated_at;
      const { summary } = await run('receipts', 'since.csv', { since });
      const sheet = await csvSheet(summary.file);
      expect(new Set(sheet.rows.map((r) => r['Record ID']))).toEqual(new Set(sorted.slice(-3).map((r) => r.id)));
    });
  });

  describe('files and output', () => {
    it('CSV starts with a BOM unless --no-bom, and ends every record with CRLF', async () => {
      const withBom = await readCsv((await run('storages', 'bom.csv')).summary.file);
      const without = await readCsv((await run('storages', 'nobom.csv', { bom: false })).summary.file);
      expect([withBom.bom, without.bom]).toEqual([true, false]);
      expect(withBom.text.endsWith('\r\n')).toBe(true);
      expect(withBom.text.replace(/\r\n/g, '').includes('\n')).toBe(false);
    });

    it('names the file <dataset>-<date>.xlsx in the current folder by default', async () => {
      const cwd = await mkdtemp(join(tmpdir(), 'shed-export-default-'));
      const io = memoryIO();
      const summary = await exportCommand({
        dataset: 'storages',
        baseUrl: sb.url,
        token: TOKEN,
        org: 'Willow Creek Pastoral Co',
        io,
        cwd,
        now: () => new Date('2026-03-01T14:30:00Z'),
      });
      expect(await readdir(cwd)).toEqual(['storages-2026-03-02.xlsx']); // already 2 March in Sydney
      expect(summary.format).toBe('xlsx');
      expect(io.stderr.join('')).toMatch(
        /^Exported 5 storages rows from Willow Creek Pastoral Co to storages-2026-03-02\.xlsx$/,
      );
    });

    it('names the file it wrote relative to the current folder, or whole when it is outside it', async () => {
      const cwd = await mkdtemp(join(tmpdir(), 'shed-export-named-'));
      const outside = await mkdtemp(join(tmpdir(), 'shed-export-outside-'));
      await mkdir(join(cwd, 'out'));
      const io = memoryIO();
      const common = { dataset: 'storages', baseUrl: sb.url, token: TOKEN, org: 'Willow Creek Pastoral Co', io, cwd };
      await exportCommand({ ...common, out: join('out', 'storages.xlsx') });
      await exportCommand({ ...common, out: join(outside, 'storages.xlsx') });
      const lines = io.stderr;
      expect(lines[0]).toMatch(/Willow Creek Pastoral Co to out\/storages\.xlsx$/);
      expect(lines[1]).toContain(`Willow Creek Pastoral Co to ${join(outside, 'storages.xlsx')}`);
    });

    it('says the filters in brackets after the organisation, then the file, with no stray comma', async () => {
      const cwd = await mkdtemp(join(tmpdir(), 'shed-export-filters-'));
      const io = memoryIO();
      const common = { baseUrl: sb.url, token: TOKEN, org: 'Willow Creek Pastoral Co', io, cwd };
      await exportCommand({
        ...common,
        dataset: 'movements',
        out: 'movements.xlsx',
        from: '2026-01-01',
        to: '2026-03-31',
        storage: 'Main Chemical Shed',
      });
      expect(io.stderr.join('')).toMatch(
        /^Exported \d+ movements rows \(sheets Movements, Summary\) from Willow Creek Pastoral Co \(dated 2026-01-01 to 2026-03-31, storage 'Main Chemical Shed'\) to movements\.xlsx$/,
      );
    });

    it('--json prints the summary on standard output, through the CLI', async () => {
      const io = memoryIO();
      const file = join(dir, 'cli.csv');
      const status = await main(
        [
          'node',
          'shed',
          'export',
          'returns',
          '--out',
          file,
          '--no-bom',
          '--json',
          '--base-url',
          sb.url,
          '--token',
          TOKEN,
          '--org',
          'Willow Creek Pastoral Co',
        ],
        io,
      );
      expect(status).toBe(0);
      const summary = JSON.parse(io.stdout.join(''));
      expect(summary).toMatchObject({
        dataset: 'returns',
        format: 'csv',
        file,
        rows: returns.length,
        exitCode: 0,
        organisation: { id: WILLOW },
      });
      expect(summary.lists.map((l: any) => l.list).sort()).toEqual(['product aliases', 'returns', 'storages']);
      expect((await readCsv(file)).bom).toBe(false);
      expect(JSON.stringify(summary)).not.toContain(TOKEN);
    });
  });

  describe('refusals', () => {
    const usage: [string, Partial<ExportOptions>, RegExp][] = [
      [
        'an unknown dataset',
        { dataset: 'invoices' },
        /Unknown dataset 'invoices': expected one of movements, ledger, stocktake, receipts, returns, storages, product-aliases, products/,
      ],
      ['an unknown format', { format: 'pdf' }, /Unknown format 'pdf'/],
      ['a format unlike the file', { format: 'csv', out: 'x.xlsx' }, /--format csv disagrees with --out x\.xlsx/],
      ['a file of no known kind', { out: 'x.txt' }, /Cannot tell the format from --out x\.txt/],
      ['a date that is not one', { from: '31/02/2026' }, /Expected --from to be a date.*February 2026 has no day 31/],
      ['--from after --to', { from: '2026-03-01', to: '2026-02-01' }, /--from 2026-03-01 is after --to 2026-02-01/],
      [
        '--from on storages',
        { dataset: 'storages', from: '2026-03-01' },
        /--from applies to movements, the ledger, the stocktake sheet, receipts and returns only/,
      ],
      [
        '--storage on products',
        { dataset: 'products', storage: 'Seed Shed' },
        /--storage applies to movements, the ledger, the stocktake sheet, receipts and returns only/,
      ],
      ['an empty --storage', { storage: '  ' }, /--storage is empty/],
      ['a --since that is not a time', { since: 'last week' }, /Expected --since to be an ISO 8601 time/],
      ['an unknown time zone', { timezone: 'Sydney' }, /'Sydney' is not a time zone/],
      [
        'an unknown storage',
        { storage: 'Seed Shedd' },
        /--storage: no storage named 'Seed Shedd'; closest: 'Seed Shed'/,
      ],
    ];
    for (const [what, options, message] of usage) {
      it(`refuses ${what} with exit status 2, writing nothing`, async () => {
        const out = join(dir, `refused-${what.replace(/\W+/g, '-')}.xlsx`);
        const error = await run('movements', 'unused', { out, ...options }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(Error);
        expect((error as Error).message).toMatch(message);
        expect(exitStatusFor(error)).toBe(2);
        expect((await readdir(dir)).some((f) => f.startsWith('refused-'))).toBe(false);
      });
    }

    it('exits 3 on a bad token and on an organisation without a shed subscription', async () => {
      const bad = await run('storages', 'x.xlsx', { token: 'wrong-token' }).catch((e: unknown) => e);
      expect(exitStatusFor(bad)).toBe(3);
      expect((bad as Error).message).not.toContain('wrong-token');
      const noShed = await run('storages', 'y.xlsx', { org: 'Red Gum Grazing' }).catch((e: unknown) => e);
      expect(exitStatusFor(noShed)).toBe(3);
    });

    it('the CLI refuses an unknown dataset with status 2', async () => {
      const io = memoryIO();
      expect(await main(['node', 'shed', 'export', 'invoices', '--base-url', sb.url, '--token', TOKEN], io)).toBe(2);
    });
  });
});

async function csvSheet(path: string): Promise<ReadSheet> {
  const csv = await readCsv(path);
  expect(csv.bom).toBe(true);
  return {
    name: 'csv',
    header: csv.header,
    rows: csv.rows,
    totals: null,
    numFmt: {},
    widths: {},
    table: null,
    frozen: false,
  };
}

function checkXlsxTypes(
  sheet: ReadSheet,
  types: { date?: string[]; datetime?: string[]; number?: string[]; boolean?: string[]; text?: string[] },
): void {
  expect(sheet.frozen, 'frozen header row').toBe(true);
  expect(sheet.table?.autoFilterRef, 'a table with filters over header and data').toBe(
    `A1:${String.fromCharCode(64 + sheet.header.length)}${sheet.rows.length + 1}`,
  );
  // exceljs leaves out a column of its default width (9): read it back as that.
  for (const header of sheet.header)
    expect(sheet.widths[header] ?? 9, `width of ${header}`).toBeGreaterThanOrEqual(Math.min(60, header.length));
  const check = (headers: string[] | undefined, test: (v: unknown) => boolean, kind: string) => {
    for (const header of headers ?? []) {
      const values = sheet.rows.map((r) => r[header]).filter((v) => v !== null && v !== undefined);
      expect(values.length, `${header} has values`).toBeGreaterThan(0);
      for (const v of values) expect(test(v), `${header} ${kind}: ${String(v)}`).toBe(true);
    }
  };
  check(types.date, (v) => v instanceof Date && v.getTime() % 86_400_000 === 0, 'is a date');
  check(types.datetime, (v) => v instanceof Date, 'is a date and time');
  check(types.number, (v) => typeof v === 'number', 'is a number');
  check(types.boolean, (v) => typeof v === 'boolean', 'is a boolean');
  check(types.text, (v) => typeof v === 'string', 'is text');
}

function checkSummary(movements: ReadSheet, summary: ReadSheet): void {
  expect(summary.name).toBe('Summary');
  expect(summary.header).toEqual([
    'Storage',
    'Product',
    'Unit',
    'Quantity In',
    'Quantity Out',
    'Net Quantity',
    'Receipt Cost',
    'Receipt Lines',
    'Returns',
  ]);
  const sum = (values: unknown[]) =>
    values.reduce<string>((a, v) => addDecimals(a, typeof v === 'number' ? numberToDecimal(v) : '0'), '0');
  for (const line of summary.rows) {
    const mine = movements.rows.filter(
      (m) => m['Storage'] === line['Storage'] && m['Product'] === line['Product'] && m['Total Unit'] === line['Unit'],
    );
    expect(mine.length, `${line['Storage']} / ${line['Product']}`).toBe(
      Number(line['Receipt Lines']) + Number(line['Returns']),
    );
    expect(sum(mine.map((m) => m['Total Quantity']))).toBe(numberToDecimal(line['Net Quantity'] as number));
    expect(
      addDecimals(numberToDecimal(line['Quantity In'] as number), numberToDecimal(-(line['Quantity Out'] as number))),
    ).toBe(numberToDecimal(line['Net Quantity'] as number));
  }
  const sorted = [...summary.rows].sort(
    (a, b) =>
      String(a['Storage']).localeCompare(String(b['Storage']), 'en', { sensitivity: 'base', numeric: true }) ||
      String(a['Product']).localeCompare(String(b['Product']), 'en', { sensitivity: 'base', numeric: true }),
  );
  expect(summary.rows.map((r) => `${r['Storage']}|${r['Product']}`)).toEqual(
    sorted.map((r) => `${r['Storage']}|${r['Product']}`),
  );
  const totals = summary.totals!;
  expect(totals['Storage']).toBe('Total');
  const cost = totals['Receipt Cost'] as { formula: string; result: number };
  expect(cost.formula).toMatch(/^SUBTOTAL\(109,Summary\[/);
  expect(numberToDecimal(Math.round(cost.result * 100) / 100)).toBe(
    sum(movements.rows.map((m) => m['Line Cost'])).replace(/(\.\d\d)\d+$/, '$1'),
  );
  expect(
    (totals['Receipt Lines'] as { result: number }).result + (totals['Returns'] as { result: number }).result,
  ).toBe(movements.rows.length);
  expect(summary.table?.totalsRow).toBe(true);
}
