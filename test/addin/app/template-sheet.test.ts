import { describe, expect, it } from 'vitest';
import { templateSheet } from '../../../addin/app/template.ts';
import type { ReferenceData } from '../../../shared/resolve/index.ts';
import type { ProductAlias, Storage } from '../../../shared/schemas/resources.ts';
import { detectMapping } from '../../../shared/sheet/mapping.ts';

const ORG = '00000000-0000-4000-8000-000000000001';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const storage = (n: number, name: string, locked = false): Storage =>
  ({ id: id(n), organisation_id: ORG, name, locked_at: locked ? '2026-01-01T00:00:00Z' : null }) as Storage;
const alias = (n: number, name: string, product: number): ProductAlias =>
  ({ id: id(n), organisation_id: ORG, name, product_id: id(product) }) as ProductAlias;

const reference: ReferenceData = {
  organisationId: ORG,
  storages: [storage(10, 'Seed Shed'), storage(11, 'Old Shearing Shed', true), storage(12, 'Main Chemical Shed')],
  productAliases: [alias(20, 'Glyfos 540', 30), alias(21, 'Wetter', 31), alias(22, 'Wetter', 32)],
  products: [{ id: id(30), organisation_id: ORG, name: 'Glyphosate 540 g/L' }] as ReferenceData['products'],
};

const maps = (kind: 'receipts' | 'returns', headers: string[]) =>
  detectMapping({ source: 't', sheet: 't', rows: [{ rowNumber: 1, cells: headers }] }, kind);

const context = { organisationName: 'Willow Creek Pastoral Co', madeAt: new Date('2026-03-01T02:00:00Z') };
const listOf = (sheet: ReturnType<typeof templateSheet>, column: number) => {
  const validation = sheet.validations.find((v) => v.column === column);
  return validation && sheet.lists.find((l) => l.name === validation.list)?.values;
};

describe('template sheets (the plan of shed template, worded for the pane)', () => {
  it('receipts: headers an import maps without help; lists of unlocked storages, unambiguous names, units', () => {
    const sheet = templateSheet('receipts', reference, context);
    expect(sheet.sheetName).toBe('Receipts');
    const headers = sheet.columns.map((c) => c.header);
    expect(headers).toEqual([
      'Invoice No',
      'Supplier',
      'Date Received',
      'Storage',
      'PO Number',
      'Product',
      'Qty',
      'Pack Size',
      'Unit',
      'Price ex GST',
      'Notes',
    ]);
    expect(listOf(sheet, 3)).toEqual(['Main Chemical Shed', 'Seed Shed']);
    expect(listOf(sheet, 5)).toEqual(['Glyfos 540', 'Glyphosate 540 g/L']);
    expect(listOf(sheet, 8)).toEqual(['l', 'ml', 'kg', 'g', 't']);
    expect(sheet.validations.length).toBe(3);
    const mapping = maps('receipts', headers);
    expect(mapping.missing).toEqual([]);
    expect(mapping.unplaced).toEqual([]);
  });

  it('returns: its own headers, mapped without help', () => {
    const sheet = templateSheet('returns', reference, context);
    const headers = sheet.columns.map((c) => c.header);
    expect(sheet.sheetName).toBe('Returns');
    expect(headers).toEqual(['Date', 'Return To', 'Storage', 'Product', 'Amount', 'Unit', 'Reference', 'Notes']);
    expect(maps('returns', headers)).toMatchObject({ missing: [], unplaced: [] });
  });

  it('a list with nothing in it gives no drop-down', () => {
    const sheet = templateSheet(
      'receipts',
      { ...reference, storages: [storage(11, 'Old Shearing Shed', true)] },
      context,
    );
    expect(sheet.columns[3]?.header).toBe('Storage');
    expect(listOf(sheet, 3)).toBeUndefined();
  });
});
