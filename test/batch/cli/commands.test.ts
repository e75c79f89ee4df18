/** The words and option values of the command tree (batch/cli/commands.ts), as `shed …` takes and prints them. */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../batch/cli/main.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { startSandbox } from '../../../sandbox/index.ts';

async function run(args: string[], env: Record<string, string> = {}) {
  const io = memoryIO(env);
  const code = await main(['node', 'shed', ...args], io);
  return { code, out: io.stdout.join(''), err: io.stderr.join('') };
}

/** `shed ARGS --help`'s text with its wrapping undone (commander wraps at the terminal's width). */
async function help(args: string[]): Promise<string> {
  const { code, out } = await run([...args, '--help']);
  expect(code).toBe(0);
  return out.replace(/\s+/g, ' ');
}

describe('shed import --help', () => {
  it('says what --skip-line leaves out in plain words', async () => {
    for (const kind of ['receipts', 'returns']) {
      const text = await help(['import', kind]);
      expect(text).toContain(
        '--skip-line <text> leave out lines whose product contains this word, in any case (Freight, Discount, Rounding); repeatable',
      );
      expect(text).not.toContain('product names this');
    }
  });
});

describe('shed import --date-order', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let file: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    const dir = await mkdtemp(join(tmpdir(), 'shed-date-order-'));
    file = join(dir, 'march.csv');
    // 03/14/2026 can only be read month-first: DMY refuses the row, MDY takes it.
    await writeFile(
      file,
      'Invoice,Supplier,Received,Storage,Item,Packs,Size,UOM,Cost/Pack\r\n' +
        'INV-1,Farmco Rural Supplies,03/14/2026,Main Chemical Shed,Weedaway 540,2,20,L,179.00\r\n',
    );
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  const dryRun = (order: string) =>
    run(['import', 'receipts', file, '--dry-run', '--json', '--date-order', order], {
      SHED_BASE_URL: sandbox.url,
      SHED_TOKEN: 'demo-token-willow',
      SHED_ORG: 'Willow Creek Pastoral Co',
    });
  const invalidRows = (out: string) => (JSON.parse(out) as { rows: { invalid: number } }).rows.invalid;

  it('takes DMY, MDY and YMD in any case, and reads the dates that way', async () => {
    for (const order of ['mdy', 'Mdy', 'MDY']) {
      const { code, out, err } = await dryRun(order);
      expect(err, order).not.toMatch(/invalid|Allowed choices/);
      expect(code, order).toBe(0);
      expect(invalidRows(out), order).toBe(0);
    }
    for (const order of ['dmy', 'ymd']) {
      const { code, out } = await dryRun(order);
      expect(code, order).not.toBe(2);
      expect(invalidRows(out), order).toBe(1);
    }
    expect(sandbox.stats.writes).toBe(0);
  });

  it('refuses anything else, saying the values it takes (exit 2)', async () => {
    const { code, err } = await dryRun('dd/mm');
    expect(code).toBe(2);
    expect(err).toContain("argument 'dd/mm' is invalid. Expected DMY, MDY or YMD (in any case).");
  });
});
