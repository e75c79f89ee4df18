import { z } from 'zod';

/**
 * The journal of an import run (issue 4): every write is recorded before the run moves on, so an
 * interrupted run started again skips what was done, and `shed undo` can take it back.
 * - `intent` is written (and flushed) before a create is sent; `created` after its answer. An intent
 *   with no `created` means the outcome is unknown: the next run looks for the record before sending.
 * - `updated` keeps the record as it was before the update, for undo.
 * - `undone` marks a record that undo took back.
 */
const Base = z.object({ at: z.string(), organisationId: z.string(), kind: z.enum(['receipts', 'returns']) });

export const JournalEntry = z.discriminatedUnion('type', [
  Base.extend({ type: z.literal('run'), file: z.string(), cursor: z.string().nullable() }),
  Base.extend({ type: z.literal('intent'), fingerprint: z.string(), rowNumbers: z.array(z.number()), cursor: z.string().nullable() }),
  Base.extend({
    type: z.literal('created'),
    fingerprint: z.string(),
    recordId: z.string(),
    sequence: z.string(),
    lineItemIds: z.array(z.string()).default([]),
    rowNumbers: z.array(z.number()),
  }),
  Base.extend({ type: z.literal('updated'), recordId: z.string(), sequence: z.string(), previous: z.unknown(), rowNumbers: z.array(z.number()) }),
  Base.extend({ type: z.literal('undone'), recordId: z.string() }),
]);
export type JournalEntry = z.infer<typeof JournalEntry>;
export type CreatedEntry = Extract<JournalEntry, { type: 'created' }>;
export type UpdatedEntry = Extract<JournalEntry, { type: 'updated' }>;

/**
 * Where journal entries go. `append` resolves once the entry is durable (the CLI's file journal
 * fsyncs; entries appended while a flush runs go out together in the next one).
 */
export interface JournalSink {
  append(entry: JournalEntry): Promise<void>;
}

/** What earlier runs recorded, looked up by fingerprint. */
export class JournalIndex {
  private readonly created = new Map<string, CreatedEntry>();
  private readonly intents = new Map<string, Extract<JournalEntry, { type: 'intent' }>>();

  /** @param entries the journal's entries in file order (earlier runs, same organisation and kind). */
  constructor(entries: readonly JournalEntry[], organisationId: string, kind: 'receipts' | 'returns') {
    const undone = new Set(entries.flatMap((e) => (e.type === 'undone' ? [e.recordId] : [])));
    for (const entry of entries) {
      if (entry.organisationId !== organisationId || entry.kind !== kind) continue;
      if (entry.type === 'created' && !undone.has(entry.recordId)) {
        this.created.set(entry.fingerprint, entry);
        this.intents.delete(entry.fingerprint);
      } else if (entry.type === 'intent' && !this.created.has(entry.fingerprint)) {
        this.intents.set(entry.fingerprint, entry);
      }
    }
  }

  /** The record an earlier run created for this fingerprint, if any. */
  createdFor(fingerprint: string): CreatedEntry | undefined {
    return this.created.get(fingerprint);
  }

  /** An earlier run sent this create but never learnt its outcome: the service cursor it started from. */
  pendingIntent(fingerprint: string): { cursor: string | null } | undefined {
    return this.intents.get(fingerprint);
  }
}

/** Parses journal lines (JSON per line); a torn last line (a crash mid-write) is ignored. */
export function parseJournal(text: string): JournalEntry[] {
  const entries: JournalEntry[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const parsed = JournalEntry.safeParse(JSON.parse(line));
      if (parsed.success) entries.push(parsed.data);
    } catch {
      // A line cut short by a crash: it recorded nothing durable.
    }
  }
  return entries;
}
