import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../batch/cli/main.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { startSandbox, type RunningSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { listAll } from '../../support/service.ts';

let sandbox: RunningSandbox;
let dir: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
  dir = await mkdtemp(join(tmpdir(), 'shed-locale-'));
});
afterAll(async () => {
  await sandbox?.close();
});

/** Runs `shed ...args` against the sandbox with `env` added; returns the exit status. */
async function shed(args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  const io = memoryIO({ SHED_CONFIG: join(dir, 'none.json'), SHED_TOKEN: 'demo-token-willow', ...env });
  return main(['node', 'shed', '--base-url', sandbox.url, '--org', 'Willow Creek Pastoral Co', ...args], io);
}

async function dateFormats(path: string, sheet: string, header: string): Promise<string[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const ws = wb.getWorksheet(sheet)!;
  const col = (ws.getRow(1).values as unknown[]).indexOf(header);
  return [2, 3].map((row) => ws.getRow(row).getCell(col).numFmt);
}

describe('shed in en-US and en-AU', () => {
  it('exports receipts with date cells month first under --locale en-US, day first by default', async () => {
    expect(await shed(['export', 'receipts', '--out', join(dir, 'us.xlsx'), '--locale', 'en-US'])).toBe(0);
    expect(await shed(['export', 'receipts', '--out', join(dir, 'au.xlsx')])).toBe(0);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(dir, 'au.xlsx'));
    const sheet = wb.worksheets[0]!.name;
    const header = (wb.worksheets[0]!.getRow(1).values as unknown[]).find((v) => /date|received/i.test(String(v)));
    expect(await dateFormats(join(dir, 'us.xlsx'), sheet, String(header))).toEqual(['mm/dd/yyyy', 'mm/dd/yyyy']);
    expect(await dateFormats(join(dir, 'au.xlsx'), sheet, String(header))).toEqual(['dd/mm/yyyy', 'dd/mm/yyyy']);
  });

  it('writes a template whose date column and instructions follow SHED_LOCALE', async () => {
    expect(await shed(['template', 'receipts', '--out', join(dir, 't-us.xlsx')], { SHED_LOCALE: 'en-US' })).toBe(0);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(dir, 't-us.xlsx'));
    const data = wb.worksheets[0]!;
    const col = (data.getRow(1).values as unknown[]).indexOf('Date Received');
    expect(data.getColumn(col).numFmt ?? data.getRow(2).getCell(col).numFmt).toBe('mm/dd/yyyy');
    const text: string[] = [];
    wb.getWorksheet('Instructions')!.eachRow((row) => text.push(String(row.getCell(1).value)));
    expect(text.join('\n')).toContain('month first, for example 02/03/2026 for February 3, 2026');
  });

  it('refuses an unknown locale with exit 2, nothing written', async () => {
    expect(await shed(['export', 'receipts', '--out', join(dir, 'x.xlsx'), '--locale', 'fr-FR'])).toBe(2);
  });
});

describe('an import of an ambiguous date (03/04/2026) without --date-order', () => {
  /** Imports one receipt dated `03/04/2026` as invoice `invoice`; returns the exit status and the day it was received. */
  async function importDated(invoice: string, args: string[], env: NodeJS.ProcessEnv = {}) {
    const file = join(dir, `${invoice}.csv`);
    const lines = [
      'Invoice No,Supplier,Date Received,Deliver To,Product,Qty,Pack Size,Unit,Price ex GST',
      `${invoice},Farmco Rural Supplies,03/04/2026,Main Chemical Shed,Glyfos 540,1,20,L,185`,
    ];
    await writeFile(file, lines.join('\r\n') + '\r\n');
    const code = await shed(
      ['import', 'receipts', file, '--results', join(dir, `${invoice}.results.csv`), ...args],
      env,
    );
    const receipts = await listAll(sandbox.url, WILLOW, 'receipts');
    const receipt = receipts.find((r) => String(r.notes ?? '').startsWith(`Invoice ${invoice}`));
    return { code, day: String(receipt?.received_at ?? '').slice(0, 10) };
  }

  it('reads it month-first under --locale en-US: 4 March', async () => {
    expect(await importDated('LOC-US', ['--locale', 'en-US'])).toEqual({ code: 0, day: '2026-03-04' });
  });

  it('reads it month-first under SHED_LOCALE=en-US, day-first under en-AU and by default', async () => {
    expect(await importDated('LOC-US-ENV', [], { SHED_LOCALE: 'en-US' })).toEqual({ code: 0, day: '2026-03-04' });
    expect(await importDated('LOC-AU', ['--locale', 'en-AU'])).toEqual({ code: 0, day: '2026-04-03' });
    expect(await importDated('LOC-DEFAULT', [])).toEqual({ code: 0, day: '2026-04-03' });
  });

  it('an explicit --date-order wins over the locale', async () => {
    expect(await importDated('LOC-US-DMY', ['--locale', 'en-US', '--date-order', 'DMY'])).toEqual({
      code: 0,
      day: '2026-04-03',
    });
  });
});
