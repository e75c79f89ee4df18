/**
 * The refusals of the cell checks (cell-checks.ts): a damaged cell, a formula whose value the file does
 * not hold; each names the file, the sheet and the cell, what is wrong and how to go on.
 */
import { MOST_ERROR_TEXTS, type CellFindings } from './cell-checks.ts';
import { InputFileError } from './errors.ts';

/** How the refusals below say where: `file, sheet S, cell B2`. */
function where(file: string, sheet: string, ref: string): string {
  return `${file}, sheet ${sheet}, ${ref ? `cell ${ref}` : 'a cell'}`;
}

const DAMAGED_FIX =
  'Nothing was read or sent. Open it in Excel (which repairs it) and check that cell, then save it again.';

/**
 * The refusal of a worksheet part's findings that make it damaged (a cell twice, a shared-string
 * index that is no whole number or past the `strings` the workbook holds, a TRUE/FALSE cell holding
 * neither), or null. A formula with no saved value is refused by {@link uncalculatedFormula} when its
 * sheet is the one read.
 */
export function damagedCells(file: string, sheet: string, found: CellFindings, strings: number): InputFileError | null {
  const refuse = (what: string, ref: string) =>
    new InputFileError('corrupt_workbook', file, `${where(file, sheet, ref)}: ${what} ${DAMAGED_FIX}`, { sheet });
  if (found.twice)
    return refuse(
      'the cell is written twice in its row (a damaged or hand-made file: Excel refuses it), so which of its two values is meant cannot be told.',
      found.twice.ref,
    );
  if (found.elsewhere)
    return refuse(
      `the cell is written inside row ${found.elsewhere.row} (a damaged or hand-made file: Excel refuses it), so which row its value belongs to cannot be told.`,
      found.elsewhere.ref,
    );
  if (found.badIndex)
    return refuse(
      `the text cell names item '${found.badIndex.text.slice(0, 40)}' of the workbook's shared texts, which is no item number (a damaged or hand-made file: Excel refuses it), so what it reads as cannot be trusted.`,
      found.badIndex.ref,
    );
  if (found.highestIndex && found.highestIndex.index >= strings)
    return refuse(
      `the text cell names item ${found.highestIndex.index.toLocaleString('en-AU')} of the workbook's shared texts (counting from 0), but the workbook holds ${strings.toLocaleString('en-AU')} (a damaged or hand-made file: Excel refuses it), so the cell's text is missing.`,
      found.highestIndex.ref,
    );
  if (found.badType)
    return refuse(
      `the cell ${found.badType.what} (a damaged or hand-made file), so what Excel shows there cannot be told.`,
      found.badType.ref,
    );
  if (found.tooManyErrors)
    return new InputFileError(
      'too_large',
      file,
      `${file}, sheet ${sheet} holds more than ${MOST_ERROR_TEXTS.toLocaleString('en-AU')} cells showing an error such as #SPILL!: far more than a sheet to import, or a file made to exhaust memory. Nothing was read or sent.`,
      { sheet },
    );
  if (found.badBoolean)
    return refuse(
      `the TRUE/FALSE cell holds '${found.badBoolean.text.slice(0, 40)}', which is neither (a damaged or hand-made file: Excel refuses it), so what it reads as cannot be trusted.`,
      found.badBoolean.ref,
    );
  return null;
}

/**
 * The refusal of the sheet read when it holds a formula whose value is not known: one with no saved
 * value (`ref`), or any formula of a workbook that asks to be recalculated when opened (`recalculate`:
 * its saved values were written by a program that does not calculate, often all 0).
 */
export function uncalculatedFormula(file: string, sheet: string, ref: string, recalculate: boolean): InputFileError {
  const what = recalculate
    ? 'holds a formula, and the workbook asks Excel to calculate every formula again when it is opened (it was written by a program that does not calculate them: its saved values, often 0, are not what Excel shows)'
    : 'holds a formula with no saved value (the workbook was written by a program that does not calculate formulas), so what Excel would show there is not known';
  return new InputFileError(
    'formula_without_value',
    file,
    `${where(file, sheet, ref)} ${what}. Nothing was read or sent. Open the workbook in Excel (or LibreOffice), let it calculate, save it, and import it again.`,
    { sheet },
  );
}
