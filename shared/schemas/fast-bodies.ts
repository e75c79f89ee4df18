/**
 * The receipt create body checked at reader speed: a hand-specialised check of {@link ReceiptCreateBody}
 * that only ever says "valid, and this is what zod would give back"; anything else (an invalid body, a
 * shape it does not know) goes to the zod schema itself, so every problem keeps zod's words. zod stays
 * the source of truth: the ids' and timestamps' patterns are read from the zod schemas, and
 * test/shared/schemas/fast-bodies.test.ts holds this check to zod on many generated bodies.
 */
import type { z } from 'zod';
import { MAX_LENGTH, UNIT_MAX_LENGTH } from '../service/gaps.ts';
import { ReceiptCreateBody, type LineItemInput } from './bodies.ts';
import { Id, TimestampInput } from './common.ts';

/** zod's own patterns for an id (UUID) and a timestamp with a zone. */
const ID_PATTERN: RegExp = Id._zod.pattern;
const TIMESTAMP_PATTERN: RegExp = TimestampInput._zod.pattern;

type Plain = Record<string, unknown>;

function isPlainObject(value: unknown): value is Plain {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Whether every own key of `value` is one of `keys` (zod drops others: then the slow path says so). */
function onlyKeys(value: Plain, keys: ReadonlySet<string>): boolean {
  for (const key in value) if (!keys.has(key)) return false;
  return true;
}

/** Ids already seen to match zod's pattern (a sheet names the same few storages and products on every line). */
const KNOWN_IDS = new Set<string>();
const KNOWN_IDS_LIMIT = 10_000;

/** The id last seen to match (the same product or storage on line after line: no lookup). */
let lastId: string | null = null;

/**
 * Ids seen to match, by their last two characters (a UUID's are hex digits): a sheet's few products
 * and storages are told at a glance, without hashing the id for {@link KNOWN_IDS}.
 */
const RECENT_IDS: (string | undefined)[] = new Array<string | undefined>(256).fill(undefined);

/** An id's slot in {@link RECENT_IDS}. */
function recentSlot(v: string): number {
  const n = v.length;
  return n < 2 ? 0 : (v.charCodeAt(n - 2) * 31 + v.charCodeAt(n - 1)) & 255;
}

function isId(v: unknown): v is string {
  if (typeof v !== 'string') return false;
  if (v === lastId) return true;
  const slot = recentSlot(v);
  if (RECENT_IDS[slot] === v) return true;
  if (KNOWN_IDS.has(v)) {
    lastId = v;
    RECENT_IDS[slot] = v;
    return true;
  }
  if (!ID_PATTERN.test(v)) return false;
  if (KNOWN_IDS.size < KNOWN_IDS_LIMIT) KNOWN_IDS.add(v);
  RECENT_IDS[slot] = v;
  return true;
}
/** The timestamp last seen to match zod's pattern (a sheet's invoices share a few dates: one pattern run each). */
const KNOWN_TIMESTAMPS = new Set<string>();
let lastTimestamp: string | null = null;

function isTimestamp(v: unknown): v is string {
  if (typeof v !== 'string') return false;
  if (v === lastTimestamp) return true;
  if (!KNOWN_TIMESTAMPS.has(v)) {
    if (!TIMESTAMP_PATTERN.test(v)) return false;
    if (KNOWN_TIMESTAMPS.size < KNOWN_IDS_LIMIT) KNOWN_TIMESTAMPS.add(v);
  }
  lastTimestamp = v;
  return true;
}

const isDecimal = (v: unknown): v is string => typeof v === 'string' && isDecimalText(v);

/**
 * `DECIMAL_PATTERN.test(text)` (service/gaps.ts: `^-?\d+(\.\d+)?$`, gaps row 9) read from the characters: the same
 * answer (test/shared/schemas/fast-bodies.test.ts holds them together) without a regular expression
 * run three times a line item.
 */
export function isDecimalText(text: string): boolean {
  const n = text.length;
  let i = n > 0 && text.charCodeAt(0) === 45 ? 1 : 0;
  const start = i;
  let c = 0;
  while (i < n && (c = text.charCodeAt(i)) >= 48 && c <= 57) i += 1;
  if (i === start) return false;
  if (i === n) return true;
  if (text.charCodeAt(i) !== 46) return false;
  i += 1;
  const fraction = i;
  while (i < n && (c = text.charCodeAt(i)) >= 48 && c <= 57) i += 1;
  return i === n && i > fraction;
}

/**
 * The sign of a decimal string (one that matches `DECIMAL_PATTERN`) as `Number(text)` (zod's refinement)
 * sees it: 1 above zero, 0 for zero (`-0` too), -1 below, read from the characters. Past 300 characters
 * `Number` itself decides (a value that long may round to zero, or to infinity).
 */
function decimalSign(text: string): number {
  if (text.length > 300) {
    const value = Number(text);
    return value > 0 ? 1 : value < 0 ? -1 : 0;
  }
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    // '1'…'9': not zero.
    if (c >= 49 && c <= 57) return text.charCodeAt(0) === 45 ? -1 : 1;
  }
  return 0;
}

/** zod's `.trim().min(1).max(max)`: the trimmed text, or undefined when it does not pass. */
function trimmedText(v: unknown, max: number): string | undefined {
  if (typeof v !== 'string') return undefined;
  const text = v.trim();
  return text.length >= 1 && text.length <= max ? text : undefined;
}

/** `.max(max).nullable()` with the key present: the value, or undefined when it does not pass. */
function nullableText(v: unknown, max: number): string | null | undefined {
  if (v === null) return null;
  return typeof v === 'string' && v.length <= max ? v : undefined;
}

const BODY_KEYS: ReadonlySet<string> = new Set([
  'storage_id',
  'received_at',
  'supplier',
  'notes',
  'order_number',
  'line_items',
]);

/** An item's keys in zod's order (the schema's): an item already in it, its unit trimmed, is zod's answer as it is. */
const ITEM_ORDER: readonly string[] = [
  'id',
  'product_id',
  'product_alias_id',
  'quantity',
  'pack_size_value',
  'pack_size_unit',
  'pack_cost',
];

const ITEM_KEYS: ReadonlySet<string> = new Set(ITEM_ORDER);

/** Whether the item's own keys come in {@link ITEM_ORDER} (those it has; it has only known keys). */
function inItemOrder(item: Plain): boolean {
  let at = 0;
  for (const key in item) {
    while (at < ITEM_ORDER.length && ITEM_ORDER[at] !== key) at += 1;
    if (at === ITEM_ORDER.length) return false;
    at += 1;
  }
  return true;
}

/**
 * One line item as zod gives it back, or null when this check is not sure it passes: the item
 * itself when it is already what zod would give (keys in zod's order, unit trimmed), else a copy.
 */
function fastItem(item: unknown): LineItemInput | null {
  if (!isPlainObject(item)) return null;
  // Keys in zod's order are known keys (one pass for both, the shape build.ts makes); else check them.
  const ordered = inItemOrder(item);
  if (!ordered && !onlyKeys(item, ITEM_KEYS)) return null;
  const {
    id,
    product_id: productId,
    product_alias_id: aliasId,
    quantity,
    pack_size_value: size,
    pack_cost: cost,
  } = item;
  if ('id' in item && !isId(id)) return null;
  if ('product_alias_id' in item && aliasId !== null && !isId(aliasId)) return null;
  if (!isId(productId) || !isDecimal(quantity) || !isDecimal(size) || !isDecimal(cost)) return null;
  if (decimalSign(quantity) <= 0 || decimalSign(size) <= 0 || decimalSign(cost) < 0) return null;
  const unit = trimmedText(item.pack_size_unit, UNIT_MAX_LENGTH);
  if (unit === undefined) return null;
  if (ordered && unit === item.pack_size_unit) return item as unknown as LineItemInput;
  return {
    ...('id' in item ? { id: id as string } : {}),
    product_id: productId,
    ...('product_alias_id' in item ? { product_alias_id: aliasId as string | null } : {}),
    quantity,
    pack_size_value: size,
    pack_size_unit: unit,
    pack_cost: cost,
  };
}

/**
 * A receipt's line items, each checked as it is made: {@link ReceiptItems.add} builds the item in zod's
 * key order and runs {@link fastItem}'s checks on its values then and there, so the body check need not
 * walk the items again. An item the check is not sure of is kept as made and marks the list unsure (the
 * whole body then goes the usual way: this check, else zod). Only `add` puts items in the list.
 */
export class ReceiptItems {
  /** The items made, in line order (the body's `line_items`); read only. */
  readonly list: LineItemInput[];
  private count = 0;
  /** Every item passed the check as it was made (zod would give each back as it is). */
  private sure = true;

  /** @param capacity the most items the receipt can have (one per line): the list is cut to those added by {@link done}. */
  constructor(capacity: number) {
    this.list = new Array<LineItemInput>(capacity);
  }

  /**
   * Adds one line item (`id`: the Line Item ID written back by an earlier run, or null for a new line).
   * `partsPass`: {@link itemPartsPass} of this item's product and alias ids, size and unit, when the
   * caller already has it (a line read from a remembered clean line); absent, it is worked out here.
   */
  add(
    id: string | null,
    productId: string,
    aliasId: string | null,
    quantity: string,
    size: string,
    unit: string,
    cost: string,
    partsPass?: boolean,
  ): void {
    const item: LineItemInput =
      id === null
        ? {
            product_id: productId,
            product_alias_id: aliasId,
            quantity,
            pack_size_value: size,
            pack_size_unit: unit,
            pack_cost: cost,
          }
        : {
            id,
            product_id: productId,
            product_alias_id: aliasId,
            quantity,
            pack_size_value: size,
            pack_size_unit: unit,
            pack_cost: cost,
          };
    if (
      this.sure &&
      !((partsPass ?? itemPartsPass(productId, aliasId, size, unit)) && itemRestPasses(id, quantity, cost))
    )
      this.sure = false;
    this.list[this.count++] = item;
  }

  /** The list cut to the items added; call once, after the last {@link add}. */
  done(): LineItemInput[] {
    if (this.list.length !== this.count) this.list.length = this.count;
    return this.list;
  }

  /** Whether `items` is this list and every item in it passed the check as it was made. */
  vouchesFor(items: unknown): boolean {
    return this.sure && items === this.list && this.list.length === this.count;
  }
}

/**
 * {@link fastItem}'s checks of the values of an item that a remembered line gives (ids, pack size and
 * unit: strings, so the answer is the same every time they are asked); {@link itemRestPasses} checks the rest.
 */
export function itemPartsPass(productId: string, aliasId: string | null, size: string, unit: string): boolean {
  if (aliasId !== null && !isId(aliasId)) return false;
  return isId(productId) && isDecimal(size) && decimalSign(size) > 0 && isTrimmedUnit(unit);
}

/** {@link fastItem}'s checks of an item's own values: its id (or null), quantity and pack cost. */
function itemRestPasses(id: string | null, quantity: string, cost: string): boolean {
  if (id !== null && !isId(id)) return false;
  return isDecimal(quantity) && isDecimal(cost) && decimalSign(quantity) > 0 && decimalSign(cost) >= 0;
}

/** A unit zod's `.trim().min(1).max(UNIT_MAX_LENGTH)` gives back as it is. */
function isTrimmedUnit(unit: string): boolean {
  return trimmedText(unit, UNIT_MAX_LENGTH) === unit;
}

/**
 * The body as `ReceiptCreateBody` (zod) gives it back when this check is sure it passes; null when it
 * is not sure (an invalid body, an unusual shape): then zod decides. Never throws. The body is a new
 * object, but its line items (and their array) may be the input's own (when zod would give them back
 * unchanged): the caller must not change the input's items afterwards. `made`: the {@link ReceiptItems}
 * the body's `line_items` were made with, whose items were checked as they were made.
 */
export function fastReceiptBody(body: unknown, made?: ReceiptItems): ReceiptCreateBody | null {
  if (!isPlainObject(body) || !onlyKeys(body, BODY_KEYS)) return null;
  if (!('notes' in body) || !('order_number' in body) || !Array.isArray(body.line_items)) return null;
  // The input's own array when zod would give back every item as it is (the usual case); else a copy.
  const lines = body.line_items as unknown[];
  let items: LineItemInput[] | null = null;
  if (made === undefined || !made.vouchesFor(lines)) {
    for (let k = 0; k < lines.length; k += 1) {
      const item = fastItem(lines[k]);
      if (!item) return null;
      if (items !== null) items.push(item);
      else if (item !== lines[k]) {
        items = lines.slice(0, k) as LineItemInput[];
        items.push(item);
      }
    }
  }
  const { storage_id: storageId, received_at: receivedAt, supplier, notes, order_number: orderNumber } = body;
  return checkedHeader(storageId, receivedAt, supplier, orderNumber, notes, items ?? (lines as LineItemInput[]));
}

/**
 * {@link fastReceiptBody} of the body `{ storage_id, received_at, supplier, order_number, notes, line_items }`
 * with `made`'s own list as `line_items`, without making that body first: the body zod gives back, or null
 * when this check is not sure (then check the body itself with {@link checkReceiptCreateBody}).
 */
export function fastReceiptBodyOf(
  storageId: string,
  receivedAt: string,
  supplier: string,
  orderNumber: string | null,
  notes: string | null,
  lineItems: LineItemInput[],
  made: ReceiptItems,
): ReceiptCreateBody | null {
  if (!made.vouchesFor(lineItems)) return null;
  return checkedHeader(storageId, receivedAt, supplier, orderNumber, notes, lineItems);
}

/** The body zod gives back for header values that pass its checks (`lineItems` already checked), else null. */
function checkedHeader(
  storageId: unknown,
  receivedAt: unknown,
  supplierIn: unknown,
  orderNumberIn: unknown,
  notesIn: unknown,
  lineItems: LineItemInput[],
): ReceiptCreateBody | null {
  const supplier = trimmedText(supplierIn, MAX_LENGTH.name);
  const notes = nullableText(notesIn, MAX_LENGTH.notes);
  const orderNumber = nullableText(orderNumberIn, MAX_LENGTH.name);
  if (!isId(storageId) || !isTimestamp(receivedAt)) return null;
  if (supplier === undefined || notes === undefined || orderNumber === undefined) return null;
  return {
    storage_id: storageId,
    received_at: receivedAt,
    supplier,
    notes,
    order_number: orderNumber,
    line_items: lineItems,
  };
}

/**
 * `ReceiptCreateBody.safeParse(body)`, the same outcome and data, with valid bodies of the usual shape
 * (header keys present, `line_items` an array) checked without zod's general machinery. `made`: as
 * {@link fastReceiptBody}'s.
 */
export function checkReceiptCreateBody(body: unknown, made?: ReceiptItems): z.ZodSafeParseResult<ReceiptCreateBody> {
  const fast = fastReceiptBody(body, made);
  return fast ? { success: true, data: fast } : ReceiptCreateBody.safeParse(body);
}
