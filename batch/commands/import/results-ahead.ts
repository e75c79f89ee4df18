/**
 * The .xlsx results workbook of an import made while the records are sent (file-ports.ts): loaded from
 * the snapshot once the first record is answered, each record's rows written on it as they are known,
 * made whole while the sweep's list is read; the write at the end keeps that work only when it is
 * the final word (results-file.ts, results-xlsx.ts).
 */
import type { RowResult } from '../../../shared/import/outcome.ts';
import {
  prepareResults,
  type PreloadedResults,
  type PreparedResults,
  type ResultsFileOptions,
} from '../../write/results-file.ts';
import { writeRowsAhead } from '../../write/results-xlsx.ts';

/** Where the results go on the sheet (sheet, header row, headers, row keys): see `writeRowsAhead`. */
export type ResultsPlace = Parameters<typeof writeRowsAhead>[1];

/** One run's results workbook in the making. */
export class ResultsAhead {
  /** The workbook loading, with the rows written so far (undefined: not started; null: not preloaded). */
  private preloaded: PreloadedResults | null | undefined = undefined;
  /** The workbook being made whole from the results before the sweep, or null. */
  private prepared: PreparedResults | null = null;
  /** Records' rows known before the load began, written once it does. */
  private readonly waiting: RowResult[][] = [];

  /** @param place where the results go; null: nothing is written ahead (an e-invoice's results are a new workbook). */
  constructor(private readonly place: ResultsPlace | null) {}

  /** Starts loading once (`load` gives the load, or null when the workbook is not to be loaded ahead), then writes the rows waiting. */
  start(load: () => PreloadedResults | null): void {
    if (this.preloaded !== undefined) return;
    this.preloaded = load();
    for (const rows of this.waiting.splice(0)) this.add(rows);
  }

  /** Writes a record's rows onto the workbook as soon as it is loaded (in order; never throws). */
  add(rows: RowResult[]): void {
    const { preloaded, place } = this;
    if (!place || preloaded === null) return;
    if (preloaded === undefined) {
      this.waiting.push(rows);
      return;
    }
    const workbook = preloaded.workbook.then((loaded) => {
      writeRowsAhead(loaded, place, rows);
      return loaded;
    });
    workbook.catch(() => undefined); // thrown where the write awaits it
    this.preloaded = { snapshot: preloaded.snapshot, workbook };
  }

  /** Every record is done: the workbook of `options` (its results before the sweep) is made whole meanwhile. */
  prepare(options: ResultsFileOptions): void {
    if (this.preloaded) this.prepared = prepareResults(options, this.preloaded);
  }

  /** What the write of the results file takes (results-file.ts `preloaded` and `prepared`). */
  forWrite(): { preloaded: PreloadedResults | null; prepared: PreparedResults | null } {
    return { preloaded: this.preloaded ?? null, prepared: this.prepared };
  }
}
