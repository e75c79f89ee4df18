import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { decodeWindows1252 } from '../../../batch/read/text-decode.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';

const NOTE = 'Treated “Scepter” seed, kept at 5 °C, pré-sown';

/** Windows-1252 bytes, written out by hand: é E9, ° B0, “ 93, ” 94 (the rest of the text is ASCII). */
function windows1252(text: string): Buffer {
  const special: Record<string, number> = { é: 0xe9, '°': 0xb0, '“': 0x93, '”': 0x94 };
  return Buffer.from(Array.from(text, (ch) => special[ch] ?? ch.charCodeAt(0)));
}

describe('a Windows-1252 CSV (Excel\'s "CSV (Comma delimited)")', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let results: string;
  let summary: Awaited<ReturnType<typeof runImportCli>>['summary'];

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    const dir = await mkdtemp(join(tmpdir(), 'shed-cp1252-'));
    const input = join(dir, 'april.csv');
    results = join(dir, 'april.results.csv');
    const text = (await readFile('examples/supplier-invoices-april.csv', 'utf8'))
      .replace(/^\ufeff/, '')
      .replaceAll('Treated seed', NOTE);
    expect(text).not.toMatch(/[^\x00-\x7fé°“”]/u);
    await writeFile(input, windows1252(text));
    ({ summary } = await runImportCli(sandbox.url, { kind: 'receipts', file: input }));
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('imports its accents and quotes as written', async () => {
    expect(summary.records.created).toBeGreaterThan(0);
    expect(summary.warnings.join('\n')).toContain('Windows-1252');
    const notes = (await listAll(sandbox.url, WILLOW, 'receipts')).map((r) => r.notes ?? '');
    expect(notes.some((n) => n.includes(NOTE))).toBe(true);
  });

  it('writes its results file, in Windows-1252', async () => {
    expect(summary.resultsFile).toBe(results);
    expect(summary.resultsFailure).toBeUndefined();
    const bytes = await readFile(results);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    const text = decodeWindows1252(bytes);
    expect(text).toContain(NOTE);
    expect(text.split('\r\n')[0]).toMatch(/;Status;Record ID;Sequence;Line Item ID;Message;Updated At$/);
  });

  it('re-importing the results file changes nothing', async () => {
    const before = sandbox.stats.writes;
    const { summary: again } = await runImportCli(sandbox.url, { kind: 'receipts', file: results });
    expect(sandbox.stats.writes).toBe(before);
    expect(again.records).toMatchObject({ created: 0, updated: 0, unchanged: summary.records.created });
  });
});
