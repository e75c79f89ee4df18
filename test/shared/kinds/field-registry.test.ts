import { describe, expect, it } from 'vitest';
import { RECEIPT_COLUMNS, RETURN_COLUMNS } from '../../../shared/export/index.ts';
import {
  RECEIPT_FIELDS,
  RECEIPT_REGISTRY,
  RESULT_COLUMNS,
  RETURN_FIELDS,
  RETURN_REGISTRY,
  headerLabel,
  kindOf,
  type MappedField,
} from '../../../shared/kinds/index.ts';
import { RETURN_EXPORT_ORDER } from '../../../shared/kinds/field-orders.ts';
import { detectMapping } from '../../../shared/sheet/mapping.ts';
import { TEMPLATE_COLUMNS } from '../../../shared/template/index.ts';
import type { Grid } from '../../../shared/sheet/grid.ts';

const gridOf = (headers: string[]): Grid => ({
  source: 'labels.csv',
  sheet: 'labels',
  rows: [{ rowNumber: 1, cells: headers }],
});

describe('the field registry: one label per field, read by every face', () => {
  for (const kind of ['receipts', 'returns'] as const) {
    const fields: readonly MappedField[] =
      kind === 'receipts' ? RECEIPT_FIELDS.filter((f) => RECEIPT_REGISTRY[f].export) : RETURN_EXPORT_ORDER;
    const registry = kindOf(kind).registry;

    it(`${kind}: a sheet headed with the labels maps each column to its own field`, () => {
      const mapping = detectMapping(gridOf(fields.map((f) => registry[f]!.label)), kind);
      fields.forEach((field, column) => expect((mapping.columns as Record<string, number>)[field], field).toBe(column));
    });

    it(`${kind}: the template, the export and the messages use the labels`, () => {
      for (const column of TEMPLATE_COLUMNS[kind]) expect(column.header).toBe(registry[column.field]!.label);
      const exported = kind === 'receipts' ? RECEIPT_COLUMNS : RETURN_COLUMNS;
      for (const field of fields) expect(exported.find((c) => c.key === field)?.header).toBe(registry[field]!.label);
      for (const field of kind === 'receipts' ? RECEIPT_FIELDS : RETURN_FIELDS)
        expect(headerLabel(kind, field)).toBe(registry[field]!.label);
    });
  }

  it('the result columns are the labels of the fields a results file carries', () => {
    expect(RESULT_COLUMNS).toEqual(['Status', 'Record ID', 'Sequence', 'Line Item ID', 'Message', 'Updated At']);
    expect(RESULT_COLUMNS).toEqual([
      RECEIPT_REGISTRY.status.label,
      RECEIPT_REGISTRY.record_id.label,
      RECEIPT_REGISTRY.sequence.label,
      RECEIPT_REGISTRY.line_item_id.label,
      RECEIPT_REGISTRY.message.label,
      RECEIPT_REGISTRY.updated_at.label,
    ]);
    expect(RETURN_REGISTRY.status.label).toBe(RECEIPT_REGISTRY.status.label);
  });
});
