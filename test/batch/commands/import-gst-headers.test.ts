// A price column headed `Price inc GST` (a user trial's sheet) was not taken as the pack cost, and the import
// asked for a column headed 'Price ex GST'. Now it is, its prices read as including GST: a dry run says so and
// sends nothing, and the import sends each pack cost ex GST. Real CSV, the sandbox over HTTP.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitStatusFor } from '../../../batch/cli/exit-status.ts';
import { cliErrorMessage } from '../../../batch/cli/remedy-wording.ts';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';

const HEADER = 'Invoice No,Supplier,Date Received,Deliver To,Product,Qty,Pack Size,Unit';
const LINE = 'Farmco Rural Supplies,3/2/2026,Main Chemical Shed,Glyfos 540';

describe('a price column headed with a GST qualifier', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-gst-headers-'));
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  /** The pack costs of the receipt the sandbox holds for `invoice`, in line order ([] when none). */
  async function packCosts(invoice: string): Promise<string[]> {
    const all = await listAll(sandbox.url, WILLOW, 'receipts');
    const receipt = all.find((r: { notes: string | null }) => (r.notes ?? '').startsWith(`Invoice ${invoice}`));
    return receipt ? receipt.line_items.map((l: { pack_cost: string }) => l.pack_cost) : [];
  }

  it("'Price inc GST' with --prices-include-gst --dry-run: the pack cost, ex GST, nothing sent; then sent ÷ 1.1", async () => {
    const file = join(dir, 'inc.csv');
    await writeFile(
      file,
      [`${HEADER},Price inc GST`, `GST-INC,${LINE},2,20,L,203.50`, `GST-INC,${LINE},1,20,L,50`].join('\r\n'),
    );
    const dry = await runImportCli(sandbox.url, { kind: 'receipts', file, dryRun: true, pricesIncludeGst: true });
    expect(dry.summary.mapping.columns).toMatchObject({ pack_cost: 'Price inc GST' });
    expect(dry.summary.mapping.prices_include_gst).toBe(true);
    expect(dry.summary.records).toMatchObject({ total: 1, valid: 1, 'would create': 1, created: 0 });
    expect(dry.summary.exitCode).toBe(0);
    expect(dry.io.stderr.join('\n')).toContain(
      'warning: prices include GST: each pack cost is sent excluding GST (the price ÷ 1.1, to the cent)',
    );
    expect(await packCosts('GST-INC')).toEqual([]);

    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file, pricesIncludeGst: true });
    expect(summary.records.created).toBe(1);
    // 203.50 ÷ 1.1 = 185; 50 ÷ 1.1 = 45.4545… → 45.45.
    expect(await packCosts('GST-INC')).toEqual(['185', '45.45']);
  });

  it("'Price inc GST' without being told is refused, naming the flag, not 'Add a column headed Price ex GST'", async () => {
    const file = join(dir, 'inc-untold.csv');
    await writeFile(file, [`${HEADER},Price inc GST`, `GST-UNTOLD,${LINE},2,20,L,203.50`].join('\r\n'));
    const error = await runImportCli(sandbox.url, { kind: 'receipts', file, dryRun: true }).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toContain("the column 'Price inc GST' (mapped to the pack cost) holds prices including GST");
    expect(error?.message).not.toContain("Add a column headed 'Price ex GST'");
  });

  it("'Price excl GST': the pack cost as it stands", async () => {
    const file = join(dir, 'ex.csv');
    await writeFile(file, [`${HEADER},Price excl GST`, `GST-EX,${LINE},2,20,L,185.00`].join('\r\n'));
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file });
    expect(summary.records.created).toBe(1);
    expect(summary.mapping.prices_include_gst).toBeUndefined();
    expect(await packCosts('GST-EX')).toEqual(['185']);
  });

  // `_` is a word character to a regex's `\b`: the basis of a snake_case header was not read, so `Unit_Price_Inc_GST`
  // was saved as it stood (10% high) and `price_ex_gst` lost a tenth with --prices-include-gst. Now the basis is read
  // on the header's words as the mapping splits them.
  it("'price_inc_gst' without being told is refused before anything is sent (exit 2); told, sent ÷ 1.1", async () => {
    const file = join(dir, 'snake-inc.csv');
    await writeFile(
      file,
      [`${HEADER},price_inc_gst`, `GST-SNAKE,${LINE},2,20,L,203.50`, `GST-SNAKE,${LINE},1,20,L,50`].join('\r\n'),
    );
    const error = await runImportCli(sandbox.url, { kind: 'receipts', file }).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toContain("the column 'price_inc_gst' (mapped to the pack cost) holds prices including GST");
    expect(exitStatusFor(error)).toBe(2);
    expect(await packCosts('GST-SNAKE')).toEqual([]);

    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file, pricesIncludeGst: true });
    expect(summary.mapping.columns).toMatchObject({ pack_cost: 'price_inc_gst' });
    expect(summary.records.created).toBe(1);
    expect(summary.exitCode).toBe(0);
    // 203.50 ÷ 1.1 = 185; 50 ÷ 1.1 = 45.4545… → 45.45.
    expect(await packCosts('GST-SNAKE')).toEqual(['185', '45.45']);
  });

  it("'Unit_Price_Inc_GST' without being told is refused (exit 2), not saved 10% high as it was", async () => {
    const file = join(dir, 'snake-unit.csv');
    await writeFile(file, [`${HEADER},Unit_Price_Inc_GST`, `GST-SNAKE-UNIT,${LINE},2,20,L,203.50`].join('\r\n'));
    const error = await runImportCli(sandbox.url, { kind: 'receipts', file }).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toContain(
      "the column 'Unit_Price_Inc_GST' (mapped to the pack cost) holds prices including GST",
    );
    expect(exitStatusFor(error)).toBe(2);
    expect(await packCosts('GST-SNAKE-UNIT')).toEqual([]);
  });

  // A rate between the qualifier and the tax word was not read: 196.90 inc GST was saved as the pack cost (exit 0).
  it("'Price (incl. 10% GST)' without being told is refused (exit 2), nothing sent; told, sent ÷ 1.1", async () => {
    const file = join(dir, 'rate-inc.csv');
    await writeFile(file, [`${HEADER},Price (incl. 10% GST)`, `GST-RATE,${LINE},4,20,L,196.90`].join('\r\n'));
    const error = await runImportCli(sandbox.url, { kind: 'receipts', file }).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toContain(
      "the column 'Price (incl. 10% GST)' (mapped to the pack cost) holds prices including GST",
    );
    expect(exitStatusFor(error)).toBe(2);
    expect(await packCosts('GST-RATE')).toEqual([]);

    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file, pricesIncludeGst: true });
    expect(summary.mapping.columns).toMatchObject({ pack_cost: 'Price (incl. 10% GST)' });
    expect(summary.records.created).toBe(1);
    expect(summary.exitCode).toBe(0);
    // 196.90 ÷ 1.1 = 179.
    expect(await packCosts('GST-RATE')).toEqual(['179']);
  });

  it("'Price (ex 10% GST)' with --prices-include-gst is refused (exit 2), not sent ÷ 1.1", async () => {
    const file = join(dir, 'rate-ex.csv');
    await writeFile(file, [`${HEADER},Price (ex 10% GST)`, `GST-RATE-EX,${LINE},4,20,L,179`].join('\r\n'));
    const error = await runImportCli(sandbox.url, { kind: 'receipts', file, pricesIncludeGst: true }).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toContain(
      "the column 'Price (ex 10% GST)' (mapped to the pack cost) says its prices exclude GST",
    );
    expect(exitStatusFor(error)).toBe(2);
    expect(await packCosts('GST-RATE-EX')).toEqual([]);
  });

  // `Inc Price`: GST inclusive to an Australian bookkeeper. Read as saying nothing, 196.90 was saved 10% high.
  it("'Inc Price' without being told is refused (exit 2); told, sent ÷ 1.1", async () => {
    const file = join(dir, 'front-inc.csv');
    await writeFile(file, [`${HEADER},Inc Price`, `GST-FRONT,${LINE},4,20,L,196.90`].join('\r\n'));
    const error = await runImportCli(sandbox.url, { kind: 'receipts', file }).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toContain("the column 'Inc Price' (mapped to the pack cost) holds prices including GST");
    expect(exitStatusFor(error)).toBe(2);
    expect(await packCosts('GST-FRONT')).toEqual([]);

    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file, pricesIncludeGst: true });
    expect(summary.records.created).toBe(1);
    expect(await packCosts('GST-FRONT')).toEqual(['179']);
  });

  // `Line Cost` (what shed's own movements export heads a line's amount with) was the pack cost: 4 × 179 saved as 716.
  // It is the line total now, as `Line Total` is: alone, refused for want of a price; with "pack_cost_from":
  // "line_total", each pack cost is it ÷ the quantity; beside a price, it checks the price.
  it("'Line Cost' is a line total, never the pack cost: alone refused (exit 2), derived ÷ Qty, or checking a price", async () => {
    const file = join(dir, 'line-cost.csv');
    await writeFile(
      file,
      [`${HEADER},Line Cost`, `GST-LINE,${LINE},4,20,L,716.00`, `GST-LINE,${LINE},2,20,L,358.00`].join('\r\n'),
    );
    const error = await runImportCli(sandbox.url, { kind: 'receipts', file }).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toContain("no column for 'Price ex GST' (pack_cost)");
    expect(cliErrorMessage(error)).toContain('"pack_cost_from": "line_total"');
    expect(exitStatusFor(error)).toBe(2);
    expect(await packCosts('GST-LINE')).toEqual([]);

    const mapping = join(dir, 'line-cost.json');
    await writeFile(mapping, JSON.stringify({ pack_cost_from: 'line_total' }));
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file, mapping });
    expect(summary.mapping.columns).toMatchObject({ line_total: 'Line Cost' });
    expect(summary.records.created).toBe(1);
    expect(await packCosts('GST-LINE')).toEqual(['179', '179']);

    const beside = join(dir, 'line-cost-beside.csv');
    await writeFile(
      beside,
      [
        `${HEADER},Unit Price,Line Cost`,
        `GST-LINE-2,${LINE},4,20,L,179,716.00`,
        `GST-LINE-2,${LINE},2,20,L,179,358`,
      ].join('\r\n'),
    );
    const checked = await runImportCli(sandbox.url, { kind: 'receipts', file: beside });
    expect(checked.summary.mapping.columns).toMatchObject({ pack_cost: 'Unit Price', line_total: 'Line Cost' });
    expect(await packCosts('GST-LINE-2')).toEqual(['179', '179']);
  });

  it("'price_ex_gst' with --prices-include-gst is refused (exit 2), not sent ÷ 1.1", async () => {
    const file = join(dir, 'snake-ex.csv');
    await writeFile(file, [`${HEADER},price_ex_gst`, `GST-SNAKE-EX,${LINE},2,20,L,185`].join('\r\n'));
    const error = await runImportCli(sandbox.url, { kind: 'receipts', file, pricesIncludeGst: true }).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toContain("the column 'price_ex_gst' (mapped to the pack cost) says its prices exclude GST");
    expect(exitStatusFor(error)).toBe(2);
    expect(await packCosts('GST-SNAKE-EX')).toEqual([]);
  });
});
