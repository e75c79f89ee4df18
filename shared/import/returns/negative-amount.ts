/**
 * A return's amount written as a negative, as a credit note typed by hand often is: `-20`, `-20 L`,
 * an accountant's `(20)` or a trailing minus `20-`. A return already takes stock out, so the service
 * keeps its amount positive; the cell is refused saying so and giving the amount to write, instead of
 * "must be greater than 0" or "is not a pack size". Never turned positive by itself: the sign may be a
 * slip for another column.
 */
import type { CellValue } from '../../sheet/grid.ts';
import { cellText } from '../../sheet/values/index.ts';

/** `(20)`, `( 20 L )`, `20-`, `20 L-`, `-20`, `- 20 kg`, `−20` (a minus sign): the amount without its sign, or null. */
const NEGATIVE = [
  /^\(\s*(\d[\d,]*(?:\.\d+)?(?:\s*\p{L}[\p{L}.]*)?)\s*\)$/u,
  /^(\d[\d,]*(?:\.\d+)?(?:\s*\p{L}[\p{L}.]*)?)\s*[-\u2212]$/u,
  /^[-\u2212]\s*(\d[\d,]*(?:\.\d+)?(?:\s*\p{L}[\p{L}.]*)?)$/u,
];

/**
 * The refusal of an amount cell written as a negative, or null when it is not one.
 * @returns the message for the Amount cell, naming what to write instead.
 */
export function negativeAmountProblem(cell: CellValue | undefined): string | null {
  if (cell === undefined || cell === null) return null;
  const text = typeof cell === 'number' ? String(cell) : typeof cell === 'string' ? cellText(cell).trim() : '';
  if (!text) return null;
  const bare = NEGATIVE.map((pattern) => pattern.exec(text)?.[1]).find((m) => m !== undefined);
  if (bare === undefined || !/[1-9]/.test(bare)) return null;
  return (
    `'${text}' is written as a negative amount, but a return already takes its amount out of the stock: ` +
    `write it as a positive amount, '${bare}'`
  );
}
