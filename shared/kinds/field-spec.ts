/**
 * What the field registry (field-registry.ts) says of one field of an import sheet: its label and
 * synonyms, its roles as flags (required, invoice-level, written back, an id, derived), and how
 * templates and exports lay it out. Also the one way a header is compared ({@link normaliseHeader}).
 */
import type { ExportColumnType, TemplateFormat, TemplateListName } from './number-formats.ts';

/** The property of a row's result (`RowResult`, shared/import/outcome.ts) that carries an id field. */
export type IdResultKey = 'recordId' | 'sequence' | 'lineItemId' | 'updatedAt';

/**
 * What a field's values are, for finding its column by content when no header names it: dates, whole
 * numbers (pack counts), sizes (a number, maybe with its unit), units, or names of the organisation's
 * products or storages.
 */
export type ContentKind = 'date' | 'number' | 'whole' | 'size' | 'unit' | 'product' | 'storage';

/** Everything about one field of a sheet. */
export interface FieldSpec {
  /** The header shed writes and names in messages ("add a column headed 'Qty'"). A sheet using it maps. */
  label: string;
  /**
   * The headers that map to the field, normalised (lower case, letters and digits), in order of
   * preference; the label is added in front when it is not listed. A label changed keeps the old one
   * mapping only if it stays listed here.
   */
  synonyms: readonly string[];
  /** Every sheet must map it. */
  required?: boolean;
  /** Receipts: a field of the invoice, filled down within it and equal on all its lines. */
  invoiceLevel?: boolean;
  /**
   * Its cell identifies a data row: results follow their rows by these cells when the sheet changed
   * while an import ran (shared/import/row-key.ts). Dates are among them (compared as serials in the
   * workbook's date system): two returns alike but for their dates must not swap ids after a sort.
   */
  identifiesRow?: boolean;
  /**
   * Written back by an import (the result and id columns): the pane maps it itself and does not
   * offer it for editing.
   */
  writtenBack?: boolean;
  /**
   * An id the service gave, written back and read again on the next run to update instead of
   * create: the result's property that carries it. An id a sheet already holds is kept when a run
   * gives none.
   */
  id?: IdResultKey;
  /**
   * Alone it does not make a data row: a result an earlier run wrote, or a computed total. A row
   * emptied of everything else (a deleted line in a results file) is blank.
   */
  derived?: boolean;
  /** What its values are, when content matching may place it (shared/sheet/content-match.ts). */
  content?: ContentKind;
  /** The column of the import template: cell format, width in characters, drop-down list and its prompt. */
  template?: { format: TemplateFormat; width: number; list?: TemplateListName; prompt?: string };
  /** The column of the export in the import layout (receipts and returns datasets): value type, width. */
  export?: { type: ExportColumnType; width?: number };
}

/** The columns an import writes back (PRODUCT.md, "Results file"), shared by both kinds. */
export const RESULT_FIELD_SPECS = {
  record_id: { label: 'Record ID', synonyms: [], writtenBack: true, id: 'recordId', export: { type: 'text' } },
  sequence: {
    label: 'Sequence',
    synonyms: [],
    writtenBack: true,
    id: 'sequence',
    derived: true,
    export: { type: 'text' },
  },
  updated_at: {
    label: 'Updated At',
    synonyms: ['updatedat', 'lastupdated', 'updated', 'modified', 'lastmodified'],
    writtenBack: true,
    // The record's version a results row carries, kept like an id when a run gives none (a failed row).
    id: 'updatedAt',
    export: { type: 'text' },
  },
  status: { label: 'Status', synonyms: ['status', 'result'], writtenBack: true, derived: true },
  message: { label: 'Message', synonyms: ['message', 'messages', 'error', 'errors'], writtenBack: true, derived: true },
} as const satisfies Record<string, FieldSpec>;

/**
 * The fields of the result columns, in the order they are appended to the input (PRODUCT.md, "Results file"):
 * the five PRODUCT.md names, then `Updated At`, the version of the record the row wrote or found, which a
 * re-import of the results file checks before it overwrites (issue 26, item 3).
 */
export const RESULT_COLUMN_FIELDS = [
  'status',
  'record_id',
  'sequence',
  'line_item_id',
  'message',
  'updated_at',
] as const;

/**
 * A header as compared: lower case, accents, punctuation and all whitespace (non-breaking too) removed.
 * `"No. of packs"` → `"noofpacks"`, `"Price ex GST"` → `"priceexgst"`.
 */
export function normaliseHeader(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * A header's words, normalised like {@link normaliseHeader} (lower case, letters and digits), split at
 * anything else (spaces, `_`, `-`, `.`, brackets): `"Unit_Price (inc. GST)"` → `["unit", "price", "inc", "gst"]`.
 * Joined, they are its normalised header.
 */
export function words(header: string): string[] {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

/** Each field's headers, normalised, its label in front when its synonyms do not list it. */
export function synonymsOf<F extends string>(
  fields: readonly F[],
  registry: Readonly<Record<F, FieldSpec>>,
): Record<F, readonly string[]> {
  const synonyms = {} as Record<F, readonly string[]>;
  for (const f of fields) {
    const label = normaliseHeader(registry[f].label);
    synonyms[f] = registry[f].synonyms.includes(label) ? registry[f].synonyms : [label, ...registry[f].synonyms];
  }
  return synonyms;
}
