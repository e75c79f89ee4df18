/**
 * The stocktake sheet's columns in the field registry's terms (field-spec.ts): the count sheet shed
 * writes (`shed template stocktake`, the ledger's `Stocktake` sheet) and reads back (the ledger's
 * stocktake). Its label, the other headers a bookkeeper may use, and how the export lays it out.
 */
import { synonymsOf, type FieldSpec } from './field-spec.ts';

/** The columns of the stocktake sheet, in their order: where, what, the closing the ledger expects, and the count. */
const STOCKTAKE_SPECS = {
  storage: {
    label: 'Storage',
    synonyms: ['storage', 'shed', 'location', 'deliverto'],
    required: true,
    export: { type: 'text' },
  },
  product: { label: 'Product', synonyms: ['product', 'item', 'tradename'], required: true, export: { type: 'text' } },
  unit: { label: 'Unit', synonyms: ['unit', 'units'], export: { type: 'text' } },
  expected: { label: 'Expected', synonyms: [], export: { type: 'number', width: 12 } },
  counted: {
    label: 'Counted',
    synonyms: ['counted', 'count', 'countedquantity', 'actual', 'onhand', 'quantitycounted'],
    required: true,
    export: { type: 'number', width: 12 },
  },
  notes: { label: 'Notes', synonyms: [], export: { type: 'text', width: 30 } },
} satisfies Record<string, FieldSpec>;

/** A column of the stocktake sheet. */
export type StocktakeField = keyof typeof STOCKTAKE_SPECS;

/** Stocktake column → everything about it. */
export const STOCKTAKE_REGISTRY: Readonly<Record<StocktakeField, FieldSpec>> = STOCKTAKE_SPECS;

/** The stocktake sheet's columns, in order. */
export const STOCKTAKE_FIELDS = Object.keys(STOCKTAKE_SPECS) as readonly StocktakeField[];

/** The columns read back from a filled-in stocktake sheet (the others are shed's own). */
export const STOCKTAKE_READ_FIELDS = [
  'storage',
  'product',
  'unit',
  'counted',
] as const satisfies readonly StocktakeField[];

/** The headers each read column is found by, normalised, its label among them. */
export const STOCKTAKE_SYNONYMS: Readonly<Record<(typeof STOCKTAKE_READ_FIELDS)[number], readonly string[]>> =
  synonymsOf(STOCKTAKE_READ_FIELDS, STOCKTAKE_REGISTRY);
