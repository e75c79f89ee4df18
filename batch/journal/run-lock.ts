/**
 * The lock of one import's journal, so two runs of the same import cannot send the same invoices at once; a lock
 * left by a dead process is taken over.
 */
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, readFile, rm, stat } from 'node:fs/promises';
import { hostname, tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { JournalError, fsReason } from './journal-error.ts';

/** Who holds a run lock: written into the lock file as JSON. */
export interface LockHolder {
  pid: number;
  host: string;
  /** When the holder took the lock (ISO). */
  since: string;
  /** What the holder is doing, for the message a second run prints. */
  what: string;
}

/** The lock file of a journal: `NAME.journal.jsonl` → `NAME.journal.lock`. */
export function lockPathFor(journalPath: string): string {
  return journalPath.replace(/\.jsonl$/i, '') + '.lock';
}

/**
 * The folder of this machine's input locks: `SHED_LOCK_DIR`, else `shed-locks-<uid>` in the system's
 * temporary folder (shared by every results path and working folder, so two runs of one input meet).
 */
export function lockDirFor(env: NodeJS.ProcessEnv): string {
  if (env.SHED_LOCK_DIR) return env.SHED_LOCK_DIR;
  let user: string;
  try {
    user = String(userInfo().uid >= 0 ? userInfo().uid : userInfo().username);
  } catch {
    user = 'user';
  }
  return join(tmpdir(), `shed-locks-${user}`);
}

/**
 * The lock of one input's content in one organisation of one service: whatever the results path,
 * two runs of the same bytes into the same organisation take the same lock.
 * @param service the service's base URL (organisation ids are the service's own).
 * @param digest the input file's SHA-256, hex.
 */
export function inputLockPathFor(lockDir: string, service: string, organisationId: string, digest: string): string {
  const where = createHash('sha256').update(`${service}\u0000${organisationId}`).digest('hex').slice(0, 16);
  return join(lockDir, `${where}-${digest.slice(0, 32)}.lock`);
}

/**
 * Takes the lock of one input's content in one organisation (`inputLockPathFor`), creating the lock
 * folder (mode 0700) if needed.
 * @throws JournalError `import_running` (another run of these bytes into this organisation),
 *   `lock_unwritable` (the folder or the lock cannot be written), `journal_is_link`.
 */
export async function acquireInputLock(
  lockDir: string,
  service: string,
  organisationId: string,
  digest: string,
  what: string,
): Promise<RunLock> {
  try {
    await mkdir(lockDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new JournalError(
      'lock_unwritable',
      lockDir,
      `Cannot create the lock folder ${lockDir}: ${fsReason(error)}. Nothing was sent; make room, fix its permissions or set SHED_LOCK_DIR, and run again`,
      { cause: error },
    );
  }
  if ((await lstat(lockDir)).isSymbolicLink())
    throw new JournalError('journal_is_link', lockDir, `The lock folder ${lockDir} is a symbolic link: remove it`);
  return acquireRunLock(inputLockPathFor(lockDir, service, organisationId, digest), what);
}

/** A lock file still empty after this long was left by a run that crashed while taking it (milliseconds). */
const EMPTY_LOCK_ABANDONED_MS = 10_000;
/** A take-over file older than this was left by a run that crashed while taking over (milliseconds). */
const TAKEOVER_ABANDONED_MS = 30_000;

/** A lock held by this process; `release` removes it (idempotent). */
export interface RunLock {
  readonly path: string;
  release(): Promise<void>;
}

/**
 * Takes the lock of one import's journal (one results file, so one input and its organisations), so
 * two runs of the same import cannot send the same invoices at once. The lock file is created
 * exclusively (`O_EXCL`, which also refuses a symbolic link) and holds the holder's pid and host.
 * A lock whose holder is a process of this host that no longer runs (killed, crashed) is stale and
 * taken over, under a second exclusive file so that two runs cannot both take it over.
 * @param what the holder's task in words, e.g. "importing receipts from invoices.xlsx".
 * @throws JournalError `import_running` naming the holder, its host and since when, and what to do;
 *   `journal_is_link` when the lock path is a symbolic link.
 */
export async function acquireRunLock(path: string, what: string): Promise<RunLock> {
  const me: LockHolder = { pid: process.pid, host: hostname(), since: new Date().toISOString(), what };
  if ((await lstat(path).catch(() => null))?.isSymbolicLink()) {
    throw new JournalError(
      'journal_is_link',
      path,
      `The lock ${path} is a symbolic link; shed never writes through one: remove the link`,
    );
  }
  // A few tries: the lock may be released between our attempt to create it and reading it.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (await createExclusive(path, me)) return held(path);
    const holder = await readHolder(path);
    if (!holder && !(await exists(path))) continue;
    if (holder ? !isStale(holder) : !(await olderThan(path, EMPTY_LOCK_ABANDONED_MS))) throw running(path, holder);
    if (await takeOver(path, holder, me)) return held(path);
  }
  const holder = await readHolder(path);
  // The lock's holder is gone (or never wrote it), but a take-over of it is under way or was cut short.
  const abandoned = holder ? isStale(holder) : await olderThan(path, EMPTY_LOCK_ABANDONED_MS);
  if (abandoned && (await exists(`${path}.takeover`))) throw takeOverHeld(path, holder);
  throw running(path, holder);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

function held(path: string): RunLock {
  let released = false;
  return {
    path,
    async release() {
      if (released) return;
      released = true;
      await rm(path, { force: true }).catch((error: NodeJS.ErrnoException) => {
        // Its folder replaced by a file (or gone) during the run: the lock went with it. Throwing here
        // would hide the error that stopped the run, which is what the user must read.
        if (error.code !== 'ENOTDIR') throw error;
      });
    },
  };
}

/** Creates the file with the holder in it; false when it already exists. */
async function createExclusive(path: string, holder: LockHolder): Promise<boolean> {
  let handle;
  try {
    handle = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new JournalError(
      'lock_unwritable',
      path,
      `Cannot create the lock ${path}: ${fsReason(error)}. Nothing was sent; make room (or fix the folder's permissions) and run again`,
      { cause: error },
    );
  }
  try {
    await handle.writeFile(JSON.stringify(holder));
    await handle.sync();
  } catch (error) {
    // Disk full, quota, I/O: a lock that says nobody must not stay behind to refuse the next run.
    await handle.close().catch(() => {});
    await rm(path, { force: true }).catch(() => {});
    throw new JournalError(
      'lock_unwritable',
      path,
      `Cannot write the lock ${path}: ${fsReason(error)}. Nothing was sent and no lock is left behind; ` +
        `make room (or fix the folder's permissions) and run again`,
      { cause: error },
    );
  }
  await handle.close();
  return true;
}

/** The holder written in a lock file; null when it is missing, empty or unreadable (a crash while taking it). */
async function readHolder(path: string): Promise<LockHolder | null> {
  try {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return null;
    return {
      pid: parsed.pid,
      host: parsed.host,
      since: String(parsed.since ?? ''),
      what: String(parsed.what ?? 'an import'),
    };
  } catch {
    return null;
  }
}

/** Whether the holder is a process of this host that no longer runs. Another host's lock is never stale. */
function isStale(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return false;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Replaces a stale (or unreadable) lock with ours, under `PATH.takeover` created exclusively: only
 * the run holding that file may remove the stale lock, after checking it is still the same one.
 */
async function takeOver(path: string, stale: LockHolder | null, me: LockHolder): Promise<boolean> {
  const guard = `${path}.takeover`;
  await removeIfAbandoned(guard);
  if (!(await createExclusive(guard, me))) return false;
  try {
    const now = await readHolder(path);
    const same =
      now === null
        ? stale === null
        : stale !== null && now.pid === stale.pid && now.host === stale.host && now.since === stale.since;
    if (!same) return false;
    await rm(path, { force: true });
    return await createExclusive(path, me);
  } finally {
    await rm(guard, { force: true });
  }
}

async function removeIfAbandoned(guard: string): Promise<void> {
  if (await olderThan(guard, TAKEOVER_ABANDONED_MS)) await rm(guard, { force: true });
}

/** Whether the file was last written more than `ms` ago; false when it is missing. */
async function olderThan(path: string, ms: number): Promise<boolean> {
  try {
    return Date.now() - (await stat(path)).mtimeMs > ms;
  } catch {
    return false;
  }
}

/**
 * A lock left by a run that no longer runs (`holder`; null: one that stopped before writing it), while
 * `PATH.takeover` (another run taking it over, or one stopped doing so) stays.
 */
function takeOverHeld(path: string, holder: LockHolder | null): JournalError {
  const guard = `${path}.takeover`;
  const seconds = TAKEOVER_ABANDONED_MS / 1000;
  const who = holder
    ? `a run that no longer runs (process ${holder.pid} on ${holder.host}, since ${holder.since})`
    : 'a run that stopped as it took it (the lock is empty)';
  return new JournalError(
    'import_running',
    path,
    `The lock ${path} was left by ${who}, and another run is taking it over or was stopped while doing so ` +
      `(${guard} is there). Nothing was sent. Run again in a few seconds: a take-over file ${seconds} s old is ` +
      `taken as abandoned; if no other import is running, you may delete ${guard} now`,
  );
}

function running(path: string, holder: LockHolder | null): JournalError {
  const who = holder
    ? `${holder.what} (process ${holder.pid} on ${holder.host}, since ${holder.since})`
    : 'another run, which is starting';
  return new JournalError(
    'import_running',
    path,
    `Another import of this file is running: ${who}. Nothing was sent. Wait for it to finish and run again ` +
      `(it then finds what that run created); if no import is running any more, delete ${path}`,
  );
}
