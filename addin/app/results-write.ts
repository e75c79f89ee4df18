/**
 * An import's results written into the sheet as it is now, batch by batch: each result goes onto its
 * row, found again by its key cells (shared/import/row-key.ts) under the add-in's own result header,
 * found again too when rows were inserted above it. Only the key cells are re-read: first those of
 * the header and of the rows about to be written, where they were last seen; when those do not match
 * (rows inserted, deleted or sorted), the key columns over the sheet. A result whose row cannot be
 * told for sure is not written but kept, named, and can be placed again. The import controller's
 * writer for its results feed.
 */
import type { RowResult } from '../../shared/import/outcome.ts';
import { RESULT_COLUMNS, normaliseHeader } from '../../shared/kinds/index.ts';
import { placeResults, type Relocated } from '../../shared/import/relocate.ts';
import { findHeaderRow, isHeaderRow, keyColumns, rowKey } from '../../shared/import/row-key.ts';
import { columnLetter, type Grid, type SheetRow } from '../../shared/sheet/grid.ts';
import type { ColumnMapping } from '../../shared/sheet/mapping.ts';
import { resultLayout, type ResultLayout } from '../excel/sheet-layout.ts';
import { WorkbookError, type WorkbookPort } from '../excel/workbook-port.ts';
import { headerRowOf, lastFilled } from './import-steps.ts';

/** The run a batch belongs to: the sheet as read at the start, its mapping, and whether it is Validate. */
export interface ResultsRun {
  grid: Grid;
  mapping: ColumnMapping;
  dryRun: boolean;
}

/** How the key cells were re-read, counted per write: the batch's own rows, or the key columns over the sheet. */
export interface KeyReads {
  rows: number;
  sheet: number;
}

/** Places and writes one run's results (see the module comment); one per run, kept for "Place results again". */
export class ResultsPlacer {
  /** Where results followed their rows: row as read at the start → row now. */
  private readonly movedTo = new Map<number, number>();
  readonly reads: KeyReads = { rows: 0, sheet: 0 };
  /** Why the last placement wrote nothing at all (the header row is not found), or null. */
  headerLost: string | null = null;
  private readonly unplacedByRow = new Map<number, RowResult>();
  private readonly keys: number[];
  private readonly beforeKeys: Map<number, string>;
  private layout: ResultLayout;
  /** shed's mark on its block was asked for (once, at the first write): the writer places the block by it. */
  private markRead = false;
  /** The block found by shed's mark has headers the bookkeeper renamed (`Import status`, `Shed ID`). */
  private renamedBlock = false;
  private readonly headers: string[];
  private readonly usedWidth: number;
  /** Rows inserted (+) or deleted (−) above the header since the start. */
  private shift = 0;
  private blockWritten: boolean;
  /** A write of this run went through: the previous run's marks are gone, and this run's are kept from now on. */
  private marksCleared = false;

  constructor(
    private readonly workbook: WorkbookPort,
    private readonly run: ResultsRun,
  ) {
    const { grid, mapping } = run;
    this.keys = keyColumns(mapping);
    this.beforeKeys = new Map(grid.rows.map((r) => [r.rowNumber, rowKey(r.cells, this.keys, grid.dateSystem ?? 1900)]));
    this.headers = headerRowOf(grid, mapping);
    this.usedWidth = grid.rows.reduce((width, row) => Math.max(width, lastFilled(row.cells) + 1), 0);
    this.layout = resultLayout(this.headers, this.usedWidth);
    this.blockWritten = this.layout.newHeaders.length === 0;
  }

  /** Results that followed their rows to another row number: from → to (rows as read at the start). */
  get moved(): Relocated['moved'] {
    return [...this.movedTo].filter(([from, to]) => from !== to).map(([from, to]) => ({ from, to }));
  }

  /** Results not written because their rows could not be told for sure (rows as read at the start). */
  get unplaced(): RowResult[] {
    return [...this.unplacedByRow.values()].sort((a, b) => a.rowNumber - b.rowNumber);
  }

  /**
   * The mapping with its header row's cells as read at the start: a two-row header's mapping names
   * its columns by both rows (`Price ex GST`), while the row it is found again by reads `ex GST`.
   */
  private headerAsRead(): ColumnMapping {
    return { ...this.run.mapping, headers: this.headers };
  }

  /** The letters of the result columns, such as `M–Q`. */
  get columns(): string {
    return `${columnLetter(Math.min(...this.layout.columns))}–${columnLetter(Math.max(...this.layout.columns))}`;
  }

  /**
   * Places and writes one batch (rows as read at the start). The previous run's marks and notes are
   * cleared by the first write that goes through (not one that failed or wrote nothing: its batch kept
   * nothing, so the old marks stay until a write does); later writes keep this run's. `search` goes
   * straight to the key columns over the sheet ("Place results again").
   * @throws WorkbookError and office-js errors of the read or the write (nothing is then recorded).
   */
  async write(results: readonly RowResult[], search = false): Promise<void> {
    const { mapping, grid } = this.run;
    const expected = mapping.headerRowNumber + this.shift;
    if (!this.markRead) await this.followMark(expected);
    // The header is told by shed's block once it is there under shed's own headers; a block the
    // bookkeeper renamed (found by its mark) says nothing, and the mapping's headers tell it.
    const resultColumns = this.blockWritten && !this.renamedBlock ? this.layout.columns : null;
    const columns = [...new Set([...this.keys, ...(resultColumns ?? [])])];
    let placed =
      search || results.length === 0 ? null : await this.placeWhereLastSeen(results, expected, columns, resultColumns);
    if (placed === null) {
      this.reads.sheet += 1;
      const now = await this.workbook.readColumns(grid.sheet, columns);
      const header = findHeaderRow(now, this.headerAsRead(), expected, resultColumns);
      if (header === null) {
        this.headerLost = `The header row (row ${expected} when last seen) is no longer found, so no result was written under it.`;
        for (const result of results) this.unplacedByRow.set(result.rowNumber, result);
        return;
      }
      this.shift = header - mapping.headerRowNumber;
      placed = placeResults(results, {
        before: grid,
        beforeHeader: mapping.headerRowNumber,
        now,
        nowHeader: header,
        columns: this.keys,
      });
    }
    try {
      await this.workbook.writeResults({
        sheet: grid.sheet,
        headerRowNumber: mapping.headerRowNumber + this.shift,
        results: placed.results,
        headers: this.currentHeaders(),
        usedWidth: this.usedWidth,
        keepMarks: this.marksCleared,
      });
    } catch (error) {
      // Cells filled where the new block goes, found by the writer itself: nothing was written; kept for later.
      if (!(error instanceof WorkbookError && error.code === 'cells_taken')) throw error;
      this.headerLost = error.message;
      for (const result of results) this.unplacedByRow.set(result.rowNumber, result);
      return;
    }
    this.marksCleared = true;
    this.blockWritten = true;
    this.headerLost = null;
    for (const result of results) this.movedTo.delete(result.rowNumber);
    for (const { from, to } of placed.moved) this.movedTo.set(from, to);
    const lost = new Set(placed.lost);
    for (const result of results) {
      if (lost.has(result.rowNumber)) this.unplacedByRow.set(result.rowNumber, result);
      else this.unplacedByRow.delete(result.rowNumber);
    }
  }

  /**
   * The block's place as the writer finds it: by shed's mark on the sheet (a block whose headers the
   * bookkeeper renamed is still shed's), else by its headers as read at the start. Asked once.
   */
  private async followMark(headerRowNumber: number): Promise<void> {
    this.markRead = true;
    const marked = (await this.workbook.resultsMark?.(this.run.grid.sheet, headerRowNumber)) ?? null;
    if (!marked) return;
    this.layout = resultLayout(this.headers, this.usedWidth, marked);
    this.blockWritten = this.blockWritten || this.layout.newHeaders.length === 0;
    this.renamedBlock = this.layout.columns.some(
      (c, i) => normaliseHeader(this.headers[c] ?? '') !== normaliseHeader(RESULT_COLUMNS[i] ?? ''),
    );
  }

  /** Places the unplaced results again, searching the sheet for their rows. @throws as {@link write}. */
  async placeAgain(): Promise<void> {
    await this.write(this.unplaced, true);
  }

  /**
   * The cheap placement: the header and the batch's rows read where they were last seen; null unless
   * the header is there and every row's key is where it was (then the rows are those).
   */
  private async placeWhereLastSeen(
    results: readonly RowResult[],
    expected: number,
    columns: number[],
    resultColumns: number[] | null,
  ): Promise<Relocated | null> {
    const rowNumbers = results.map((r) => r.rowNumber + this.shift);
    const first = Math.min(...rowNumbers);
    const last = Math.max(...rowNumbers);
    this.reads.rows += 1;
    // The header with the result columns (once written), the rows with their key columns only.
    const rows = await this.workbook.readColumns(this.run.grid.sheet, this.keys, [
      { first: expected, last: expected, columns },
      { first, last },
    ]);
    const at = new Map<number, SheetRow>(rows.map((r) => [r.rowNumber, r]));
    const header = at.get(expected);
    if (!header || !isHeaderRow(header, this.headerAsRead(), resultColumns)) return null;
    for (const result of results) {
      const before = this.beforeKeys.get(result.rowNumber) ?? '';
      const now = at.get(result.rowNumber + this.shift);
      if (before === '' || !now || rowKey(now.cells, this.keys, this.run.grid.dateSystem ?? 1900) !== before)
        return null;
    }
    const shifted = results.map((r) => (this.shift === 0 ? r : { ...r, rowNumber: r.rowNumber + this.shift }));
    const moved = this.shift === 0 ? [] : results.map((r) => ({ from: r.rowNumber, to: r.rowNumber + this.shift }));
    return { results: shifted, moved, lost: [] };
  }

  /** The header row as the writer must see it: as read at the start, with the result block once written. */
  private currentHeaders(): string[] {
    if (!this.blockWritten) return this.headers;
    const headers = [...this.headers];
    this.layout.columns.forEach((column, i) => (headers[column] = RESULT_COLUMNS[i] ?? ''));
    return headers.map((h) => h ?? '');
  }
}
