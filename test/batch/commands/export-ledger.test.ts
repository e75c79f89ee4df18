// `shed export ledger` end to end against the sandbox: the roll-forward ties out line by line, read
// back from the .xlsx, against the service's own records, also while records are written meanwhile.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCommand } from '../../../batch/commands/export/index.ts';
import { main } from '../../../batch/cli/main.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { createServiceClient } from '../../../shared/client/index.ts';
import { startSandbox, type RunningSandbox } from '../../../sandbox/index.ts';
import { WILLOW, productIds, storageId } from '../../support/catalogue.ts';
import { listAll } from '../../support/service.ts';
import { readXlsx, type ReadSheet } from './export-helpers.ts';

const TOKEN = 'demo-token-willow';
const SHED = 'Main Chemical Shed';

let sb: RunningSandbox;
let dir: string;
beforeAll(async () => {
  sb = await startSandbox({ port: 0, quiet: true });
  dir = await mkdtemp(join(tmpdir(), 'shed-ledger-'));
  const org = createServiceClient({ baseUrl: sb.url, token: TOKEN }).forOrganisation(WILLOW);
  const receive = (date: string, quantity: string) =>
    org.createReceipt({
      storage_id: storageId(SHED),
      received_at: `${date}T09:00:00+11:00`,
      supplier: 'Farmco Rural Supplies',
      line_items: [
        { ...productIds('Glyfos 540'), quantity, pack_size_value: '20', pack_size_unit: 'l', pack_cost: '185' },
      ],
    });
  // Before the period (opening), in it, and after it (left out).
  await receive('2026-01-10', '5');
  await org.createReceipt({
    storage_id: storageId(SHED),
    received_at: '2026-01-15T09:00:00+11:00',
    supplier: 'Farmco Rural Supplies',
    line_items: [
      { ...productIds('Amine 625'), quantity: '2', pack_size_value: '20', pack_size_unit: 'l', pack_cost: '142.5' },
    ],
  });
  await receive('2026-02-05', '2');
  await receive('2026-03-05', '7');
  await org.createReturn({
    storage_id: storageId(SHED),
    product_id: productIds('Glyfos 540').product_id,
    returned_at: '2026-01-20T09:00:00+11:00',
    supplier: 'Farmco Rural Supplies',
    amount_value: '15',
    amount_unit: 'l',
    reference: null,
    notes: null,
  });
  await org.createReturn({
    storage_id: storageId(SHED),
    product_id: productIds('Glyfos 540').product_id,
    returned_at: '2026-02-20T09:00:00+11:00',
    supplier: 'Farmco Rural Supplies',
    amount_value: '500',
    amount_unit: 'ml',
    reference: null,
    notes: null,
  });
}, 30_000);
afterAll(async () => {
  await sb?.close();
});

const exportLedger = async (file: string) => {
  const io = memoryIO();
  const summary = await exportCommand({
    dataset: 'ledger',
    out: join(dir, file),
    baseUrl: sb.url,
    token: TOKEN,
    org: 'Willow Creek Pastoral Co',
    from: '2026-02-01',
    to: '2026-02-28',
    io,
  });
  return { summary, sheets: await readXlsx(summary.file), io };
};

/** Per storage × product × unit of the Ledger sheet: opening, in, out and closing as its rows say. */
function rollForward(
  ledger: ReadSheet,
): Map<string, { opening: number; in: number; out: number; closing: number; balances: number[] }> {
  const lines = new Map<string, { opening: number; in: number; out: number; closing: number; balances: number[] }>();
  for (const row of ledger.rows) {
    const key = `${row['Storage']}|${row['Product']}|${row['Unit']}`;
    const line = lines.get(key) ?? { opening: 0, in: 0, out: 0, closing: Number.NaN, balances: [] };
    lines.set(key, line);
    if (row['Entry'] === 'Opening balance') line.opening = Number(row['Balance']);
    else if (row['Entry'] === 'Closing balance') line.closing = Number(row['Balance']);
    else {
      line.in += Number(row['In'] ?? 0);
      line.out += Number(row['Out'] ?? 0);
      line.balances.push(Number(row['Balance']));
    }
  }
  return lines;
}

describe('shed export ledger', () => {
  it('opens with the history before the period, ties out on every line, and says what it covers', async () => {
    const { summary, sheets } = await exportLedger('ledger.xlsx');
    expect(summary.exitCode).toBe(0);
    expect(sheets.map((s) => s.name)).toEqual(['Ledger', 'Ledger Summary', 'About']);
    const [ledger, totals, about] = sheets as [ReadSheet, ReadSheet, ReadSheet];
    const glyfos = [...rollForward(ledger)].find(([key]) => key === `${SHED}|Glyphosate 540 g/L|l`)?.[1];
    // Opening: every receipt and return of the product in that shed before February, from the service.
    const receipts = await listAll(sb.url, WILLOW, 'receipts');
    const returns = await listAll(sb.url, WILLOW, 'returns');
    const glyId = productIds('Glyfos 540').product_id;
    const before = (at: string) => at.slice(0, 10) < '2026-02-01';
    const litres = (value: string, unit: string) => Number(value) * (unit === 'ml' ? 0.001 : 1);
    const opening =
      receipts
        .filter((r) => r.storage_id === storageId(SHED) && before(r.received_at))
        .flatMap((r) => r.line_items)
        .filter((l) => l.product_id === glyId && ['l', 'ml'].includes(l.pack_size_unit))
        .reduce((sum, l) => sum + Number(l.quantity) * litres(l.pack_size_value, l.pack_size_unit), 0) -
      returns
        .filter(
          (r) =>
            r.storage_id === storageId(SHED) &&
            r.product_id === glyId &&
            before(r.returned_at) &&
            ['l', 'ml'].includes(r.amount_unit),
        )
        .reduce((sum, r) => sum + litres(r.amount_value, r.amount_unit), 0);
    expect(glyfos?.opening).toBeCloseTo(opening, 9);
    expect(glyfos?.in).toBeCloseTo(40, 9);
    expect(glyfos?.out).toBeCloseTo(0.5, 9);
    expect(glyfos?.closing).toBeCloseTo(opening + 40 - 0.5, 9);
    for (const [key, line] of rollForward(ledger)) {
      expect(line.closing, key).toBeCloseTo(line.opening + line.in - line.out, 9);
      expect(line.balances.at(-1) ?? line.opening, key).toBeCloseTo(line.closing, 9);
    }
    expect(totals.rows.length).toBeGreaterThan(0);
    for (const row of totals.rows) {
      expect(row['Check']).toBe('ties out');
      expect(Number(row['Closing'])).toBeCloseTo(Number(row['Opening']) + Number(row['In']) - Number(row['Out']), 9);
    }
    const facts = Object.fromEntries(about.rows.map((r) => [r['Item'], r['Value']]));
    expect(facts['Organisation']).toBe('Willow Creek Pastoral Co');
    expect(facts['Period']).toBe('2026-02-01 to 2026-02-28 (dates in Australia/Sydney)');
    expect(facts['Produced by']).toMatch(/^shed-sheets \d+\.\d+\.\d+ \(shed export\)$/);
    expect(facts['Check']).toBe('every line ties out: opening + in − out = closing');
  });

  it('still ties out when receipts are written while the ledger is read', async () => {
    const org = createServiceClient({ baseUrl: sb.url, token: TOKEN }).forOrganisation(WILLOW);
    const writing = Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        org.createReceipt({
          storage_id: storageId(SHED),
          received_at: `2026-02-${String((i % 27) + 1).padStart(2, '0')}T09:00:00+11:00`,
          supplier: 'Farmco Rural Supplies',
          line_items: [
            {
              ...productIds('Glyfos 540'),
              quantity: '1',
              pack_size_value: '20',
              pack_size_unit: 'l',
              pack_cost: '185',
            },
          ],
        }),
      ),
    );
    const [{ sheets }] = await Promise.all([exportLedger('ledger-busy.xlsx'), writing]);
    for (const [key, line] of rollForward(sheets[0]!))
      expect(line.closing, key).toBeCloseTo(line.opening + line.in - line.out, 9);
    for (const row of sheets[1]!.rows) expect(row['Check']).toBe('ties out');
  });

  it('refuses --since: the opening balances need every record', async () => {
    await expect(
      exportCommand({
        dataset: 'ledger',
        since: '2026-01-01T00:00:00Z',
        out: join(dir, 'x.xlsx'),
        baseUrl: sb.url,
        token: TOKEN,
        io: memoryIO(),
      }),
    ).rejects.toThrow(/--since does not apply to the ledger/);
  });

  it('a stocktake: the template expects the closing; the counts come back as variances, flagged over the tolerance', async () => {
    const connection = ['--base-url', sb.url, '--token', TOKEN, '--org', 'Willow Creek Pastoral Co'];
    const template = join(dir, 'stocktake.xlsx');
    const io = memoryIO();
    expect(
      await main(
        [
          'node',
          'shed',
          'template',
          'stocktake',
          '--to',
          '2026-02-28',
          '--storage',
          SHED,
          '--out',
          template,
          ...connection,
        ],
        io,
      ),
    ).toBe(0);
    const [sheet] = await readXlsx(template);
    expect(sheet!.header).toEqual(['Storage', 'Product', 'Unit', 'Expected', 'Counted', 'Notes']);
    const { sheets } = await exportLedger('ledger-for-count.xlsx');
    const closing = (product: string) =>
      Number(
        sheets[1]!.rows.find((r) => r['Storage'] === SHED && r['Product'] === product && r['Unit'] === 'l')?.[
          'Closing'
        ],
      );
    const expected = (product: string) =>
      Number(sheet!.rows.find((r) => r['Product'] === product && r['Unit'] === 'l')?.['Expected']);
    expect(expected('Glyphosate 540 g/L')).toBe(closing('Glyphosate 540 g/L'));
    // Counted: the glyphosate 50 l short (over 1%), another product as expected, a surfactant the records never had in that shed (in ml).
    const amine = sheet!.rows.find((r) => r['Product'] !== 'Glyphosate 540 g/L' && Number(r['Expected']) > 0)!;
    const counts = [
      'Storage,Product,Unit,Counted',
      `${SHED},Glyphosate 540 g/L,l,${expected('Glyphosate 540 g/L') - 50}`,
      `${SHED},"${amine['Product']}",l,${amine['Expected']}`,
      `${SHED},Non-ionic surfactant 1000 g/L,ml,500`,
    ];
    await writeFile(join(dir, 'counted.csv'), counts.join('\r\n'));
    const reconciled = await exportCommand({
      dataset: 'ledger',
      out: join(dir, 'ledger-counted.xlsx'),
      baseUrl: sb.url,
      token: TOKEN,
      org: 'Willow Creek Pastoral Co',
      from: '2026-02-01',
      to: '2026-02-28',
      stocktake: join(dir, 'counted.csv'),
      io: memoryIO(),
    });
    const [, summary, about] = await readXlsx(reconciled.file);
    const line = (product: string) =>
      summary!.rows.find((r) => r['Storage'] === SHED && String(r['Product']).startsWith(product))!;
    expect(line('Glyphosate 540')).toMatchObject({ Variance: -50, Stocktake: 'over tolerance' });
    expect(line(String(amine['Product']))).toMatchObject({ Variance: 0, Stocktake: 'ok' });
    expect(line('Non-ionic surfactant 1000')).toMatchObject({
      Opening: 0,
      Closing: 0,
      Counted: 0.5,
      Variance: 0.5,
      Stocktake: 'over tolerance',
    });
    expect(summary!.rows.filter((r) => r['Stocktake'] === 'not counted').length).toBeGreaterThan(0);
    const facts = Object.fromEntries(about!.rows.map((r) => [r['Item'], r['Value']]));
    expect(facts['Stocktake result']).toMatch(/^2 lines over tolerance, \d+ lines not counted$/);
  });

  it('a stocktake naming a product the organisation does not have is refused, naming the file, row and column', async () => {
    await writeFile(join(dir, 'bad-count.csv'), ['Storage,Product,Counted', `${SHED},Glyfos 450,12`].join('\r\n'));
    const out = join(dir, 'never.xlsx');
    await expect(
      exportCommand({
        dataset: 'ledger',
        out,
        baseUrl: sb.url,
        token: TOKEN,
        org: 'Willow Creek Pastoral Co',
        from: '2026-02-01',
        to: '2026-02-28',
        stocktake: join(dir, 'bad-count.csv'),
        io: memoryIO(),
      }),
    ).rejects.toThrow(/bad-count\.csv, sheet bad-count, row 2, column Product: no product or alias named 'Glyfos 450'/);
    await expect(readXlsx(out)).rejects.toThrow();
  });
});
