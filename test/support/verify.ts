// Compares the sandbox's receipts with generated invoices: each exactly once, exactly as written.
import { expect } from 'vitest';
import type { GeneratedInvoice } from './generate-invoices.ts';
import { productIds, storageId } from './catalogue.ts';

const UNITS: Record<string, string> = { L: 'l', kg: 'kg' };

/** Asserts every invoice is in `receipts` exactly once with its exact lines; returns the receipts by invoice. */
export function expectEachInvoiceOnce(receipts: any[], invoices: GeneratedInvoice[]): Map<string, any> {
  const byInvoice = new Map<string, any[]>();
  for (const r of receipts) {
    const m = /^Invoice (\S+?)(;|$)/.exec(r.notes ?? '');
    if (m) byInvoice.set(m[1]!, [...(byInvoice.get(m[1]!) ?? []), r]);
  }
  const missing = invoices.filter((i) => !byInvoice.has(i.invoice)).map((i) => i.invoice);
  const twice = [...byInvoice].filter(([, list]) => list.length > 1).map(([k]) => k);
  expect(missing, 'invoices missing from the service').toEqual([]);
  expect(twice, 'invoices created twice').toEqual([]);
  for (const inv of invoices) {
    const r = byInvoice.get(inv.invoice)![0];
    expect(r.supplier).toBe(inv.supplier);
    expect(r.storage_id).toBe(storageId(inv.storage));
    expect(r.received_at.slice(0, 10)).toBe(inv.date);
    expect(
      r.line_items.map((l: any) => [
        l.product_id,
        l.product_alias_id,
        l.quantity,
        l.pack_size_value,
        l.pack_size_unit,
        l.pack_cost,
      ]),
    ).toEqual(
      inv.lines.map((l) => {
        const ids = productIds(l.product);
        return [
          ids.product_id,
          ids.product_alias_id,
          String(l.quantity),
          String(l.size),
          UNITS[l.unit],
          String(l.cost),
        ];
      }),
    );
  }
  return new Map([...byInvoice].map(([k, v]) => [k, v[0]]));
}
