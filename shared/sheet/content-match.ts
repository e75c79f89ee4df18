/**
 * Column matching by content, after the headers (mapping-match.ts) have had their say: a required
 * field the headers did not place is looked for among the columns no field took, by what their
 * values are (the product column is the one whose values are this organisation's products, the
 * storage column names its storages; dates, numbers, units and pack sizes are recognised as such).
 * A field is placed only when one column clearly fits: when two fit about as well, nothing is
 * guessed and the refusal names both. A Description column that the headers gave to notes is the
 * product when its values say so. Every placement carries its evidence, to show. Pure.
 */
import { isBlank, isRowLeftOut, type CellValue, type Grid } from './grid.ts';
import type { ColumnMapping, ContentTie } from './column-mapping.ts';
import { kindOf, type ContentKind } from '../kinds/index.ts';
import type { MappedField } from './mapping-match.ts';
import { normaliseUnit, parseDateCell, parseDecimalCell, parseQuantityWithUnit } from './values/index.ts';
import { unitFromRec20 } from './packs/rec20.ts';

/** Organisation lookups for content matching (the import's resolver): whether a text names one. */
export interface ContentLookups {
  isProduct(text: string): boolean;
  isStorage(text: string): boolean;
}

/** How a field came to its column, for people: `Product ← 'Item details' (41 of 43 values are known products)`. */
export interface FieldEvidence {
  field: MappedField;
  column: number;
  header: string;
  /** `header`: the header names the field; `content`: the values do (the header did not). */
  by: 'header' | 'content';
  /** What the values say, when they were looked at: `41 of 43 values are known products`. */
  detail?: string;
  /**
   * `high`: the header names the field and its values (when looked at) agree; `medium`: the values
   * alone placed it; `low`: the header names it but most values are not of its kind (said as a warning).
   */
  confidence: 'high' | 'medium' | 'low';
}

export type { ContentTie } from './column-mapping.ts';

/** What content matching did: the mapping with the fields it placed, the evidence, and the ties it refused to break. */
export interface ContentMatch {
  mapping: ColumnMapping;
  evidence: FieldEvidence[];
  ties: ContentTie[];
}

/** Data rows looked at per column. */
const SAMPLE_ROWS = 200;
/** A column fits a field when at least this share of its values are of the field's kind ... */
const FIT = 0.8;
/** ... the product and storage columns at this share (some names may be new or misspelt) ... */
const NAME_FIT = 0.6;
/** ... and it wins only when the next best fits by at least this much less. */
const MARGIN = 0.25;

type Kind = ContentKind;

/** The kind of value a field of `mapping`'s kind holds, when content can recognise it (the registry's `content`). */
function contentOf(mapping: ColumnMapping, field: MappedField): Kind | undefined {
  return kindOf(mapping.kind).registry[field].content;
}

const KIND_SAID: Record<Kind, string> = {
  date: 'dates',
  number: 'numbers',
  whole: 'whole numbers',
  size: 'sizes',
  unit: 'units (l, kg, ...)',
  product: 'known products',
  storage: 'known storages',
};

/**
 * Places the required fields `mapping` lacks on unplaced columns whose values fit, and moves the
 * product to a notes column whose values are products when the product column's are not.
 * `lookups` null: products and storages are not recognised (before the organisation is read).
 * `fixed`: fields the mapping file or `--set` placed, which content never moves.
 */
export function matchByContent(
  grid: Grid,
  mapping: ColumnMapping,
  lookups: ContentLookups | null,
  fixed: ReadonlySet<MappedField> = new Set(),
): ContentMatch {
  const sample = sampleColumns(grid, mapping);
  const share = (column: number, kind: Kind): { share: number; detail: string } =>
    shareOf(sample.get(column) ?? [], kind, lookups);
  const columns = { ...mapping.columns } as Partial<Record<MappedField, number>>;
  const evidence: FieldEvidence[] = [];
  const ties: ContentTie[] = [];
  const header = (column: number) => mapping.headers[column] ?? '';

  if (!fixed.has('product') && !fixed.has('notes'))
    moveDescriptionToProduct(mapping, columns, share, evidence, lookups);
  const free = () =>
    mapping.headers
      .map((_, c) => c)
      .filter((c) => !Object.values(columns).includes(c) && (sample.get(c)?.length ?? 0) > 0);
  const needed = kindOf(mapping.kind).required.filter((f) => columns[f] === undefined && !(mapping.constants ?? {})[f]);
  for (const field of needed) {
    const kind = contentOf(mapping, field);
    if (!kind || ((kind === 'product' || kind === 'storage') && !lookups)) continue;
    const threshold = kind === 'product' || kind === 'storage' ? NAME_FIT : FIT;
    const fits = free()
      .map((column) => ({ column, ...share(column, kind) }))
      .filter((c) => c.share >= threshold)
      .sort((a, b) => b.share - a.share || a.column - b.column);
    const [best, next] = fits;
    if (!best) continue;
    if (next && best.share - next.share < MARGIN) {
      ties.push({
        field,
        columns: fits.slice(0, 3).map((c) => ({ column: c.column, header: header(c.column), detail: c.detail })),
      });
      continue;
    }
    columns[field] = best.column;
    evidence.push({
      field,
      column: best.column,
      header: header(best.column),
      by: 'content',
      detail: best.detail,
      confidence: 'medium',
    });
  }
  for (const [field, column] of Object.entries(columns) as [MappedField, number][]) {
    if (evidence.some((e) => e.field === field)) continue;
    const kind = contentOf(mapping, field);
    const seen = kind && (lookups || (kind !== 'product' && kind !== 'storage')) ? share(column, kind) : null;
    // Half is the bar for a header's column: names may be new or misspelt, sizes written oddly.
    const confidence = seen && seen.detail && seen.share < 0.5 ? 'low' : 'high';
    evidence.push({
      field,
      column,
      header: header(column),
      by: 'header',
      confidence,
      ...(seen && seen.detail ? { detail: seen.detail } : {}),
    });
  }
  const used = new Set(Object.values(columns));
  const required = kindOf(mapping.kind).required;
  return {
    mapping: {
      ...mapping,
      columns,
      unplaced: mapping.headers.flatMap((h, column) =>
        h.trim() !== '' && !used.has(column) ? [{ column, header: h }] : [],
      ),
      missing: mapping.missing.filter(
        (f) => columns[f as MappedField] === undefined && required.includes(f as MappedField),
      ),
      ...(ties.length > 0 ? { ties } : {}),
    },
    evidence: evidence.sort((a, b) => a.column - b.column),
    ties,
  };
}

/** A notes column (`Description`) whose values are products is the product, when the product column's are not. */
function moveDescriptionToProduct(
  mapping: ColumnMapping,
  columns: Partial<Record<MappedField, number>>,
  share: (column: number, kind: Kind) => { share: number; detail: string },
  evidence: FieldEvidence[],
  lookups: ContentLookups | null,
): void {
  const notes = columns.notes;
  if (!lookups || !kindOf(mapping.kind).notesMayBeProducts || notes === undefined) return;
  const described = share(notes, 'product');
  if (described.share < NAME_FIT) return;
  const product = columns.product;
  if (product !== undefined && share(product, 'product').share + MARGIN > described.share) return;
  delete columns.notes;
  if (product !== undefined) delete columns.product;
  columns.product = notes;
  evidence.push({
    field: 'product',
    column: notes,
    header: mapping.headers[notes] ?? '',
    by: 'content',
    detail: described.detail,
    confidence: 'medium',
  });
}

/** Up to {@link SAMPLE_ROWS} non-blank values of each column below the header row. */
function sampleColumns(grid: Grid, mapping: ColumnMapping): Map<number, CellValue[]> {
  const sample = new Map<number, CellValue[]>();
  let rows = 0;
  for (const row of grid.rows) {
    if (row.rowNumber <= mapping.headerRowNumber || isRowLeftOut(row)) continue;
    if (++rows > SAMPLE_ROWS) break;
    row.cells.forEach((cell, column) => {
      if (isBlank(cell)) return;
      const values = sample.get(column);
      if (values) values.push(cell);
      else sample.set(column, [cell]);
    });
  }
  return sample;
}

/** The share of `values` of a kind, and the sentence that says it (`12 of 12 values are dates`). */
function shareOf(
  values: readonly CellValue[],
  kind: Kind,
  lookups: ContentLookups | null,
): { share: number; detail: string } {
  if (values.length === 0) return { share: 0, detail: '' };
  const hits = values.filter((v) => isKind(v, kind, lookups)).length;
  return { share: hits / values.length, detail: `${hits} of ${values.length} values are ${KIND_SAID[kind]}` };
}

function isKind(value: CellValue, kind: Kind, lookups: ContentLookups | null): boolean {
  const text = typeof value === 'string' ? value.trim() : '';
  switch (kind) {
    case 'date':
      return (
        value instanceof Date ||
        (text !== '' && !/^\d+(\.\d+)?$/.test(text) && (parseDateCell(text, 'DMY').ok || parseDateCell(text, 'MDY').ok))
      );
    case 'number':
      return parseDecimalCell(value).ok;
    case 'whole': {
      const parsed = parseDecimalCell(value);
      return parsed.ok && /^\d+$/.test(parsed.value);
    }
    case 'size': {
      const parsed = parseQuantityWithUnit(value);
      return (
        parsed.ok &&
        !parsed.value.value.startsWith('-') &&
        (parsed.value.unit === null || normaliseUnit(parsed.value.unit).known)
      );
    }
    case 'unit':
      // A UN/ECE Rec 20 code (LTR, KGM, and the counts EA, C62 the pack engine sizes) is a unit too.
      return text !== '' && (normaliseUnit(text).known || unitFromRec20(text) !== null);
    case 'product':
      return text !== '' && (lookups?.isProduct(text) ?? false);
    case 'storage':
      return text !== '' && (lookups?.isStorage(text) ?? false);
  }
}

/**
 * The evidence as lines for people: `Product ← 'Item details' (medium: by its values: 41 of 43
 * values are known products)`, `Qty ← 'Qty' (high: header)`. `label` names a field as the sheet's
 * template would.
 */
export function describeEvidence(evidence: readonly FieldEvidence[], label: (field: MappedField) => string): string[] {
  return evidence.map((e) => {
    const why = e.by === 'header' ? (e.detail ? `header; ${e.detail}` : 'header') : `by its values: ${e.detail ?? ''}`;
    return `${label(e.field)} ← '${e.header}' (${e.confidence}: ${why})`;
  });
}

/** A tie as a sentence for a refusal: `'Item' and 'Description' could both be the product (…)`. */
export function describeTie(tie: ContentTie, label: (field: MappedField) => string): string {
  const names = tie.columns.map((c) => `'${c.header}' (${c.detail})`).join(' and ');
  return `${names} could each be the ${label(tie.field)} column, and shed will not guess which`;
}
