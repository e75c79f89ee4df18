/**
 * What undoing a journal means, pure: the steps (delete what was created, restore what was updated) and the
 * update bodies that put a receipt or a return back as it was.
 */
import type { ReceiptUpdateBody, ReturnUpdateBody } from '../../../shared/schemas/bodies.ts';
import { Receipt, Return } from '../../../shared/schemas/resources.ts';
import type { CreatedEntry, IntentEntry, JournalEntry, UpdatedEntry } from '../../../shared/import/engine/journal.ts';
import type { ImportKind } from '../../../shared/kinds/index.ts';

/** The schema a record's previous state in the journal is read with, per kind. */
const PREVIOUS_SCHEMA: Readonly<Record<ImportKind, typeof Receipt | typeof Return>> = {
  receipts: Receipt,
  returns: Return,
};

/** One step of an undo: delete a record a run created, or put back one it updated. */
export type UndoStep = (
  | {
      action: 'delete';
      kind: ImportKind;
      recordId: string;
      sequence: string;
      rowNumbers: number[];
      /** The fingerprint of what the run created (fingerprint.ts), when the journal records it. */
      fingerprint?: string;
    }
  | {
      action: 'restore';
      kind: ImportKind;
      recordId: string;
      sequence: string;
      rowNumbers: number[];
      previous: Receipt | Return;
    }
) & {
  /** The organisation the record is in (a journal may hold several: one file imported with two `--org`). */
  organisationId: string;
  /** The file and sheet the record's rows came from, when the journal records them. */
  file?: string;
  sheet?: string;
  /** The record's `updated_at` after the journal's last write to it; null when the journal does not say. */
  written: string | null;
  /** Found in the service by its fingerprint: the send (its intent) whose answer was lost (lost-creates.ts). */
  lost?: IntentEntry;
};

/**
 * What undoing a journal means (pure): every record it created is deleted, every record it updated
 * is put back as it was before the first update, newest first. The journal is walked in order: an
 * `undone` entry takes back only the entries before it, so a record undone and then written again by a
 * later run of the same file (journals are per input file and outlive runs) is undone again; the
 * first `updated` after an `undone` holds the state to put back then.
 * Each step carries the `updated_at` the journal's last write left (`created` or `applied`), so undo
 * can refuse a record someone changed since.
 * @returns the steps (each names its organisation), the creates sent with no answer journalled
 *   (`unansweredIntents`: their records, if the service made them, must be looked for), and the
 *   organisations either is in, in order of first appearance (`organisations`, empty: nothing to undo).
 */
export function planUndo(entries: readonly JournalEntry[]): {
  organisations: string[];
  steps: UndoStep[];
  unanswered: IntentEntry[];
} {
  // Steps still open (not yet undone), by record id, in the order they were opened.
  const open = new Map<string, UndoStep>();
  for (const entry of entries) {
    if (entry.type === 'undone') open.delete(entry.recordId);
    else if (entry.type === 'created' || entry.type === 'applied') {
      const step = open.get(entry.recordId);
      if (step && entry.updatedAt) step.written = entry.updatedAt;
      else if (!step && entry.type === 'created') open.set(entry.recordId, deleteStep(entry));
    } else if (entry.type === 'updated' && !open.has(entry.recordId)) {
      // The first update since the record was last undone holds its state before the run touched it.
      const step = restoreStep(entry);
      if (step) open.set(entry.recordId, step);
    }
  }
  const steps = [...open.values()].reverse();
  const unanswered = unansweredIntents(entries);
  const pending = new Set([...steps, ...unanswered].map((s) => s.organisationId));
  const organisations = [...new Set(entries.map((e) => e.organisationId))].filter((id) => pending.has(id));
  return { organisations, steps, unanswered };
}

/**
 * The creates a run sent (its `intent` is journalled before the send) with no `created` after them: a
 * crash or a stop between the send and its answer, or a send the service refused (the journal cannot
 * tell which). Walked in order: a `created` of the same organisation, kind and row group (else, the
 * rows having moved, the same fingerprint) answers the intents before it; repeated intents of one row
 * group are one (a run sending again after its first intent).
 */
export function unansweredIntents(entries: readonly JournalEntry[]): IntentEntry[] {
  const pending = new Map<string, IntentEntry>();
  const scope = (e: IntentEntry | CreatedEntry) => `${e.organisationId}|${e.kind}|${e.fingerprint}`;
  const group = (e: IntentEntry | CreatedEntry) => `${scope(e)}@${e.sheet ?? ''}!${e.rowNumbers.join(',')}`;
  for (const entry of entries) {
    if (entry.type === 'intent') {
      if (!pending.has(group(entry))) pending.set(group(entry), entry);
    } else if (entry.type === 'created') {
      if (pending.delete(group(entry))) continue;
      const moved = [...pending.entries()].find(([, intent]) => scope(intent) === scope(entry));
      if (moved) pending.delete(moved[0]);
    }
  }
  return [...pending.values()];
}

/** The step that deletes a record a run created. */
function deleteStep(entry: CreatedEntry): UndoStep {
  return { action: 'delete', ...stepRecord(entry), fingerprint: entry.fingerprint, written: entry.updatedAt ?? null };
}

/** The step that puts back a record a run updated; null when the journal's previous state does not read. */
function restoreStep(entry: UpdatedEntry): UndoStep | null {
  const previous = PREVIOUS_SCHEMA[entry.kind].safeParse(entry.previous);
  if (!previous.success) return null;
  return { action: 'restore', ...stepRecord(entry), previous: previous.data, written: null };
}

/** The record a step acts on, and where the journal says it came from. */
function stepRecord(entry: CreatedEntry | UpdatedEntry) {
  const { kind, recordId, sequence, rowNumbers, organisationId } = entry;
  return { kind, recordId, sequence, rowNumbers, organisationId, ...whereFrom(entry) };
}

/** The file and sheet an entry names (journals of older versions name neither, or only the sheet). */
function whereFrom(entry: { file?: string | undefined; sheet?: string | undefined }): {
  file?: string;
  sheet?: string;
} {
  return { ...(entry.file ? { file: entry.file } : {}), ...(entry.sheet ? { sheet: entry.sheet } : {}) };
}

/**
 * The update that puts a receipt back as it was: its header fields, and its line items as desired
 * state. Items that still exist keep their ids; items the run deleted come back as new items (the
 * service gives them new ids).
 */
export function restoreReceiptBody(previous: Receipt, currentItemIds: ReadonlySet<string>): ReceiptUpdateBody {
  return {
    storage_id: previous.storage_id,
    received_at: previous.received_at,
    supplier: previous.supplier,
    order_number: previous.order_number,
    notes: previous.notes,
    line_items: previous.line_items.map((item) => ({
      ...(currentItemIds.has(item.id) ? { id: item.id } : {}),
      product_id: item.product_id,
      product_alias_id: item.product_alias_id,
      quantity: item.quantity,
      pack_size_value: item.pack_size_value,
      pack_size_unit: item.pack_size_unit,
      pack_cost: item.pack_cost,
    })),
  };
}

/** The update that puts a return back as it was (every field, gaps row 8). */
export function restoreReturnBody(previous: Return): ReturnUpdateBody {
  const { storage_id, product_id, returned_at, supplier, amount_value, amount_unit, notes, reference } = previous;
  return { storage_id, product_id, returned_at, supplier, amount_value, amount_unit, notes, reference };
}
