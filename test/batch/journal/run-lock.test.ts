// The run lock (batch/journal/run-lock.ts) when its folder goes during the run: releasing it must not
// throw, or its error (ENOTDIR, "unexpected") hides the one that stopped the run.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
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
