/**
 * What an import run decides before any request, in sheet order: each create's identity, fingerprint
 * and invoice key, what the journal of earlier runs says of it, and the invoices the sheet holds twice.
 */
import type { RowResult } from '../outcome.ts';
import type { ServiceRecord } from './existing.ts';
import { fingerprint } from './fingerprint.ts';
import type { JournalMatch } from './journal.ts';
import type { ImportDraft, ImportOps } from './ops.ts';
import type { RunOptions } from './run-options.ts';
import { refusedRepeats } from './same-invoice.ts';

/** The run's knowledge of its drafts before sending, by draft index. */
export interface Prepared {
  /** Each create's identity ('' for drafts that are not creates: updates, refused rows). */
  identities: string[];
  /** Each draft's fingerprint of its identity ('' when it has none), as it is computed. */
  prints: Promise<string>[];
  /** Each create's invoice key (null when none). */
  keys: (string | null)[];
  /** What the journal says of each create (absent: nothing). */
  matches: Map<number, JournalMatch>;
  /** The rows of drafts refused as the same invoice twice in the sheet. */
  repeats: Map<number, RowResult[]>;
}

/**
 * Prepares the drafts of a run (runImport). Fingerprints (Web Crypto, async) are all begun at once;
 * they are waited for here only when the journal has entries of this organisation and kind to match
 * them against (in sheet order, so two equal invoices claim different entries deterministically).
 * With a journal of none, no match can be found: each create waits for its own fingerprint when it
 * journals its intent, and the first are sent while the rest are computed.
 */
export async function prepareDrafts<D extends ImportDraft<B>, B, R extends ServiceRecord>(
  drafts: readonly D[],
  ops: ImportOps<D, B, R>,
  options: Pick<RunOptions, 'journal' | 'sheet' | 'allowDuplicates'>,
): Promise<Prepared> {
  // Only creates need an identity; updates are found by Record ID.
  const identities = drafts.map((d) => (d.body && !d.recordId ? ops.identityOfBody(d.body) : ''));
  // Computed at once, each resolved only after the one before it: records journal their intents, and
  // so take their places to send, in sheet order.
  let before: Promise<unknown> = Promise.resolve();
  const prints = identities.map((identity) => {
    const print = Promise.all([identity ? fingerprint(identity) : '', before]).then(([own]) => own);
    before = print.catch(() => undefined);
    return print;
  });
  const creates = identities.flatMap((identity, i) => (identity ? [i] : []));
  const matches = new Map<number, JournalMatch>();
  if (!options.journal.empty) {
    const known = await Promise.all(prints);
    const found = options.journal.match(
      creates.map((i) => ({ fingerprint: known[i]!, sheet: options.sheet ?? '', rowNumbers: drafts[i]!.rowNumbers })),
    );
    creates.forEach((draftIndex, k) => matches.set(draftIndex, found[k]!));
  } else {
    for (const print of prints) print.catch(() => undefined); // thrown where its create awaits it
  }
  // The same invoice twice in the sheet (its supplier spelt two ways, or no number and the same content):
  // refused before any twin is claimed.
  const keys = drafts.map((d, i) => (identities[i] && ops.invoiceKeyOf ? ops.invoiceKeyOf(d.body!) : null));
  const repeats = options.allowDuplicates
    ? new Map<number, RowResult[]>()
    : refusedRepeats(drafts, keys, identities, ops, journalledAt(matches));
  return { identities, prints, keys, matches, repeats };
}

/**
 * Whether the journal says an earlier run created draft `index`, or meant to (an intent it never saw
 * answered): that run chose to send it (`--allow-duplicates`), and its record may exist, so it is not
 * refused now for repeating another of the sheet's.
 */
function journalledAt(matches: ReadonlyMap<number, JournalMatch>): (index: number) => boolean {
  return (index) => {
    const match = matches.get(index);
    return Boolean(match?.created ?? match?.pending);
  };
}
