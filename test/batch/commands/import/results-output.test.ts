import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { asSentPath, writeResultsOrFallback } from '../../../../batch/commands/import/results-output.ts';

const SENT = 'Invoice,Product,Qty\r\nA1,Glyfos,4\r\n';

describe('writeResultsOrFallback: an input saved during the run', () => {
  it('writes a results file that is the input itself beside it, from the snapshot, and says so with both names', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-results-output-'));
    const input = join(dir, 'march.results.csv');
    const later = 'Invoice,Product,Qty\r\nA1,Glyfos,40\r\n';
    await writeFile(input, later);
    const written = await writeResultsOrFallback(
      {
        inputPath: input,
        outputPath: input,
        snapshot: Buffer.from(SENT),
        headerRowNumber: 1,
        results: [{ rowNumber: 2, status: 'created', recordId: 'r-1' }],
      },
      join(dir, 'march.results-fallback.csv'),
    );
    const beside = join(dir, 'march.results.as-sent.csv');
    expect(asSentPath(input)).toBe(beside);
    expect(written).toMatchObject({ file: beside, failure: null, unplaced: [] });
    expect(written.warnings).toHaveLength(1);
    expect(written.warnings[0]).toContain(`${input} was saved again while the import ran`);
    expect(written.warnings[0]).toContain(beside);
    expect(await readFile(input, 'utf8')).toBe(later);
    expect(await readFile(beside, 'utf8')).toBe(
      'Invoice,Product,Qty,Status,Record ID,Sequence,Line Item ID,Message,Updated At\r\nA1,Glyfos,4,created,r-1,,,,\r\n',
    );
  });

  it('says nothing and writes in place when the input is still the snapshot', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-results-output-'));
    const input = join(dir, 'march.results.csv');
    await writeFile(input, SENT);
    const written = await writeResultsOrFallback(
      { inputPath: input, outputPath: input, snapshot: Buffer.from(SENT), headerRowNumber: 1, results: [] },
      join(dir, 'march.results-fallback.csv'),
    );
    expect(written).toEqual({ file: input, failure: null, unplaced: [], warnings: [] });
    expect(await readdir(dir)).toEqual(['march.results.csv']);
  });
});
