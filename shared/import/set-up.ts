/**
 * The set-up round trips of an import (shared/import/import-sheet.ts), started as the run starts so
 * they go while the sheet is read and mapped: the connection, then the snapshot's lists at once. A
 * sheet refused meanwhile stops them and is refused with its own error once they have settled.
 */
import type { ImportConnection, ImportPorts } from './ports.ts';
import { loadImportSnapshot, type ImportSnapshot } from './snapshot.ts';

/** The set-up round trips of a run, started at once: the connection, then the organisation's snapshot. */
export interface SetUp {
  connection: Promise<ImportConnection>;
  snapshot: Promise<ImportSnapshot>;
  /** Stops the set-up's requests (the sheet was refused: nothing of the set-up is wanted). */
  abort(): void;
  /** Settles once both have (never rejects). */
  settled: Promise<unknown>;
}

/**
 * Starts connecting and, once connected, loading the snapshot (its lists at once, within the client's
 * limit). Rejections are held, not unhandled: each is thrown where it is awaited.
 */
export function startSetUp(ports: ImportPorts): SetUp {
  const stop = new AbortController();
  const { signal } = stop;
  const connection = ports.connect({ signal });
  const snapshot = connection.then((c) => loadImportSnapshot(c.client, c.org, c.organisation.id, signal));
  const settled = snapshot.then(
    () => undefined,
    () => undefined,
  );
  return { connection, snapshot, abort: () => stop.abort(), settled };
}

/** The set-up's connection and snapshot, as the phases `connecting` and `checking` (stopped if cancelled). */
export async function setUpDone(setUp: SetUp, progress: ImportPorts['progress'], stopIfCancelled: () => void) {
  progress?.phase?.('connecting');
  const connection = await setUp.connection;
  stopIfCancelled();
  progress?.phase?.('checking');
  const snapshot = await setUp.snapshot;
  stopIfCancelled();
  return { connection, snapshot };
}

/**
 * The sheet read and mapped while the set-up goes on. A sheet that cannot be read or mapped (or a run
 * cancelled meanwhile) is refused as before, its error first: the set-up is stopped, and the error
 * thrown once the set-up has settled, so a face never closes its run (its locks) while a connection
 * is still being opened.
 */
export async function readWhileSettingUp<T>(read: Promise<T>, setUp: SetUp): Promise<T> {
  try {
    return await read;
  } catch (error) {
    setUp.abort();
    await setUp.settled;
    throw error;
  }
}
