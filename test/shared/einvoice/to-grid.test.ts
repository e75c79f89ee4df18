// An e-invoice becomes the rows the core maps: reconciled to the cent, allowances applied or listed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { einvoiceSheet } from '../../../shared/einvoice/to-grid.ts';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/einvoices/${name}`, import.meta.url));

describe('einvoiceSheet', () => {
  it('lays an invoice out as one row per line with the fixed mapping; price ÷ base quantity is the pack cost', () => {
    const sheet = einvoiceSheet(fixture('farm-invoice.xml'), 'farm-invoice.xml');
    expect(sheet.grid.rows.map((r) => r.cells)).toEqual([
      [
        'Supplier',
        'Supplier ABN/NZBN',
        'Invoice No',
        'Date Received',
        'PO Number',
        'Product',
        'Seller Item Code',
        'Qty',
        'Pack Size',
        'Unit',
        'Unit Code',
        'Price ex GST',
        'Line Total',
      ],
      [
        'Riverina Agri Supplies',
        'ABN 51824753556',
        'RA-20417',
        '2026-02-12',
        'PO-7781',
        'Glyfos 540',
        'GLY540-20',
        '200',
        '1',
        'l',
        'LTR',
        '6.5',
        '1300',
      ],
      [
        'Riverina Agri Supplies',
        'ABN 51824753556',
        'RA-20417',
        '2026-02-12',
        'PO-7781',
        'MAP Granular',
        'MAP-1T',
        '1000',
        '1',
        'kg',
        'KGM',
        '1.125',
        '1125',
      ],
      [
        'Riverina Agri Supplies',
        'ABN 51824753556',
        'RA-20417',
        '2026-02-12',
        'PO-7781',
        'Glyfos 540',
        null,
        '10',
        '1',
        'l',
        'LTR',
        '10',
        '100',
      ],
    ]);
    expect(sheet.mapping.columns).toMatchObject({ pack_cost: 'Price ex GST', storage: null, notes: null });
    expect(sheet.rowNotes.get(3)).toEqual(["allowance 'Early order discount' 125 (net -125) applied to the pack cost"]);
    expect(sheet.leftOut).toEqual([{ charge: true, amount: '45', reason: 'Freight' }]);
    expect(sheet.invoice.attachments).toHaveLength(1);
  });

  it('refuses an invoice whose line does not add up, with the figures', () => {
    expect(() => einvoiceSheet(fixture('unbalanced-invoice.xml'), 'unbalanced-invoice.xml')).toThrow(
      /RA-20418 does not add up: line 1 is 1310 but 200 × 130 ÷ 20 = 1300; not imported/,
    );
  });

  it('reads a credit note inside an SBDH envelope as returns, one row per line', () => {
    const sheet = einvoiceSheet(fixture('farm-credit-note.xml'), 'farm-credit-note.xml');
    expect(sheet.kind).toBe('returns');
    expect(sheet.grid.rows[1]?.cells).toEqual([
      'Riverina Agri Supplies',
      'ABN 51824753556',
      '2026-02-20',
      'Glyfos 540',
      null,
      '20',
      'l',
      'LTR',
      'CR-0912/1',
      '130',
    ]);
  });
});
