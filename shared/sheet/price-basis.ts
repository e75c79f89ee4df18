/**
 * Whether a sheet's prices include GST (gaps row 28). The service keeps a line's pack cost ex GST;
 * a column headed `Unit Price (inc GST)` mapped to the pack cost would make every cost 10% high, so
 * a header that says which it is decides, and one that contradicts what the import was told stops
 * the import before anything is read further. Pure.
 */
import type { ColumnMapping } from './column-mapping.ts';
import { MappingError } from './mapping-error.ts';

/** Whether a column's amounts include GST: from its header, when the header says. */
export type GstBasis = 'inc' | 'ex';

const TAX = '(?:gst|tax|vat)';
const INC_WORD = '(?:inc|incl|including|inclusive(?:\\s+of)?|with)';
const EX_WORD = '(?:ex|exc|excl|excluding|exclusive(?:\\s+of)?|before|pre|less|net\\s+of|without)';
/** `inc GST`, `ex GST`: the word before the tax word. */
const INC_BEFORE = new RegExp(`\\b${INC_WORD}\\.?[\\s-]*${TAX}\\b`, 'i');
const EX_BEFORE = new RegExp(`\\b${EX_WORD}\\.?[\\s-]*${TAX}\\b`, 'i');
/** `GST inclusive`, `GST excl`: the word after it. */
const INC_AFTER = new RegExp(`\\b${TAX}[\\s-]*(?:inc|incl|inclusive|included)\\b`, 'i');
const EX_AFTER = new RegExp(`\\b${TAX}[\\s-]*(?:ex|exc|excl|exclusive|excluded)\\b`, 'i');
const NETT = /\bnett?\b/i;
/** `inc` or `ex` with nothing after it but a closing bracket: `Price inc`, `Unit Price (incl.)`, `Cost ex.` (the tax unsaid). */
const ALONE = '\\.?\\s*\\)?\\s*$';
const INC_ALONE = new RegExp(`\\b(?:inc|incl|inclusive)${ALONE}`, 'i');
const EX_ALONE = new RegExp(`\\b(?:ex|exc|excl|exclusive)${ALONE}`, 'i');

/**
 * What a header says about GST: `'Unit Price (inc GST)'`, `'Price incl. GST'`, `'Total GST inclusive'`,
 * `'GST-inclusive price'`, `'Price inc'` (the tax unsaid, as Australian invoices write it) → `'inc'`; `'Price ex GST'`,
 * `'Cost excl tax'`, `'Pre-GST total'`, `'Nett price'`, `'Price (ex GST, freight incl.)'` → `'ex'`; `'Unit Price'` → null;
 * `'Price inc GST / ex GST'` → `'both'`. The word before the tax word says it first (`'Price ex GST inc disc'` is
 * ex), then the word after it, then `nett`, then an `inc` or `ex` alone at the end.
 */
export function gstBasisOfHeader(header: string): GstBasis | 'both' | null {
  const said = (inc: boolean, ex: boolean) => (inc && ex ? 'both' : inc ? 'inc' : ex ? 'ex' : null);
  return (
    said(INC_BEFORE.test(header), EX_BEFORE.test(header)) ??
    said(INC_AFTER.test(header), EX_AFTER.test(header)) ??
    (NETT.test(header) ? 'ex' : null) ??
    said(INC_ALONE.test(header), EX_ALONE.test(header))
  );
}

/** The four qualifier patterns, each matching everywhere in a header. */
const QUALIFIERS = [INC_BEFORE, EX_BEFORE, INC_AFTER, EX_AFTER].map((re) => new RegExp(re.source, 'gi'));

/**
 * The header without what it says of GST (`inc GST`, `Incl. GST`, `excl tax`, `GST inclusive`: each phrase
 * {@link gstBasisOfHeader} reads before `nett` or a lone `inc`): `'Price inc GST'` → `'Price  '`,
 * `'Cost excl. GST'` → `'Cost  '`, `'Unit Price'` → `'Unit Price'`. The mapping (mapping-match.ts) matches a
 * header on what is left, so a qualifier never counts against a synonym, and what it takes out is always
 * read here for the price basis.
 */
export function withoutGstQualifier(header: string): string {
  return QUALIFIERS.reduce((text, re) => text.replace(re, ' '), header);
}

/**
 * What the header of the column the pack costs come from says of GST (the pack cost column, else the
 * Line Total a cost is worked out from): `'inc'`, `'ex'`, or null when it does not say (or says both) or there is none.
 */
export function costColumnBasis(mapping: ColumnMapping): GstBasis | null {
  const columns = mapping.columns as Partial<Record<string, number>>;
  const column = columns['pack_cost'] ?? columns['line_total'];
  const basis = column === undefined ? null : gstBasisOfHeader(mapping.headers[column] ?? '');
  // A header saying both decides nothing here: checkPriceBasis refuses it.
  return basis === 'both' ? null : basis;
}

/**
 * How the pack cost and line total columns are to be read:
 * - `costIncludesGst`: the pack cost column's prices include GST (GST is taken off before sending);
 * - `totalIncludesGst`: the line total column's amounts include GST (for the line total check).
 * A column whose header does not say is taken as the import was told (`gstRate` given: inclusive).
 */
export interface PriceBasis {
  costIncludesGst: boolean;
  totalIncludesGst: boolean;
}

/**
 * Reads the GST basis of the pack cost and line total columns and checks it against what the import
 * was told (`gstRate`: prices include GST at that rate; null: they exclude it).
 * @throws MappingError `gst_basis` when the pack cost column says it includes GST and `gstRate` is
 *   null, or says it excludes GST while `gstRate` is given, or a price column says both; the message
 *   names the column and the fix.
 */
export function checkPriceBasis(
  mapping: ColumnMapping,
  gstRate: string | null,
  where: { source: string; sheet: string },
): PriceBasis {
  const headerOf = (field: 'pack_cost' | 'line_total'): string | null => {
    const column = (mapping.columns as Partial<Record<string, number>>)[field];
    return column === undefined ? null : (mapping.headers[column] ?? '');
  };
  // Without a price column, pack costs come from the Line Total ÷ Qty (pack_cost_from): its basis is theirs.
  const costHeader = headerOf('pack_cost') ?? headerOf('line_total');
  const totalHeader = headerOf('line_total');
  const cost = costHeader === null ? null : gstBasisOfHeader(costHeader);
  const total = totalHeader === null ? null : gstBasisOfHeader(totalHeader);
  const at = `${where.source}, sheet '${where.sheet}', header row ${mapping.headerRowNumber}`;
  const both = [costHeader, totalHeader].find((h) => h !== null && gstBasisOfHeader(h) === 'both');
  if (both !== undefined) {
    throw new MappingError(
      'gst_basis',
      `${at}: the column '${both}' says its amounts both include and exclude GST: rename it to say one ` +
        `(e.g. 'Price ex GST'), and import again.`,
    );
  }
  if (cost === 'inc' && gstRate === null) {
    throw new MappingError(
      'gst_basis',
      `${at}: the column '${costHeader}' (mapped to the pack cost) holds prices including GST, but the service keeps ` +
        `the pack cost excluding GST.`,
      { remedies: [{ code: 'prices_include_gst' }] },
    );
  }
  if (cost === 'ex' && gstRate !== null) {
    throw new MappingError(
      'gst_basis',
      `${at}: the import was told prices include GST, but the column '${costHeader}' (mapped to the pack cost) ` +
        `says its prices exclude GST.`,
      { remedies: [{ code: 'prices_exclude_gst' }] },
    );
  }
  const told = gstRate !== null;
  return {
    costIncludesGst: cost === null ? told : cost === 'inc',
    totalIncludesGst: total === null ? told : total === 'inc',
  };
}
