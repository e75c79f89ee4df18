// Disk full at the start (issue 26, item 9): the fault is injected at the fs call (vi.mock of
// node:fs/promises: a lock file's handle fails its write with ENOSPC, as a full disk does after the
// exclusive create succeeded). No lock is left behind, the error is typed with a human message
// (exit 2: nothing was sent), and the next run takes the lock.
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const fault = vi.hoisted(() => ({ diskFull: false }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const open: typeof real.open = async (...args) => {
    const handle = await real.open(...args);
    if (!fault.diskFull || !String(args[0]).endsWith('.lock')) return handle;
    const full = () =>
      Promise.reject(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
    return new Proxy(handle, {
      get(target, key) {
        if (key === 'writeFile' || key === 'write') return full;
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  return { ...real, open, default: { ...real, open } };
});

const { acquireInputLock, acquireRunLock } = await import('../../../batch/journal/run-lock.ts');
const { JournalError } = await import('../../../batch/journal/journal-error.ts');

describe('a lock on a full disk', () => {
  it('leaves no lock behind and says so in words (lock_unwritable, exit 2); the next run takes the lock', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-disk-full-'));
    const path = join(dir, 'run.journal.lock');
    fault.diskFull = true;
    const refused = await acquireRunLock(path, 'importing receipts from a.xlsx').catch((e: unknown) => e);
    fault.diskFull = false;
    expect(refused).toBeInstanceOf(JournalError);
    expect(refused).toMatchObject({ code: 'lock_unwritable', category: 'usage' });
    expect((refused as Error).message).toMatch(
      /^Cannot write the lock .*run\.journal\.lock: the disk is full \(ENOSPC\)\. Nothing was sent and no lock is left behind/,
    );
    expect(await readdir(dir)).toEqual([]);
    const lock = await acquireRunLock(path, 'the next run');
    await lock.release();
  });

  it('the input lock too: its folder is made, the lock removed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-disk-full-'));
    const locks = join(dir, 'locks');
    fault.diskFull = true;
    await expect(acquireInputLock(locks, 'http://127.0.0.1:1', 'org-1', 'ab'.repeat(32), 'x')).rejects.toMatchObject({
      code: 'lock_unwritable',
    });
    fault.diskFull = false;
    expect(await readdir(locks)).toEqual([]);
  });
});
