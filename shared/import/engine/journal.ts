/**
 * The import journal in the core: entries, where they go, and what earlier runs recorded matched to this run's
 * creates, so a re-run never sends an invoice twice.
 */
import { IMPORT_KINDS, type ImportKind } from '../../kinds/index.ts';
import { z } from 'zod';

/**
 * The journal of an import run: every write is recorded before the run moves on, so an interrupted
 * run started again skips what was done, and `shed undo` can take it back.
 * - `intent` is written (and flushed) before a create is sent; `created` after its answer. An intent
 *   with no `created` means the outcome is unknown: the next run looks for the record before sending.
 * - `updated` keeps the record as it was before the update, for undo; `applied` records the
 *   `updated_at` the update left, so undo can tell whether someone changed the record since.
 * - `undone` marks a record that undo took back.
 * Entries of a create name their sheet row group (`sheet` and `rowNumbers`) as well as the content
 * fingerprint: two equal invoices on different rows are two entries, each matched once.
 */
const Base = z.object({
  at: z.string(),
  organisationId: z.string(),
  kind: z.enum(IMPORT_KINDS),
  /** SHA-256 (hex) of the source document the entry came from, where the face records it (e-invoices). */
  sourceSha256: z.string().optional(),
  /**
   * The service the entry was written against, as {@link journalService} gives it (organisation ids are
   * the service's own: two services may share them); absent in journals written before it was recorded.
   */
  service: z.string().optional(),
});
/** The sheet a create came from; absent in journals written before it was recorded. */
const Sheet = z.string().optional();
/** The file (its name) a write came from, for undo's listing; absent in journals written before it was recorded. */
const File = z.string().optional();
/** Why a run sent an invoice the service already held (`--allow-duplicates REASON`), when it did. */
const Allowed = z.string().optional();

export const JournalEntry = z.discriminatedUnion('type', [
  Base.extend({ type: z.literal('run'), file: z.string(), cursor: z.string().nullable() }),
  Base.extend({
    type: z.literal('intent'),
    fingerprint: z.string(),
    file: File,
    sheet: Sheet,
    allowedDuplicate: Allowed,
    rowNumbers: z.array(z.number()),
    cursor: z.string().nullable(),
  }),
  Base.extend({
    type: z.literal('created'),
    fingerprint: z.string(),
    file: File,
    sheet: Sheet,
    allowedDuplicate: Allowed,
    recordId: z.string(),
    sequence: z.string(),
    /** The record's `updated_at` as the run created or adopted it. */
    updatedAt: z.string().optional(),
    lineItemIds: z.array(z.string()).default([]),
    rowNumbers: z.array(z.number()),
  }),
  Base.extend({
    type: z.literal('updated'),
    file: File,
    sheet: Sheet,
    recordId: z.string(),
    sequence: z.string(),
    previous: z.unknown(),
    rowNumbers: z.array(z.number()),
  }),
  Base.extend({ type: z.literal('applied'), recordId: z.string(), updatedAt: z.string() }),
  Base.extend({ type: z.literal('undone'), recordId: z.string() }),
]);
export type JournalEntry = z.infer<typeof JournalEntry>;
export type CreatedEntry = Extract<JournalEntry, { type: 'created' }>;
export type IntentEntry = Extract<JournalEntry, { type: 'intent' }>;
export type UpdatedEntry = Extract<JournalEntry, { type: 'updated' }>;

/**
 * Where journal entries go. `append` resolves once the entry is durable (the CLI's file journal
 * fsyncs; entries appended while a flush runs go out together in the next one).
 */
export interface JournalSink {
  append(entry: JournalEntry): Promise<void>;
}

/** A create the run is about to decide: its content fingerprint and the sheet rows it came from. */
export interface JournalQuery {
  fingerprint: string;
  sheet?: string;
  rowNumbers: readonly number[];
}

/** What earlier runs recorded for one create: the record they created, or an intent left unanswered. */
export interface JournalMatch {
  created?: CreatedEntry;
  pending?: IntentEntry;
}

/** What earlier runs recorded, matched to this run's creates. */
export class JournalIndex {
  private readonly created: CreatedEntry[] = [];
  private readonly pending: IntentEntry[] = [];

  /** @param entries the journal's entries in file order (only those of this organisation and kind count). */
  constructor(entries: readonly JournalEntry[], organisationId: string, kind: ImportKind) {
    const undone = new Set(entries.flatMap((e) => (e.type === 'undone' ? [e.recordId] : [])));
    const answered = new Set<string>();
    for (const entry of entries) {
      if (entry.organisationId !== organisationId || entry.kind !== kind || entry.type !== 'created') continue;
      answered.add(groupKey(entry));
      if (!undone.has(entry.recordId)) this.created.push(entry);
    }
    const seenIntents = new Set<string>();
    for (const entry of entries) {
      if (entry.organisationId !== organisationId || entry.kind !== kind || entry.type !== 'intent') continue;
      const key = groupKey(entry);
      if (answered.has(key) || seenIntents.has(key)) continue;
      seenIntents.add(key);
      this.pending.push(entry);
    }
  }

  /** Whether the journal has no created entry and no unanswered intent of this organisation and kind. */
  get empty(): boolean {
    return this.created.length === 0 && this.pending.length === 0;
  }

  /**
   * Matches this run's creates to the journal, each entry used at most once: first every exact match
   * (same fingerprint, sheet and rows), then, for creates still unmatched, the earliest entry with the
   * same fingerprint (the sheet had rows inserted or removed since). Pure: the index is not changed.
   * @returns one match per query, in query order.
   */
  match(queries: readonly JournalQuery[]): JournalMatch[] {
    const created = assign(queries, this.created);
    const pending = assign(queries, this.pending);
    return queries.map((_, i) => ({
      ...(created[i] ? { created: created[i] } : {}),
      ...(pending[i] ? { pending: pending[i] } : {}),
    }));
  }
}

/** Entries for queries, each entry at most once: exact row group first, then same fingerprint (file order). */
function assign<E extends CreatedEntry | IntentEntry>(
  queries: readonly JournalQuery[],
  entries: readonly E[],
): (E | undefined)[] {
  const byGroup = groupBy(entries, groupKey);
  const byPrint = groupBy(entries, (e) => e.fingerprint);
  const used = new Set<E>();
  const take = (candidates: readonly E[] | undefined): E | undefined => {
    const entry = candidates?.find((e) => !used.has(e));
    if (entry) used.add(entry);
    return entry;
  };
  const found = queries.map((q) => take(byGroup.get(groupKey(q))));
  return found.map((entry, i) => entry ?? take(byPrint.get(queries[i]!.fingerprint)));
}

function groupBy<E>(entries: readonly E[], key: (entry: E) => string): Map<string, E[]> {
  const groups = new Map<string, E[]>();
  for (const entry of entries) {
    const k = key(entry);
    const list = groups.get(k);
    if (list) list.push(entry);
    else groups.set(k, [entry]);
  }
  return groups;
}

function groupKey(entry: { fingerprint: string; sheet?: string | undefined; rowNumbers: readonly number[] }): string {
  return `${entry.fingerprint}@${entry.sheet ?? ''}!${entry.rowNumbers.join(',')}`;
}

/** A journal's text split into entries, with what was cut off at its end. */
export interface ParsedJournal {
  entries: JournalEntry[];
  /** Bytes (UTF-8) of complete lines: where the next append must start. */
  completeLength: number;
  /** Characters after the last line end: a line cut short by a crash mid-write ('' when none). */
  tornTail: string;
}

/**
 * Parses journal lines (JSON per line). Only complete lines count: a last line without its line
 * end was cut short by a crash and recorded nothing durable. Lines that do not parse are skipped.
 */
export function parseJournal(text: string): ParsedJournal {
  const end = text.lastIndexOf('\n') + 1;
  const entries: JournalEntry[] = [];
  for (const line of text.slice(0, end).split('\n')) {
    if (!line.trim()) continue;
    try {
      const parsed = JournalEntry.safeParse(JSON.parse(line));
      if (parsed.success) entries.push(parsed.data);
    } catch {
      // A damaged line: it recorded nothing this reader can use.
    }
  }
  return { entries, completeLength: new TextEncoder().encode(text.slice(0, end)).length, tornTail: text.slice(end) };
}

/**
 * A service's base URL as journal entries record it: origin (scheme, host in lower case, port unless
 * the scheme's default) and path without trailing slashes; query and fragment dropped.
 * `https://Inputs.Example.com:443/api/` → `https://inputs.example.com/api`. Text that is not a URL is
 * kept as given, trimmed of trailing slashes.
 */
export function journalService(baseUrl: string): string {
  if (!URL.canParse(baseUrl)) return baseUrl.trim().replace(/\/+$/, '');
  const url = new URL(baseUrl);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** How a journal's entries stand against the service a run connects to (see {@link checkJournalServices}). */
export interface JournalServices {
  /** Other services the entries record (normalised, in order of first appearance): the journal is not this service's. */
  others: string[];
  /** Entries that record no service (older journals): they could not be checked. */
  unchecked: number;
}

/**
 * Which services a journal's entries were written against, compared with the one a run connects to.
 * Pure. A run must refuse a journal with `others` (its records are another service's; undoing or
 * skipping by them would use up the journal against the wrong records).
 * @param service the run's service base URL (normalised here with {@link journalService}).
 */
export function checkJournalServices(entries: readonly JournalEntry[], service: string): JournalServices {
  const own = journalService(service);
  const others = new Set<string>();
  let unchecked = 0;
  for (const entry of entries) {
    if (entry.service === undefined) unchecked++;
    else if (journalService(entry.service) !== own) others.add(journalService(entry.service));
  }
  return { others: [...others], unchecked };
}
