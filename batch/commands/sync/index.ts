/**
 * `shed sync [--dir DIR] [--full] [--json]`: brings the organisation's local mirror
 * up to date and saves it atomically.
 */
import { createSyncSource } from '../../../shared/sync/source.ts';
import { syncMirror, type SyncReport } from '../../../shared/sync/sync.ts';
import { SYNC_RESOURCES, type Mirror, type SyncResource } from '../../../shared/sync/mirror.ts';
import { EXIT } from '../../cli/exit-status.ts';
import type { ConnectionFlags } from '../../config/connection.ts';
import { defaultMirrorDir, loadMirror, saveMirror } from '../../mirror/mirror-file.ts';
import { openSession } from '../../session/open-session.ts';
import type { CommandIO } from '../../ui/io.ts';

/** Options of `shed sync`. */
export interface SyncCommandOptions extends ConnectionFlags {
  /** Folder of mirrors; default `defaultMirrorDir()` (`SHED_MIRROR_DIR` or the user's data folder). */
  dir?: string;
  /** Fetch everything and replace the mirror (also when the saved one cannot be read). */
  full?: boolean;
  /** Print the summary as JSON on standard output. */
  json?: boolean;
  io: CommandIO;
  signal?: AbortSignal;
  /** The local clock (tests); default the system clock. */
  now?: () => Date;
}

/** What `shed sync` did, as printed by `--json`. */
export interface SyncSummary extends SyncReport {
  organisation: { id: string; name: string };
  mirrorFile: string;
  exitCode: number;
}

const LABELS: Record<SyncResource, string> = {
  storages: 'storages',
  product_aliases: 'product aliases',
  receipts: 'receipts',
  returns: 'returns',
};

/**
 * Syncs the organisation's mirror in `dir` (see shared/sync/sync.ts for the rules) and saves it.
 * Nothing is saved when the sync fails or is cancelled: the old mirror stays as it was.
 * @returns the summary, `exitCode` 0.
 * @throws ConfigError / MirrorError / MirrorFileError (exit 2; a damaged mirror: rebuild with `full`),
 *   AuthenticationError, EntitlementError, NetworkError, SyncError (exit 3), WriteError (exit 2).
 */
export async function syncCommand(options: SyncCommandOptions): Promise<SyncSummary> {
  const { io } = options;
  const dir = options.dir ?? defaultMirrorDir(io.env);
  const session = await openSession(options, io);
  const organisation = { id: session.organisation.id, name: session.organisation.name };
  const previous = await previousMirror(dir, organisation.id, Boolean(options.full));
  const source = createSyncSource(session.client.http, session.org);
  const { mirror, report } = await syncMirror(source, previous, {
    organisation,
    full: Boolean(options.full),
    ...(options.now ? { now: options.now } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const mirrorFile = await saveMirror(dir, mirror);
  const summary: SyncSummary = { organisation, mirrorFile, ...report, exitCode: EXIT.ok };
  print(summary, io, Boolean(options.json));
  return summary;
}

/** The saved mirror; with `full` it is only read for the report, and an unreadable one is ignored (it is being rebuilt). */
async function previousMirror(dir: string, organisationId: string, full: boolean): Promise<Mirror | null> {
  if (!full) return loadMirror(dir, organisationId);
  return loadMirror(dir, organisationId).catch(() => null);
}

function print(summary: SyncSummary, io: CommandIO, json: boolean): void {
  if (json) {
    io.out(JSON.stringify(summary, null, 2));
    return;
  }
  const why = {
    no_mirror: 'first sync',
    requested: 'asked with --full',
    retention: 'last sync more than 60 days ago',
    retention_service: 'service changes span more than 60 days',
  } as const;
  const mode = summary.reason === null ? 'incremental sync' : `full sync (${why[summary.reason]})`;
  io.err(`${summary.organisation.name}: ${mode}, ${summary.requests} requests`);
  for (const resource of SYNC_RESOURCES) {
    const c = summary.resources[resource];
    io.err(
      `  ${LABELS[resource].padEnd(16)}${String(c.total).padStart(7)}  (${c.changed} changed, ${c.deleted} deleted)`,
    );
  }
  io.err(
    `  ${'products seen'.padEnd(16)}${String(summary.products.total).padStart(7)}  (${summary.products.changed} changed)`,
  );
  io.err(`Mirror saved in ${summary.mirrorFile}`);
}
