/**
 * Mapping a sheet's columns for an import, in the two steps the CLI and the add-in share: by header
 * and by the values' kinds before the organisation is read, then by the organisation's own names
 * (products, storages) once it is. A sheet that cannot map fails at the first step when nothing the
 * organisation knows could help, so a hopeless sheet is refused before connecting.
 */
import type { Resolver } from '../resolve/index.ts';
import { matchByContent, type ContentLookups, type ContentMatch, type FieldEvidence } from '../sheet/content-match.ts';
import type { Grid } from '../sheet/grid.ts';
import { assertMappingUsable, detectMapping, type ColumnMapping } from '../sheet/mapping.ts';
import type { ImportKind } from '../kinds/index.ts';
import type { MappedField } from '../sheet/mapping-match.ts';
import type { SavedMapping } from '../sheet/saved-mapping.ts';

/** A mapping on its way: the mapping so far, and whether it waits for the organisation's names. */
export interface PendingMapping {
  mapping: ColumnMapping;
  /** Required fields still missing that the organisation's products or storages may place. */
  waitsForNames: boolean;
  fixed: ReadonlySet<MappedField>;
}

/** Fields a mapping file or `--set` placed (a column, `null`, or a value): content never moves them. */
export function fixedFields(saved: SavedMapping | undefined): Set<MappedField> {
  return new Set([...Object.keys(saved?.columns ?? {}), ...Object.keys(saved?.values ?? {})] as MappedField[]);
}

/**
 * A sheet's columns found in one go, never throwing for what is missing (the add-in shows it
 * instead): headers and the saved mapping, then the values (the organisation's names too when a
 * `resolver` is given). @throws MappingError only as `detectMapping` does (no header row).
 */
export function matchColumns(
  grid: Grid,
  kind: ImportKind,
  saved: SavedMapping | undefined,
  resolver: Resolver | null,
): ContentMatch {
  return matchByContent(
    grid,
    detectMapping(grid, kind, saved),
    resolver ? lookupsOf(resolver) : null,
    fixedFields(saved),
  );
}

/**
 * Step 1, before connecting: headers (and the saved mapping), then the values' kinds (dates,
 * numbers, units, sizes).
 * @throws MappingError (see `detectMapping`, `assertMappingUsable`) when the sheet cannot map and
 *   the organisation's names could not help (no product or storage missing, or no column left).
 */
export function mapSheet(grid: Grid, kind: ImportKind, saved: SavedMapping | undefined): PendingMapping {
  const { mapping } = matchColumns(grid, kind, saved, null);
  // Columns the organisation's names could still place: unplaced ones, and a notes column of products.
  const open =
    mapping.unplaced.length > 0 || (mapping.missing.includes('product') && mapping.columns.notes !== undefined);
  const waitsForNames = open && mapping.missing.some((f) => f === 'product' || f === 'storage');
  if (!waitsForNames) assertMappingUsable(mapping, { source: grid.source, sheet: grid.sheet });
  return { mapping, waitsForNames, fixed: fixedFields(saved) };
}

/** The import's resolver as content lookups: a name that resolves, or is ambiguous, is a known name. */
export function lookupsOf(resolver: Resolver): ContentLookups {
  const known = (r: { ok: boolean; code?: string }) =>
    r.ok || r.code === 'ambiguous_product' || r.code === 'ambiguous_storage';
  return { isProduct: (text) => known(resolver.product(text)), isStorage: (text) => known(resolver.storage(text)) };
}

/**
 * Step 2, with the organisation read: the organisation's products and storages place what is still
 * missing (and a Description column of products becomes the product).
 * @param covered required fields the run gives without a column (a recipe's default storage).
 * @returns the final mapping and how each field came to its column.
 * @throws MappingError `missing_fields` when a required field is still without a column.
 */
export function mapWithNames(
  grid: Grid,
  pending: PendingMapping,
  resolver: Resolver,
  covered: readonly string[] = [],
): { mapping: ColumnMapping; evidence: FieldEvidence[] } {
  const matched = matchByContent(grid, pending.mapping, lookupsOf(resolver), pending.fixed);
  const { evidence } = matched;
  // Fields the run gives otherwise (`covered`: the suppliers' recipes give every invoice its storage).
  const mapping = covered.length
    ? { ...matched.mapping, missing: matched.mapping.missing.filter((f) => !covered.includes(f)) }
    : matched.mapping;
  assertMappingUsable(mapping, { source: grid.source, sheet: grid.sheet });
  return { mapping, evidence };
}
