import { readFile } from 'node:fs/promises';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMemoryWorkbook } from '../../../addin/app/memory-host.ts';
import { MemoryWorkbookError, memoryInitFromUrl, memoryInitFromXlsx } from '../../../addin/app/memory-xlsx.ts';
import { readGrid } from '../../../batch/read/index.ts';
import type { Grid } from '../../../shared/sheet/grid.ts';

const FIXTURES = join(import.meta.dirname, '../../fixtures/workbooks');
const EXAMPLES = join(import.meta.dirname, '../../../examples');

/** The CLI's grid as the workbook model. */
async function cliGrid(file: string): Promise<Grid> {
  const {
    format: _format,
    warnings: _warnings,
    sheetNames: _names,
    csv: _csv,
    snapshot: _snapshot,
    ...grid
  } = await readGrid(file);
  return grid;
}

describe('a real workbook opened on the memory host', () => {
  const files = [...readdirSync(FIXTURES).map((f) => join(FIXTURES, f)), join(EXAMPLES, 'supplier-invoices.xlsx')];
  it.each(files)(
    '%s reads to the same grid as the CLI: cells, hidden and filtered rows, autofilter, merges, tables, date system',
    async (file) => {
      const name = file.split('/').pop()!;
      const workbook = createMemoryWorkbook(await memoryInitFromXlsx(await readFile(file), name));
      expect(await workbook.readSheet()).toEqual(await cliGrid(file));
    },
  );

  it('keeps the sheets in tab order and the workbook’s name', async () => {
    const init = await memoryInitFromXlsx(
      await readFile(join(EXAMPLES, 'supplier-invoices.xlsx')),
      'supplier-invoices.xlsx',
    );
    const workbook = createMemoryWorkbook(init);
    expect(workbook.name).toBe('supplier-invoices.xlsx');
    expect(await workbook.sheetNames()).toEqual((await readGrid(join(EXAMPLES, 'supplier-invoices.xlsx'))).sheetNames);
  });

  it('refuses bytes that are not a workbook, and a URL the server does not answer, with a typed error', async () => {
    await expect(memoryInitFromXlsx(new TextEncoder().encode('Invoice No,Qty\n1,2\n'), 'x.csv')).rejects.toBeInstanceOf(
      MemoryWorkbookError,
    );
    const missing = async () => new Response('not found', { status: 404 });
    await expect(memoryInitFromUrl('books/none.xlsx', 'http://127.0.0.1/taskpane.html', missing)).rejects.toThrow(
      /books\/none.xlsx could not be fetched: the server answered 404/,
    );
  });
});
