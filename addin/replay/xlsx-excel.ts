/**
 * The workbook-backed Excel: a real .xlsx opened as the Excel the add-in's adapter runs on
 * (model-excel.ts over the model read by xlsx-file.ts), and saved back as the pane would leave it.
 * `addin:replay` and the tests use it: `new ExcelWorkbook({ excel: xlsx.host, requirements })`.
 * Node-only: never imported by the task pane bundle.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { ModelExcel } from './model-excel.ts';
import type { LoadedWorkbook } from './xlsx-file.ts';
import { loadXlsx, saveXlsx } from './xlsx-file.ts';

/** A .xlsx file as an Excel host; the user's structural edits (insertRows, sortRows, …) come from {@link ModelExcel}. */
export class XlsxExcel extends ModelExcel {
  private readonly loaded: LoadedWorkbook;

  private constructor(loaded: LoadedWorkbook) {
    super({ model: loaded.model });
    this.loaded = loaded;
  }

  /**
   * Opens a workbook from a path or from bytes (`name` then names it: `Workbook.name`, default `Book.xlsx`).
   * @throws Error when the file cannot be read or is not a workbook exceljs reads.
   */
  static async open(source: string | Uint8Array, name?: string): Promise<XlsxExcel> {
    const bytes = typeof source === 'string' ? await readFile(source) : source;
    const workbookName = name ?? (typeof source === 'string' ? basename(source) : 'Book.xlsx');
    return new XlsxExcel(await loadXlsx(bytes, workbookName));
  }

  /** The workbook as it is now, as .xlsx bytes. */
  toBuffer(): Promise<Uint8Array> {
    return saveXlsx(this.loaded);
  }

  /** Saves the workbook as it is now to `path` (.xlsx). */
  async save(path: string): Promise<void> {
    await writeFile(path, await this.toBuffer());
  }
}
