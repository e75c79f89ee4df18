/**
 * What a re-imported results file teaches the supplier recipes (issue 21): the corrections it carries
 * (a refused product or storage name fixed in its cell, a rule the run was told by hand), read from the
 * sheet and its results, then learned into the recipes. Pure; recipe-step.ts runs it after a run.
 */
import { EXTRA_HEADERS } from '../einvoice/to-grid.ts';
import { shownText } from '../resolve/normalise.ts';
import type { Resolver } from '../resolve/resolver.ts';
import type { CellValue, Grid } from '../sheet/grid.ts';
import type { ColumnMapping } from '../sheet/mapping.ts';
import { cellText } from '../sheet/values/index.ts';
import type { SupplierRecipe } from '../suppliers/recipe.ts';
import { supplierName } from '../suppliers/identity.ts';
import { gstWords, learnCorrections, refusedName, type Correction, type Learned } from '../suppliers/recipe-learn.ts';
import type { ReadSettings } from './cells.ts';
import type { RowResult } from './outcome.ts';
import { kindOf } from '../kinds/index.ts';
import { findResultBlockOrOlder } from './result-block.ts';
import { skipLines } from './rows.ts';
import type { PlannedDraft } from './plan-kind.ts';

/** Statuses of rows the service now holds as the sheet says (a correction there is worth learning). */
const ACCEPTED = new Set<RowResult['status']>(['created', 'updated', 'unchanged', 'would create', 'would update']);

/**
 * The corrections a re-imported results file carries: rows of a receipt or return now accepted whose Message
 * (from the earlier run) refused a product or storage name, and whose cell now names one the
 * organisation has by its own names (never through a recipe: a learned entry teaches nothing new).
 * @param base the organisation's resolver, without recipes.
 */
export function correctionsOf(
  grid: Grid,
  mapping: ColumnMapping,
  drafts: readonly PlannedDraft[],
  results: readonly RowResult[],
  base: Resolver,
): Correction[] {
  const { message, product, storage } = mapping.columns;
  // Receipts and returns alike: a credit note's results file teaches its supplier's recipe as an invoice's does.
  if (message === undefined) return [];
  const status = new Map(results.map((r) => [r.rowNumber, r.status]));
  const rows = new Map(grid.rows.map((r) => [r.rowNumber, r.cells]));
  const extras = extrasOf(grid, mapping);
  const found: Correction[] = [];
  for (const draft of drafts) {
    const supplier = (draft.body as { supplier?: string } | null)?.supplier;
    if (!supplier) continue;
    for (const rowNumber of draft.rowNumbers) {
      const cells = rows.get(rowNumber);
      if (!cells || !ACCEPTED.has(status.get(rowNumber) ?? 'failed')) continue;
      const said = cellText(cells[message] ?? null);
      for (const [kind, column] of [
        ['product', product],
        ['storage', storage],
      ] as const) {
        const text = said && refusedName(said, kind);
        if (!text || column === undefined) continue;
        const now = cellText(cells[column] ?? null);
        const hit = kind === 'product' ? base.product(now) : base.storage(now);
        if (!hit.ok || hit.note) continue;
        // The name as the bookkeeper wrote it (an alias keeps its alias id when the entry applies).
        const id = 'productId' in hit.value ? hit.value.productId : hit.value.id;
        const name = 'productId' in hit.value ? shownText(now) : hit.value.name;
        found.push({ kind, supplier, text, id, name, rowNumber, ...extras(cells, kind) });
      }
    }
  }
  return found;
}

/**
 * What a corrected row carries beside its names, from an e-invoice's extra columns (`EXTRA_HEADERS`):
 * the supplier's ABN/NZBN (the recipe keyed by it learns) and, for a product, the seller's item code
 * (learned with it, so the supplier's next e-invoice resolves by the code whatever the item's name).
 */
function extrasOf(
  grid: Grid,
  mapping: ColumnMapping,
): (cells: readonly CellValue[], kind: Correction['kind']) => Pick<Correction, 'businessNumber' | 'code'> {
  const header = grid.rows.find((r) => r.rowNumber === mapping.headerRowNumber)?.cells ?? [];
  const at = (text: string) => header.findIndex((c) => cellText(c ?? null) === text);
  const [numberAt, codeAt] = [at(EXTRA_HEADERS.businessNumber), at(EXTRA_HEADERS.itemCode)];
  return (cells, kind) => {
    const number = numberAt < 0 ? '' : cellText(cells[numberAt] ?? null);
    const code = codeAt < 0 || kind !== 'product' ? '' : cellText(cells[codeAt] ?? null);
    return { ...(number ? { businessNumber: number } : {}), ...(code ? { code } : {}) };
  };
}

/**
 * The rules a run was told by hand that its suppliers' recipes do not hold yet (`given`: the reading
 * settings before the recipes were laid in): each line-not-stock pattern that left out a line of a
 * supplier's invoice (the Supplier filled down from the first line of each invoice) becomes that
 * supplier's rule; prices said to include GST become the supplier's GST when the sheet names one
 * supplier only (a sheet of several cannot say whose prices they are: nothing is learned). Only a
 * correction teaches: a results file imported again (its header row holds shed's result block). A
 * flag given to a first import is that run's choice, never next month's rule unasked.
 */
export function readingCorrections(
  grid: Grid,
  mapping: ColumnMapping,
  given: Pick<ReadSettings, 'skipLines' | 'gstRate'>,
): Correction[] {
  const { supplier: supplierColumn, product } = mapping.columns;
  // Only a sheet of prices has a GST habit and lines that are not stock (a returns sheet has neither).
  const priced = (kindOf(mapping.kind).fields as readonly string[]).includes('pack_cost');
  if (!priced || product === undefined) return [];
  const header = grid.rows.find((row) => row.rowNumber === mapping.headerRowNumber);
  if (!header || !findResultBlockOrOlder(header.cells.map((c) => (typeof c === 'string' ? c : null)))) return [];
  const found: Correction[] = [];
  const supplierOf = new Map<number, string>();
  let current = mapping.constants?.supplier ?? '';
  const rows = grid.rows.filter((row) => row.rowNumber > mapping.headerRowNumber);
  for (const row of rows) {
    const text = supplierColumn === undefined ? '' : cellText(row.cells[supplierColumn] ?? null);
    if (text) current = text;
    if (current) supplierOf.set(row.rowNumber, current);
  }
  const fieldRows = rows.map((row) => ({
    rowNumber: row.rowNumber,
    cells: { product: cellText(row.cells[product] ?? null) },
    columns: {},
  }));
  for (const { rowNumber, pattern } of skipLines(fieldRows, 'product', given.skipLines).skipped) {
    const supplier = supplierOf.get(rowNumber);
    if (supplier) found.push({ kind: 'not_stock', supplier, text: pattern, id: '', name: 'not stock', rowNumber });
  }
  const suppliers = [...new Set(supplierOf.values())];
  const identities = new Set(suppliers.map(supplierName));
  if (given.gstRate && identities.size === 1) {
    found.push({
      kind: 'gst',
      supplier: suppliers[0]!,
      text: given.gstRate,
      id: '',
      name: gstWords(given.gstRate),
      rowNumber: 0,
    });
  }
  return found;
}

/**
 * Learns the corrections into the recipes: `from` the sheet's file, `today` as `YYYY-MM-DD`, the
 * entries kept for `organisationId` (the organisation imported into).
 */
export function learnFromSheet(
  recipes: readonly SupplierRecipe[],
  corrections: readonly Correction[],
  from: string,
  today: string,
  organisationId?: string,
): { changed: SupplierRecipe[]; learned: Learned[] } {
  return learnCorrections(recipes, corrections, { from, today, ...(organisationId ? { organisationId } : {}) });
}
