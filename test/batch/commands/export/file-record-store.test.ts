// The export's record store on disk (batch/commands/export/file-record-store.ts): what consistent
// paging puts in comes back whole, the newest version of each id wins, and nothing is left behind.
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCommand } from '../../../../batch/commands/export/index.ts';
import { fileRecordStore } from '../../../../batch/commands/export/file-record-store.ts';
import { memoryIO } from '../../../../batch/ui/io.ts';
import { startSandbox, type RunningSandbox } from '../../../../sandbox/index.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shed-store-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const record = (id: string, updatedAt: string, supplier: string) => ({
  id,
  updated_at: updatedAt,
  supplier,
  line_items: [{ id: `${id}-1`, quantity: '2' }],
  notes: null,
});

describe('fileRecordStore', () => {
  it('gives back each record whole, the newest version of its id (a tie keeps the later), by handle and by scan', () => {
    const store = fileRecordStore<ReturnType<typeof record>>(dir, 0);
    try {
      store.put(record('A', '2026-03-01T10:00:00.000001Z', 'Farmco'));
      store.put(record('B', '2026-03-01T10:00:00Z', 'Nufarm ünd Söhne'));
      store.put(record('a', '2026-03-01T10:00:00Z', 'older: not kept'));
      store.put(record('a', '2026-03-01T10:00:00.000001Z', 'same version, read later: kept'));
      expect(store.size).toBe(2);
      const scanned = [...store.scan()];
      expect(scanned.map((s) => s.record).sort((x, y) => x.id.localeCompare(y.id))).toEqual([
        record('a', '2026-03-01T10:00:00.000001Z', 'same version, read later: kept'),
        record('B', '2026-03-01T10:00:00Z', 'Nufarm ünd Söhne'),
      ]);
      for (const { handle, record: r } of scanned) expect(store.get(handle)).toEqual(r);
      expect([...store.versions()].map((v) => [v.id, v.version])).toEqual(
        expect.arrayContaining([
          ['a', 1772359200000001n],
          ['B', 1772359200000000n],
        ]),
      );
      store.remove(new Set(['b']));
      expect([...store.scan()].map((s) => s.record.id)).toEqual(['a']);
    } finally {
      store.close();
    }
  });

  it('holds its first records as they are, and writes the rest where only this user can read them, removed on close', async () => {
    const store = fileRecordStore<ReturnType<typeof record>>(dir, 1);
    store.put(record('A', '2026-03-01T10:00:00Z', 'Farmco'));
    expect(await readdir(dir)).toEqual([]);
    store.put(record('B', '2026-03-01T10:00:00Z', 'Nufarm'));
    expect([...store.scan()].map((s) => s.record.supplier).sort()).toEqual(['Farmco', 'Nufarm']);
    const [folder] = await readdir(dir);
    expect(folder).toMatch(/^shed-export-/);
    expect((await stat(join(dir, folder!))).mode & 0o777).toBe(0o700);
    expect((await stat(join(dir, folder!, 'records.ndjson'))).mode & 0o777).toBe(0o600);
    store.close();
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('a process holding records on disk', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'removes them when it is ended by %s, then ends as the signal would',
    async (signal) => {
      const temp = await mkdtemp(join(dir, 'signal-'));
      // A child process puts a record in a store with nothing held in memory, reads it back (so the file is made), then waits.
      const script = [
        `import { fileRecordStore } from ${JSON.stringify(new URL('../../../../batch/commands/export/file-record-store.ts', import.meta.url).pathname)};`,
        `const store = fileRecordStore(${JSON.stringify(temp)}, 0);`,
        `store.put({ id: 'A', updated_at: '2026-03-01T10:00:00Z' });`,
        `[...store.scan()];`,
        `console.log('ready');`,
        `setInterval(() => {}, 1000);`,
      ].join('\n');
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((resolve) =>
        child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve()),
      );
      expect(await readdir(temp)).toHaveLength(1);
      const ended = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, how) => resolve(how)));
      child.kill(signal);
      expect(await ended).toBe(signal);
      expect(await readdir(temp)).toEqual([]);
    },
  );
});

describe('shed export with its records on disk', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
  });
  afterAll(() => sandbox.close());

  it('leaves no temporary file after an export, written or failed', async () => {
    const temp = await mkdtemp(join(dir, 'tmp-'));
    const options = (out: string) => ({
      dataset: 'movements',
      format: 'csv' as const,
      out,
      baseUrl: sandbox.url,
      token: 'demo-token-willow',
      org: 'Willow Creek Pastoral Co',
      // Every record on disk, so that the file is made.
      io: memoryIO({ TMPDIR: temp, SHED_EXPORT_RECORDS_IN_MEMORY: '0', SHED_CONFIG: join(temp, 'no-config.json') }),
    });
    const summary = await exportCommand(options(join(dir, 'movements.csv')));
    expect(summary.rows).toBeGreaterThan(0);
    // The same file as with every record held in memory.
    const held = {
      ...options(join(dir, 'movements-held.csv')),
      io: memoryIO({ TMPDIR: temp, SHED_CONFIG: join(temp, 'no-config.json') }),
    };
    await exportCommand(held);
    expect(await readFile(join(dir, 'movements.csv'), 'utf8')).toBe(
      await readFile(join(dir, 'movements-held.csv'), 'utf8'),
    );
    await expect(exportCommand(options(join(dir, 'no-such-folder', 'movements.csv')))).rejects.toMatchObject({
      code: 'output_not_writable',
    });
    expect(await readdir(temp)).toEqual([]);
  });
});
