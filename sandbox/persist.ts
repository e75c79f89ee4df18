/** The sandbox's state file (`--data FILE`): read at start, rewritten atomically shortly after changes. */
import { open, readFile, rename, rm } from 'node:fs/promises';
import { SandboxDataError } from './errors.ts';
import type { SeedData } from './types.ts';

/**
 * The `--data FILE` state: the whole state as one JSON document, loaded on start and rewritten
 * atomically (a temporary file in the same directory, flushed to disk, then renamed over the old
 * one), so that a crash leaves either the old or the new state, never half of one.
 */

/** Marks the file as the sandbox's state and names its layout version. */
export const STATE_FORMAT = { format: 'shed-sandbox-state', version: 1 } as const;

/** Changes are written this long after the first unsaved one (many writes share one rewrite). */
export const FLUSH_DELAY_MS = 100;

/**
 * Reads a state file: its data, or null when the file does not exist. Throws
 * {@link SandboxDataError} when it exists but is not a sandbox state file.
 */
export async function readStateFile(path: string): Promise<SeedData | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new SandboxDataError(`Cannot read the sandbox state file ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    throw new SandboxDataError(`The sandbox state file ${path} is not JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (data?.format !== STATE_FORMAT.format || data.version !== STATE_FORMAT.version) {
    throw new SandboxDataError(
      `${path} is not a sandbox state file (expected "format": "${STATE_FORMAT.format}", "version": ${STATE_FORMAT.version}). Move it away or choose another --data file.`,
    );
  }
  const { format: _format, version: _version, saved_at: _saved, ...seed } = data;
  return seed as unknown as SeedData;
}

/** Writes `data` to `path` atomically (temporary file, fsync, rename). */
export async function writeStateFile(path: string, data: SeedData, savedAt: string): Promise<void> {
  const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(JSON.stringify({ ...STATE_FORMAT, saved_at: savedAt, ...data }));
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Keeps a state file up to date: `schedule()` after each change, `flush()` to write now (and on
 * close). Writes never overlap; a change during a write causes one more write afterwards.
 */
export class StateFile {
  private timer: NodeJS.Timeout | null = null;
  private dirty = false;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    readonly path: string,
    private readonly snapshot: () => SeedData,
    private readonly log: (line: string) => void,
  ) {}

  /** Notes an unsaved change; it is written within {@link FLUSH_DELAY_MS}. */
  schedule(): void {
    this.dirty = true;
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.flush().catch((error: unknown) =>
        this.log(`sandbox: cannot save ${this.path}: ${(error as Error).message}`),
      );
    }, FLUSH_DELAY_MS);
  }

  /** Writes the current state now (after any write in progress). */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.dirty = false;
    const data = this.snapshot();
    const write = this.writing.then(() => writeStateFile(this.path, data, new Date().toISOString()));
    this.writing = write.catch(() => {});
    return write;
  }

  /** Writes pending changes, if any, and waits for every write to finish. */
  async close(): Promise<void> {
    if (this.dirty) await this.flush();
    await this.writing;
  }
}
