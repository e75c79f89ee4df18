// The journal's group commit (batch/journal/file-journal.ts): entries appended while a write is on
// its way go to disk together in the next one; each append resolves only once its own line is in
// the file; a write that fails rejects every entry it held, and later ones are written. The journal's
// writes are counted (and one failed with ENOSPC) at the fs call: a vi.mock of node:fs/promises
// wraps the real handle of a real file.
import { constants } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { JournalEntry } from '../../../shared/import/engine/journal.ts';

const seen = vi.hoisted(() => ({ writes: 0, syncs: 0, flags: 0, failWrite: 0 }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const open: typeof real.open = async (...args) => {
    const handle = await real.open(...args);
    // The journal's append handle (opened to write); reads and repairs pass through.
    if (!String(args[0]).endsWith('.journal.jsonl') || (Number(args[1]) & constants.O_APPEND) === 0) return handle;
    seen.flags = Number(args[1]);
    return new Proxy(handle, {
      get(target, key) {
        if (key === 'write')
          return async (...rest: Parameters<typeof handle.write>) => {
            seen.writes += 1;
            if (seen.writes === seen.failWrite)
              throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
            return (target.write as (...a: unknown[]) => unknown).apply(target, rest);
          };
        if (key === 'sync')
          return async () => {
            seen.syncs += 1;
            return target.sync();
          };
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  return { ...real, open, default: { ...real, open } };
});

const { FileJournal } = await import('../../../batch/journal/file-journal.ts');
const { JournalError } = await import('../../../batch/journal/journal-error.ts');

const entry = (recordId: string): JournalEntry => ({
  at: '2026-01-01T00:00:00Z',
  organisationId: 'org',
  kind: 'receipts',
  type: 'undone',
  recordId,
});
const line = (recordId: string) => `${JSON.stringify(entry(recordId))}\n`;

let path: string;
beforeEach(async () => {
  path = join(await mkdtemp(join(tmpdir(), 'shed-journal-group-')), 'run.xlsx.journal.jsonl');
  Object.assign(seen, { writes: 0, syncs: 0, flags: 0, failWrite: 0 });
});

describe('the journal’s group commit', () => {
  it('writes the entries appended while a write is on its way together, each resolving only once its line is on file', async () => {
    const journal = await FileJournal.open(path);
    const ids = ['a', 'b', 'c', 'd', 'e'];
    // Each append, as it resolves, finds its own line in the file.
    const onFile = ids.map((id) =>
      journal.append(entry(id)).then(async () => (await readFile(path, 'utf8')).includes(line(id))),
    );
    expect(await Promise.all(onFile)).toEqual([true, true, true, true, true]);
    // 'a' went at once; 'b' to 'e', appended while it was on its way, shared the next write.
    expect(seen.writes).toBe(2);
    await journal.close();
    expect(await readFile(path, 'utf8')).toBe(ids.map(line).join(''));
  });

  it('makes each write durable in itself where the platform can (O_DSYNC), else syncs after each write', async () => {
    const journal = await FileJournal.open(path);
    await Promise.all([journal.append(entry('a')), journal.append(entry('b'))]);
    await journal.close();
    if (constants.O_DSYNC) {
      expect(seen.flags & constants.O_DSYNC).toBe(constants.O_DSYNC);
      expect(seen.syncs).toBe(0);
    } else {
      expect(seen.syncs).toBe(seen.writes);
    }
  });

  it('rejects every entry a failed write held (journal_unwritable), keeps the others, and writes later entries', async () => {
    const journal = await FileJournal.open(path);
    seen.failWrite = 2;
    const results = await Promise.allSettled(['a', 'b', 'c'].map((id) => journal.append(entry(id))));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    const reasons = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []));
    expect(reasons[0]).toBeInstanceOf(JournalError);
    expect(reasons[0]).toBe(reasons[1]);
    expect(reasons[0]).toMatchObject({ code: 'journal_unwritable' });
    expect(reasons[0]!.message).toMatch(/Cannot write the journal .*run\.xlsx\.journal\.jsonl/);
    await journal.append(entry('d'));
    await journal.close();
    expect(await readFile(path, 'utf8')).toBe(line('a') + line('d'));
  });
});
