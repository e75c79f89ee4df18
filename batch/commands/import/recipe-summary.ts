/**
 * The supplier recipes' part of `shed import`'s summary: the recipes applied, the rows their learned
 * entries resolved (each row's Message says so in the results file), and what the sheet's corrections
 * taught them, never silently.
 */
import type { ImportReport } from '../../../shared/import/import-sheet.ts';
import { learnedText } from '../../../shared/suppliers/recipe-learn.ts';
import type { CommandIO } from '../../ui/io.ts';

/** Row notes of the recipes, said on their rows of the results file and counted once in the summary. */
export const RECIPE_NOTE_CODES: ReadonlySet<string> = new Set(['learned_product', 'recipe_storage']);

/** What the recipes did in one run, as `--json` prints it. */
export interface RecipeSummary {
  /** Suppliers whose recipes applied. */
  applied: string[];
  /** Rows a recipe resolved a name of (a learned entry or a default storage). */
  rowsResolved: number;
  /** Entries learned from this sheet's corrections: `Farmco Rural Supplies: 'Glyfos 450 20L' → Glyfos 540 (row 22)`. */
  learned: string[];
  /** The recipes folder they were saved in; null when nothing was saved (nothing learned, or a dry run). */
  saved: string | null;
  /** Why the learned entries could not be saved; absent when saving did not fail. */
  notSaved?: string;
}

/** The recipes' summary of a run's report. */
export function recipeSummary(report: Pick<ImportReport, 'recipes' | 'planned'>): RecipeSummary {
  const rows = new Set(
    report.planned.drafts.flatMap((d) =>
      d.warnings.filter((w) => RECIPE_NOTE_CODES.has(w.code)).map((w) => w.rowNumber),
    ),
  );
  return {
    applied: report.recipes.applied,
    rowsResolved: rows.size,
    learned: report.recipes.learned.map(learnedText),
    saved: report.recipes.saved,
    ...(report.recipes.notSaved ? { notSaved: report.recipes.notSaved } : {}),
  };
}

/** Prints the recipes' lines on standard error (nothing when no recipe applied and nothing was learned). */
export function printRecipeSummary(summary: RecipeSummary, io: CommandIO, dryRun: boolean): void {
  if (summary.rowsResolved > 0) {
    io.err(
      `Supplier recipes (${summary.applied.join(', ')}) resolved names on ${summary.rowsResolved} row${summary.rowsResolved === 1 ? '' : 's'}: each row's Message says how`,
    );
  }
  if (summary.learned.length === 0) return;
  if (summary.notSaved) {
    io.err(
      `warning: ${summary.learned.length} correction${summary.learned.length === 1 ? '' : 's'} learned but NOT saved in the recipes folder: ${summary.notSaved}`,
    );
    for (const line of summary.learned) io.err(`  ${line}`);
    return;
  }
  const where = dryRun ? 'would be learned (dry run: not saved)' : `learned, saved in ${summary.saved ?? '?'}`;
  io.err(`${summary.learned.length} correction${summary.learned.length === 1 ? '' : 's'} ${where}:`);
  for (const line of summary.learned) io.err(`  ${line}`);
}
