/**
 * Turns one returns row into a return create body: cells read, names resolved, the body checked; a problem pinned
 * to each cell that cannot be used.
 */
import type { ReturnCreateBody } from '../../schemas/bodies.ts';
import { ReturnCreateBody as ReturnCreateSchema } from '../../schemas/bodies.ts';
import type { Resolver } from '../../resolve/index.ts';
import type { ReturnField } from '../../kinds/index.ts';
import { isBlank } from '../../sheet/grid.ts';
import { cellText } from '../../sheet/values/index.ts';
import { CellReader } from '../cells.ts';
import { returnAmount } from './amount-packs.ts';
import { negativeAmountProblem } from './negative-amount.ts';
import type { Problem } from '../outcome.ts';
import type { ColumnIndex } from '../problems.ts';
import type { ReadSettings } from '../receipts/build.ts';
import type { FieldRow } from '../rows.ts';
import type { BodySource } from '../zod-problems.ts';
import { issuesToProblems } from '../zod-problems.ts';

export type { ReadSettings } from '../receipts/build.ts';

/**
 * One sheet row made ready to send as a return: the create body (null when any cell is invalid),
 * the ids an earlier run wrote back (for updates), and every problem pinned to its cell. Same shape
 * as a receipt draft without the line items, so sending, journal and duplicate checks treat both alike.
 */
export interface ReturnDraft {
  /** The one sheet row of this return. */
  rowNumbers: number[];
  body: ReturnCreateBody | null;
  /** Record ID from the sheet: this row updates that return instead of creating one. */
  recordId: string | null;
  /** `Updated At` from the sheet (as exports write it), for conflict checks. */
  updatedAt: string | null;
  storageName: string | null;
  problems: Problem[];
  warnings: Problem[];
  /** The return's reference (credit note, RMA) as written; null when blank. */
  key: string | null;
}

/**
 * Turns one returns row into a return create body: reads every cell (the amount and its unit from one
 * cell such as `20 L` or from two columns, or through the pack engine: `2 x 20L`, a count of EA/C62
 * with the size in the product text or the supplier's convention; see returnAmount), resolves storage (a locked one is refused, gaps row 11)
 * and product (an alias resolves to its product; a return carries no alias id, spec section 2), then
 * checks the body with the same zod schema the service uses (gaps rows 6, 9, 10).
 * The returned date is sent as local midnight in `settings.timeZone`.
 * Never throws: every problem is returned, pinned to its cell.
 */
export function buildReturnDraft(
  row: FieldRow<ReturnField>,
  index: ColumnIndex,
  resolver: Resolver,
  settings: ReadSettings,
): ReturnDraft {
  const { cells, rowNumber } = row;
  // The supplier's recipe (learned names, default storage) resolves this return's names, when it has one.
  const supplierText = cells.supplier == null || isBlank(cells.supplier) ? null : cellText(cells.supplier);
  const own = settings.resolverFor && supplierText !== null ? settings.resolverFor(supplierText) : resolver;
  // And its pack conventions (its own recipe's), for an amount counted in items (EA, C62).
  const packs = supplierText !== null ? settings.packConventionsFor?.(supplierText) : undefined;
  const rowSettings = packs ? { ...settings, packConventions: packs } : settings;
  const read = new CellReader(index, rowSettings, own);

  const supplier = read.requiredText('supplier', cells.supplier, rowNumber);
  const returnedAt = read.date('returned_at', cells.returned_at, rowNumber);
  const storage = read.storage('storage', cells.storage, rowNumber);
  // The amount first: a size read off the end of the product text leaves the product's name. A credit
  // note's negative amount (-20, (20)) is refused saying to write it positive.
  const negative = negativeAmountProblem(cells.amount);
  if (negative) read.problem('amount', rowNumber, 'negative_amount', negative, cells.amount);
  const { product: productText, amount } = negative
    ? { product: cells.product, amount: null }
    : returnAmount(read, row, rowSettings);
  const product = productText === null ? null : read.product('product', productText, rowNumber);
  const recordId = read.id('record_id', cells.record_id, rowNumber);
  const reference = read.optionalText(cells.reference);
  const notes = read.optionalText(cells.notes);

  const draft: ReturnDraft = {
    rowNumbers: [rowNumber],
    body: null,
    recordId,
    updatedAt: read.timestamp(cells.updated_at, rowNumber),
    storageName: storage?.name ?? null,
    problems: read.problems,
    warnings: read.warnings,
    key: reference,
  };
  const fields = {
    ...(storage ? { storage_id: storage.id } : {}),
    ...(product ? { product_id: product.productId } : {}),
    ...(returnedAt ? { returned_at: returnedAt } : {}),
    ...(supplier ? { supplier } : {}),
    ...(amount ? { amount_value: amount.value, amount_unit: amount.unit } : {}),
    notes,
    reference,
  };
  const checked = checkBody(fields, read.problems.length === 0, row, index);
  draft.body = checked.body;
  draft.problems.push(...checked.problems);
  return draft;
}

/**
 * Checks the fields that read well with the service's schema. The fields that failed to read are
 * left out and their missing-field issues ignored, so every problem of a row is told at once ('0'
 * must be greater than 0 beside an unknown product). `complete`: no cell failed; only then a body.
 */
function checkBody(
  fields: Record<string, unknown>,
  complete: boolean,
  row: FieldRow<ReturnField>,
  index: ColumnIndex,
): { body: ReturnCreateBody | null; problems: Problem[] } {
  const checked = ReturnCreateSchema.safeParse(fields);
  if (checked.success) return { body: complete ? checked.data : null, problems: [] };
  const issues = checked.error.issues.filter((issue) => complete || String(issue.path[0]) in fields);
  return { body: null, problems: issuesToProblems(issues, index, (path) => locate(path, row)) };
}

const BODY_TO_FIELD: Record<string, ReturnField> = {
  storage_id: 'storage',
  product_id: 'product',
  returned_at: 'returned_at',
  supplier: 'supplier',
  amount_value: 'amount',
  amount_unit: 'amount_unit',
  notes: 'notes',
  reference: 'reference',
};

/** The cell a body field came from; a unit written inside the amount cell is blamed on that cell. */
function locate(path: readonly PropertyKey[], row: FieldRow<ReturnField>): BodySource {
  let field = BODY_TO_FIELD[String(path[0])] ?? 'supplier';
  if (field === 'amount_unit' && isBlank(row.cells.amount_unit)) field = 'amount';
  return { field, rowNumber: row.rowNumber, value: row.cells[field] ?? null };
}
