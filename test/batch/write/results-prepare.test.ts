// The results workbook made in memory before the run's last step (results-file.ts `prepareResults`):
// the write keeps it only for the very bytes, options and results it was made of; else it makes the
// workbook again from the snapshot, and a failure is reported by the write as without it.
import { describe, expect, it } from 'vitest';
import {
  preloadResults,
  prepareResults,
  writeResultsFile,
  type PreloadedResults,
  type ResultsFileOptions,
} from '../../../batch/write/results-file.ts';
import type { RowResult } from '../../../shared/import/outcome.ts';
import { failure, invoiceBytes, readWorkbook, useTempDir } from './helpers.ts';

const temp = useTempDir();

const sent: RowResult[] = [
  { rowNumber: 2, status: 'created', recordId: 'r-1', sequence: 'REC-1' },
  { rowNumber: 3, status: 'created', recordId: 'r-2', sequence: 'REC-2' },
];

/**
 * A preload for `snapshot` whose workbook holds other cells (`PRE-1`): seeing them in the output shows
 * the prepared workbook was the one written.
 */
async function markedPreload(snapshot: Uint8Array): Promise<PreloadedResults> {
  return { snapshot, workbook: preloadResults('other.xlsx', await invoiceBytes('PRE-1'))!.workbook };
}

function optionsFor(snapshot: Uint8Array, results: RowResult[]): ResultsFileOptions {
  return {
    inputPath: temp.file('invoices.xlsx'),
    snapshot,
    outputPath: temp.file('invoices.results.xlsx'),
    sheetName: 'Invoices',
    headerRowNumber: 1,
    results,
  };
}

describe('prepareResults', () => {
  it('makes the workbook without writing it; the write of the same results writes what was made', async () => {
    const snapshot = await invoiceBytes('INV-1');
    const prepared = prepareResults(optionsFor(snapshot, sent), await markedPreload(snapshot))!;
    await prepared.rendered;
    expect(await temp.list()).toEqual([]);
    // Equal results, not the same objects: the final word of a run without notes from its sweep.
    const again = sent.map((r) => ({ ...r }));
    const written = await writeResultsFile({ ...optionsFor(snapshot, again), prepared });
    expect(written.unplaced).toEqual([]);
    const sheet = (await readWorkbook(temp.file('invoices.results.xlsx'))).getWorksheet('Invoices')!;
    expect(sheet.getCell('A2').value).toBe('PRE-1');
    expect(sheet.getCell('C3').value).toBe('created');
    expect(sheet.getCell('D3').value).toBe('r-2');
  });

  it('results that changed since (a note of the sweep) are written from the snapshot, not onto the workbook made', async () => {
    const snapshot = await invoiceBytes('INV-1');
    const preloaded = await markedPreload(snapshot);
    const prepared = prepareResults(optionsFor(snapshot, sent), preloaded)!;
    const noted = [{ ...sent[0]!, message: 'created as REC-1, but the service now also holds REC-9' }, sent[1]!];
    await writeResultsFile({ ...optionsFor(snapshot, noted), preloaded, prepared });
    const sheet = (await readWorkbook(temp.file('invoices.results.xlsx'))).getWorksheet('Invoices')!;
    // The snapshot's cells (neither the preload, which the preparation changed, nor the workbook made).
    expect(sheet.getCell('A2').value).toBe('INV-1');
    expect(sheet.getCell('G2').value).toBe('created as REC-1, but the service now also holds REC-9');
  });

  it('another sheet, header row or snapshot than it was made of: made again', async () => {
    const snapshot = await invoiceBytes('INV-1');
    const prepared = prepareResults(optionsFor(snapshot, sent), await markedPreload(snapshot))!;
    const other = await invoiceBytes('INV-1');
    await writeResultsFile({ ...optionsFor(other, sent), prepared });
    const sheet = (await readWorkbook(temp.file('invoices.results.xlsx'))).getWorksheet('Invoices')!;
    expect(sheet.getCell('A2').value).toBe('INV-1');
    expect(sheet.getCell('D2').value).toBe('r-1');
  });

  it('a failure while making it is the write’s failure, as without it', async () => {
    const snapshot = await invoiceBytes('INV-1');
    const beyond: RowResult[] = [{ rowNumber: 40, status: 'created', recordId: 'r-40' }];
    const prepared = prepareResults(optionsFor(snapshot, beyond), await markedPreload(snapshot))!;
    const error = await failure(writeResultsFile({ ...optionsFor(snapshot, beyond), prepared }));
    const plain = await failure(writeResultsFile(optionsFor(snapshot, beyond)));
    expect(error.code).toBe('invalid_results');
    expect(error.message).toBe(plain.message);
    expect(await temp.list()).toEqual([]);
  });

  it('nothing is prepared for a CSV, or for a preload of other bytes', async () => {
    const snapshot = await invoiceBytes('INV-1');
    const csv = { ...optionsFor(snapshot, sent), inputPath: temp.file('invoices.csv') };
    expect(prepareResults(csv, await markedPreload(snapshot))).toBeNull();
    expect(prepareResults(optionsFor(snapshot, sent), await markedPreload(await invoiceBytes('INV-1')))).toBeNull();
  });
});
