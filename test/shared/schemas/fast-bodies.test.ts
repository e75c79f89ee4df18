import { describe, expect, it } from 'vitest';
import { ReceiptCreateBody } from '../../../shared/schemas/bodies.ts';
import {
  ReceiptItems,
  checkReceiptCreateBody,
  fastReceiptBody,
  fastReceiptBodyOf,
  isDecimalText,
  itemPartsPass,
} from '../../../shared/schemas/fast-bodies.ts';
import { DECIMAL_PATTERN } from '../../../shared/service/gaps.ts';

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ID = '0b6f3c2e-9a41-4d7e-8f10-2c3d4e5f6a7b';
const oneOf =
  (next: () => number) =>
  <T>(values: readonly T[]): T =>
    values[Math.floor(next() * values.length)]!;

const IDS = [ID, ID.toUpperCase(), 'not-an-id', `${ID} `, '', 42, null, undefined];
const TIMES = [
  '2026-03-01T00:00:00+11:00',
  '2026-03-01T00:00:00.123Z',
  '2026-02-29T00:00:00Z',
  '2024-02-29T10:00:00-05:00',
  '2026-03-01',
  '2026-03-01T00:00:00',
  '2026-13-01T00:00:00Z',
  1,
  null,
];
const DECIMALS = [
  '1',
  '0',
  '0.5',
  '-1',
  '-0',
  '12.50',
  '1e3',
  '1.',
  '.5',
  ' 1',
  '00',
  3,
  '',
  null,
  undefined,
  // The sign read from the characters must be Number's: zeros, and values so long they round to 0 or infinity.
  '-0.00',
  '000.000',
  '-0.5',
  '000.001',
  `0.${'0'.repeat(400)}1`,
  `-0.${'0'.repeat(400)}1`,
  '9'.repeat(400),
  `-${'9'.repeat(400)}`,
];
const UNITS = ['l', 'kg', ' l ', '', '   ', 'x'.repeat(20), ` ${'x'.repeat(20)} `, 'x'.repeat(21), 5, null];
const TEXTS = ['Farmco', ' Farmco ', '', ' ', 'x'.repeat(255), `${'x'.repeat(255)} `, 'x'.repeat(256), 7, null];
const NOTES = [null, 'Invoice 4', '', ' a ', 'x'.repeat(2000), 'x'.repeat(2001), 9, undefined];

/** A line item: mostly valid, each field sometimes replaced by an edge value, keys sometimes left out or added. */
function item(next: () => number): Record<string, unknown> {
  const pick = oneOf(next);
  const edge = () => next() < 0.15;
  const out: Record<string, unknown> = {};
  if (next() < 0.3) out.id = edge() ? pick(IDS) : ID;
  out.product_id = edge() ? pick(IDS) : ID;
  if (next() < 0.8) out.product_alias_id = edge() ? pick(IDS) : pick([ID, null]);
  out.quantity = edge() ? pick(DECIMALS) : '4';
  out.pack_size_value = edge() ? pick(DECIMALS) : '20';
  out.pack_size_unit = edge() ? pick(UNITS) : 'l';
  out.pack_cost = edge() ? pick(DECIMALS) : '12.5';
  if (next() < 0.03) out.extra = 1;
  if (next() < 0.03) delete out[pick(Object.keys(out))];
  return out;
}

/** A receipt body in the shape build.ts makes, with edges as in {@link item}. */
function body(next: () => number): unknown {
  const pick = oneOf(next);
  const edge = () => next() < 0.1;
  if (next() < 0.01) return pick([null, [], 'body', new Date(0)]);
  const out: Record<string, unknown> = {
    storage_id: edge() ? pick(IDS) : ID,
    received_at: edge() ? pick(TIMES) : '2026-03-01T00:00:00+11:00',
    supplier: edge() ? pick(TEXTS) : 'Farmco Rural Supplies',
    order_number: edge() ? pick(TEXTS) : pick([null, 'PO-1']),
    notes: edge() ? pick(NOTES) : pick([null, 'Invoice INV-1']),
    line_items: edge()
      ? pick([[], null, undefined, 'x', [null]])
      : Array.from({ length: 1 + Math.floor(next() * 5) }, () => item(next)),
  };
  if (next() < 0.03) out.extra = 'x';
  if (next() < 0.05) delete out[pick(Object.keys(out))];
  return out;
}

describe('checkReceiptCreateBody', () => {
  it('gives what ReceiptCreateBody.safeParse gives, on 10,000 generated bodies valid and invalid', () => {
    const next = random(23);
    let valid = 0;
    let fastValid = 0;
    for (let i = 0; i < 10_000; i++) {
      const input = body(next);
      const copy = structuredClone(input);
      const zod = ReceiptCreateBody.safeParse(copy);
      const fast = checkReceiptCreateBody(input);
      expect(fast.success, JSON.stringify(input)).toBe(zod.success);
      // The fast check alone never passes what zod refuses, and passes what zod passes in the usual shape.
      const alone = fastReceiptBody(input);
      if (alone) expect(zod.success, JSON.stringify(input)).toBe(true);
      if (zod.success && alone) fastValid += 1;
      if (zod.success) {
        valid += 1;
        // Same values and the same key order (bodies are serialised and fingerprinted).
        expect(JSON.stringify(fast.data)).toBe(JSON.stringify(zod.data));
        expect(fast.data).toStrictEqual(zod.data);
      } else {
        expect(fast.error?.issues).toEqual(zod.error.issues);
      }
    }
    // Both outcomes are well represented.
    expect(valid).toBeGreaterThan(1_500);
    expect(valid).toBeLessThan(8_500);
    // Valid bodies with every header key and an array of items (as build.ts makes them) skip zod;
    // the rest (extra keys, no line_items, a key left out) are a quarter of the valid ones here.
    expect(fastValid / valid).toBeGreaterThan(0.6);
  });

  it('trims the supplier and units as zod does, and keeps a null alias', () => {
    const checked = checkReceiptCreateBody({
      storage_id: ID,
      received_at: '2026-03-01T00:00:00+11:00',
      supplier: '  Farmco ',
      order_number: null,
      notes: null,
      line_items: [
        {
          product_id: ID,
          product_alias_id: null,
          quantity: '2',
          pack_size_value: '20',
          pack_size_unit: ' l ',
          pack_cost: '0',
        },
      ],
    });
    expect(checked.success && checked.data.supplier).toBe('Farmco');
    expect(checked.success && checked.data.line_items?.[0]).toEqual({
      product_id: ID,
      product_alias_id: null,
      quantity: '2',
      pack_size_value: '20',
      pack_size_unit: 'l',
      pack_cost: '0',
    });
  });
});

describe('ReceiptItems', () => {
  const strings = <T>(values: readonly T[]) => values.filter((v): v is T & string => typeof v === 'string');

  it('gives what ReceiptCreateBody.safeParse gives for items checked as they are made, on 5,000 generated bodies', () => {
    const next = random(29);
    const pick = oneOf(next);
    const edge = () => next() < 0.08;
    let valid = 0;
    let vouched = 0;
    for (let i = 0; i < 5_000; i++) {
      const count = 1 + Math.floor(next() * 5);
      const items = new ReceiptItems(count + 2);
      for (let k = 0; k < count; k++) {
        items.add(
          next() < 0.3 ? (edge() ? pick(strings(IDS)) : ID) : null,
          edge() ? pick(strings(IDS)) : ID,
          edge() ? pick([...strings(IDS), null]) : pick([ID, null]),
          edge() ? pick(strings(DECIMALS)) : '4',
          edge() ? pick(strings(DECIMALS)) : '20',
          edge() ? pick(strings(UNITS)) : 'l',
          edge() ? pick(strings(DECIMALS)) : '12.5',
        );
      }
      const body = {
        storage_id: ID,
        received_at: '2026-03-01T00:00:00+11:00',
        supplier: 'Farmco',
        order_number: null,
        notes: null,
        line_items: items.done(),
      };
      const zod = ReceiptCreateBody.safeParse(structuredClone(body));
      const checked = checkReceiptCreateBody(body, items);
      expect(checked.success, JSON.stringify(body)).toBe(zod.success);
      if (zod.success) {
        valid += 1;
        expect(JSON.stringify(checked.data)).toBe(JSON.stringify(zod.data));
        expect(checked.data).toStrictEqual(zod.data);
        // Vouched for: the body's own items, not walked again.
        if (fastReceiptBody(body, items)?.line_items === body.line_items) vouched += 1;
      } else {
        expect(checked.error?.issues).toEqual(zod.error.issues);
      }
    }
    expect(valid).toBeGreaterThan(1_500);
    expect(valid).toBeLessThan(4_900);
    expect(vouched / valid).toBeGreaterThan(0.8);
  });

  it('vouches only for its own list, whole: a copy or a list changed since is checked item by item', () => {
    const items = new ReceiptItems(2);
    items.add(null, ID, null, '2', '20', 'l', '1');
    const list = items.done();
    const body = (lineItems: unknown[]) => ({
      storage_id: ID,
      received_at: '2026-03-01T00:00:00+11:00',
      supplier: 'Farmco',
      order_number: null,
      notes: null,
      line_items: lineItems,
    });
    expect(items.vouchesFor(list)).toBe(true);
    expect(items.vouchesFor([...list])).toBe(false);
    list.push({ ...list[0]!, quantity: '-1' });
    expect(items.vouchesFor(list)).toBe(false);
    expect(checkReceiptCreateBody(body(list), items).success).toBe(false);
    const untrimmed = new ReceiptItems(1);
    untrimmed.add(null, ID, null, '2', '20', ' l ', '1');
    const checked = checkReceiptCreateBody(body(untrimmed.done()), untrimmed);
    expect(checked.success && checked.data.line_items?.[0]?.pack_size_unit).toBe('l');
  });
});

describe('a body checked from its parts', () => {
  const strings = <T>(values: readonly T[]) => values.filter((v): v is T & string => typeof v === 'string');
  const nullable = <T>(values: readonly T[]) =>
    values.filter((v): v is T & (string | null) => typeof v === 'string' || v === null);

  it('gives what ReceiptCreateBody.safeParse gives, items vouched for by their parts checked once, on 5,000 generated bodies', () => {
    const next = random(31);
    const pick = oneOf(next);
    const edge = () => next() < 0.08;
    let valid = 0;
    let fast = 0;
    for (let i = 0; i < 5_000; i++) {
      const count = 1 + Math.floor(next() * 5);
      const items = new ReceiptItems(count);
      for (let k = 0; k < count; k++) {
        const productId = edge() ? pick(strings(IDS)) : ID;
        const aliasId = edge() ? pick([...strings(IDS), null]) : pick([ID, null]);
        const size = edge() ? pick(strings(DECIMALS)) : '20';
        const unit = edge() ? pick(strings(UNITS)) : 'l';
        // A remembered line's verdict on its parts, as draft-lines.ts gives it; or none (worked out by add).
        const parts = next() < 0.5 ? itemPartsPass(productId, aliasId, size, unit) : undefined;
        const id = next() < 0.3 ? (edge() ? pick(strings(IDS)) : ID) : null;
        const quantity = edge() ? pick(strings(DECIMALS)) : '4';
        const cost = edge() ? pick(strings(DECIMALS)) : '12.5';
        items.add(id, productId, aliasId, quantity, size, unit, cost, parts);
      }
      const lineItems = items.done();
      const header = {
        storage_id: edge() ? pick(strings(IDS)) : ID,
        received_at: edge() ? pick(strings(TIMES)) : '2026-03-01T00:00:00+11:00',
        supplier: edge() ? pick(strings(TEXTS)) : 'Farmco',
        order_number: edge() ? pick(nullable(TEXTS)) : pick([null, 'PO-1']),
        notes: edge() ? pick(nullable(NOTES)) : pick([null, 'Invoice INV-1']),
      };
      const parts = fastReceiptBodyOf(
        header.storage_id,
        header.received_at,
        header.supplier,
        header.order_number,
        header.notes,
        lineItems,
        items,
      );
      const zod = ReceiptCreateBody.safeParse(structuredClone({ ...header, line_items: lineItems }));
      if (!zod.success) {
        expect(parts, JSON.stringify(header)).toBeNull();
        continue;
      }
      valid += 1;
      if (parts === null) continue;
      fast += 1;
      expect(JSON.stringify(parts)).toBe(JSON.stringify(zod.data));
      expect(parts).toStrictEqual(zod.data);
    }
    expect(valid).toBeGreaterThan(1_500);
    expect(fast / valid).toBeGreaterThan(0.8);
  });

  it('is not sure of items whose parts were said to fail, or of a list that is not the one made', () => {
    const header = [ID, '2026-03-01T00:00:00+11:00', 'Farmco', null, null] as const;
    const told = new ReceiptItems(1);
    told.add(null, ID, null, '2', '20', 'l', '1', false);
    expect(fastReceiptBodyOf(...header, told.done(), told)).toBeNull();
    const items = new ReceiptItems(1);
    items.add(null, ID, null, '2', '20', 'l', '1', itemPartsPass(ID, null, '20', 'l'));
    const list = items.done();
    expect(fastReceiptBodyOf(...header, [...list], items)).toBeNull();
    expect(fastReceiptBodyOf(...header, list, items)?.line_items).toBe(list);
    expect(itemPartsPass(ID, null, '0', 'l')).toBe(false);
    expect(itemPartsPass(ID, null, '20', ' l ')).toBe(false);
    expect(itemPartsPass(ID, 'not-an-id', '20', 'l')).toBe(false);
  });
});

describe('ids seen before', () => {
  it('still refuses a blank or changed id right after a valid one', () => {
    const body = (id: string) => ({
      storage_id: ID,
      received_at: '2026-03-01T00:00:00+11:00',
      supplier: 'Farmco',
      order_number: null,
      notes: null,
      line_items: [
        {
          product_id: id,
          product_alias_id: null,
          quantity: '2',
          pack_size_value: '20',
          pack_size_unit: 'l',
          pack_cost: '1',
        },
      ],
    });
    expect(checkReceiptCreateBody(body(ID)).success).toBe(true);
    // Not ids, though as long as one just seen and ending as it does.
    const lookalikes = ['x'.repeat(34) + ID.slice(-2), `${ID.slice(0, 8)}g${ID.slice(9)}`];
    for (const id of ['', `${ID}x`, ID.slice(1), ...lookalikes])
      expect(checkReceiptCreateBody(body(id)).success, id).toBe(false);
    expect(checkReceiptCreateBody(body(ID)).success).toBe(true);
  });
});

describe('isDecimalText', () => {
  it("answers as the service's DECIMAL_PATTERN on 50,000 generated strings", () => {
    const next = random(23);
    const pick = oneOf(next);
    const chars = ['0', '1', '9', '.', '-', '+', ' ', 'e', ',', '\u0660'];
    let decimals = 0;
    for (let i = 0; i < 50_000; i++) {
      const text = Array.from({ length: Math.floor(next() * 7) }, () => pick(chars)).join('');
      expect(isDecimalText(text), JSON.stringify(text)).toBe(DECIMAL_PATTERN.test(text));
      if (DECIMAL_PATTERN.test(text)) decimals += 1;
    }
    expect(decimals).toBeGreaterThan(1000);
    for (const text of ['0', '-0', '12.5', '-3.25', '007']) expect(isDecimalText(text), text).toBe(true);
    for (const text of ['', '-', '.5', '5.', '1.2.3', '--1', '1e3', ' 1', '1 '])
      expect(isDecimalText(text), text).toBe(false);
  });
});
