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
 * The invoices of one invoice number: all of them (newest last), and those keyed by a supplier. The
 * first of each is held in the entry itself, a list made only for a second (most numbers are met on
 * one invoice: no list at all).
 */
interface NumberEntry<G> {
  /** The first invoice of the number (null: none yet), then the others, newest last (null: none). */
  first: G | null;
  others: G[] | null;
  /** The first supplier key (see {@link supplierKeyOf}) and the invoice first keyed by it (null: none yet). */
  key0: string;
  keyed0: G | null;
  /** Pairs after the first: a supplier key, then the invoice first keyed by it (null: none). */
  keyed: (string | G)[] | null;
  /**
   * The first pair's key is still to be made, of the Supplier cell {@link firstSupplier} (most numbers
   * are met once: their key is made only when a second row of the number asks; see {@link settle}).
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
      entry = {
        first: null,
        others: null,
        key0: '',
        keyed0: null,
        keyed: null,
        keyLeft: false,
        firstSupplier: undefined,
      };
      this.byNumber.set(number, entry);
    }
    return entry;
  }
}

/** Whether `entry` holds no invoice yet, counted or keyed (its number's first row). */
export function isEmptyEntry<G>(entry: NumberEntry<G>): boolean {
  return entry.first === null && entry.keyed0 === null;
}

/** Makes the first pair's key now if it was left to make (see {@link keyLater}). */
function settle<G>(entry: NumberEntry<G>): void {
  if (!entry.keyLeft) return;
  entry.key0 = supplierKeyOf(cellText(entry.firstSupplier ?? null) || null);
  entry.keyLeft = false;
  entry.firstSupplier = undefined;
}

/** Keys `group` as the first invoice of `entry`'s number (none yet), by this Supplier cell, its key made when asked. */
export function keyLater<G>(entry: NumberEntry<G>, supplier: CellValue | undefined, group: G): void {
  entry.key0 = '';
  entry.keyed0 = group;
  entry.keyLeft = true;
  entry.firstSupplier = supplier;
}

/** The invoice of `entry`'s number first keyed by this supplier key. */
export function keyedIn<G>(entry: NumberEntry<G>, supplierKey: string): G | undefined {
  if (entry.keyed0 === null) return undefined;
  settle(entry);
  if (entry.key0 === supplierKey) return entry.keyed0;
  const keyed = entry.keyed;
  if (!keyed) return undefined;
  for (let k = 0; k < keyed.length; k += 2) if (keyed[k] === supplierKey) return keyed[k + 1] as G;
  return undefined;
}

/** Keys `group` by `entry`'s number and this supplier key, unless an invoice already is. */
export function addKeyedTo<G>(entry: NumberEntry<G>, supplierKey: string, group: G): void {
  if (entry.keyed0 === null) {
    entry.key0 = supplierKey;
    entry.keyed0 = group;
  } else if (keyedIn(entry, supplierKey) === undefined) {
    if (entry.keyed) entry.keyed.push(supplierKey, group);
    else entry.keyed = [supplierKey, group];
  }
}

/** Counts `group` among the invoices of `entry`'s number (once). */
export function rememberIn<G>(entry: NumberEntry<G>, group: G): void {
  if (entry.first === null) entry.first = group;
  else if (!hasInvoice(entry, group)) {
    if (entry.others) entry.others.push(group);
    else entry.others = [group];
  }
}

/** Whether `group` is among the invoices of `entry`'s number (`entry` null: none). */
export function hasInvoice<G>(entry: NumberEntry<G> | null, group: G): boolean {
  if (entry === null || entry.first === null) return false;
  return entry.first === group || (entry.others !== null && entry.others.includes(group));
}

/** The newest invoice of `entry`'s number, or null (`entry` null: none). */
export function newestInvoice<G>(entry: NumberEntry<G> | null): G | null {
  if (entry === null) return null;
  const others = entry.others;
  return others !== null && others.length > 0 ? others[others.length - 1]! : entry.first;
}

/** Header values compared as a bookkeeper reads them: case and spacing ignored. */
export function comparable(value: CellValue): string {
  const lower = cellText(value).toLowerCase();
  return isCleanAscii(lower) ? lower : lower.replace(/\s+/g, ' ');
}
