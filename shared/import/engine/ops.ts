/**
 * What the import runner needs of one kind of record (receipts or returns): identify, send, read back, compare,
 * and write results.
 */
import type { ImportKind } from '../../kinds/index.ts';
import type { Problem, RowResult, RowStatus } from '../outcome.ts';
import type { ServiceRecord } from './existing.ts';

/** What the runner needs of a draft: receipts and returns both have this shape. */
export interface ImportDraft<B> {
  rowNumbers: number[];
  /** The create body; null when the record was refused before sending. */
  body: B | null;
  recordId: string | null;
  /** `Updated At` as written in the sheet (an export carries it), for conflict checks. */
  updatedAt: string | null;
  problems: Problem[];
  warnings: Problem[];
}

/**
 * One field a sheet record and the service's record differ in, for a conflict's message: the service's
 * value and the sheet's, as text in messages; absent when not worth showing (an id: only the field is named).
 */
export interface FieldDifference {
  /** The field as a bookkeeper names it: `supplier`, `notes`, `line items`. */
  field: string;
  service?: string;
  sheet?: string;
}

/**
 * The names of the ids a record holds, for messages (a storage or product named, not its id): null when
 * unknown, and the id is said instead. A `Resolver` is one.
 */
export interface RecordNames {
  productName(productId: string): string | null;
  storageName(storageId: string): string | null;
}

/** No names known: messages say ids. */
export const NO_NAMES: RecordNames = { productName: () => null, storageName: () => null };

/** A storage by its name, else by its id (one the names do not know: archived, or another organisation's). */
export function storageText(storageId: string, names: RecordNames): string {
  return names.storageName(storageId) ?? storageId;
}

/** A product by its name, else by its id. */
export function productText(productId: string, names: RecordNames): string {
  return names.productName(productId) ?? productId;
}

/** The difference between a sheet record and the service's: the update body to send, or null when equal. */
export interface RecordDiff {
  body: object | null;
  /** What changes, in words, for the dry run and the Message column ("1 line item deleted (…)"). */
  changes: string[];
  /** The same differences field by field (service's value vs the sheet's), for a conflict's message. */
  differences?: FieldDifference[];
  /** The sheet cannot apply to this record (e.g. a Line Item ID of another receipt). */
  error?: string;
}

/**
 * What the import runner needs to know about one kind of record (receipts or returns): how to
 * identify it, send it, read it back, compare it, and write its rows' results.
 */
export interface ImportOps<D extends ImportDraft<B>, B, R extends ServiceRecord> {
  kind: ImportKind;
  organisationId: string;
  /** How a record is named in messages: `invoice INV-40390`, `the return on row 6`. */
  label(draft: D): string;
  identityOfBody(body: B): string;
  identityOfRecord(record: R): string;
  /**
   * The invoice a body or record is (`same-invoice.ts`: supplier identity and invoice number), or null
   * when it carries no number; absent for kinds without invoices (then only identities match).
   */
  invoiceKeyOf?(bodyOrRecord: B | R): string | null;
  /** How the sheet's body differs from another of the same invoice key, in words; empty when exactly the same. */
  invoiceDifferences?(body: B, other: B | R): string[];
  /**
   * Sends a create; `urgent` (a record's next attempt after a lost answer) goes ahead of the creates
   * waiting for a place in the client, which have not started.
   */
  create(body: B, options?: { urgent?: boolean }): Promise<R>;
  update(id: string, body: object): Promise<R>;
  get(id: string): Promise<R>;
  /** Deletes a record this run created (a twin another run created first); absent: never taken back. */
  remove?(id: string): Promise<void>;
  /**
   * Records changed after `updatedAfter` (null: all), to find one whose answer was lost;
   * `expectedRecords`, how many the run knows are there (its own creates since): their pages are asked
   * for at once.
   */
  listSince(updatedAfter: string | null, expectedRecords?: number): Promise<R[]>;
  diff(draft: D, current: R): RecordDiff;
  /** The rows' results for a record written or found. */
  results(draft: D, record: R, status: RowStatus, message?: string): RowResult[];
  /** Whether the service marks the record as under review (gaps row 12). */
  underReview(record: R): boolean;
}
