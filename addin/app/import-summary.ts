/**
 * What the Import screen shows after a run (addin/app/import.ts): the status line, the problem lines
 * with the cell each is about, and the warnings; for one sheet, or for every sheet of the workbook
 * (each sheet's summary, the sheets skipped and why). Pure functions over the core's reports.
 */
import type { ImportReport } from '../../shared/import/import-sheet.ts';
import type { ResultsPlacer } from './results-write.ts';
import type { StatusLine } from './connect.ts';
import type { KindDescriptor } from '../../shared/kinds/index.ts';
import {
  LINES_SHOWN,
  attentionItems,
  problemItems,
  runSummary,
  warningLines,
  type CellRef,
  type ProblemItem,
} from './import-report.ts';
import { movedLines, runTone, unplacedLines } from './import-steps.ts';
import { learnedText } from '../../shared/suppliers/recipe-learn.ts';

/** How a run went: Validate (dry run), and whether Cancel stopped it. */
export interface RunHow {
  dryRun: boolean;
  cancelled: boolean;
}

/** One sheet's run: its report and the placer of its results (rows that moved, results not placed). */
export interface SheetRun {
  report: ImportReport;
  placer: Pick<ResultsPlacer, 'moved' | 'unplaced' | 'headerLost'>;
}

/** The screen after a run: status, problem lines with their cells, warnings, results not placed. */
export interface RunView {
  status: StatusLine;
  problems: string[];
  problemCells: CellRef[];
  warnings: string[];
  /** Rows whose results could not be placed ("Place results again"). */
  unplaced: number;
}

/** What the pane says of where a run's results went: the header not found, rows moved, results not placed (by invoice). */
export function placementLines(
  placer: SheetRun['placer'],
  report: Pick<ImportReport, 'planned'> & { placed?: ImportReport['placed'] },
): string[] {
  const failure = report.placed?.failure;
  return [
    ...(failure
      ? [
          `The last results could not be written into the sheet (${failure}); the ids are kept: press Import again to write them.`,
        ]
      : []),
    ...(placer.headerLost ? [placer.headerLost] : []),
    ...movedLines(placer.moved),
    ...unplacedLines(placer.unplaced, report.planned),
  ];
}

/** The screen after a run of one sheet. */
export function sheetRunView(kind: KindDescriptor, run: SheetRun, how: RunHow): RunView {
  const { planned, results } = run.report;
  return {
    status: {
      tone: runTone(results, { ...how, unplaced: unplacedOf(run) }),
      text: runSummary(kind, planned.drafts, results, how),
    },
    ...lines(run, ''),
    unplaced: run.placer.unplaced.length,
  };
}

/**
 * The screen after a run over every sheet: `Checked, nothing sent: 'Invoices': 4 receipts: … 'March': …
 * Skipped: 'Notes'.`, the worst tone of the sheets, each line starting with its sheet's name.
 */
export function allSheetsView(
  kind: KindDescriptor,
  runs: readonly (SheetRun & { sheet: string })[],
  skipped: readonly { sheet: string; reason: string }[],
  how: RunHow,
): RunView {
  const plain = { dryRun: false, cancelled: false };
  const prefix = how.cancelled ? 'Cancelled: ' : how.dryRun ? 'Checked, nothing sent: ' : '';
  const each = runs.map((r) => `'${r.sheet}': ${runSummary(kind, r.report.planned.drafts, r.report.results, plain)}`);
  const skips = skipped.length > 0 ? [`Skipped: ${skipped.map((s) => `'${s.sheet}'`).join(', ')}.`] : [];
  const none = runs.length === 0 ? [`No sheet of this workbook holds ${kind.many}.`] : [];
  const tones = runs.map((r) => runTone(r.report.results, { ...how, unplaced: unplacedOf(r) }));
  const tone: StatusLine['tone'] =
    runs.length === 0
      ? 'error'
      : tones.includes('error')
        ? tones.every((t) => t === 'error')
          ? 'error'
          : 'warning'
        : tones.includes('warning')
          ? 'warning'
          : 'success';
  const parts = runs.map((r) => lines(r, `'${r.sheet}', `));
  return {
    status: {
      tone: how.cancelled && runs.length > 0 ? 'warning' : tone,
      text: `${prefix}${[...each, ...none, ...skips].join(' ')}`,
    },
    problems: parts.flatMap((p) => p.problems).slice(0, LINES_SHOWN),
    problemCells: parts.flatMap((p) => p.problemCells).slice(0, LINES_SHOWN),
    warnings: [
      ...skipped.map((s) => `Sheet '${s.sheet}' skipped: ${s.reason}`),
      ...parts.flatMap((p) => p.warnings),
    ].slice(0, LINES_SHOWN),
    unplaced: runs.reduce((n, r) => n + r.placer.unplaced.length, 0),
  };
}

/** A sheet's problem lines (with cells) and warnings, each starting with `prefix`. */
function lines({ report, placer }: SheetRun, prefix: string): Omit<RunView, 'status' | 'unplaced'> {
  const { planned, results, grid } = report;
  const items = [...problemItems(planned, grid.sheet), ...attentionItems(planned.drafts, results, grid.sheet)]
    .slice(0, LINES_SHOWN)
    .map(movedItem(placer.moved));
  return {
    problems: items.map((i) => `${prefix}${i.text}`),
    problemCells: items.map((i) => i.cell),
    warnings: [...learnedLines(report), ...placementLines(placer, report), ...warningLines(planned)]
      .map((w) => `${prefix}${w}`)
      .slice(0, LINES_SHOWN),
  };
}

/**
 * A problem line and its cell where the row is now, when its result followed it to another row while
 * the run went on (rows inserted or sorted): `Row 10 (row 7 when read), F: …`, the cell on row 10.
 * Rows not moved (or whose move is not known) stay as read.
 */
function movedItem(moved: SheetRun['placer']['moved']): (item: ProblemItem) => ProblemItem {
  const to = new Map(moved.map((m) => [m.from, m.to]));
  return (item) => {
    const now = to.get(item.cell.rowNumber);
    if (now === undefined) return item;
    return {
      text: item.text.replace(/^Row \d+/, `Row ${now} (row ${item.cell.rowNumber} when read)`),
      cell: { ...item.cell, rowNumber: now },
    };
  };
}

/**
 * What the run's corrections taught the supplier recipes, never silently: `Learned for next time (Recipes
 * tab): Farmco Rural Supplies: 'Glyfos 450 20L' → Glyfos 540 (row 22)`; Validate says what it would learn.
 */
export function learnedLines(report: Pick<ImportReport, 'recipes'>): string[] {
  const recipes = report.recipes as ImportReport['recipes'] | undefined;
  if (!recipes || recipes.learned.length === 0) return [];
  const head = recipes.notSaved
    ? `Learned but not kept (${recipes.notSaved})`
    : recipes.saved
      ? 'Learned for next time (Recipes tab)'
      : 'Would be learned (Validate: not kept)';
  return recipes.learned.map((entry) => `${head}: ${learnedText(entry)}`);
}

/** Results not in the sheet after a run: those not placed, and a last write that failed counts too. */
function unplacedOf(run: SheetRun): number {
  return run.placer.unplaced.length + (run.report.placed.failure === null ? 0 : 1);
}
