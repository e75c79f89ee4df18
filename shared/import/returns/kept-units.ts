/**
 * A return in a unit its product is not kept in: a product the organisation has only ever received in
 * litres (or millilitres) returned in kilograms, or one received by weight returned in litres. Stock
 * totals never convert between the two (no density), so such a return would take nothing out of what
 * the farm holds and leave a negative line of its own in the ledger: a slip for the other unit, refused
 * on its cell before anything is sent. A product never received is not checked (nothing says how it is
 * kept), nor a return the service already holds in that product and kind of unit (imported back unchanged).
 */
import type { Receipt, Return } from '../../schemas/resources.ts';
import { UNIT_BASE, type Dimension, type PackUnit } from '../../sheet/packs/vocabulary.ts';
import { isBlank } from '../../sheet/grid.ts';
import { cellText } from '../../sheet/values/index.ts';
import type { ReturnField } from '../../kinds/index.ts';
import type { FieldRow } from '../rows.ts';
import { cellProblem, type ColumnIndex } from '../problems.ts';
import type { ReturnDraft } from './build.ts';

/** The kinds of unit each product is received in, by product id, with the units as the receipts write them. */
export type KeptUnits = ReadonlyMap<string, ReadonlyMap<Dimension, ReadonlySet<string>>>;

/** A unit's kind (`l`, `ml` → volume; `kg`, `g`, `t` → mass); null for a unit the totals do not know. */
function dimensionOf(unit: string): Dimension | null {
  const base = UNIT_BASE[unit.trim().toLowerCase() as PackUnit] as (typeof UNIT_BASE)[PackUnit] | undefined;
  return base?.dimension ?? null;
}

/** The kinds of unit each product is kept in, from every line item of the organisation's receipts. */
export function keptUnits(receipts: readonly Receipt[]): KeptUnits {
  const kept = new Map<string, Map<Dimension, Set<string>>>();
  for (const receipt of receipts) {
    for (const line of receipt.line_items) {
      const dimension = dimensionOf(line.pack_size_unit);
      if (dimension === null) continue;
      const byKind = kept.get(line.product_id) ?? new Map<Dimension, Set<string>>();
      kept.set(line.product_id, byKind);
      const units = byKind.get(dimension) ?? new Set<string>();
      byKind.set(dimension, units);
      units.add(line.pack_size_unit.trim().toLowerCase());
    }
  }
  return kept;
}

const KIND_WORDS: Readonly<Record<Dimension, { unit: string; kept: string }>> = {
  volume: { unit: 'a volume', kept: 'litres' },
  mass: { unit: 'a weight', kept: 'kilograms' },
};

/**
 * Refuses (pure: returns new drafts) each return whose unit is of a kind its product is never received
 * in: the problem `unit_not_kept` on the Unit cell (on the Amount cell when the unit is written there),
 * naming the product, the unit it is kept in and the fix; its body is dropped.
 * @param rows the sheet's return rows (by row number: which cell holds the unit).
 * @param existing the organisation's returns: a return already held in that product and kind of unit is left.
 * @param productName a product's name by id (the resolver's), for the message.
 */
export function refuseUnitsNotKept(
  drafts: readonly ReturnDraft[],
  rows: readonly FieldRow<ReturnField>[],
  index: ColumnIndex,
  kept: KeptUnits,
  existing: readonly Return[],
  productName: (id: string) => string | null,
): ReturnDraft[] {
  if (kept.size === 0) return [...drafts];
  const held = new Map(existing.map((r) => [r.id, r]));
  const byRow = new Map(rows.map((row) => [row.rowNumber, row]));
  return drafts.map((draft) => {
    const body = draft.body;
    const byKind = body ? kept.get(body.product_id) : undefined;
    const dimension = body ? dimensionOf(body.amount_unit) : null;
    if (!body || !byKind || dimension === null || byKind.has(dimension)) return draft;
    const before = draft.recordId ? held.get(draft.recordId) : undefined;
    if (before && before.product_id === body.product_id && dimensionOf(before.amount_unit) === dimension) return draft;
    const [keptKind, units] = [...byKind.entries()][0]!;
    const row = byRow.get(draft.rowNumbers[0]!);
    const field = row && !isBlank(row.cells.amount_unit ?? null) ? 'amount_unit' : 'amount';
    const name = productName(body.product_id) ?? 'this product';
    const problem = cellProblem(
      index,
      field,
      draft.rowNumbers[0]!,
      'unit_not_kept',
      `${field === 'amount' ? `'${cellText(row?.cells.amount ?? '')}' is in '${body.amount_unit}', ` : `'${body.amount_unit}' is `}${KIND_WORDS[dimension].unit}, but ${name} is kept in ${KIND_WORDS[keptKind].kept} ` +
        `here (every receipt of it is in ${[...units].join(' or ')}): a return in '${body.amount_unit}' would take ` +
        `none of it out of the stock; write the amount in ${[...units].join(' or ')}`,
      row?.cells[field] ?? body.amount_unit,
    );
    return { ...draft, body: null, problems: [...draft.problems, problem] };
  });
}
