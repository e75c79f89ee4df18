/**
 * The `storages` dataset: every storage, both field sets of gaps row 20 tolerated,
 * sorted by name.
 */
import { isStorageLocked, type Storage } from '../../schemas/resources.ts';
import type { ExportColumn, ExportTable } from '../columns.ts';
import { compareText } from '../values.ts';

/**
 * Storage columns. `Locked` is read from either field set (`locked_at` set, or `active` false:
 * `isStorageLocked`); `Locked At` and `Active Since` are blank when the service sent the other set.
 */
export const STORAGE_COLUMNS: readonly ExportColumn[] = [
  { key: 'name', header: 'Storage', type: 'text' },
  { key: 'locked', header: 'Locked', type: 'boolean' },
  { key: 'locked_at', header: 'Locked At', type: 'datetime' },
  { key: 'activated_at', header: 'Active Since', type: 'datetime' },
  { key: 'record_id', header: 'Record ID', type: 'text' },
  { key: 'inserted_at', header: 'Created At', type: 'datetime' },
  { key: 'updated_at', header: 'Updated At', type: 'datetime' },
];

/** The storages export, sorted by name. */
export function storagesTable(storages: readonly Storage[]): ExportTable {
  const rows = [...storages]
    .sort((a, b) => compareText(a.name, b.name) || compareText(a.id, b.id))
    .map((s) => ({
      name: s.name,
      locked: isStorageLocked(s),
      locked_at: s.locked_at ?? null,
      activated_at: s.activated_at ?? null,
      record_id: s.id,
      inserted_at: s.inserted_at ?? null,
      updated_at: s.updated_at ?? null,
    }));
  return { dataset: 'storages', sheets: [{ name: 'Storages', columns: STORAGE_COLUMNS, rows }] };
}
