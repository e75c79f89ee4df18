/**
 * `shed undo JOURNAL`: takes back what one import run wrote (created records deleted, updated ones put back),
 * after a confirmation, each step recorded in the journal.
 */
import { access } from 'node:fs/promises';
import { NotFoundError } from '../../../shared/errors/not-found-error.ts';
import type { OrgClient } from '../../../shared/client/index.ts';
import type { Receipt, Return } from '../../../shared/schemas/resources.ts';
import type { ConnectionFlags } from '../../config/connection.ts';
import { changedSince } from '../../../shared/import/engine/run.ts';
import { FileJournal, readJournal } from '../../journal/file-journal.ts';
import { checkJournalService } from '../../journal/journal-service.ts';
import { acquireRunLock, lockPathFor } from '../../journal/run-lock.ts';
import { connect, openClient } from '../../session/open-session.ts';
import type { CommandIO } from '../../ui/io.ts';
import { UsageError } from '../../../shared/errors/usage-error.ts';
import type { UndoStep } from './plan.ts';
import { planUndo } from './plan.ts';
import { findLostCreates } from './lost-creates.ts';
import { checkUnapplied } from './unapplied.ts';
import type { OtherOrganisation } from './organisations.ts';
import { describeOther, otherOrganisations, sameId, undoOrganisation } from './organisations.ts';
import type { IntentEntry, JournalEntry } from '../../../shared/import/engine/journal.ts';
import { DEFAULT_TIME_ZONE } from '../../../shared/sheet/values/default-time-zone.ts';
import { UNDO_OPS } from './kind-ops.ts';
import { fingerprint } from '../../../shared/import/engine/fingerprint.ts';
import { restoreRecord, type RestoreOptions, type RestoreOutcome } from './restore.ts';

/** Options of `shed undo JOURNAL [--yes]`. */
export interface UndoOptions extends ConnectionFlags {
  journal: string;
  yes?: boolean;
  /** Also undo records changed in the service since the run wrote them. */
  force?: boolean;
  json?: boolean;
  /** The farm's time zone the import ran with (IANA; default Australia/Sydney): fingerprints read dates in it. */
  timezone?: string;
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
  /** The journal's changes in other organisations than the one undone (left as they are: exit 1). */
  otherOrganisations: OtherOrganisation[];
  /** Creates sent with no answer journalled whose records undo could not settle (left alone: exit 1). */
  unanswered: { rows: string; reason: string }[];
  exitCode: number;
}

/**
 * `shed undo JOURNAL`: takes back what the journal's runs wrote and no undo took back yet: deletes the
 * records they created and puts back those they updated, after a confirmation listing them (or `--yes`).
 * Each step is recorded in the journal as `undone`, so a second undo does nothing, and a record written
 * again by a later run is undone again. The way out of an import into the wrong organisation: the
 * journal names the organisation, and the token must see it; a journal holding several organisations'
 * records is undone in one (`org`, else its only one, else the session's or the only one of them the
 * token sees), the others named (exit 1). Creates sent with no answer journalled are looked for in the
 * service (lost-creates.ts) and updates with no `applied` read first (unapplied.ts).
 * A record changed in the service since the run wrote it (its `updated_at` differs from the one the
 * journal recorded) is someone else's work now: it is left alone and named, unless `force`. A 404 counts
 * as already gone only when the service's deleted list holds the record. A restore is sent once: one whose
 * answer is lost is read back, and sent again only when not applied and unchanged since undo read it; changed
 * by someone meanwhile, it is left alone and named (restore.ts). Undo holds the journal's lock,
 * so it cannot run while an import of the same file is sending.
 * @returns the summary; `exitCode` 1 when a record was left alone, failed, could not be settled, or is
 *   another organisation's.
 * @throws UsageError (exit 2) for an unreadable journal, a `timezone` that is not an IANA zone, or no
 *   confirmation without `--yes` and no terminal to ask on; JournalError `import_running` (exit 2) while
 *   that import runs, `journal_other_service` (exit 2, nothing changed) for a journal written against
 *   another service (entries of older journals record none: undone as before, with a warning that they
 *   were not checked); OrganisationChoiceError when the organisation cannot be chosen.
 */
export async function undoCommand(options: UndoOptions): Promise<UndoSummary> {
  const { io } = options;
  if (options.timezone !== undefined) checkTimeZone(options.timezone);
  // A mistyped path must not read as "nothing to undo": the run it names would stay in the service.
  await access(options.journal).catch(() => {
    throw new UsageError(
      `There is no journal at ${options.journal}: an import run's journal is beside its results file, named after the input (march.xlsx → march.xlsx.journal.jsonl), and a run that sent nothing leaves none`,
    );
  });
  const { entries } = await readJournal(options.journal).catch((error: Error) => {
    throw new UsageError(`Cannot read the journal ${options.journal}: ${error.message}`);
  });
  const plan = planUndo(entries);
  const summary: UndoSummary = {
    organisationId: null,
    deleted: [],
    restored: [],
    alreadyGone: [],
    changed: [],
    failed: [],
    unanswered: [],
    otherOrganisations: [],
    exitCode: 0,
  };
  if (plan.organisations.length === 0) {
    io.err(`Nothing to undo in ${options.journal}.`);
    return summary;
  }
  // Organisation ids are the service's own: a journal of another service is never undone here.
  const connection = await connect(options, io);
  const unchecked = checkJournalService(options.journal, entries, connection.baseUrl, 'undo');
  if (unchecked) io.err(`warning: ${unchecked}`);
  const client = openClient(connection, io);
  const organisations = await client.listOrganisations();
  const organisation = undoOrganisation(plan.organisations, organisations, options.org ?? null, connection.org);
  summary.organisationId = organisation.id;
  // A journal may hold several organisations' records: only this one's are undone; the others are named.
  summary.otherOrganisations = otherOrganisations([...plan.steps, ...plan.unanswered], organisation.id, organisations);
  for (const other of summary.otherOrganisations) io.err(describeOther(other));
  const org = client.forOrganisation(organisation.id);
  const own = plan.steps.filter((step) => sameId(step.organisationId, organisation.id));
  const found = await lostCreateSteps(org, plan.unanswered, entries, options, summary);
  // An update that failed left its `updated` entry and no `applied`: not listed unless it may have applied.
  const { steps, neverApplied, unknown } = await checkUnapplied(org, [...found, ...own], Boolean(options.force));
  for (const sequence of neverApplied)
    io.err(`${sequence}: the run's update of it was never applied: nothing to restore`);
  summary.changed.push(...unknown);
  if (steps.length === 0) {
    io.err(`Nothing to undo in ${options.journal}.`);
    return finish(summary, options);
  }
  if (!options.yes && !options.confirm) {
    throw new UsageError(
      `Undo would change ${steps.length} records and there is no terminal to ask on: nothing changed; run it again with --yes to confirm`,
    );
  }
  io.err(`Undo in ${organisation.name}:\n${steps.map(describeStep).join('\n')}`);
  if (!options.yes && !(await options.confirm!(`Undo these ${steps.length} changes? [y/N] `))) {
    io.err('Nothing changed.');
    return summary;
  }
  const timeZone = options.timezone ?? DEFAULT_TIME_ZONE;
  const how = { force: Boolean(options.force), timeZone, summary, organisationId: organisation.id };
  const lock = await acquireRunLock(lockPathFor(options.journal), `undoing ${options.journal}`);
  try {
    const journal = await FileJournal.open(options.journal, { service: connection.baseUrl });
    try {
      for (const step of steps) await undoStep(org, step, { ...how, journal });
    } finally {
      await journal.close();
    }
  } finally {
    await lock.release();
  }
  return finish(summary, options);
}

/**
 * Looks for the records of the creates sent with no answer journalled (lost-creates.ts): found ones
 * become delete steps; those not found are said once (nothing to take back); those undo cannot settle
 * go to `summary.unanswered` (exit 1: run the import again first, it journals them).
 */
async function lostCreateSteps(
  org: OrgClient,
  intents: readonly IntentEntry[],
  entries: readonly JournalEntry[],
  options: UndoOptions,
  summary: UndoSummary,
): Promise<UndoStep[]> {
  const own = intents.filter((i) => sameId(i.organisationId, org.orgId));
  if (own.length === 0) return [];
  // Records the journal names as created or updated are accounted for by their own entries: never a lost send's.
  const claimed = new Set(
    entries.flatMap((e) => (e.type === 'created' || e.type === 'updated' ? [e.recordId.toLowerCase()] : [])),
  );
  const lost = await findLostCreates(org, own, claimed, options.timezone ?? DEFAULT_TIME_ZONE);
  if (lost.notFound.length) {
    const n = lost.notFound.length;
    options.io.err(
      `${n} ${n === 1 ? 'send' : 'sends'} of the journal recorded no answer and no such record is in the service (refused, or never sent): nothing to take back for ${n === 1 ? 'it' : 'them'}${options.timezone ? '' : ' (if the import ran with --timezone, undo with the same one: records are found by dates in it)'}.`,
    );
  }
  for (const { intent, reason } of lost.unresolved)
    summary.unanswered.push({ rows: describeRows(intent), reason: `its send recorded no answer and ${reason}` });
  return lost.steps;
}

/** @throws UsageError (exit 2, nothing read) when `--timezone` is not an IANA time zone. */
function checkTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone });
  } catch {
    throw new UsageError(`Expected \`--timezone\` to be an IANA time zone such as Australia/Sydney, got '${timeZone}'`);
  }
}

/** Sets the exit code and prints what was left and the totals. */
function finish(summary: UndoSummary, options: UndoOptions): UndoSummary {
  const { io } = options;
  const left = summary.failed.length + summary.changed.length + summary.unanswered.length;
  summary.exitCode = left || summary.otherOrganisations.length ? 1 : 0;
  if (options.json) io.out(JSON.stringify(summary, null, 2));
  for (const c of summary.changed) io.err(`${c.sequence}: not undone: ${c.reason}`);
  for (const f of summary.failed) io.err(`${f.sequence}: not undone: ${f.reason}`);
  for (const u of summary.unanswered) io.err(`${u.rows}: not undone: ${u.reason}`);
  if (summary.unanswered.length) {
    io.err(
      `Import the file again first (it looks for the records of sends with no answer and journals them), then undo: ${summary.unanswered.length} left`,
    );
  }
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

/** Checks one record against what the run wrote, applies the step, and records it as undone. */
async function undoStep(
  org: OrgClient,
  step: UndoStep,
  context: RestoreOptions & { summary: UndoSummary; journal: FileJournal; organisationId: string },
): Promise<void> {
  const { summary } = context;
  try {
    // A record found for a send with no answer is journalled as that send's first (as the import adopts it),
    // so the send counts as answered from now on, whatever happens to the delete.
    if (step.lost) await context.journal.append(adoptedEntry(step.lost, step));
    const current = await UNDO_OPS[step.kind].get(org, step.recordId).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
    if (current && !context.force) {
      const changed = changedSinceWritten(current.updated_at, step.written);
      if (changed) {
        const reason = `${changed}${await asCreatedNote(org, step, current, context.timeZone)}`;
        summary.changed.push({ sequence: step.sequence, reason });
        return;
      }
    }
    const applied = current ? await applyStep(org, step, current, context) : 'gone';
    if (typeof applied === 'object') {
      summary[applied.left].push({ sequence: step.sequence, reason: applied.reason });
      return;
    }
    const gone = applied === 'gone';
    // A 404 is not proof: the record may be another organisation's. Only the deleted list says it was deleted.
    if (gone && !(await listedAsDeleted(org, step))) {
      summary.failed.push({ sequence: step.sequence, reason: NOT_LISTED_AS_DELETED });
      return;
    }
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

/**
 * Said of a created record changed since that still holds what the run created (its fingerprint's
 * supplier, date, storage, order and invoice numbers and lines): the change may be the undo of a later
 * run that updated it, which puts it back so. Only said: whether anyone else changed it is the user's call.
 */
async function asCreatedNote(org: OrgClient, step: UndoStep, current: Receipt | Return, timeZone: string) {
  if (step.action !== 'delete' || !step.fingerprint) return '';
  const now = await fingerprint(UNDO_OPS[step.kind].identity(org, current, timeZone));
  return now === step.fingerprint
    ? ". Its supplier, date, storage, numbers and lines are as this run created them: if the change was the undo of a later run's update, nothing of anyone else's is lost and --force undoes it"
    : '';
}

/** The `created` entry of a record found for a send whose answer was lost (the import's own, `adopt`). */
function adoptedEntry(intent: IntentEntry, step: UndoStep): JournalEntry {
  const { type: _intent, cursor: _cursor, ...send } = intent;
  return {
    ...send,
    at: new Date().toISOString(),
    type: 'created',
    recordId: step.recordId,
    sequence: step.sequence,
    ...(step.written ? { updatedAt: step.written } : {}),
    lineItemIds: [],
  };
}

/** Why a record the service answers 404 for is not counted as gone. */
const NOT_LISTED_AS_DELETED =
  "the service has no such record in this organisation and does not list it as deleted (it may be another organisation's, or deleted too long ago for the service's deleted list): left in the journal to undo";

/** Whether the service's deleted list (gaps row 17, ids filter) holds the step's record. */
async function listedAsDeleted(org: OrgClient, step: UndoStep): Promise<boolean> {
  const { records } = await org.listDeleted(step.kind, { ids: [step.recordId] });
  return records.some((record) => sameId(record.id, step.recordId));
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
  const where = whereRows(step);
  const lost = step.lost ? '; its answer was lost, found in the service' : '';
  const rows = where.length || lost ? ` (${where.join(', ')}${lost})` : '';
  return step.action === 'delete'
    ? `  delete ${step.sequence}${rows}`
    : `  restore ${step.sequence} as it was before the import${rows}`;
}

/** `one.csv, row 2`: where a send's rows came from. */
function describeRows(entry: { file?: string; sheet?: string; rowNumbers: number[] }): string {
  return whereRows(entry).join(', ') || 'a record';
}

function whereRows(entry: { file?: string | undefined; sheet?: string | undefined; rowNumbers: number[] }): string[] {
  const { file, sheet, rowNumbers } = entry;
  return [
    file,
    // A CSV has no sheets (its one sheet is named after the file).
    sheet && sheet !== file && !/\.(csv|tsv|txt)$/i.test(file ?? '') ? `sheet ${sheet}` : '',
    rowNumbers.length ? `${rowNumbers.length === 1 ? 'row' : 'rows'} ${rowNumbers.join(', ')}` : '',
  ].filter((part): part is string => Boolean(part));
}

/**
 * Applies one step to the record as just read (`current`): deleted, or restored; `gone` when it no longer
 * exists (nothing to do); or, a restore, left as it is with why (restore.ts).
 */
async function applyStep(
  org: OrgClient,
  step: UndoStep,
  current: Receipt | Return,
  options: RestoreOptions,
): Promise<'deleted' | RestoreOutcome> {
  if (step.action === 'restore') return restoreRecord(org, step, current, options);
  try {
    await UNDO_OPS[step.kind].delete(org, step.recordId);
    return 'deleted';
  } catch (error) {
    if (error instanceof NotFoundError) return 'gone';
    throw error;
  }
}
