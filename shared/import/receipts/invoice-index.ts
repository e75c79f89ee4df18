/**
 * The invoices a grouping has met, by Record ID and by invoice number (with the supplier keys that
 * tell two suppliers' invoices of one number apart), and how header values and suppliers compare:
 * case and spacing ignored. Used by group.ts; generic in the invoice (a group) it holds.
 */
import type { CellValue } from '../../sheet/grid.ts';
import { cellText, isCleanAscii } from '../../sheet/values/index.ts';

/** A supplier as invoice keys compare it: case and spacing ignored; '' for none. */
export function supplierKeyOf(supplier: string | null): string {
  return supplier === null ? '' : comparable(supplier);
}

/**
 * The invoices of one invoice number: all of them (newest last), and those keyed by a supplier. Each
 * list is made with its first item (an array grown from empty takes room for 17).
 */
interface NumberEntry<G> {
  groups: G[] | null;
  /** Pairs: a supplier key (see {@link supplierKeyOf}), then the invoice first keyed by it. */
  keyed: (string | G)[] | null;
  /**
   * The first pair's key is still to be made, of the Supplier cell {@link firstSupplier} (most numbers
   * are met once: their key is made only when a second row of the number asks; see {@link settled}).
   */
  keyLeft: boolean;
  firstSupplier: CellValue | undefined;
}

/**
 * The invoices met so far: by Record ID, and by invoice number (one {@link NumberEntry} each, looked up
 * once per row). One map lookup per number, no key text built.
 */
export class InvoiceIndex<G> {
  private readonly byRecord = new Map<string, G>();
  private readonly byNumber = new Map<string, NumberEntry<G>>();

  /** The invoice of a Record ID (as {@link recordIdOf} gives it). */
  record(recordId: string): G | undefined {
    return this.byRecord.get(recordId);
  }

  /** Keys `group` by its Record ID, unless an invoice already is. */
  addRecord(recordId: string, group: G): void {
    if (!this.byRecord.has(recordId)) this.byRecord.set(recordId, group);
  }

  /** The entry of an invoice number (made empty on first use: an empty entry holds no invoice). */
  entry(number: string): NumberEntry<G> {
    let entry = this.byNumber.get(number);
    if (entry === undefined) {
      entry = { groups: null, keyed: null, keyLeft: false, firstSupplier: undefined };
      this.byNumber.set(number, entry);
    }
    return entry;
  }
}

/** `entry`'s pairs, the first pair's key made now if it was left to make (see {@link keyLater}). */
function settled<G>(entry: NumberEntry<G>): (string | G)[] | null {
  const keyed = entry.keyed;
  if (keyed !== null && entry.keyLeft) {
    keyed[0] = supplierKeyOf(cellText(entry.firstSupplier ?? null) || null);
    entry.keyLeft = false;
    entry.firstSupplier = undefined;
  }
  return keyed;
}

/** Keys `group` as the first invoice of `entry`'s number (none yet), by this Supplier cell, its key made when asked. */
export function keyLater<G>(entry: NumberEntry<G>, supplier: CellValue | undefined, group: G): void {
  entry.keyed = ['', group];
  entry.keyLeft = true;
  entry.firstSupplier = supplier;
}

/** The invoice of `entry`'s number first keyed by this supplier key. */
export function keyedIn<G>(entry: NumberEntry<G>, supplierKey: string): G | undefined {
  const keyed = settled(entry);
  if (!keyed) return undefined;
  for (let k = 0; k < keyed.length; k += 2) if (keyed[k] === supplierKey) return keyed[k + 1] as G;
  return undefined;
}

/** Keys `group` by `entry`'s number and this supplier key, unless an invoice already is. */
export function addKeyedTo<G>(entry: NumberEntry<G>, supplierKey: string, group: G): void {
  const keyed = settled(entry);
  if (!keyed) entry.keyed = [supplierKey, group];
  else if (keyedIn(entry, supplierKey) === undefined) keyed.push(supplierKey, group);
}

/** Counts `group` among the invoices of `entry`'s number (once). */
export function rememberIn<G>(entry: NumberEntry<G>, group: G): void {
  if (!entry.groups) entry.groups = [group];
  else if (!entry.groups.includes(group)) entry.groups.push(group);
}

/** Header values compared as a bookkeeper reads them: case and spacing ignored. */
export function comparable(value: CellValue): string {
  const lower = cellText(value).toLowerCase();
  return isCleanAscii(lower) ? lower : lower.replace(/\s+/g, ' ');
}
