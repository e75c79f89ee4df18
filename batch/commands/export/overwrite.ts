/**
 * Whether an export may write over the file at its `--out`: a file an export wrote before and no one
 * saved since (a nightly export to one name) is replaced, but a workbook or CSV of the bookkeeper's own
 * (the invoices they import, given as `--out` by mistake) is never overwritten without `--force`.
 * A CSV has nothing but its header row to tell: an export's CSV edited by hand is still replaced.
 */
import { open, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import Papa from 'papaparse';
import { UsageError } from '../../../shared/errors/usage-error.ts';
import {
  LEDGER_COLUMNS,
  LEDGER_SUMMARY_COLUMNS,
  LINE_COLUMNS,
  MOVEMENT_COLUMNS,
  PRODUCT_ALIAS_COLUMNS,
  PRODUCT_COLUMNS,
  RECEIPT_COLUMNS,
  RETURN_COLUMNS,
  STOCKTAKE_COLUMNS,
  STOCKTAKE_SUMMARY_COLUMNS,
  STORAGE_COLUMNS,
  SUMMARY_COLUMNS,
} from '../../../shared/export/datasets/index.ts';
import { centralDirectory, entryData } from '../../read/zip-entries.ts';
import { SHED_CREATOR } from '../../write/xlsx-writer.ts';

/**
 * The header row of each table an export writes, whole and in order: a CSV starting with one of them
 * is an export (a CSV of the bookkeeper's own in the import layout lacks the ids and versions).
 */
const EXPORT_HEADER_ROWS: ReadonlySet<string> = new Set(
  [
    MOVEMENT_COLUMNS,
    SUMMARY_COLUMNS,
    RECEIPT_COLUMNS,
    RETURN_COLUMNS,
    STORAGE_COLUMNS,
    PRODUCT_ALIAS_COLUMNS,
    PRODUCT_COLUMNS,
    LEDGER_COLUMNS,
    LEDGER_SUMMARY_COLUMNS,
    LINE_COLUMNS,
    STOCKTAKE_COLUMNS,
    STOCKTAKE_SUMMARY_COLUMNS,
  ].map((columns) => JSON.stringify(columns.map((column) => column.header))),
);

/**
 * Who a workbook an export wrote names as its creator and last editor: shed's own since 2026-11-27,
 * exceljs's default before (the exports of earlier versions of shed).
 */
const EXPORT_WRITERS: readonly string[] = [SHED_CREATOR, 'ExcelJS'];

/** How much of a CSV's start is read for its header row (bytes). */
const CSV_HEAD_BYTES = 64 * 1024;

/** A workbook's core properties past this size are no export's (bytes, inflated). */
const CORE_PROPERTIES_MAX = 64 * 1024;

/** A workbook larger than this is not read to find out (bytes): an export of 1,000,000 rows is about 50 MB. */
const WORKBOOK_READ_MAX = 256 * 1024 * 1024;

/**
 * Refuses to replace `path` unless it is absent, empty, an export as shed left it (an .xlsx that names
 * {@link EXPORT_WRITERS} as creator and last editor, which Excel, LibreOffice and an import's results
 * change; a CSV whose header row is an export's, whole), or `force`.
 * Asked before any request, so a refusal costs nothing.
 * @throws UsageError (exit 2) naming the file and the two ways on: another `--out`, or `--force`; also for
 *   a folder, a device or pipe, or a file that cannot be read.
 */
export async function refuseToReplaceOwnFile(path: string, format: 'xlsx' | 'csv', force: boolean): Promise<void> {
  if (force) return;
  const found = await stat(path).catch(() => null);
  if (found === null || (found.isFile() && found.size === 0)) return;
  if (found.isDirectory())
    throw new UsageError(`${path} is a folder: give --out a file name, e.g. --out ${join(path, `export.${format}`)}`);
  if (!found.isFile())
    throw new UsageError(`${path} is not a regular file (a device or a pipe): give --out the name of a file`);
  const written = await writtenByExport(path, format, found.size).catch((error: unknown) => {
    throw new UsageError(
      `cannot read ${path} to see whether an export wrote it (${(error as Error).message}): choose another --out, or add --force to replace it`,
    );
  });
  if (written) return;
  throw new UsageError(
    `${path} already exists and is not an export as shed left it (a workbook or CSV of your own, a results file, or an export saved since): choose another --out, or add --force to replace it`,
  );
}

/** Whether the file at `path` (`size` bytes) is one an export wrote, as far as its start and core properties tell. */
async function writtenByExport(path: string, format: 'xlsx' | 'csv', size: number): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    if (format === 'xlsx' && size > WORKBOOK_READ_MAX) return false;
    const length = format === 'csv' ? Math.min(size, CSV_HEAD_BYTES) : size;
    const bytes = new Uint8Array(length);
    await file.read(bytes, 0, length, 0);
    return format === 'csv' ? csvOfExport(bytes) : workbookOfShed(bytes);
  } finally {
    await file.close();
  }
}

/** Whether a CSV's first row (papaparse's reading of its start) is an export's header row, whole. */
function csvOfExport(head: Uint8Array): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
  const first = Papa.parse<string[]>(text, { preview: 1 }).data[0] ?? [];
  return EXPORT_HEADER_ROWS.has(JSON.stringify(first));
}

/** Whether a workbook's core properties name an export's writer as its creator and last editor (saved by no one since). */
function workbookOfShed(bytes: Uint8Array): boolean {
  const entry = centralDirectory(bytes)?.find((e) => e.name === 'docProps/core.xml');
  if (!entry || entry.size > CORE_PROPERTIES_MAX || (entry.method !== 0 && entry.method !== 8)) return false;
  const stored = entryData(bytes, entry);
  if (stored === null) return false;
  try {
    const inflated = entry.method === 8 ? inflateRawSync(stored, { maxOutputLength: CORE_PROPERTIES_MAX }) : stored;
    const xml = new TextDecoder().decode(inflated);
    return EXPORT_WRITERS.some(
      (writer) =>
        xml.includes(`<dc:creator>${writer}</dc:creator>`) &&
        xml.includes(`<cp:lastModifiedBy>${writer}</cp:lastModifiedBy>`),
    );
  } catch {
    return false;
  }
}
