/**
 * The demo history: receipts, returns and deletions generated (seeded, reproducible) over the year before now
 * for every organisation of the catalogue.
 */
import { TZDate } from '@date-fns/tz';
import { formatISO } from 'date-fns/formatISO';
import { formatMicros, micros } from './clock.ts';
import { Prng } from './prng.ts';
import type {
  LineItemRecord,
  ProductRecord,
  ReceiptRecord,
  ReturnRecord,
  SeedData,
  StorageRecord,
  StoredDeletion,
} from './types.ts';

/**
 * A generated history of receipts and returns over the year before "now", so that the demo looks
 * lived-in and every product of the catalogue appears in some receipt line: products have no list
 * endpoint and are discovered only through `include` (spec section 2). Deterministic: the same
 * catalogue, `now` and seed give the same records, ids included.
 */

/** PRNG seed of the demo history. */
export const HISTORY_SEED = 20260301;
/** Receipts per organisation before any added to cover the remaining products. */
export const RECEIPTS_PER_ORGANISATION = 28;
/** Returns per organisation. */
export const RETURNS_PER_ORGANISATION = 6;
/** Receipts per organisation that were created and later deleted (their deletion records are recent). */
export const DELETED_RECEIPTS_PER_ORGANISATION = 2;
/** Time zone of the farms: received_at and returned_at carry its offset, as a client would send them. */
export const HISTORY_TIME_ZONE = 'Australia/Sydney';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type Category = 'chemical' | 'fertiliser' | 'seed';

const SUPPLIERS: Record<Category, readonly string[]> = {
  chemical: ['Farmco Rural Supplies', 'Riverina Ag Chemicals'],
  fertiliser: ['Southern Cross Fertilisers'],
  seed: ['Paddock Seeds Pty Ltd'],
};
const RECEIPT_NOTES = [
  'Pre-sowing knockdown',
  'Delivered to the gate',
  'Part of the seasonal order',
  'Pallet to be returned',
];
const RETURN_NOTES = ['Unopened drum, over-ordered', 'Caked bag', 'Wrong product delivered', 'Damaged in transit'];

function productCategory(name: string): Category {
  if (/seed/i.test(name)) return 'seed';
  if (/urea|\bmap\b|\bdap\b|potash|ammonia \d|superphosphate|\buan\b|gypsum/i.test(name)) return 'fertiliser';
  return 'chemical';
}

function storageCategory(name: string): Category {
  if (/fert|bunker|silo/i.test(name)) return 'fertiliser';
  if (/seed/i.test(name)) return 'seed';
  return 'chemical';
}

/** Pack size, unit and cost per pack (dollars) plausible for the product. */
function pack(
  product: ProductRecord,
  rng: Prng,
): Pick<LineItemRecord, 'pack_size_value' | 'pack_size_unit' | 'pack_cost'> {
  const category = productCategory(product.name);
  const [size, unit, perUnit] =
    category === 'fertiliser'
      ? rng.pick([
          [1, 't', rng.int(550, 1100)],
          [50, 'kg', rng.int(1, 2)],
        ] as const)
      : category === 'seed'
        ? rng.pick([
            [25, 'kg', rng.int(1, 4)],
            [1, 't', rng.int(600, 1500)],
          ] as const)
        : /g\/kg/i.test(product.name)
          ? [rng.pick([1, 5, 10]), 'kg', rng.int(20, 95)]
          : [rng.pick([5, 10, 20, 110]), 'l', rng.int(5, 28)];
  const cents = size * perUnit * 100 + rng.int(0, 99);
  return { pack_size_value: String(size), pack_size_unit: unit, pack_cost: (cents / 100).toFixed(2) };
}

/** Local date-time with the farm's offset, e.g. `2026-02-04T09:30:00+11:00`. */
function localTime(ms: number): string {
  return formatISO(new TZDate(Math.floor(ms / 60_000) * 60_000, HISTORY_TIME_ZONE));
}

/** A service timestamp (microseconds) in the second of `ms`, with random microseconds. */
function stampAt(ms: number, rng: Prng): string {
  return formatMicros(Math.floor(ms / 1000) * 1_000_000 + rng.int(0, 999_999));
}

interface OrgCatalogue {
  orgId: string;
  products: ProductRecord[];
  aliasesOf: Map<string, string[]>;
  storages: Record<Category, StorageRecord[]>;
  locked: StorageRecord[];
  startMs: number;
  endMs: number;
}

function orgCatalogue(catalogue: SeedData, orgId: string, nowMs: number): OrgCatalogue | null {
  const products = catalogue.products.filter((p) => p.organisation_id === orgId);
  const own = catalogue.storages.filter((s) => s.organisation_id === orgId);
  const open = own.filter((s) => s.locked_at === null);
  if (products.length === 0 || open.length === 0) return null;
  const aliasesOf = new Map<string, string[]>();
  for (const alias of catalogue.product_aliases) {
    if (alias.organisation_id === orgId)
      aliasesOf.set(alias.product_id, [...(aliasesOf.get(alias.product_id) ?? []), alias.id]);
  }
  const byCategory = (category: Category) => {
    const matching = open.filter((s) => storageCategory(s.name) === category);
    return matching.length > 0 ? matching : open;
  };
  const latest = Math.max(...[...products, ...own].map((r) => micros(r.inserted_at) / 1000));
  const endMs = nowMs - DAY_MS;
  const startMs = Math.max(nowMs - 365 * DAY_MS, latest + DAY_MS);
  return {
    orgId,
    products,
    aliasesOf,
    storages: { chemical: byCategory('chemical'), fertiliser: byCategory('fertiliser'), seed: byCategory('seed') },
    locked: own.filter((s) => s.locked_at !== null),
    startMs: startMs < endMs - 30 * DAY_MS ? startMs : endMs - 365 * DAY_MS,
    endMs,
  };
}

interface Plan {
  category: Category;
  products: ProductRecord[];
  deleted: boolean;
}

/**
 * Which products each receipt carries: every product at least once (taken from shuffled queues per
 * category), plus random extra lines; then a few receipts that will be deleted.
 */
function planReceipts(org: OrgCatalogue, rng: Prng): Plan[] {
  const queues = new Map<Category, ProductRecord[]>();
  for (const product of rng.shuffle(org.products)) {
    const category = productCategory(product.name);
    queues.set(category, [...(queues.get(category) ?? []), product]);
  }
  const weighted: Category[] = ['chemical', 'chemical', 'chemical', 'fertiliser', 'fertiliser', 'seed'];
  const plans: Plan[] = [];
  const pending = () => [...queues.entries()].find(([, queue]) => queue.length > 0)?.[0];
  while (plans.length < RECEIPTS_PER_ORGANISATION || pending() !== undefined) {
    const wanted = plans.length < RECEIPTS_PER_ORGANISATION ? rng.pick(weighted) : pending()!;
    const category = org.products.some((p) => productCategory(p.name) === wanted)
      ? wanted
      : productCategory(org.products[0]!.name);
    const pool = org.products.filter((p) => productCategory(p.name) === category);
    const queue = queues.get(category) ?? [];
    const count = rng.int(1, Math.min(4, pool.length));
    const chosen = queue.splice(0, Math.min(count, rng.int(1, 2)));
    while (chosen.length < count) {
      const extra = rng.pick(pool);
      if (!chosen.includes(extra)) chosen.push(extra);
    }
    plans.push({ category, products: chosen, deleted: false });
  }
  for (let i = 0; i < DELETED_RECEIPTS_PER_ORGANISATION; i++) {
    plans.push({ category: 'chemical', products: [rng.pick(org.products)], deleted: true });
  }
  return plans;
}

function lineItem(product: ProductRecord, org: OrgCatalogue, rng: Prng): LineItemRecord {
  const aliases = org.aliasesOf.get(product.id) ?? [];
  const category = productCategory(product.name);
  return {
    id: rng.uuid(),
    product_id: product.id,
    product_alias_id: aliases.length > 0 && rng.next() < 0.6 ? rng.pick(aliases) : null,
    quantity: String(rng.int(1, category === 'chemical' ? 24 : 40)),
    ...pack(product, rng),
  };
}

/** Random instants in [startMs, endMs], sorted. */
function instants(count: number, startMs: number, endMs: number, rng: Prng): number[] {
  return Array.from({ length: count }, () => startMs + rng.next() * (endMs - startMs)).sort((a, b) => a - b);
}

function receiptsFor(
  org: OrgCatalogue,
  nowMs: number,
  rng: Prng,
): { receipts: ReceiptRecord[]; deletions: StoredDeletion[] } {
  const plans = planReceipts(org, rng);
  const live = plans.filter((p) => !p.deleted);
  const times = instants(live.length, org.startMs, org.endMs, rng);
  const recent = instants(plans.length - live.length, Math.max(org.startMs, nowMs - 50 * DAY_MS), org.endMs, rng);
  const dated = [
    ...live.map((plan, i) => ({ plan, ms: times[i]! })),
    ...plans.filter((p) => p.deleted).map((plan, i) => ({ plan, ms: recent[i]! })),
  ].sort((a, b) => a.ms - b.ms);
  const lockedUse = new Map(org.locked.map((s) => [s.id, 0]));
  const receipts: ReceiptRecord[] = [];
  const deletions: StoredDeletion[] = [];
  dated.forEach(({ plan, ms }, i) => {
    const insertedMs = Math.min(ms + rng.int(2, 72) * HOUR_MS, nowMs - HOUR_MS);
    const editedMs = rng.next() < 0.2 ? Math.min(insertedMs + rng.int(1, 20) * DAY_MS, nowMs - HOUR_MS) : insertedMs;
    const inLocked = org.locked.find(
      (s) =>
        storageCategory(s.name) === plan.category &&
        (lockedUse.get(s.id) ?? 0) < 2 &&
        editedMs < micros(s.locked_at!) / 1000,
    );
    if (inLocked) lockedUse.set(inLocked.id, (lockedUse.get(inLocked.id) ?? 0) + 1);
    const usual = rng.pick(org.storages[plan.category]); // drawn always, so ids do not depend on the clock
    const insertedAt = stampAt(insertedMs, rng);
    const record: ReceiptRecord = {
      id: rng.uuid(),
      organisation_id: org.orgId,
      sequence: `REC-${String(i + 1).padStart(8, '0')}`,
      storage_id: inLocked && !plan.deleted ? inLocked.id : usual.id,
      received_at: localTime(ms),
      supplier: rng.pick(SUPPLIERS[plan.category]),
      notes: rng.next() < 0.2 ? rng.pick(RECEIPT_NOTES) : null,
      order_number: rng.next() < 0.75 ? `PO-${1000 + i * 3 + rng.int(0, 2)}` : null,
      under_review: false,
      line_items: plan.products.map((product) => lineItem(product, org, rng)),
      inserted_at: insertedAt,
      updated_at: editedMs === insertedMs ? insertedAt : stampAt(editedMs, rng),
    };
    if (!plan.deleted) receipts.push(record);
    else
      deletions.push({
        id: record.id,
        organisation_id: org.orgId,
        deleted_at: stampAt(Math.min(insertedMs + rng.int(1, 5) * DAY_MS, nowMs - HOUR_MS), rng),
      });
  });
  // The latest two are still under review by the service (spec section 3, gaps row 12).
  for (const receipt of receipts.slice(-2)) receipt.under_review = true;
  return { receipts, deletions };
}

function returnsFor(org: OrgCatalogue, nowMs: number, rng: Prng): ReturnRecord[] {
  return instants(RETURNS_PER_ORGANISATION, org.startMs, org.endMs, rng).map((ms, i) => {
    const product = rng.pick(org.products);
    const category = productCategory(product.name);
    const { pack_size_value, pack_size_unit } = pack(product, rng);
    const at = stampAt(Math.min(ms + rng.int(1, 48) * HOUR_MS, nowMs - HOUR_MS), rng);
    return {
      id: rng.uuid(),
      organisation_id: org.orgId,
      sequence: `RET-${String(i + 1).padStart(8, '0')}`,
      storage_id: rng.pick(org.storages[category]).id,
      product_id: product.id,
      returned_at: localTime(ms),
      supplier: rng.pick(SUPPLIERS[category]),
      amount_value: String(Number(pack_size_value) * rng.int(1, 2)),
      amount_unit: pack_size_unit,
      notes: rng.next() < 0.5 ? rng.pick(RETURN_NOTES) : null,
      reference: rng.next() < 0.8 ? `CN-${rng.int(1000, 9999)}` : null,
      inserted_at: at,
      updated_at: at,
    };
  });
}

/**
 * The history of every organisation that has products and an unlocked storage: receipts (every
 * product in at least one line, some lines under a product alias, a few in a storage before it was
 * locked, the latest two under review), returns, recently deleted receipts and the sequence
 * counters. Dated over the year before `now` (never before the catalogue's records existed).
 */
export function generateHistory(
  catalogue: SeedData,
  now: Date,
  seed = HISTORY_SEED,
): Required<Pick<SeedData, 'receipts' | 'returns' | 'deletions' | 'sequences'>> {
  const rng = new Prng(seed);
  const nowMs = now.getTime();
  const receipts: ReceiptRecord[] = [];
  const returns: ReturnRecord[] = [];
  const deleted: StoredDeletion[] = [];
  const sequences: Record<string, { receipts: number; returns: number }> = {};
  for (const organisation of catalogue.organisations) {
    const org = orgCatalogue(catalogue, organisation.id, nowMs);
    if (!org) continue;
    const made = receiptsFor(org, nowMs, rng);
    receipts.push(...made.receipts);
    deleted.push(...made.deletions);
    returns.push(...returnsFor(org, nowMs, rng));
    sequences[org.orgId] = {
      receipts: made.receipts.length + made.deletions.length,
      returns: RETURNS_PER_ORGANISATION,
    };
  }
  return { receipts, returns, deletions: { receipts: deleted }, sequences };
}
