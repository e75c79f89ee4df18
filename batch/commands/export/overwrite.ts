/**
 * Whether an export may write over the file at its `--out`: a file an export wrote before (a nightly
 * export to one name) is replaced, but a workbook or CSV of the bookkeeper's own (the invoices they
 * import, given as `--out` by mistake) is never overwritten without `--force`.
 */
import { open, stat } from 'node:fs/promises';
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

/** Every header an export writes, whatever its dataset: a CSV whose header row holds only these is an export. */
const EXPORT_HEADERS: ReadonlySet<string> = new Set(
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
  ].flatMap((columns) => columns.map((column) => column.header)),
);

/** How much of a CSV's start is read for its header row (bytes). */
const CSV_HEAD_BYTES = 64 * 1024;

/** A workbook's core properties past this size are no export's (bytes, inflated). */
const CORE_PROPERTIES_MAX = 64 * 1024;

/** A workbook larger than this is not read to find out (bytes): an export of 1,000,000 rows is about 50 MB. */
const WORKBOOK_READ_MAX = 256 * 1024 * 1024;

/**
 * Refuses to replace `path` unless it is absent, empty, written by an export (an .xlsx that names
 * {@link SHED_CREATOR} as creator and last editor; a CSV whose header row holds only export
 * headers), or `force`.
 * Asked before any request, so a refusal costs nothing.
 * @throws UsageError (exit 2) naming the file and the two ways on: another `--out`, or `--force`.
 */
export async function refuseToReplaceOwnFile(path: string, format: 'xlsx' | 'csv', force: boolean): Promise<void> {
  if (force) return;
  const found = await stat(path).catch(() => null);
  if (found === null || (found.isFile() && found.size === 0)) return;
  if (found.isDirectory())
    throw new UsageError(`${path} is a folder: give --out a file name, e.g. --out ${path}/export.${format}`);
  if (await writtenByExport(path, format, found.size)) return;
  throw new UsageError(
    `${path} already exists and was not written by shed export (it may be a workbook of your own): choose another --out, or add --force to replace it`,
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

/** Whether a CSV's first row (papaparse's reading of its start) holds export headers only. */
function csvOfExport(head: Uint8Array): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
  const first = Papa.parse<string[]>(text, { preview: 1 }).data[0] ?? [];
  return first.length > 0 && first.every((header) => EXPORT_HEADERS.has(header));
}

/** Whether a workbook's core properties name an export as its creator and last editor (saved by no one since). */
function workbookOfShed(bytes: Uint8Array): boolean {
  const entry = centralDirectory(bytes)?.find((e) => e.name === 'docProps/core.xml');
  if (!entry || entry.size > CORE_PROPERTIES_MAX || (entry.method !== 0 && entry.method !== 8)) return false;
  const stored = entryData(bytes, entry);
  if (stored === null) return false;
  try {
    const inflated = entry.method === 8 ? inflateRawSync(stored, { maxOutputLength: CORE_PROPERTIES_MAX }) : stored;
    const xml = new TextDecoder().decode(inflated);
    return (
      xml.includes(`<dc:creator>${SHED_CREATOR}</dc:creator>`) &&
      xml.includes(`<cp:lastModifiedBy>${SHED_CREATOR}</cp:lastModifiedBy>`)
    );
  } catch {
    return false;
  }
}
