import { NotFoundError } from '../../../shared/errors/not-found-error.ts';
import type { OrgClient } from '../../../shared/client/index.ts';
import { chooseOrganisation } from '../../../shared/session/choose-organisation.ts';
import type { ConnectionFlags } from '../../config/connection.ts';
import { FileJournal, readJournal } from '../../journal/file-journal.ts';
import { connect, openClient } from '../../session/open-session.ts';
import type { CommandIO } from '../../ui/io.ts';
import { UsageError } from '../import/options.ts';
import type { UndoStep } from './plan.ts';
import { planUndo, restoreReceiptBody, restoreReturnBody } from './plan.ts';

/** Options of `shed undo JOURNAL [--yes]`. */
export interface UndoOptions extends ConnectionFlags {
  journal: string;
  yes?: boolean;
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
  failed: { sequence: string; reason: string }[];
  exitCode: number;
}

/**
 * `shed undo JOURNAL`: takes back what one import run wrote (issue 4): deletes the records it created
 * and puts back those it updated, after a confirmation listing them (or `--yes`). Each step is
 * recorded in the journal as `undone`, so a second undo does nothing. The way out of an import into
 * the wrong organisation: the journal names the organisation, and the token must see it.
 * @throws UsageError (exit 2) for an unreadable or empty journal, or no confirmation without `--yes`.
 */
export async function undoCommand(options: UndoOptions): Promise<UndoSummary> {
  const { io } = options;
  const entries = await readJournal(options.journal).catch((error: Error) => {
    throw new UsageError(`Cannot read the journal ${options.journal}: ${error.message}`);
  });
  const { organisationId, steps } = planUndo(entries);
  const summary: UndoSummary = { organisationId, deleted: [], restored: [], alreadyGone: [], failed: [], exitCode: 0 };
  if (!organisationId || steps.length === 0) {
    io.err(`Nothing to undo in ${options.journal}.`);
    return summary;
  }
  const client = openClient(await connect(options, io), io);
  const organisation = chooseOrganisation(await client.listOrganisations(), organisationId);
  const listing = steps.map(describeStep).join('\n');
  io.err(`Undo in ${organisation.name}:\n${listing}`);
  if (!options.yes) {
    if (!options.confirm) throw new UsageError('Undo changes records: confirm with --yes (no terminal to ask on)');
    if (!(await options.confirm(`Undo these ${steps.length} changes? [y/N] `))) {
      io.err('Nothing changed.');
      return summary;
    }
  }
  const org = client.forOrganisation(organisation.id);
  const journal = await FileJournal.open(options.journal);
  try {
    for (const step of steps) {
      try {
        const gone = await applyStep(org, step);
        (gone ? summary.alreadyGone : step.action === 'delete' ? summary.deleted : summary.restored).push(step.sequence);
        await journal.append({ at: new Date().toISOString(), organisationId: organisation.id, kind: step.kind, type: 'undone', recordId: step.recordId });
      } catch (error) {
        summary.failed.push({ sequence: step.sequence, reason: error instanceof Error ? error.message : String(error) });
      }
    }
  } finally {
    await journal.close();
  }
  summary.exitCode = summary.failed.length ? 1 : 0;
  if (options.json) io.out(JSON.stringify(summary, null, 2));
  for (const f of summary.failed) io.err(`${f.sequence}: not undone: ${f.reason}`);
  io.err(
    `Undone: ${summary.deleted.length} deleted, ${summary.restored.length} restored` +
      (summary.alreadyGone.length ? `, ${summary.alreadyGone.length} already gone` : '') +
      (summary.failed.length ? `; ${summary.failed.length} failed` : ''),
  );
  return summary;
}

function describeStep(step: UndoStep): string {
  const rows = step.rowNumbers.length ? ` (rows ${step.rowNumbers.join(', ')})` : '';
  return step.action === 'delete' ? `  delete ${step.sequence}${rows}` : `  restore ${step.sequence} as it was before the import${rows}`;
}

/** Applies one step; true when the record no longer exists (nothing to do). */
async function applyStep(org: OrgClient, step: UndoStep): Promise<boolean> {
  try {
    if (step.action === 'delete') {
      await (step.kind === 'receipts' ? org.deleteReceipt(step.recordId) : org.deleteReturn(step.recordId));
    } else if (step.kind === 'receipts') {
      const current = await org.getReceipt(step.recordId);
      const ids = new Set(current.line_items.map((item) => item.id));
      await org.updateReceipt(step.recordId, restoreReceiptBody(step.previous as never, ids));
    } else {
      await org.updateReturn(step.recordId, restoreReturnBody(step.previous as never));
    }
    return false;
  } catch (error) {
    if (error instanceof NotFoundError) return true;
    throw error;
  }
}
