/**
 * Sandbox data for the export and sync benches: the demo catalogue plus N receipts of L lines in
 * Willow Creek, built directly as seed records (SeedData carries receipts), which loads in about a
 * second where creating them over HTTP would take tens of seconds.
 */
import type { LineItemRecord, ReceiptRecord, SeedData } from '../sandbox/index.ts';
import { WILLOW, catalogue, openStorages } from './catalogue.ts';

/** A small deterministic generator (LCG): the same seed gives the same data. */
export function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

/** A version-4-shaped UUID from the generator (deterministic, unique enough for a bench). */
function uuid(next: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** `2026-03-01T10:00:00.123456Z` (gaps row 15) from epoch microseconds. */
function stamp(us: number): string {
  const ms = Math.floor(us / 1000);
  return `${new Date(ms).toISOString().slice(0, 19)}.${String(us % 1_000_000).padStart(6, '0')}Z`;
}

const SUPPLIERS = [
  'Farmco Rural Supplies',
  'Southern Cross Fertilisers',
  'Riverina Ag Chemicals',
  'Paddock Seeds Pty Ltd',
];

/**
 * `receipts` receipts of `lines` line items each in Willow Creek's open storages, one at a time,
 * every line under one of its products (every other under an alias), stamped a minute apart over the
 * 20 days before now (a bulk import stamping them closer would make every incremental sync re-read
 * the records within its cursor overlap, shared/sync/retention.ts). Deterministic but for the stamps.
 */
export function* bulkReceipts(receipts: number, lines: number, seed = 11): Generator<ReceiptRecord> {
  const next = lcg(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const products = catalogue.products.filter((p) => p.organisation_id === WILLOW);
  const aliases = catalogue.product_aliases.filter((a) => a.organisation_id === WILLOW);
  const startUs = (Date.now() - 20 * 86_400_000) * 1000;
  for (let i = 0; i < receipts; i++) {
    const at = stamp(startUs + i * 60_000_000 + 7);
    const day = new Date(Date.UTC(2025, 6, 1) + (i % 240) * 86_400_000).toISOString().slice(0, 10);
    const items: LineItemRecord[] = Array.from({ length: lines }, (_w, j) => {
      const alias = j % 2 === 0 ? pick(aliases) : null;
      return {
        id: uuid(next),
        product_id: alias ? alias.product_id : pick(products).id,
        product_alias_id: alias ? alias.id : null,
        quantity: String(1 + Math.floor(next() * 40)),
        pack_size_value: pick(['1', '5', '10', '20', '1000']),
        pack_size_unit: pick(['L', 'kg']),
        pack_cost: (Math.round(next() * 50000) / 100).toFixed(2),
      };
    });
    yield {
      id: uuid(next),
      organisation_id: WILLOW,
      sequence: `REC-${String(i + 1).padStart(8, '0')}`,
      storage_id: pick(openStorages).id,
      received_at: `${day}T09:00:00+10:00`,
      supplier: pick(SUPPLIERS),
      notes: null,
      order_number: `PO-${100000 + i}`,
      under_review: false,
      line_items: items,
      inserted_at: at,
      updated_at: at,
    };
  }
}

/** The demo catalogue (no generated history) plus {@link bulkReceipts}. */
export function bulkSeed(receipts: number, lines: number, seed = 11): SeedData {
  return { ...catalogue, receipts: [...bulkReceipts(receipts, lines, seed)], returns: [] };
}
