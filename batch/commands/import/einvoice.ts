/**
 * E-invoices on the command line (`shed import receipts FILE.xml`): the document read once (its size checked
 * before reading, its SHA-256 taken for the journal) and made into rows by the core (shared/einvoice/), the
 * results workbook beside it (`NAME.results.xlsx`: the rows the invoice became, plus the result columns),
 * and an embedded PDF saved beside the results, named after the invoice, its file named in the rows' Message.
 */
import { createHash } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import ExcelJS from 'exceljs';
import { EInvoiceError } from '../../../shared/einvoice/einvoice-error.ts';
import { embeddedPdfs } from '../../../shared/einvoice/embedded-pdfs.ts';
import { einvoiceSheet, type EInvoiceSheet } from '../../../shared/einvoice/to-grid.ts';
import { XML_LIMITS } from '../../../shared/einvoice/xml.ts';
import type { RowResult } from '../../../shared/import/outcome.ts';
import { InputFileError } from '../../read/errors.ts';
import { writeAtomically } from '../../write/atomic-file.ts';

/** An e-invoice file read and laid out as rows, with its hash. */
export interface LoadedEInvoice extends EInvoiceSheet {
  /** The file as given. */
  file: string;
  /** SHA-256 of the file's bytes, hex: recorded in every journal entry of its run. */
  sha256: string;
}

/** Whether the import input is an e-invoice (an `.xml` file). */
export function isEInvoiceFile(path: string): boolean {
  return extname(path).toLowerCase() === '.xml';
}

/**
 * Reads one e-invoice file: refused by its size before it is read, then parsed, checked and laid out by the core.
 * @throws InputFileError `file_not_found`/`file_unreadable`; EInvoiceError (exit 2, nothing sent).
 */
export async function loadEInvoiceFile(file: string): Promise<LoadedEInvoice> {
  const name = basename(file);
  const found = await stat(file).catch((cause: unknown) => {
    throw new InputFileError('file_not_found', file, `${file}: no such e-invoice file`, { cause });
  });
  if (!found.isFile()) throw new InputFileError('file_unreadable', file, `${file} is not a file`);
  if (found.size > XML_LIMITS.maxBytes) {
    throw new EInvoiceError(
      'xml_too_large',
      name,
      `the document is ${found.size} bytes, over the ${XML_LIMITS.maxBytes}-byte limit of an e-invoice: not read`,
    );
  }
  const bytes = await readFile(file);
  const sheet = einvoiceSheet(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), name);
  return { ...sheet, file, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** `dir/NAME.xml` → `dir/NAME.results.xlsx`. */
export function einvoiceResultsPath(file: string): string {
  return join(dirname(file), `${basename(file, extname(file))}.results.xlsx`);
}

/** What a run says about the document besides its rows: a credit note read as returns, what was left out. */
export function einvoiceWarnings(loaded: LoadedEInvoice): string[] {
  const { invoice } = loaded;
  const said: string[] = [];
  if (invoice.type === 'credit_note')
    said.push(`${basename(loaded.file)} is a credit note (${invoice.number}): its lines are imported as returns`);
  for (const ac of loaded.leftOut) {
    const what = ac.charge ? 'charge' : 'allowance';
    said.push(
      `${basename(loaded.file)}: document ${what}${ac.reason ? ` '${ac.reason}'` : ''} ${ac.amount} ${invoice.currency} is not stock: left out`,
    );
  }
  if (!loaded.supplier || loaded.supplier.kind === 'name')
    said.push(`${basename(loaded.file)}: the seller has no valid ABN or NZBN: the supplier is known by its name`);
  return said;
}

/**
 * Saves each embedded PDF beside `resultsFile`, under the core's names (shared/einvoice/embedded-pdfs.ts).
 * @returns the file names written.
 */
export async function saveEmbeddedPdfs(loaded: LoadedEInvoice, resultsFile: string): Promise<string[]> {
  const names: string[] = [];
  for (const pdf of embeddedPdfs(loaded.invoice)) {
    await writeFile(join(dirname(resultsFile), pdf.name), Buffer.from(pdf.base64, 'base64'));
    names.push(pdf.name);
  }
  return names;
}

/** The rows' results with what the reader did to each row and the saved PDFs named in their Message. */
export function withEInvoiceNotes(loaded: LoadedEInvoice, results: RowResult[], pdfs: readonly string[]): RowResult[] {
  return results.map((r) => {
    const notes = [
      ...(loaded.rowNotes.get(r.rowNumber) ?? []),
      ...(pdfs.length ? [`invoice PDF saved as ${pdfs.join(', ')}`] : []),
    ];
    if (notes.length === 0) return r;
    return { ...r, message: [r.message, ...notes].filter(Boolean).join('; ') };
  });
}

/** Writes the rows the e-invoice became as a one-sheet workbook at `path` (the results file is written over it). */
export async function writeEInvoiceRows(loaded: LoadedEInvoice, path: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(loaded.grid.sheet.replace(/[\\/?*[\]:]/g, '-').slice(0, 31) || 'Invoice');
  for (const row of loaded.grid.rows)
    sheet.getRow(row.rowNumber).values = row.cells.map((c) => c ?? undefined) as ExcelJS.CellValue[];
  sheet.getRow(1).font = { bold: true };
  await writeAtomically(path, (temp) => workbook.xlsx.writeFile(temp));
}
