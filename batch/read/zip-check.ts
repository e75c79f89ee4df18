/**
 * Checks a workbook's zip before any parser sees it: that it is whole (its central directory is
 * there), that it holds a workbook part, and that every entry inflates to the size its directory
 * declares with the right CRC-32, counting what it unpacks to against the read limit as it goes
 * (a zip bomb is caught even when its directory lies, and nothing is held in memory). SheetJS itself
 * checks none of this: a damaged entry would otherwise read as an empty or shortened sheet.
 */
import { InputFileError } from './errors.ts';
import type { ReadLimits } from './limits.ts';
import { tooManyBytes, tooManyRows } from './limits.ts';
import type { PartRepairs } from './part-repair.ts';
import { CR_BEFORE_LF, EMPTY_STYLES, MARK_ESCAPE, PLAIN_THEN_RUNS, hasOdfParagraphsToRepair } from './part-repair.ts';
import { brokenBiff12 } from './biff12-check.ts';
import { repeatedTooFar, repeatsTooFar } from './ods-repeats.ts';
import { dateCellFinder } from './date-cells.ts';
import { badNumber, badNumberFinder, type BadNumber } from './number-cells.ts';
import { cellCheckFinder, withFormulaChecks, type CellFindings } from './cell-checks.ts';
import { damagedCells } from './cell-refusals.ts';
import type { SheetEnds } from './sheet-ends.ts';
import { sheetEndsFinder } from './sheet-ends.ts';
import { centralDirectory, type ZipEntry } from './zip-entries.ts';
import { checkEntry, checkedData, checkRest, damaged, refuseUnpackedPast } from './zip-inflate.ts';
import type { SheetRowCount } from './zip-sheets.ts';
import type { TablePart } from './zip-sheets.ts';
import {
  CELL_TEXT_TAIL,
  isTableLookupPart,
  isWorksheetPart,
  normalPath,
  relationshipsPartOf,
  rowCounter,
  sheetCounts,
  sheetTables,
  textScanner,
  valuedRowCounter,
} from './zip-sheets.ts';

/**
 * Parts that make a zip a workbook: OOXML's workbook part (.xlsx, .xlsm, .xlsb; usually
 * xl/workbook.xml, but producers put it elsewhere) or OpenDocument's content.xml (.ods).
 */
const WORKBOOK_PARTS = /(^|\/)(workbook\.(xml|bin)|content\.xml)$/i;

/** What the check found: repairs SheetJS needs, each worksheet's rows and its tables by sheet name (.xlsx; empty for .ods). */
export interface ZipCheck {
  repairs: PartRepairs;
  sheets: SheetRowCount[];
  tables: Map<string, TablePart[]>;
  /**
   * The text around the rows of each worksheet part unpacking past `endsPast` bytes (the option),
   * by {@link normalPath}: for the big sheets read in batches (xlsx-batches.ts); null for a part
   * without rows (sheet-ends.ts `sheetEndsFinder`).
   */
  sheetEnds: Map<string, SheetEnds | null>;
}

/** A cell's value element (`<v>`) or inline string (`<is>`), in any namespace prefix: a sheet with none has no data. */
const VALUE = /<(?:\w+:)?(?:v|is)[\s>]/;

/** Workbook and relationship parts larger than this are not kept to name the sheets' parts. */
const SMALL_PART = 16 * 1024 * 1024;

/**
 * @returns `repairs`: what SheetJS needs repaired first (see part-repair.ts): parts with strings written as a
 *   plain `<t>` followed by runs, OpenDocument paragraphs it reads wrong, a missing styles part; usually nothing; `sheets`: the rows of each worksheet, counted;
 *   `tables`: each worksheet's tables (zip-sheets.ts `sheetTables`); `sheetEnds`: the text around the rows
 *   of the worksheet parts unpacking past `options.endsPast` bytes (none when not given).
 * @param options.defaultSheet the sheet read is the one chosen by default (no sheet named): the
 *   workbook's one sheet past the row limit is refused here, the rest of it not inflated. Otherwise
 *   (a sheet named, or every sheet looked at) each part is inflated whole.
 * @throws InputFileError `corrupt_workbook` (truncated, damaged entry, unknown compression),
 *   `not_a_spreadsheet` (a zip without a workbook part), `too_large` (unpacks past `limits.maxBytes`;
 *   with `defaultSheet`, the workbook's one sheet past `limits.maxRows` rows).
 */
export async function checkWorkbookZip(
  bytes: Uint8Array,
  file: string,
  limits: ReadLimits,
  options: { endsPast?: number; defaultSheet?: boolean } = {},
): Promise<ZipCheck> {
  const { entries, workbook } = checkedDirectory(bytes, file, limits);
  const onlySheet = options.defaultSheet ? loneWorksheet(entries) : undefined;
  let stopped: { entry: ZipEntry; data: Uint8Array; seen: number } | undefined;
  // A cell that uses a shared string takes at least 20 bytes of a worksheet part (`<c t="s"><v>0</v></c>`).
  const worksheetBytes = entries.reduce((sum, e) => sum + (isWorksheetPart(e.name) ? e.size : 0), 0);
  const stringsAllowed = Math.floor(worksheetBytes / 20) + SPARE_SHARED_STRINGS;
  let unpacked = 0;
  const plainThenRuns: string[] = [];
  const odfParagraphs: string[] = [];
  const carriageReturns: string[] = [];
  let markWritten = false;
  const parts = sheetParts();
  const kept = new Map<string, string>();
  const sheetEnds = new Map<string, SheetEnds | null>();
  const keep = new Set([normalPath(workbook.name), relationshipsPartOf(workbook.name)]);
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    const data = checkedData(bytes, entry, file);
    const found = partScanners(entry, limits, options.endsPast);
    const { scan, repeats, paragraphs, crs, marks, ends } = found;
    const text: Buffer[] | null =
      (keep.has(normalPath(entry.name)) || isTableLookupPart(entry.name)) && entry.size <= SMALL_PART ? [] : null;
    let partBytes = 0;
    const pastLimit = () => found.rows !== null && found.rows.counted() > limits.maxRows;
    const whole = await checkEntry(data, entry, file, (chunk) => {
      if (entry === onlySheet && pastLimit()) return false;
      unpacked += chunk.length;
      partBytes += chunk.length;
      refuseUnpackedPast(file, limits, entry.name, data.length, partBytes, unpacked);
      // A worksheet past the row limit is refused if it is read (by its count, before SheetJS parses
      // it), and put in empty if not (xlsx-batches.ts): of the rest only sizes and checksums matter.
      if (!pastLimit() && found.scanners.length > 0) {
        // Decoded once for every scanner (latin1 is enough: the markup looked for is ASCII).
        const latin1 = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
        for (const scanner of found.scanners) scanner.feed(latin1);
        if (found.strings && found.strings.counted() > stringsAllowed) throw stringBomb(file, stringsAllowed);
      }
      text?.push(Buffer.from(chunk));
      return true;
    });
    recordPart(normalPath(entry.name), entry.size, found, parts);
    if (!whole) stopped = { entry, data, seen: partBytes };
    if (ends && !pastLimit()) sheetEnds.set(normalPath(entry.name), ends.ends());
    if (crs?.found) carriageReturns.push(entry.name);
    if (marks?.found) markWritten = true;
    if (text) kept.set(normalPath(entry.name), Buffer.concat(text).toString('utf8'));
    if (text && /\.bin$/i.test(entry.name)) {
      const broken = brokenBiff12(Buffer.concat(text));
      if (broken) throw damaged(file, `its part ${entry.name} ${broken}`);
    }
    if (scan?.found) plainThenRuns.push(entry.name);
    if (paragraphs?.found) odfParagraphs.push(entry.name);
    if (repeats?.found) throw repeatedTooFar(file);
  }
  const workbookXml = kept.get(normalPath(workbook.name));
  const relationshipsXml = kept.get(relationshipsPartOf(workbook.name));
  const counted =
    workbookXml && relationshipsXml ? sheetCounts(workbook.name, workbookXml, relationshipsXml, parts) : [];
  const counts = withFormulaChecks(counted, parts.cellsByPart, workbookXml ?? '');
  if (stopped) await refuseOrCheckRest(stopped, counts, file, limits, unpacked);
  refuseBrokenSheets(file, counts, entries, parts);
  return {
    repairs: {
      plainThenRuns,
      odfParagraphs,
      carriageReturns: markWritten ? [] : carriageReturns,
      add: missingStyles(entries, workbook.name),
    },
    sheets: counts,
    tables:
      workbookXml && relationshipsXml ? sheetTables(workbook.name, workbookXml, relationshipsXml, kept) : new Map(),
    sheetEnds,
  };
}

/** What the check finds in the worksheet parts, by part ({@link normalPath}), and the shared strings counted. */
function sheetParts() {
  return {
    rowsByPart: new Map<string, number>(),
    bytesByPart: new Map<string, number>(),
    valuelessParts: new Set<string>(),
    datesByPart: new Map<string, Map<number, string>>(),
    badNumbers: new Map<string, BadNumber>(),
    cellsByPart: new Map<string, CellFindings>(),
    stringCount: 0,
  };
}

/** Records what the scanners of a part found once it is inflated (a worksheet's; the shared strings counted). */
function recordPart(
  part: string,
  size: number,
  found: ReturnType<typeof partScanners>,
  parts: ReturnType<typeof sheetParts>,
): void {
  const { rows, values, dates, numbers, cells, strings } = found;
  if (strings) parts.stringCount += strings.total();
  if (!rows) return;
  parts.rowsByPart.set(part, rows.total());
  parts.bytesByPart.set(part, size);
  if (!values?.found) parts.valuelessParts.add(part);
  if (dates && dates.found.size > 0) parts.datesByPart.set(part, dates.found);
  if (numbers?.found) parts.badNumbers.set(part, numbers.found);
  if (cells) parts.cellsByPart.set(part, cells.end());
}

/** The zip's directory and its workbook part, refused when missing or declaring more than the limit unpacked. */
function checkedDirectory(
  bytes: Uint8Array,
  file: string,
  limits: ReadLimits,
): { entries: ZipEntry[]; workbook: ZipEntry } {
  const entries = centralDirectory(bytes);
  if (!entries) throw damaged(file, 'the file ends part-way through');
  const workbook = entries.find((e) => WORKBOOK_PARTS.test(e.name.replace(/\\/g, '/').replace(/^\//, '')));
  if (!workbook) throw notAWorkbook(file);
  const declared = entries.reduce((sum, e) => sum + e.size, 0);
  if (declared > limits.maxBytes) throw tooManyBytes(file, declared, limits, 'unpacks to');
  return { entries, workbook };
}

/**
 * The zip's one worksheet part, when it has one only: read by default, it is most likely the sheet
 * read, so past the row limit the rest of it is not inflated, and it is refused once the workbook
 * names it as its one sheet (else it is inflated whole after all). With other worksheet parts (or a
 * sheet named) each part is inflated whole: SheetJS unzips every part, whichever sheet it parses.
 */
function loneWorksheet(entries: readonly ZipEntry[]): ZipEntry | undefined {
  const worksheets = entries.filter((e) => isWorksheetPart(e.name));
  return worksheets.length === 1 ? worksheets[0] : undefined;
}

/**
 * A worksheet part the check stopped at the row limit: refused when it is the one sheet the workbook
 * names (the sheet read), else inflated whole after all (zip-inflate.ts `checkRest`).
 */
async function refuseOrCheckRest(
  stopped: { entry: ZipEntry; data: Uint8Array; seen: number },
  counts: readonly SheetRowCount[],
  file: string,
  limits: ReadLimits,
  unpacked: number,
): Promise<void> {
  const [only, ...others] = counts;
  if (only && others.length === 0 && only.part === normalPath(stopped.entry.name))
    throw tooManyRows(file, only.name, limits);
  await checkRest(stopped.entry, stopped.data, file, limits, unpacked - stopped.seen);
}

/**
 * What is looked for in a part as it inflates, by its name (and, past `endsPast` bytes, a worksheet's
 * text around its rows): each scanner, or null where not looked for, and all of them.
 */
function partScanners({ name, size }: ZipEntry, limits: ReadLimits, endsPast: number | undefined) {
  const scan = /\.xml$/i.test(name)
    ? textScanner((text) => PLAIN_THEN_RUNS.test(text), ['si>', 'is>', 'si/>', 'si />'], CELL_TEXT_TAIL)
    : null;
  const content = /(^|[/\\])content\.xml$/i.test(name);
  const repeats = content ? textScanner((text) => repeatsTooFar(text, limits.maxRows)) : null;
  const paragraphs = content ? textScanner(hasOdfParagraphsToRepair) : null;
  const rows = isWorksheetPart(name) ? valuedRowCounter() : null;
  const values = rows ? textScanner((text) => VALUE.test(text)) : null;
  const numbers = rows ? badNumberFinder() : null;
  const strings = /(^|[/\\])sharedStrings\.xml$/i.test(name) ? rowCounter(STRING_ITEM) : null;
  const crs = rows || strings ? textScanner((text) => CR_BEFORE_LF.test(text), ['_x', '_X', '&#']) : null;
  const marks = rows || strings ? textScanner((text) => MARK_ESCAPE.test(text), ['_x', '_X']) : null;
  const dates = rows ? dateCellFinder() : null;
  const cells = rows ? cellCheckFinder() : null;
  const ends = rows && endsPast !== undefined && size > endsPast ? sheetEndsFinder() : null;
  const scanners: { feed(chunk: string): void }[] = [
    scan,
    repeats,
    paragraphs,
    rows,
    values,
    numbers,
    strings,
    crs,
    marks,
    dates,
    ends,
    cells,
  ].filter((x) => x !== null);
  return { scan, repeats, paragraphs, rows, values, numbers, strings, crs, marks, dates, ends, cells, scanners };
}

/** Shared strings allowed beyond one per cell the worksheets could hold (strings no cell uses, as some programs keep). */
const SPARE_SHARED_STRINGS = 10_000;
/** A shared string item, in any namespace prefix (`sstItem`: as Excel 2007's beta wrote them, which SheetJS reads too). */
const STRING_ITEM = /<(?:\w+:)?(?:si|sstItem)[\s>/]/g;

function stringBomb(file: string, allowed: number): InputFileError {
  return new InputFileError(
    'too_large',
    file,
    `${file} holds more shared strings (texts) than its sheets have cells to use them (more than ${allowed.toLocaleString('en-AU')}): a file made to exhaust memory, or a damaged one. Nothing was read or sent. Open it in Excel and save it again, or save the sheet to import as .csv.`,
  );
}

/** A styles part for a workbook that has none (optional in both OOXML and ODF; SheetJS needs one). */
function missingStyles(entries: readonly ZipEntry[], workbookPart: string): PartRepairs['add'] {
  // Some producers write part names with backslashes or a leading slash; compare them as paths.
  const path = (name: string) => name.replace(/\\/g, '/').replace(/^\//, '').toLowerCase();
  const folder = path(workbookPart).replace(/[^/]*$/, '');
  const name = `${folder}styles.xml`;
  if (entries.some((e) => path(e.name) === name)) return [];
  return [{ name, content: /content\.xml$/i.test(workbookPart) ? EMPTY_STYLES.odf : EMPTY_STYLES.ooxml }];
}

function notAWorkbook(file: string): InputFileError {
  return new InputFileError(
    'not_a_spreadsheet',
    file,
    `${file} is a zip archive but not an Excel workbook (it has no xl/workbook.xml, nor the content.xml of an .ods). Import an .xlsx, .xls or .ods workbook or a .csv file.`,
  );
}

/**
 * Refuses a workbook naming a sheet whose part the zip does not hold (SheetJS reads such a sheet as
 * empty, so the file would be said to have no data, or another sheet read in its place), with a number
 * cell whose value is not a number (`found.badNumbers`, by part: number-cells.ts), or with a damaged cell
 * (`found.cellsByPart`: cell-checks.ts `damagedCells`; `stringCount` the shared strings the workbook holds).
 */
function refuseBrokenSheets(
  file: string,
  counts: readonly SheetRowCount[],
  entries: readonly ZipEntry[],
  found: {
    badNumbers: ReadonlyMap<string, BadNumber>;
    cellsByPart: ReadonlyMap<string, CellFindings>;
    stringCount: number;
  },
): void {
  const sheetOf = (part: string) => counts.find((c) => c.part === part)?.name ?? part;
  for (const [part, bad] of found.badNumbers) throw badNumber(file, sheetOf(part), bad);
  for (const [part, cells] of found.cellsByPart) {
    const refusal = damagedCells(file, sheetOf(part), cells, found.stringCount);
    if (refusal) throw refusal;
  }
  if (counts.length === 0) return;
  const held = new Set(entries.map((e) => normalPath(e.name)));
  const missing = counts.find((count) => count.part !== undefined && !held.has(count.part));
  if (missing)
    throw damaged(
      file,
      `its sheet '${missing.name}' is named by the workbook but its part ${missing.part} is not in the file`,
    );
}
