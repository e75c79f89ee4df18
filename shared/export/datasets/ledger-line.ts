/**
 * A line of the stock ledger: one storage × product × unit, its opening, in, out and closing, and
 * the columns that name it. Shared by the ledger and the stocktake (which reads counts into lines).
 */
import type { ExportColumn } from '../columns.ts';
import type { Movement } from './movement.ts';

/** The columns that name a storage × product × unit line, first in every sheet of the ledger and the stocktake. */
export const LINE_COLUMNS: readonly ExportColumn[] = [
  { key: 'storage', header: 'Storage', type: 'text' },
  { key: 'product', header: 'Product', type: 'text' },
  { key: 'unit', header: 'Unit', type: 'text' },
];

/** One line of the roll-forward, quantities in `unit` (exact decimal strings; `out` positive). */
export interface LedgerLine {
  storageId: string;
  storage: string;
  productId: string;
  product: string;
  unit: string;
  opening: string;
  in: string;
  out: string;
  closing: string;
  /** The period's movements of this line, in date order. */
  movements: LedgerEntry[];
}

/** What the ledger keeps of a movement: only what its row shows, so a long ledger holds little per line. */
export type LedgerEntry = Pick<
  Movement,
  'date' | 'type' | 'sequence' | 'supplier' | 'reference' | 'packs' | 'packSize' | 'quantity' | 'recordId'
>;

/** A movement's {@link LedgerEntry}. */
export function ledgerEntry(m: Movement): LedgerEntry {
  return {
    date: m.date,
    type: m.type,
    sequence: m.sequence,
    supplier: m.supplier,
    reference: m.reference,
    packs: m.packs,
    packSize: m.packSize,
    quantity: m.quantity,
    recordId: m.recordId,
  };
}

/** The key of a storage × product × unit line (ids compared case-insensitively). */
export function ledgerKey(storageId: string, productId: string, unit: string): string {
  return `${storageId.toLowerCase()}\u0000${productId.toLowerCase()}\u0000${unit}`;
}
