/**
 * Helpers for the returns import tests: real CSV and .xlsx files written to a temp folder, read with
 * the CLI's readers, mapped with detectMapping, planned against the demo catalogue (Willow Creek).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { readGrid } from '../../../../batch/read/index.ts';
import type { ReadSettings } from '../../../../shared/import/returns/build.ts';
import type { ReturnPlan } from '../../../../shared/import/returns/plan.ts';
import { planReturnImport } from '../../../../shared/import/returns/plan.ts';
import type { Resolver } from '../../../../shared/resolve/index.ts';
import { createResolver } from '../../../../shared/resolve/index.ts';
import type { CellValue } from '../../../../shared/sheet/grid.ts';
import { detectMapping } from '../../../../shared/sheet/mapping.ts';
import { WILLOW, catalogue, named, referenceFor } from '../../resolve/catalogue.ts';

export const EXAMPLE_CSV = new URL('../../../../examples/supplier-returns.csv', import.meta.url).pathname;

/** Eastern Australia, dates read day first: the defaults of `shed import`. */
export const SYDNEY: ReadSettings = { dateOrder: 'DMY', timeZone: 'Australia/Sydney' };

/** The resolver over Willow Creek's demo catalogue. */
export const willow: Resolver = createResolver(referenceFor(WILLOW));

/** Willow Creek's storage id by name. */
export const storageId = (name: string): string => named(catalogue.storages, name).id;

/** The product id an alias (or, failing that, a product name) of Willow Creek stands for. */
export function productId(name: string): string {
  const alias = catalogue.product_aliases.filter((a) => a.name === name && a.organisation_id === WILLOW);
  if (alias.length === 1) return alias[0]!.product_id;
  return named(catalogue.products, name).id;
}

/** A file written to a fresh temp folder; `cleanup` removes the folder. */
export async function tempFile(
  name: string,
  content: string | Uint8Array,
): Promise<{ path: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'shed-returns-'));
  const path = join(dir, name);
  await writeFile(path, content);
  return { path, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Reads a sheet file as `shed import returns` does and plans it. */
export async function planFile(
  path: string,
  resolver: Resolver = willow,
  settings: ReadSettings = SYDNEY,
): Promise<ReturnPlan> {
  const grid = await readGrid(path);
  return planReturnImport(grid, detectMapping(grid, 'returns'), resolver, settings);
}

/** Writes CSV text (CRLF) to a temp file and plans it. */
export async function planCsv(
  text: string,
  resolver: Resolver = willow,
  settings: ReadSettings = SYDNEY,
): Promise<ReturnPlan> {
  const file = await tempFile('returns.csv', text);
  try {
    return await planFile(file.path, resolver, settings);
  } finally {
    await file.cleanup();
  }
}

/** Writes rows of typed cells (numbers, Date cells) to an .xlsx with exceljs and plans it. */
export async function planXlsx(rows: CellValue[][], settings: ReadSettings = SYDNEY): Promise<ReturnPlan> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Returns');
  for (const row of rows) sheet.addRow(row);
  const file = await tempFile('returns.xlsx', new Uint8Array(await workbook.xlsx.writeBuffer()));
  try {
    return await planFile(file.path, willow, settings);
  } finally {
    await file.cleanup();
  }
}
