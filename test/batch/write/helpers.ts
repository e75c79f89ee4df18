/** Shared helpers of the writer tests: a temp folder per test, reading files back, catching failures. */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach } from 'vitest';
import type { ColumnSpec, TableRow } from '../../../batch/write/table.ts';
import { thrownBy } from '../../support/errors.ts';

/** A fresh temp folder for each test of the calling file, removed afterwards. */
export function useTempDir(): { readonly path: string; file(name: string): string; list(): Promise<string[]> } {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'shed-write-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  return {
    get path() {
      return dir;
    },
    file: (name: string) => join(dir, name),
    list: async () => (await readdir(dir)).sort(),
  };
}

/** An .xlsx of one header row and two data rows whose first cell is `first`. */
export async function invoiceBytes(first: string): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Invoices');
  sheet.addRow(['Invoice No', 'Qty']);
  sheet.addRow([first, 1]);
  sheet.addRow([`${first}-2`, 2]);
  return new Uint8Array((await workbook.xlsx.writeBuffer()) as unknown as ArrayBuffer);
}

/** Reads an .xlsx back with exceljs's (non-streaming) reader. */
export async function readWorkbook(path: string): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook;
}

/** The error a promise rejects with; fails the test when it resolves. */
export async function failure(promise: Promise<unknown>): Promise<Error & { code?: string; category?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { code?: string; category?: string };
  }
  throw new Error('expected the call to fail');
}

/** The error a function throws; fails the test when it returns. */
export const thrown = (run: () => unknown) => thrownBy(run);

/** Columns of every type, as an export of receipts lines might have. */
export const ALL_TYPES: ColumnSpec[] = [
  { key: 'date', header: 'Date Received', type: 'date' },
  { key: 'product', header: 'Product', type: 'text' },
  { key: 'qty', header: 'Quantity (L)', type: 'number' },
  { key: 'packs', header: 'Packs', type: 'integer' },
  { key: 'cost', header: 'Cost', type: 'money' },
  { key: 'at', header: 'Updated At', type: 'datetime' },
  { key: 'locked', header: 'Locked', type: 'boolean' },
];

/** `n` rows of {@link ALL_TYPES}, generated lazily. */
export function* sampleRows(n: number): Generator<TableRow> {
  for (let i = 0; i < n; i++) {
    yield {
      date: new Date(Date.UTC(2026, 0, 1 + (i % 300))),
      product: `Glyfos 540 #${i}`,
      qty: (i * 2.5).toFixed(3),
      packs: i,
      cost: i * 10.25,
      at: new Date(Date.UTC(2026, 2, 1, 10, 30) + i * 60_000),
      locked: i % 2 === 0,
    };
  }
}
