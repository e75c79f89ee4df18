import { copyFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { undoCommand } from '../../../batch/commands/undo/index.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';

const connection = (url: string) => ({ baseUrl: url, token: 'demo-token-willow' });
const ids = async (url: string) => (await listAll(url, WILLOW, 'receipts')).map((r) => r.id).sort();

// Two sandboxes share their organisation ids: only the journal's service tells their records apart.
describe('a journal belongs to one service', () => {
  let first: Awaited<ReturnType<typeof startSandbox>>;
  let second: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  beforeAll(async () => {
    first = await startSandbox({ port: 0, quiet: true });
    second = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-undo-service-'));
    await copyFile('examples/supplier-invoices.xlsx', join(dir, 'invoices.xlsx'));
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('undo against another service refuses (exit 2) naming both, changes nothing, and the journal still undoes', async () => {
    const before = await ids(first.url);
    await runImportCli(first.url, { kind: 'receipts', file: join(dir, 'invoices.xlsx') });
    const journal = join(dir, 'invoices.xlsx.journal.jsonl');
    const text = await readFile(journal, 'utf8');
    expect(text).toContain(`"service":"${first.url}"`);
    const writes = second.stats.writes;
    const refused = undoCommand({ ...connection(`${second.url}/`), journal, yes: true, io: memoryIO() });
    await expect(refused).rejects.toMatchObject({ code: 'journal_other_service', category: 'usage' });
    await expect(refused).rejects.toThrow(new RegExp(`service ${first.url}, not to ${second.url} .*nothing changed`));
    expect(second.stats.writes).toBe(writes);
    expect(await readFile(journal, 'utf8')).toBe(text);
    const undone = await undoCommand({ ...connection(first.url), journal, yes: true, io: memoryIO() });
    expect(undone.deleted).toHaveLength(11);
    expect(await ids(first.url)).toEqual(before);
  });

  it('an import reading a journal of another service refuses before sending (exit 2)', async () => {
    await copyFile('examples/supplier-invoices.xlsx', join(dir, 'other.xlsx'));
    await runImportCli(first.url, { kind: 'receipts', file: join(dir, 'other.xlsx') });
    const writes = second.stats.writes;
    const refused = runImportCli(second.url, { kind: 'receipts', file: join(dir, 'other.xlsx') });
    await expect(refused).rejects.toMatchObject({ code: 'journal_other_service', category: 'usage' });
    expect(second.stats.writes).toBe(writes);
  });

  it('entries of older journals (no service recorded) are undone as before, with a warning', async () => {
    await copyFile('examples/supplier-invoices.xlsx', join(dir, 'old.xlsx'));
    const before = await ids(first.url);
    await runImportCli(first.url, { kind: 'receipts', file: join(dir, 'old.xlsx'), allowDuplicates: true });
    const journal = join(dir, 'old.xlsx.journal.jsonl');
    const lines = (await readFile(journal, 'utf8')).split('\n').filter(Boolean);
    const old = lines.map((l) => {
      const { service: _service, ...entry } = JSON.parse(l);
      return JSON.stringify(entry);
    });
    await writeFile(journal, old.join('\n') + '\n');
    const io = memoryIO();
    const undone = await undoCommand({ ...connection(first.url), journal, yes: true, io });
    expect(undone.deleted).toHaveLength(11);
    expect(io.stderr.join('\n')).toMatch(
      /warning: \d+ entries of the journal .* do not record their service.*could not be checked/,
    );
    expect(await ids(first.url)).toEqual(before);
  });
});
