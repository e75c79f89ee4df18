/**
 * Digest of plans, for speed work that must not change a plan: every receipts and returns plan (with
 * its mapping, problems and messages) over the examples, the test fixtures, the read bench's 100,000
 * lines (`npm run bench -- --only read` writes them) and generated messy CSVs, under six reading
 * settings, one JSON file per case in OUT and one line per case (hash, size, name) in OUT.sum.
 * Run it before and after a change and compare the two .sum files (0 differences):
 *   npx tsx bench/digest/plans.ts bench/tmp/plans-before && npx tsx bench/digest/plans.ts bench/tmp/plans-after
 *   diff bench/tmp/plans-before.sum bench/tmp/plans-after.sum
 */
import { mkdirSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import Papa from 'papaparse';
import { readGrid, readGridFromBuffer } from '../../batch/read/index.ts';
import { mapSheet, mapWithNames } from '../../shared/import/map-sheet.ts';
import { planReceiptImport, receiptRecordRows } from '../../shared/import/receipts/plan.ts';
import { planReturnImport } from '../../shared/import/returns/plan.ts';
import { createResolver } from '../../shared/resolve/index.ts';
import type { Grid, CellValue } from '../../shared/sheet/grid.ts';
import { willowReference, clearAliasNames, openStorages } from '../catalogue.ts';
import { lcg } from '../seed.ts';
import { INVOICE_HEADERS, SUPPLIERS } from '../workbooks.ts';

const out = process.argv[2] ?? 'bench/tmp/plans-digest';
const reference = willowReference();

function walk(dir: string, acc: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (name === 'node_modules' || name === 'tmp') continue;
    if (statSync(p).isDirectory()) walk(p, acc);
    else if (/\.(csv|xlsx|xls|ods|tsv|txt)$/i.test(name)) acc.push(p);
  }
  return acc;
}

const SETTINGS: Record<string, unknown>[] = [
  { dateOrder: 'DMY', timeZone: 'Australia/Sydney' },
  { dateOrder: 'MDY', timeZone: 'Australia/Perth' },
  { dateOrder: 'DMY', timeZone: 'UTC', dateOrderGiven: true, gstRate: '0.1' },
  { dateOrder: 'DMY', timeZone: 'Pacific/Auckland', packSizeFrom: 'product', skipLines: ['Freight', 'Discount'] },
  { dateOrder: 'DMY', timeZone: 'Australia/Sydney', packCostFrom: 'line_total' },
  {
    dateOrder: 'DMY',
    timeZone: 'Australia/Adelaide',
    packConventions: { each: '20 l', kinds: { drum: '200 l' } },
    unitAliases: new Map([
      ['drum', { factor: '200', unit: 'l' }],
      ['gal', { factor: '4.5', unit: 'l' }],
    ]),
  },
];

const ODD_DATES = [
  '13/25/2025',
  '2025-03-04',
  '4/3/2025',
  '31/02/2026',
  '3/4/25',
  '2025-03-04T14:30',
  '',
  'yesterday',
  '45000',
  ' 4/3/2025 ',
  '12/13/2025',
  '1/2/2026 14:30',
  '2026-03-01T10:00:00+11:00',
  '4\u00a0/3/2025',
];
const ODD_SUPPLIERS = [
  'farmco rural supplies',
  'Farmco  Rural Supplies',
  'Farmco\u00a0Rural Supplies',
  'Riverina Ag Chemicals',
  '',
  ' Farmco Rural Supplies\u200b',
];
const ODD_STORAGES = ['Old Shearing Shed', 'main chemical shed', 'Shed 9', '', 'Main  Chemical Shed'];
const ODD_PRODUCTS = [
  'Wetter',
  'Glyfos 450',
  'Glyfos 540 20L',
  'Freight',
  'Glyfos\u00a0540',
  '',
  'glyfos 540',
  'Delivery fee',
  'Glyfos 540 5kg',
  'Glyfos 540 2 x 10L',
];
const ODD_QTYS = ['-5', '0', '1,000', '4 x 20L drums', 'abc', '2.5', '', '1e3', ' 7 ', '3 drums', '10 EA'];
const ODD_PACKS = ['20L', '', '0', '1.5', 'x', '20 L', '1000', '-1'];
const ODD_UNITS = ['L', 'l', 'litre', 'kg', 'EA', 'drum', 'ml', '', 'gal', 'each', 'DAY'];
const ODD_PRICES = ['$12.50', '12,50', '-3', '', '1,234.56', 'abc', '0', '12.345678', '1e2'];

/** A messy receipts CSV: layout variant, seeded mutations. */
function messyCsv(seed: number, layout: 'first' | 'every' | 'nokey' | 'results' | 'total'): string {
  const next = lcg(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const odd = (p: number) => next() < p;
  const storages = openStorages.map((s) => s.name);
  const headers = [...INVOICE_HEADERS.slice(0, -1), seed % 2 ? 'Price ex GST' : 'Unit Price'];
  if (layout === 'results') headers.push('Record ID', 'Line Item ID', 'Updated At');
  if (layout === 'total') headers.push('Line Total');
  const rows: string[][] = [layout === 'nokey' ? headers.slice(1) : headers];
  let previous: string[][] = [];
  for (let i = 0; i < 700; i++) {
    if (odd(0.03) && previous.length) {
      rows.push(...previous);
      continue;
    }
    const d = new Date(Date.UTC(2025, i % 12, 1 + (i % 28)));
    const inv = odd(0.05) ? `INV ${i % 50}` : `M-${seed}-${i % 600}`;
    const head = [
      inv,
      pick(SUPPLIERS),
      odd(0.1) ? pick(ODD_DATES) : `${d.getUTCDate()}/${d.getUTCMonth() + 1}/${d.getUTCFullYear()}`,
      odd(0.05) ? pick(ODD_STORAGES) : pick(storages),
    ];
    const n = 1 + Math.floor(next() * 6);
    const block: string[][] = [];
    const recordId = `${(i * 7919).toString(16).padStart(8, '0')}-1234-4abc-8def-0123456789ab`;
    for (let j = 0; j < n; j++) {
      const q = 1 + Math.floor(next() * 40);
      const price = Math.round(next() * 50000) / 100;
      const line = [
        j === 0 || layout === 'every' || odd(0.05) ? head[0]! : '',
        j === 0 || layout === 'every'
          ? odd(0.04)
            ? pick(ODD_SUPPLIERS)
            : head[1]!
          : odd(0.04)
            ? pick(ODD_SUPPLIERS)
            : '',
        j === 0 || layout === 'every' ? head[2]! : odd(0.03) ? pick(ODD_DATES) : '',
        j === 0 || layout === 'every' ? head[3]! : odd(0.03) ? pick(ODD_STORAGES) : '',
        odd(0.06) ? pick(ODD_PRODUCTS) : pick(clearAliasNames),
        odd(0.05) ? pick(ODD_QTYS) : String(q),
        odd(0.05) ? pick(ODD_PACKS) : String(pick([1, 5, 10, 20, 1000])),
        odd(0.05) ? pick(ODD_UNITS) : pick(['L', 'kg']),
        odd(0.05) ? pick(ODD_PRICES) : String(price),
      ];
      if (layout === 'results') {
        line.push(
          odd(0.8) ? recordId : odd(0.5) ? 'not-an-id' : '',
          odd(0.5) ? `${recordId.slice(0, 30)}${String(j).padStart(6, '0')}` : '',
          odd(0.5) ? '2026-03-01T10:00:00.123456Z' : '',
        );
      }
      if (layout === 'total') line.push(odd(0.1) ? String(q * price + 1) : odd(0.05) ? '' : (q * price).toFixed(2));
      block.push(layout === 'nokey' ? line.slice(1) : line);
    }
    rows.push(...block);
    previous = block;
    if (odd(0.03)) rows.push(new Array(rows[0]!.length).fill(''));
    if (odd(0.01)) rows.push(['', 'TOTAL', ...new Array(rows[0]!.length - 2).fill('')]);
  }
  return Papa.unparse(rows, { newline: '\r\n' });
}

/** Some cells turned into numbers, Dates and booleans (what an .xlsx gives). */
function typed(grid: Grid, seed: number): Grid {
  const next = lcg(seed);
  const rows = grid.rows.map((row) => ({
    ...row,
    cells: row.cells.map((cell, c): CellValue => {
      if (row.rowNumber === 1 || typeof cell !== 'string') return cell;
      if (next() < 0.1 && /^-?\d+(\.\d+)?$/.test(cell)) return Number(cell);
      const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(cell);
      if (m && next() < 0.5)
        return new Date(Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1]), next() < 0.1 ? 14 : 0, 0));
      if (next() < 0.002) return true;
      if (c === 0 && next() < 0.1 && /^M-/.test(cell)) return Number(cell.replace(/\D/g, '').slice(0, 6));
      return cell;
    }),
  }));
  return { ...grid, rows };
}

/** Emits the plans of `grid` under every setting (`big`: the 100,000-line sheets, under fewer). */
function plans(name: string, grid: Grid, big = false): void {
  for (const kind of ['receipts', 'returns'] as const) {
    for (const [s, settings] of SETTINGS.entries()) {
      if (big && (kind === 'returns' || s > 2) && s !== 0) continue;
      const key = `${name} ${kind} #${s}`;
      try {
        const resolver = createResolver(reference);
        const { mapping } = mapWithNames(grid, mapSheet(grid, kind, undefined), resolver);
        const plan =
          kind === 'receipts'
            ? planReceiptImport(grid, mapping, resolver, settings as never)
            : planReturnImport(grid, mapping, resolver, settings as never);
        emit(key, {
          mapping,
          plan,
          ...(kind === 'receipts' ? { records: receiptRecordRows(grid, mapping, settings as never) } : {}),
        });
      } catch (error) {
        emit(key, { error: String((error as Error).message), code: (error as { code?: string }).code });
      }
    }
  }
}

mkdirSync(out, { recursive: true });
const summary: string[] = [];
function emit(key: string, value: unknown): void {
  const json = JSON.stringify(
    value,
    (_k, v: unknown) => (v instanceof Set ? [...v] : v instanceof Map ? [...v] : v),
    1,
  );
  const file = key.replace(/[^A-Za-z0-9#.-]+/g, '_');
  writeFileSync(join(out, file), json);
  summary.push(`${createHash('sha1').update(json).digest('hex').slice(0, 12)} ${json.length} ${key}`);
}
const files = [...walk('examples'), ...walk('test'), 'bench/tmp/read-100k.csv', 'bench/tmp/read-100k.xlsx'];
for (const file of files) {
  let grid: Grid;
  try {
    grid = await readGrid(file, { settleMs: 0 });
  } catch (error) {
    emit(file, { readError: String((error as Error).message) });
    continue;
  }
  plans(file, grid, file.includes('100k'));
  if (file.endsWith('read-100k.csv')) plans(`${file} typed`, typed(grid, 3), true);
}
for (const [k, layout] of (['first', 'every', 'nokey', 'results', 'total'] as const).entries()) {
  for (const seed of [11, 12]) {
    const text = messyCsv(seed * 10 + k, layout);
    const grid = await readGridFromBuffer(new TextEncoder().encode(text), `messy-${layout}-${seed}.csv`);
    plans(`messy ${layout} ${seed}`, grid);
    plans(`messy ${layout} ${seed} typed`, typed(grid, seed));
  }
}
writeFileSync(`${out}.sum`, `${summary.join('\n')}\n`);
console.log(`${summary.length} cases`);
