/**
 * `shed undo JOURNAL`: takes back what one import run wrote (created records deleted, updated ones put back),
 * after a confirmation, each step recorded in the journal.
 */
import { access } from 'node:fs/promises';
import { NotFoundError } from '../../../shared/errors/not-found-error.ts';
import type { OrgClient } from '../../../shared/client/index.ts';
import type { Receipt, Return } from '../../../shared/schemas/resources.ts';
import { chooseOrganisation } from '../../../shared/session/choose-organisation.ts';
import type { ConnectionFlags } from '../../config/connection.ts';
import { changedSince } from '../../../shared/import/engine/run.ts';
import { FileJournal, readJournal } from '../../journal/file-journal.ts';
import { JournalIndex, type JournalEntry } from '../../../shared/import/engine/journal.ts';
import { IMPORT_KINDS, KINDS, type ImportKind } from '../../../shared/kinds/index.ts';
import { checkJournalService } from '../../journal/journal-service.ts';
import { acquireRunLock, lockPathFor } from '../../journal/run-lock.ts';
import { connect, openClient } from '../../session/open-session.ts';
import type { CommandIO } from '../../ui/io.ts';
import { UsageError } from '../../../shared/errors/usage-error.ts';
import type { UndoStep } from './plan.ts';
import { planUndo } from './plan.ts';
import { UNDO_OPS } from './kind-ops.ts';

/** Options of `shed undo JOURNAL [--yes]`. */
export interface UndoOptions extends ConnectionFlags {
  journal: string;
  yes?: boolean;
  /** Also undo records changed in the service since the run wrote them. */
  force?: boolean;
  json?: boolean;
  io: CommandIO;
  /** Asks the user to confirm (the CLI reads the terminal); absent: `--yes` is required. */
  confirm?: (question: string) => Promise<boolean>;
}

/** What an undo did. */
export interface UndoSummary {
  organisationId: string | null;
  deleted: string[];
  restored: string[];
  alreadyGone: string[];
  /** Records changed in the service since the run wrote them: left as they are (without `force`). */
  changed: { sequence: string; reason: string }[];
  failed: { sequence: string; reason: string }[];
  /**
   * Creates the run was sending when it stopped (a journal intent with no answer): the service may hold
   * them, and undo cannot tell which record is theirs. Named, never passed over in silence (exit 1).
   */
  unanswered: { kind: ImportKind; rowNumbers: number[]; file?: string }[];
  exitCode: number;
}

/**
 * `shed undo JOURNAL`: takes back what one import run wrote: deletes the records it created
 * and puts back those it updated, after a confirmation listing them (or `--yes`). Each step is
 * recorded in the journal as `undone`, so a second undo does nothing. The way out of an import into
 * the wrong organisation: the journal names the organisation, and the token must see it.
 * A record changed in the service since the run wrote it (its `updated_at` differs from the one the
 * journal recorded) is someone else's work now: it is left alone and named, unless `force`. Undo
 * holds the journal's lock, so it cannot run while an import of the same file is sending.
 * @returns the summary; `exitCode` 1 when a record was left alone or failed.
 * @throws UsageError (exit 2) for an unreadable journal, or no confirmation without `--yes` and no
 *   terminal to ask on; JournalError `import_running` (exit 2) while that import runs,
 *   `journal_other_service` (exit 2, nothing changed) for a journal written against another service
 *   (entries of older journals record none: undone as before, with a warning that they were not checked).
 */
export async function undoCommand(options: UndoOptions): Promise<UndoSummary> {
  const { io } = options;
  // A mistyped path must not read as "nothing to undo": the run it names would stay in the service.
  await access(options.journal).catch(() => {
    throw new UsageError(
      `There is no journal at ${options.journal}: an import run's journal is NAME.journal.jsonl beside its results file`,
    );
  });
  const { entries } = await readJournal(options.journal).catch((error: Error) => {
    throw new UsageError(`Cannot read the journal ${options.journal}: ${error.message}`);
  });
  const { organisationId, steps } = planUndo(entries);
  const summary: UndoSummary = {
    organisationId,
    deleted: [],
    restored: [],
    alreadyGone: [],
    changed: [],
    failed: [],
    unanswered: unansweredCreates(entries),
    exitCode: 0,
  };
  if (!organisationId || steps.length === 0) {
    io.err(`Nothing to undo in ${options.journal}.`);
    sayUnanswered(summary, io);
    return summary;
  }
  // Organisation ids are the service's own: a journal of another service is never undone here.
  const connection = await connect(options, io);
  const unchecked = checkJournalService(options.journal, entries, connection.baseUrl, 'undo');
  if (unchecked) io.err(`warning: ${unchecked}`);
  if (!options.yes && !options.confirm) {
    throw new UsageError(
      `Undo would change ${steps.length} records and there is no terminal to ask on: nothing changed; run it again with --yes to confirm`,
    );
  }
  const client = openClient(connection, io);
  const organisation = chooseOrganisation(await client.listOrganisations(), organisationId);
  const listing = steps.map(describeStep).join('\n');
  io.err(`Undo in ${organisation.name}:\n${listing}`);
  if (!options.yes) {
    if (!(await options.confirm!(`Undo these ${steps.length} changes? [y/N] `))) {
      io.err('Nothing changed.');
      return summary;
    }
  }
  const org = client.forOrganisation(organisation.id);
  const lock = await acquireRunLock(lockPathFor(options.journal), `undoing ${options.journal}`);
  try {
    const journal = await FileJournal.open(options.journal, { service: connection.baseUrl });
    try {
      for (const step of steps)
        await undoStep(org, step, { force: Boolean(options.force), summary, journal, organisationId: organisation.id });
    } finally {
      await journal.close();
    }
  } finally {
    await lock.release();
  }
  summary.exitCode = summary.failed.length || summary.changed.length || summary.unanswered.length ? 1 : 0;
  if (options.json) io.out(JSON.stringify(summary, null, 2));
  sayUnanswered(summary, io);
  for (const c of summary.changed) io.err(`${c.sequence}: not undone: ${c.reason}`);
  for (const f of summary.failed) io.err(`${f.sequence}: not undone: ${f.reason}`);
  io.err(
    `Undone: ${summary.deleted.length} deleted, ${summary.restored.length} restored` +
      (summary.alreadyGone.length ? `, ${summary.alreadyGone.length} already gone` : '') +
      (summary.changed.length
        ? `; ${summary.changed.length} changed since the run, left alone (--force undoes them too)`
        : '') +
      (summary.failed.length ? `; ${summary.failed.length} failed` : ''),
  );
  return summary;
}

/** The journal's creates with no answer recorded (a run killed while sending), of every organisation and kind. */
function unansweredCreates(entries: readonly JournalEntry[]): UndoSummary['unanswered'] {
  const organisations = new Set(entries.map((e) => e.organisationId));
  return [...organisations].flatMap((organisationId) =>
    IMPORT_KINDS.flatMap((kind) =>
      new JournalIndex(entries, organisationId, kind).unanswered.map((intent) => ({
        kind,
        rowNumbers: [...intent.rowNumbers],
        ...(intent.file ? { file: intent.file } : {}),
      })),
    ),
  );
}

/** Names each create the run left unanswered, and what to do; sets exit status 1 when there is one. */
function sayUnanswered(summary: UndoSummary, io: CommandIO): void {
  if (summary.unanswered.length === 0) return;
  summary.exitCode = 1;
  for (const u of summary.unanswered) {
    const rows = `${u.rowNumbers.length === 1 ? 'row' : 'rows'} ${u.rowNumbers.join(', ')}`;
    io.err(
      `${u.file ? `${u.file}, ` : ''}${rows}: not undone: the run had this ${KINDS[u.kind].one} ready to send when it ` +
        `stopped, and its journal holds no answer, so whether the service took it is not known; import the same ` +
        `file again (it finds a record the run sent and sends nothing twice), then undo again`,
    );
  }
}

/** Checks one record against what the run wrote, applies the step, and records it as undone. */
async function undoStep(
  org: OrgClient,
  step: UndoStep,
  context: { force: boolean; summary: UndoSummary; journal: FileJournal; organisationId: string },
): Promise<void> {
  const { summary } = context;
  try {
    const current = await UNDO_OPS[step.kind].get(org, step.recordId).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
    if (current && !context.force) {
      const changed = changedSinceWritten(current.updated_at, step.written);
      if (changed) {
        summary.changed.push({ sequence: step.sequence, reason: changed });
        return;
      }
    }
    const gone = !current || (await applyStep(org, step, current));
    (gone ? summary.alreadyGone : step.action === 'delete' ? summary.deleted : summary.restored).push(step.sequence);
    await context.journal.append({
      at: new Date().toISOString(),
      organisationId: context.organisationId,
      kind: step.kind,
      type: 'undone',
      recordId: step.recordId,
    });
  } catch (error) {
    summary.failed.push({ sequence: step.sequence, reason: error instanceof Error ? error.message : String(error) });
  }
}

/** Why a record must be left alone, or null when it is as the run left it. */
function changedSinceWritten(current: string, written: string | null): string | null {
  if (written === null)
    return 'the journal does not record what the run left (written by an older version of shed), so a later change cannot be ruled out; use --force to undo it anyway';
  if (!changedSince(current, written) && !changedSince(written, current)) return null;
  return `changed in the service at ${current}, after this run wrote it at ${written} (someone else's change would be lost); use --force to undo it anyway`;
}

/** `  delete REC-1 (march.xlsx, sheet Invoices, rows 5, 6, 7)`: the record, and where its rows came from. */
function describeStep(step: UndoStep): string {
  const where = [
    step.file,
    // A CSV has no sheets (its one sheet is named after the file).
    step.sheet && step.sheet !== step.file && !/\.(csv|tsv|txt)$/i.test(step.file ?? '') ? `sheet ${step.sheet}` : '',
    step.rowNumbers.length ? `${step.rowNumbers.length === 1 ? 'row' : 'rows'} ${step.rowNumbers.join(', ')}` : '',
  ].filter(Boolean);
  const rows = where.length ? ` (${where.join(', ')})` : '';
  return step.action === 'delete'
    ? `  delete ${step.sequence}${rows}`
    : `  restore ${step.sequence} as it was before the import${rows}`;
}

/**
 * Applies one step to the record as just read (`current`); true when it no longer exists (nothing to do).
 */
async function applyStep(org: OrgClient, step: UndoStep, current: Receipt | Return): Promise<boolean> {
  try {
    if (step.action === 'delete') await UNDO_OPS[step.kind].delete(org, step.recordId);
    else await UNDO_OPS[step.kind].restore(org, step.recordId, step.previous, current);
    return false;
  } catch (error) {
    if (error instanceof NotFoundError) return true;
    throw error;
  }
}
