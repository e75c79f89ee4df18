/**
 * Opening an .xlsx for streaming: the zip is opened by its central directory (unzipper, which
 * exceljs itself uses), the workbook's small parts (relationships, workbook.xml, shared strings,
 * styles) are parsed first with exceljs's streaming reader, then one worksheet at a time is parsed
 * row by row by exceljs's streaming worksheet reader, straight from its zip entry.
 *
 * Why not `WorkbookReader`'s own zip pass: it reads entries in stored order from one stream, and
 * intermittently loses the entries after a worksheet (exceljs issue #3064; always for zips written
 * with STORE, often for exceljs-written files on Node 22), which ends in a crash or, worse, in text
 * cells read as empty or dates as numbers. This module uses `WorkbookReader`'s part parsers, which
 * are not in its type declarations (exceljs 4.4.0, pinned): {@link assertInternals} checks them.
 */
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import unzipper, { type CentralDirectory } from 'unzipper';

/** One worksheet row as exceljs's streaming reader yields it. */
export interface StreamRow {
  number: number;
  eachCell(options: { includeEmpty: boolean }, callback: (cell: { value: unknown; numFmt?: string }, column: number) => void): void;
}

/** A sheet listed by the workbook, in tab order. `part` is its zip entry; undefined for a chart sheet. */
export interface WorkbookSheet {
  name: string;
  hidden: boolean;
  part: string | undefined;
}

/** An opened workbook: its sheets, its date system, and a way to stream one sheet's rows. */
export interface OpenedWorkbook {
  sheets: WorkbookSheet[];
  /** The workbook uses the 1904 date system (old Mac files). */
  date1904: boolean;
  /** The rows of a sheet's part, parsed as they are inflated. */
  rows(sheet: WorkbookSheet): AsyncIterable<StreamRow>;
}

/** The members of exceljs's `WorkbookReader` this module relies on. */
interface ReaderInternals {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(entry: Readable, sheetNo: string): Iterable<{ eventType: string; value: AsyncIterable<StreamRow> }>;
  workbookRels?: { Id: string; Target: string; Type?: string }[];
  model?: { sheets?: { name: string; id: number; state?: string; rId: string }[] };
  properties?: { model?: { date1904?: boolean } };
}

const READER_OPTIONS = {
  worksheets: 'emit',
  sharedStrings: 'cache',
  // Styles give number formats: without them date cells would read as serial numbers.
  styles: 'cache',
  // Hyperlink cells then keep their display text as their value.
  hyperlinks: 'ignore',
  entries: 'ignore',
} as const;

const OFFICE_DOCUMENT = /\/officeDocument$/;

/**
 * Opens the workbook in a zip file (`path`) or in memory (`bytes`).
 * @returns undefined when the zip holds no workbook part (a .docx, a zip of other files).
 * @throws whatever unzipper or exceljs throw on a damaged file (the caller turns it into
 *   `corrupt_workbook`).
 */
export async function openWorkbook(input: { path: string } | { bytes: Uint8Array }): Promise<OpenedWorkbook | undefined> {
  const directory: CentralDirectory =
    'path' in input
      ? await unzipper.Open.file(input.path)
      : await unzipper.Open.buffer(Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength));
  const entries = new Map(directory.files.filter((f) => f.type === 'File').map((f) => [f.path, f]));
  const open = (part: string): Readable | undefined => entries.get(part)?.stream();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader('', READER_OPTIONS) as unknown as ReaderInternals;
  assertInternals(reader);

  const rootRels = open('_rels/.rels');
  let workbookPart = 'xl/workbook.xml';
  if (rootRels) {
    await reader._parseRels(rootRels);
    const target = reader.workbookRels?.find((r) => OFFICE_DOCUMENT.test(r.Type ?? ''))?.Target;
    if (target) workbookPart = resolvePart('', target);
  }
  const workbookXml = open(workbookPart);
  if (!workbookXml) return undefined;
  const folder = workbookPart.slice(0, workbookPart.lastIndexOf('/') + 1);
  reader.workbookRels = [];
  const rels = open(`${folder}_rels/${workbookPart.slice(folder.length)}.rels`);
  if (rels) await reader._parseRels(rels);
  await reader._parseWorkbook(workbookXml);
  const sharedStrings = open(partOfType(reader, folder, 'sharedStrings') ?? `${folder}sharedStrings.xml`);
  if (sharedStrings) for await (const _ of reader._parseSharedStrings(sharedStrings));
  const styles = open(partOfType(reader, folder, 'styles') ?? `${folder}styles.xml`);
  if (styles) await reader._parseStyles(styles);

  const sheets = (reader.model?.sheets ?? []).map((sheet): WorkbookSheet => {
    const rel = reader.workbookRels?.find((r) => r.Id === sheet.rId);
    const part = rel && /\/worksheet$/.test(rel.Type ?? '/worksheet') ? resolvePart(folder, rel.Target) : undefined;
    return { name: sheet.name, hidden: sheet.state === 'hidden' || sheet.state === 'veryHidden', part: part && entries.has(part) ? part : undefined };
  });
  return {
    sheets,
    date1904: reader.properties?.model?.date1904 === true,
    rows: (sheet) => {
      const entry = sheet.part ? open(sheet.part) : undefined;
      if (!entry) return emptyRows();
      const [event] = [...reader._parseWorksheet(entry, '0')];
      return event?.value ?? emptyRows();
    },
  };
}

/** The workbook relationship of a type (`.../relationships/styles`), as a part path. */
function partOfType(reader: ReaderInternals, folder: string, type: string): string | undefined {
  const rel = reader.workbookRels?.find((r) => (r.Type ?? '').endsWith(`/${type}`));
  return rel ? resolvePart(folder, rel.Target) : undefined;
}

/**
 * A relationship target (a URI reference) to a zip entry path: `worksheets/sheet1.xml` from `xl/`
 * → `xl/worksheets/sheet1.xml`; absolute `/xl/...` as is; `%20` → space.
 */
export function resolvePart(folder: string, target: string): string {
  return decodeURIComponent(new URL(target, `zip:///${folder}`).pathname.slice(1));
}

async function* emptyRows(): AsyncIterable<StreamRow> {
  // A chart sheet or a missing part: no rows.
}

function assertInternals(reader: ReaderInternals): void {
  for (const name of ['_parseRels', '_parseWorkbook', '_parseSharedStrings', '_parseStyles', '_parseWorksheet'] as const) {
    if (typeof reader[name] !== 'function') {
      throw new Error(`exceljs's WorkbookReader has no ${name}: batch/read/xlsx-workbook.ts needs updating for this exceljs version`);
    }
  }
}
