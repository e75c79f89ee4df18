/**
 * The orders the fields are laid out in where a sheet is made rather than read: the template's
 * columns, as a bookkeeper fills them in, and the returns export's columns.
 */
import type { ReceiptField, ReturnField } from './field-registry.ts';

/** The order of the template's columns, as a bookkeeper fills them in. */
export const TEMPLATE_ORDER = {
  receipts: [
    'invoice',
    'supplier',
    'received_at',
    'storage',
    'order_number',
    'product',
    'quantity',
    'pack_size',
    'pack_unit',
    'pack_cost',
    'notes',
  ],
  returns: ['returned_at', 'supplier', 'storage', 'product', 'amount', 'amount_unit', 'reference', 'notes'],
} as const satisfies { receipts: readonly ReceiptField[]; returns: readonly ReturnField[] };

/**
 * The order of the returns export's columns in the import layout (the receipts export follows the
 * fields' own order): the date first, as a list of returns is read.
 */
export const RETURN_EXPORT_ORDER = [
  'returned_at',
  'supplier',
  'storage',
  'product',
  'amount',
  'amount_unit',
  'reference',
  'notes',
  'record_id',
  'sequence',
  'updated_at',
] as const satisfies readonly ReturnField[];
