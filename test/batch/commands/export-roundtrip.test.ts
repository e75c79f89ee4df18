// Export, edit, import back: the receipts export is in the layout the
// importer reads, so changing a quantity, adding a line and deleting a line in the exported workbook,
// then importing it, makes exactly those three changes and nothing else.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCommand } from '../../../batch/commands/export/index.ts';
import { importCommand } from '../../../batch/commands/import/index.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { startSandbox, type RunningSandbox } from '../../../sandbox/index.ts';
import { WILLOW, productIds } from '../../support/catalogue.ts';
import { listAll } from '../../support/service.ts';

const connection = { token: 'demo-token-willow', org: 'Willow Creek Pastoral Co' };

describe('export receipts, edit, import back', () => {
  let sb: RunningSandbox;
  let before: any[];
  let after: any[];
  let changed: { quantity: any; added: any; deleted: any };
  let importSummary: Awaited<ReturnType<typeof importCommand>>;
  let importIO: ReturnType<typeof memoryIO>;

  beforeAll(async () => {
    sb = await startSandbox({ port: 0, quiet: true });
    const dir = await mkdtemp(join(tmpdir(), 'shed-roundtrip-'));
    const file = join(dir, 'receipts.xlsx');
    await exportCommand({ ...connection, baseUrl: sb.url, dataset: 'receipts', out: file, io: memoryIO() });
    before = await listAll(sb.url, WILLOW, 'receipts');

    // Three receipts of several lines, none under review (the importer warns before changing those).
    const candidates = before.filter((r) => r.line_items.length >= 2 && !r.under_review);
    const [forQuantity, forAdd, forDelete] = candidates;
    changed = { quantity: forQuantity, added: forAdd, deleted: forDelete };

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.getWorksheet('Receipts')!;
    const header = (ws.getRow(1).values as unknown[]).map((v) => (v === undefined ? '' : String(v)));
    const col = (name: string) => header.indexOf(name);
    const rowOf = (lineItemId: string) => {
      for (let n = 2; n <= ws.rowCount; n++)
        if (ws.getRow(n).getCell(col('Line Item ID')).value === lineItemId) return n;
      throw new Error(`no row for line ${lineItemId}`);
    };
    // 1. A quantity changed.
    ws.getRow(rowOf(forQuantity.line_items[0].id)).getCell(col('Qty')).value = 7;
    // 2. A line added to a receipt: its header fields, a product, no Line Item ID.
    const template = ws.getRow(rowOf(forAdd.line_items[0].id));
    const added = (template.values as unknown[]).slice();
    added[col('Product')] = 'Glyfos 540';
    added[col('Qty')] = 3;
    added[col('Pack Size')] = 20;
    added[col('Unit')] = 'l';
    added[col('Price ex GST')] = 185.5;
    added[col('Line Total')] = null;
    added[col('Line Item ID')] = null;
    ws.insertRow(rowOf(forAdd.line_items.at(-1).id) + 1, added); // exceljs: index 1 is column A
    // 3. A line deleted.
    ws.spliceRows(rowOf(forDelete.line_items.at(-1).id), 1);
    const edited = join(dir, 'receipts-edited.xlsx');
    await wb.xlsx.writeFile(edited);

    importIO = memoryIO();
    importSummary = await importCommand({
      ...connection,
      baseUrl: sb.url,
      kind: 'receipts',
      file: edited,
      io: importIO,
    });
    after = await listAll(sb.url, WILLOW, 'receipts');
  }, 60_000);
  afterAll(async () => {
    await sb?.close();
  });

  it('imports without refusing any row', () => {
    expect(importSummary.problems, importIO.stderr.join('\n')).toEqual([]);
    expect(importSummary.exitCode).toBe(0);
  });

  it('creates nothing and deletes nothing', () => {
    expect(after.map((r) => r.id).sort()).toEqual(before.map((r) => r.id).sort());
  });

  it('changes the quantity of that line only', () => {
    const was = changed.quantity;
    const now = after.find((r) => r.id === was.id);
    expect(now.line_items.map((l: any) => [l.id, l.quantity])).toEqual(
      was.line_items.map((l: any, i: number) => [l.id, i === 0 ? '7' : l.quantity]),
    );
    expect(
      now.line_items.map((l: any) => [
        l.product_id,
        l.product_alias_id,
        l.pack_size_value,
        l.pack_size_unit,
        l.pack_cost,
      ]),
    ).toEqual(
      was.line_items.map((l: any) => [
        l.product_id,
        l.product_alias_id,
        l.pack_size_value,
        l.pack_size_unit,
        l.pack_cost,
      ]),
    );
  });

  it('adds the new line to that receipt, keeping its other lines as they were', () => {
    const was = changed.added;
    const now = after.find((r) => r.id === was.id);
    expect(now.line_items).toHaveLength(was.line_items.length + 1);
    expect(now.line_items.slice(0, was.line_items.length)).toEqual(was.line_items);
    const line = now.line_items.at(-1);
    expect([
      line.product_id,
      line.product_alias_id,
      line.quantity,
      line.pack_size_value,
      line.pack_size_unit,
      line.pack_cost,
    ]).toEqual([...Object.values(productIds('Glyfos 540')), '3', '20', 'l', '185.5']);
  });

  it('deletes that line from that receipt', () => {
    const was = changed.deleted;
    const now = after.find((r) => r.id === was.id);
    expect(now.line_items).toEqual(was.line_items.slice(0, -1));
  });

  it('leaves every other receipt exactly as it was', () => {
    const touched = new Set([changed.quantity.id, changed.added.id, changed.deleted.id]);
    expect(touched.size).toBe(3);
    const untouched = (list: any[]) => list.filter((r) => !touched.has(r.id)).sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(untouched(after)).toEqual(untouched(before));
    for (const id of touched) {
      const was = before.find((r) => r.id === id);
      const now = after.find((r) => r.id === id);
      const header = (r: any) => [r.supplier, r.storage_id, r.received_at, r.order_number, r.notes, r.sequence];
      expect(header(now)).toEqual(header(was));
    }
  });
});

describe('export returns, edit, import back', () => {
  let sb: RunningSandbox;

  beforeAll(async () => {
    sb = await startSandbox({ port: 0, quiet: true });
  });
  afterAll(async () => {
    await sb?.close();
  });

  it('changes exactly the amount that was edited', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-roundtrip-returns-'));
    const file = join(dir, 'returns.csv');
    await exportCommand({ ...connection, baseUrl: sb.url, dataset: 'returns', out: file, io: memoryIO() });
    const before = await listAll(sb.url, WILLOW, 'returns');
    const target = before[0];
    // Edited as text, the way a bookkeeper's editor would keep it: one cell changed, the rest as written.
    const parsed = Papa.parse<string[]>((await readFile(file, 'utf8')).replace(/^\ufeff/, ''), {
      skipEmptyLines: true,
    });
    const [header = [], ...rows] = parsed.data;
    const row = rows.find((r) => r[header.indexOf('Record ID')] === target.id)!;
    row[header.indexOf('Amount')] = '12.5';
    const edited = join(dir, 'returns-edited.csv');
    await writeFile(edited, `\ufeff${Papa.unparse([header, ...rows], { newline: '\r\n' })}\r\n`);
    const io = memoryIO();
    const summary = await importCommand({ ...connection, baseUrl: sb.url, kind: 'returns', file: edited, io });
    expect(summary.problems, io.stderr.join('\n')).toEqual([]);
    const after = await listAll(sb.url, WILLOW, 'returns');
    expect(after).toHaveLength(before.length);
    for (const was of before) {
      const now = after.find((r) => r.id === was.id);
      if (was.id === target.id)
        expect({ ...now, updated_at: was.updated_at }).toEqual({ ...was, amount_value: '12.5' });
      else expect(now).toEqual(was);
    }
  }, 30_000);
});

describe('an unchanged CSV export imported back', () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, quiet: true });
  });
  afterAll(async () => {
    await sb?.close();
  });

  it('writes nothing, even for text that starts with a tab or a carriage return', async () => {
    const patch = (path: string, body: object) =>
      fetch(`${sb.url}${path}`, {
        method: 'PATCH',
        headers: { Authorization: 'Bearer demo-token-willow', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const [receipt] = (await listAll(sb.url, WILLOW, 'receipts')).filter((r) => !r.under_review);
    const [ret] = await listAll(sb.url, WILLOW, 'returns');
    expect(
      (
        await patch(`/api/shed/organisations/${WILLOW}/receipts/${receipt.id}`, {
          notes: '\tMix with care',
          order_number: '\rPO-77',
        })
      ).ok,
    ).toBe(true);
    expect(
      (
        await patch(`/api/shed/organisations/${WILLOW}/returns/${ret.id}`, {
          reference: '\tCN-12',
          notes: '\r\nleaking drum',
        })
      ).ok,
    ).toBe(true);
    const dir = await mkdtemp(join(tmpdir(), 'shed-roundtrip-tab-'));
    for (const dataset of ['receipts', 'returns'] as const) {
      const file = join(dir, `${dataset}.csv`);
      await exportCommand({ ...connection, baseUrl: sb.url, dataset, out: file, io: memoryIO() });
      const before = await listAll(sb.url, WILLOW, dataset);
      const io = memoryIO();
      const summary = await importCommand({ ...connection, baseUrl: sb.url, kind: dataset, file, io });
      expect(summary.rows.updated, io.stderr.join('\n')).toBe(0);
      expect(summary.exitCode, io.stderr.join('\n')).toBe(0);
      expect(await listAll(sb.url, WILLOW, dataset)).toEqual(before);
    }
  }, 30_000);
});
