// The run lock (batch/journal/run-lock.ts): releasing it when its folder went during the run must not
// throw (its error, ENOTDIR, would hide the one that stopped the run); a lock left by a dead process is
// taken over, under a take-over guard whose own leftovers are said for what they are.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireRunLock } from '../../../batch/journal/run-lock.ts';

let dir: string | null = null;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = null;
});

describe('acquireRunLock', () => {
  it('releases without an error once its folder was replaced by a file', async () => {
    dir = await mkdtemp(join(tmpdir(), 'shed-run-lock-'));
    const folder = join(dir, 'results');
    await mkdir(folder);
    const lock = await acquireRunLock(join(folder, 'march.xlsx.journal.lock'), 'importing receipts from march.xlsx');
    await rm(folder, { recursive: true });
    await writeFile(folder, 'a file where the results folder was');
    await expect(lock.release()).resolves.toBeUndefined();
  });
});

describe('acquireRunLock over a lock left behind', () => {
  /** The pid of a process of this host that has ended. */
  const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;
  const holder = (pid: number) =>
    JSON.stringify({
      pid,
      host: hostname(),
      since: '2026-11-27T01:00:00.000Z',
      what: 'importing receipts from march.xlsx',
    });
  const lockIn = async () => {
    dir = await mkdtemp(join(tmpdir(), 'shed-run-lock-'));
    return join(dir, 'march.xlsx.journal.lock');
  };

  it('takes over a lock whose holder no longer runs', async () => {
    const path = await lockIn();
    await writeFile(path, holder(deadPid()));
    const lock = await acquireRunLock(path, 'importing receipts from march.xlsx');
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ pid: process.pid });
    await lock.release();
  });

  it('refuses while the holder runs, naming it', async () => {
    const path = await lockIn();
    await writeFile(path, holder(process.pid));
    await expect(acquireRunLock(path, 'importing receipts from march.xlsx')).rejects.toThrow(
      new RegExp(
        `Another import of this file is running: importing receipts from march.xlsx \\(process ${process.pid} on `,
      ),
    );
  });

  it('says a take-over guard is in the way, not that the dead holder runs, and names the guard to delete', async () => {
    const path = await lockIn();
    const dead = deadPid();
    await writeFile(path, holder(dead));
    await writeFile(`${path}.takeover`, holder(deadPid())); // a run killed while taking the lock over
    const refused = acquireRunLock(path, 'importing receipts from march.xlsx');
    await expect(refused).rejects.toMatchObject({ code: 'import_running' });
    await expect(refused).rejects.toThrow(
      `was left by a run that no longer runs (process ${dead} on ${hostname()}, since 2026-11-27T01:00:00.000Z), ` +
        `and another run is taking it over or was stopped while doing so (${path}.takeover is there). Nothing was sent.`,
    );
    await expect(refused).rejects.toThrow(`delete ${path}.takeover now`);
  });

  it('says the same of an empty lock (a run stopped as it took it) once it is 10 s old', async () => {
    const path = await lockIn();
    await writeFile(path, '');
    const longAgo = new Date(Date.now() - 11_000);
    await utimes(path, longAgo, longAgo);
    await writeFile(`${path}.takeover`, holder(deadPid()));
    await expect(acquireRunLock(path, 'importing receipts from march.xlsx')).rejects.toThrow(
      `was left by a run that stopped as it took it (the lock is empty), and another run is taking it over`,
    );
  });

  it('takes over once the guard left behind is older than 30 s', async () => {
    const path = await lockIn();
    await writeFile(path, holder(deadPid()));
    await writeFile(`${path}.takeover`, holder(deadPid()));
    const longAgo = new Date(Date.now() - 31_000);
    await utimes(`${path}.takeover`, longAgo, longAgo);
    const lock = await acquireRunLock(path, 'importing receipts from march.xlsx');
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ pid: process.pid });
    await lock.release();
  });
});
