import { spawnSync } from 'node:child_process';
import { access, mkdtemp, readFile, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { FileJournal, readJournal } from '../../../batch/journal/file-journal.ts';
import { acquireRunLock } from '../../../batch/journal/run-lock.ts';
import type { JournalEntry } from '../../../shared/import/engine/journal.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shed-journal-'));
});

const entry = (recordId: string): JournalEntry => ({
  at: '2026-01-01T00:00:00Z',
  organisationId: 'org',
  kind: 'receipts',
  type: 'undone',
  recordId,
});
const line = (recordId: string) => `${JSON.stringify(entry(recordId))}\n`;

describe('a journal whose last line was cut short by a crash', () => {
  it('is truncated to its last complete line on open, said once, and the next entry starts a line of its own', async () => {
    const path = join(dir, 'run.journal.jsonl');
    await writeFile(path, line('a') + line('b') + line('c').slice(0, 25));
    expect((await readJournal(path)).entries.map((e) => (e as { recordId: string }).recordId)).toEqual(['a', 'b']);
    const journal = await FileJournal.open(path);
    expect(journal.repaired).toMatch(/ended in a line cut short.*removed its 25 characters/);
    await journal.append(entry('d'));
    await journal.close();
    expect(await readFile(path, 'utf8')).toBe(line('a') + line('b') + line('d'));
    const again = await FileJournal.open(path);
    expect(again.repaired).toBeNull();
    await again.close();
  });
});

describe('a journal that does not exist yet', () => {
  it('is made by its first entry: opened and closed with nothing appended, it leaves no file', async () => {
    const path = join(dir, 'run.xlsx.journal.jsonl');
    const idle = await FileJournal.open(path, { service: 'http://127.0.0.1:4010' });
    await idle.close();
    await expect(access(path)).rejects.toMatchObject({ code: 'ENOENT' });
    // A later run reads it as empty, opens it again, and its first entry makes the file.
    expect((await readJournal(path)).entries).toEqual([]);
    const journal = await FileJournal.open(path);
    await expect(access(path)).rejects.toMatchObject({ code: 'ENOENT' });
    await journal.append(entry('a'));
    // On file (and private) once the append resolves: before the request it announces is sent.
    expect(await readFile(path, 'utf8')).toBe(line('a'));
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    await journal.append(entry('b'));
    await journal.close();
    expect(await readFile(path, 'utf8')).toBe(line('a') + line('b'));
  });

  it('refuses a link put where it is to be made after it was opened, writing nothing through it, and says it is a link', async () => {
    const path = join(dir, 'linked.xlsx.journal.jsonl');
    const journal = await FileJournal.open(path);
    const target = join(dir, 'elsewhere.txt');
    await writeFile(target, 'not a journal\n');
    await symlink(target, path);
    await expect(journal.append(entry('a'))).rejects.toMatchObject({ code: 'journal_is_link' });
    await journal.close();
    expect(await readFile(target, 'utf8')).toBe('not a journal\n');
  });

  it('is refused at open when its folder cannot hold it, before anything is sent', async () => {
    const path = join(dir, 'no-such-folder', 'run.xlsx.journal.jsonl');
    await expect(FileJournal.open(path)).rejects.toMatchObject({ code: 'journal_unreadable' });
  });
});

describe('a journal that is a symbolic link', () => {
  it('is neither read nor written through, and the file it points at is left alone', async () => {
    const target = join(dir, 'precious.txt');
    await writeFile(target, 'not a journal\n');
    const path = join(dir, 'run.journal.jsonl');
    await symlink(target, path);
    await expect(FileJournal.open(path)).rejects.toMatchObject({ code: 'journal_is_link', category: 'usage' });
    await expect(readJournal(path)).rejects.toMatchObject({ code: 'journal_is_link' });
    expect(await readFile(target, 'utf8')).toBe('not a journal\n');
  });
});

describe('the run lock', () => {
  it('lets one run hold it: a second is refused with who holds it, then gets it once it is released', async () => {
    const path = join(dir, 'run.journal.lock');
    const lock = await acquireRunLock(path, 'importing receipts from a.xlsx');
    const refused = acquireRunLock(path, 'importing receipts from a.xlsx');
    await expect(refused).rejects.toMatchObject({ code: 'import_running', category: 'usage' });
    await expect(refused).rejects.toThrow(
      new RegExp(
        `importing receipts from a.xlsx \\(process ${process.pid} on ${hostname()}, since .*Nothing was sent.*delete ${path}`,
      ),
    );
    await lock.release();
    const next = await acquireRunLock(path, 'again');
    await next.release();
  });

  it('takes over a lock left by a process of this host that no longer runs (kill -9)', async () => {
    const path = join(dir, 'run.journal.lock');
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    }).stdout;
    await writeFile(
      path,
      JSON.stringify({ pid: Number(dead), host: hostname(), since: '2026-01-01T00:00:00Z', what: 'a killed import' }),
    );
    const lock = await acquireRunLock(path, 'the next run');
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ pid: process.pid, what: 'the next run' });
    await lock.release();
  });

  it('never takes over a lock of another host, or an empty one being written just now', async () => {
    const path = join(dir, 'run.journal.lock');
    await writeFile(
      path,
      JSON.stringify({ pid: 1, host: 'another-farm-pc', since: '2026-01-01T00:00:00Z', what: 'an import' }),
    );
    await expect(acquireRunLock(path, 'me')).rejects.toThrow(/process 1 on another-farm-pc/);
    await writeFile(path, '');
    await expect(acquireRunLock(path, 'me')).rejects.toMatchObject({ code: 'import_running' });
    // Still empty long after: left by a run that died while taking it.
    const old = new Date(Date.now() - 60_000);
    await utimes(path, old, old);
    const lock = await acquireRunLock(path, 'me');
    await lock.release();
  });

  it('refuses a lock path that is a symbolic link', async () => {
    const path = join(dir, 'run.journal.lock');
    await symlink(join(dir, 'elsewhere'), path);
    await expect(acquireRunLock(path, 'me')).rejects.toMatchObject({ code: 'journal_is_link' });
  });
});
