/**
 * Compares shed's reader with the reference reading of the corpus (see reference.py for the cell
 * encoding). Used by `npm run corpus` and by test/corpus/corpus.test.ts.
 */
import { join } from 'node:path';
import { readGrid } from '../../batch/read/index.ts';
import { InputFileError } from '../../batch/read/errors.ts';
import type { CellValue } from '../../shared/sheet/grid.ts';

/** A reference cell: null, or [type, value] with type s (text), n (number), b, d (serial), e (error). */
export type RefCell = null | [string, string | number | boolean];
/** A reference sheet: its name and its non-blank rows as [rowNumber, cells]. */
export type RefSheet = [string, [number, RefCell[]][]];
/** The reference reading of the corpus: per file (relative path), its sheets or why it could not be read. */
export type Reference = Record<string, RefSheet[] | { error: string }>;

/** One disagreement between shed and the reference. */
export interface Difference {
  file: string;
  sheet?: string;
  what: string;
}

/** A difference listed in test/corpus/known-differences.json, with who is wrong and why. */
export interface KnownDifference extends Difference {
  /** `reference`: the reference is wrong, shed right; `shed`: shed's limitation; `refusal`: shed refuses the file on purpose. */
  kind: 'reference' | 'shed' | 'refusal';
  cause: string;
}

/** How the corpus compared. */
export interface CorpusReport {
  /** Files the reference reads. */
  readable: number;
  /** Readable files whose every sheet shed reads the same, cell for cell. */
  agreeing: number;
  /** Readable files shed refused (counted as disagreeing). */
  refusedByUs: number;
  /** Files the reference cannot read (not counted). */
  unreadable: number;
  differences: Difference[];
}

const ERRORS = new Set(['#NULL!', '#DIV/0!', '#VALUE!', '#REF!', '#NAME?', '#NUM!', '#N/A', '#GETTING_DATA']);
const DAY_MS = 86_400_000;
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** A grid cell in the reference's encoding; a Date as its serial number (its UTC parts are the wall clock). */
export function encodeCell(value: CellValue): RefCell {
  if (value === null || value === '') return null;
  if (typeof value === 'string') return ERRORS.has(value) ? ['e', value] : ['s', value];
  if (typeof value === 'number') return ['n', value];
  if (typeof value === 'boolean') return ['b', value];
  return ['d', (value.getTime() - EXCEL_EPOCH_MS) / DAY_MS];
}

function sameCell(ours: RefCell, theirs: RefCell): boolean {
  if (ours === null || theirs === null) return ours === theirs;
  if (ours[0] !== theirs[0]) return false;
  if (typeof ours[1] === 'number' && typeof theirs[1] === 'number') {
    // Dates: within 10 ms (the reference keeps microseconds, the grid milliseconds); numbers: 1e-12 relative.
    const tolerance = ours[0] === 'd' ? 1e-7 : Math.max(Math.abs(theirs[1]) * 1e-12, 1e-300);
    return Math.abs(ours[1] - theirs[1]) <= tolerance;
  }
  return ours[1] === theirs[1];
}

function show(cell: RefCell): string {
  return cell === null ? 'empty' : `${cell[0]}:${JSON.stringify(cell[1])}`.slice(0, 80);
}

/** The first difference between two sheets' rows, in words, or null. */
export function firstDifference(ours: [number, RefCell[]][], theirs: [number, RefCell[]][]): string | null {
  const byRow = new Map(ours);
  // The grid leaves out rows of only blank text, as it does empty ones.
  const blank = (cell: RefCell) => cell === null || (cell[0] === 's' && String(cell[1]).trim() === '');
  for (const [rowNumber, cells] of theirs.filter(([, row]) => !row.every(blank))) {
    const mine = byRow.get(rowNumber);
    if (!mine) return `row ${rowNumber} missing (reference: ${cells.map(show).join(', ').slice(0, 120)})`;
    byRow.delete(rowNumber);
    for (let c = 0; c < Math.max(cells.length, mine.length); c += 1) {
      if (!sameCell(mine[c] ?? null, cells[c] ?? null)) {
        return `row ${rowNumber} column ${c + 1}: shed ${show(mine[c] ?? null)}, reference ${show(cells[c] ?? null)}`;
      }
    }
  }
  const extra = [...byRow.keys()][0];
  return extra === undefined
    ? null
    : `row ${extra} read by shed only (${(byRow.get(extra) ?? []).map(show).join(', ').slice(0, 120)})`;
}

/** A refusal's first line, up to 160 characters, naming the file by its path in the corpus (wherever the corpus is). */
function refusal(error: unknown, path: string, file: string): string {
  return (error instanceof Error ? error.message.split('\n')[0]! : String(error)).replaceAll(path, file).slice(0, 160);
}

async function ourSheet(path: string, sheet: string | undefined): Promise<[number, RefCell[]][]> {
  try {
    const grid = await readGrid(path, sheet === undefined ? {} : { sheet });
    return grid.rows
      .map((row) => {
        const cells = row.cells.map(encodeCell);
        while (cells.length && cells.at(-1) === null) cells.pop();
        return [row.rowNumber, cells] as [number, RefCell[]];
      })
      .filter(([, cells]) => cells.length > 0);
  } catch (error) {
    if (error instanceof InputFileError && error.code === 'no_data' && sheet !== undefined) return [];
    throw error;
  }
}

/**
 * Reads every readable file of `reference` under `root` with shed's reader and compares each sheet.
 * @param include which files to compare (default all).
 */
export async function compareCorpus(
  root: string,
  reference: Reference,
  include?: (file: string) => boolean,
): Promise<CorpusReport> {
  const report: CorpusReport = { readable: 0, agreeing: 0, refusedByUs: 0, unreadable: 0, differences: [] };
  for (const [file, sheets] of Object.entries(reference)) {
    if (include && !include(file)) continue;
    if (!Array.isArray(sheets)) {
      report.unreadable += 1;
      continue;
    }
    report.readable += 1;
    const csv = file.toLowerCase().endsWith('.csv');
    let agrees = true;
    const path = join(root, file);
    for (const [name, rows] of sheets) {
      let what: string | null;
      try {
        // A single sheet is read by default: Excel 2–4 files have no sheet names, so readers name them apart.
        what = firstDifference(await ourSheet(path, csv || sheets.length === 1 ? undefined : name), rows);
      } catch (error) {
        // A file the reference reads as empty is rightly refused as having no data.
        const empty = sheets.every(([, sheetRows]) => sheetRows.length === 0);
        what =
          empty && error instanceof InputFileError && error.code === 'no_data'
            ? null
            : `refused by shed: ${refusal(error, path, file)}`;
        if (what && agrees) report.refusedByUs += 1;
      }
      if (what) {
        agrees = false;
        report.differences.push({ file, ...(csv ? {} : { sheet: name }), what });
        break;
      }
    }
    if (agrees) report.agreeing += 1;
  }
  return report;
}

/** A difference as one text (file, sheet, what): how a reported difference is matched with the known list. */
export function differenceKey(d: Difference): string {
  return `${d.file} [${d.sheet ?? ''}] ${d.what}`;
}

/** The corpus figures once each difference is judged by the known list. */
export interface CorpusJudgement {
  /** Files the reference reads. */
  readable: number;
  /** Of them, files shed refuses on purpose (`refusal`), with a message that says why. */
  refused: number;
  /** Files shed reads: readable − refused. */
  read: number;
  /** Files read the same as the reference, cell for cell. */
  agreeing: number;
  /** Files read as the file says: agreeing, plus those whose only difference is the reference's own mistake. */
  right: number;
  /** `right / read`, 0–1. */
  agreement: number;
}

/**
 * Judges a report by the known differences: a file whose every difference is of kind `reference`
 * (each checked by hand, its cause written down) is read right; a `refusal` is left out of the files read.
 */
export function judgeCorpus(report: CorpusReport, known: readonly KnownDifference[]): CorpusJudgement {
  const kindOf = new Map(known.map((d) => [differenceKey(d), d.kind]));
  const kindsByFile = new Map<string, Set<string>>();
  for (const d of report.differences) {
    const kinds = kindsByFile.get(d.file) ?? new Set<string>();
    kinds.add(kindOf.get(differenceKey(d)) ?? 'unknown');
    kindsByFile.set(d.file, kinds);
  }
  const files = [...kindsByFile.values()];
  const refused = files.filter((kinds) => kinds.has('refusal')).length;
  const referenceOnly = files.filter((kinds) => kinds.size === 1 && kinds.has('reference')).length;
  const read = report.readable - refused;
  const right = report.agreeing + referenceOnly;
  return {
    readable: report.readable,
    refused,
    read,
    agreeing: report.agreeing,
    right,
    agreement: right / Math.max(1, read),
  };
}

/** The judgement in one line, as `npm run corpus` and the corpus test print it. */
export function describeJudgement(j: CorpusJudgement): string {
  const percent = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)}%`;
  return (
    `corpus: ${j.right} of the ${j.read} files shed reads are read right, cell for cell (${percent(j.right, j.read)}); ` +
    `${j.agreeing} agree with the reference as it stands (${percent(j.agreeing, j.read)}), the other ${j.right - j.agreeing} differ only where the reference is wrong; ` +
    `${j.refused} of the ${j.readable} files the reference reads are refused by shed on purpose`
  );
}
