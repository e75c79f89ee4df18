/**
 * An invoice pasted twice into one sheet under one spelling of its supplier: the grouping joins both copies into
 * one invoice (same supplier and number, even when not adjacent), which would double its lines. Found here
 * and refused, so nothing of it is sent.
 */
import { canonicalDecimal } from '../../sheet/values/index.ts';
import { rowsText } from '../engine/same-invoice.ts';
import type { ReceiptDraft } from './build.ts';

/**
 * Refuses (pure: returns new drafts) every invoice whose rows fall in separate blocks (another
 * invoice's rows between them) of which one repeats an earlier one line for line (product, quantity,
 * pack size and unit, pack cost), or whose one run of rows is two equal halves of two lines or more
 * (pasted just below itself): the same invoice twice in the sheet. Its rows get the problem
 * `repeated_invoice` and its body is dropped. Drafts updating a receipt (a Record ID) are left alone.
 */
export function refuseRepeatedBlocks(drafts: readonly ReceiptDraft[]): ReceiptDraft[] {
  // Which draft owns each row: made only when an invoice's rows are not one run (most sheets: never).
  let owners: Map<number, number> | null = null;
  const ownerOf = (row: number): number | undefined => {
    if (owners === null) {
      const made = new Map<number, number>();
      drafts.forEach((d, i) => d.rowNumbers.forEach((r) => made.set(r, i)));
      owners = made;
    }
    return owners.get(row);
  };
  return drafts.map((draft, index) => {
    if (!draft.body || draft.recordId || draft.lines.length < 2) return draft;
    const items = draft.body.line_items ?? [];
    if (items.length !== draft.lines.length) return draft;
    // Rows one after another: one block, which repeats itself only as two equal halves (pasted just below).
    if (isOneRun(draft.lines)) return repeatedHalves(draft, items);
    const lines = draft.lines.map((line, i) => ({ row: line.rowNumber, item: items[i]! }));
    const blocks = blocksOf(lines, (from, to) => {
      for (let row = from + 1; row < to; row += 1) if ((ownerOf(row) ?? index) !== index) return true;
      return false;
    });
    for (let later = 1; later < blocks.length; later += 1) {
      const earlier = blocks.slice(0, later).find((b) => sameLines(b, blocks[later]!));
      if (earlier) return refused(draft, blocks[later]!, earlier);
    }
    return draft;
  });
}

/**
 * An invoice of one run of rows whose second half repeats its first line for line (two lines or more
 * each: an invoice pasted again just below itself, joined to it as nothing told them apart), refused;
 * else the draft as it is. One line twice may be two real lines of an invoice and is left alone.
 */
function repeatedHalves(draft: ReceiptDraft, items: readonly Line['item'][]): ReceiptDraft {
  const half = items.length / 2;
  if (half < 2 || !Number.isInteger(half)) return draft;
  for (let i = 0; i < half; i += 1) if (lineText(items[i]!) !== lineText(items[half + i]!)) return draft;
  const lines = draft.lines.map((line, i) => ({ row: line.rowNumber, item: items[i]! }));
  return refused(draft, lines.slice(half), lines.slice(0, half));
}

/** The draft refused (`repeated_invoice`, body dropped): its lines `repeat` repeat its lines `earlier`. */
function refused(draft: ReceiptDraft, repeat: readonly Line[], earlier: readonly Line[]): ReceiptDraft {
  const problem = {
    code: 'repeated_invoice',
    rowNumber: repeat[0]!.row,
    message:
      `${draft.key ? `invoice ${draft.key}` : 'this invoice'} is in the sheet twice: ${rowsText(repeat.map((l) => l.row))} ` +
      `repeat ${rowsText(earlier.map((l) => l.row))} line for line (pasted twice?); nothing of it is sent: remove one copy`,
  };
  return { ...draft, body: null, problems: [...draft.problems, problem] };
}

/** Whether the lines' rows follow one another (a loop, not a closure per draft). */
function isOneRun(lines: readonly { rowNumber: number }[]): boolean {
  for (let i = 1; i < lines.length; i += 1) if (lines[i]!.rowNumber !== lines[i - 1]!.rowNumber + 1) return false;
  return true;
}

type Line = { row: number; item: NonNullable<NonNullable<ReceiptDraft['body']>['line_items']>[number] };

/** The lines split where another invoice's rows lie between two of them. */
function blocksOf(lines: readonly Line[], othersBetween: (from: number, to: number) => boolean): Line[][] {
  const sorted = [...lines].sort((a, b) => a.row - b.row);
  const blocks: Line[][] = [];
  for (const line of sorted) {
    const last = blocks.at(-1);
    if (last && !othersBetween(last.at(-1)!.row, line.row)) last.push(line);
    else blocks.push([line]);
  }
  return blocks;
}

function sameLines(a: readonly Line[], b: readonly Line[]): boolean {
  const text = (lines: readonly Line[]) =>
    lines
      .map(({ item }) => lineText(item))
      .sort()
      .join('\n');
  return a.length === b.length && text(a) === text(b);
}

/** A line item as compared for repeats: product, quantity, pack size and unit, pack cost. */
function lineText(item: Line['item']): string {
  return [
    item.product_id,
    canonicalDecimal(item.quantity),
    canonicalDecimal(item.pack_size_value),
    item.pack_size_unit.trim().toLowerCase(),
    canonicalDecimal(item.pack_cost),
  ].join('|');
}
