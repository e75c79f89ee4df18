// The reader against 446 public fixture files (test/corpus/README.md): every sheet compared cell for
// cell with the reference reading made by readers independent of ours. Every remaining difference is
// listed, with its cause, in known-differences.json: a new one (or one that went away) fails here.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compareCorpus, type Reference } from '../../scripts/corpus/corpus.ts';

const reference = JSON.parse(gunzipSync(readFileSync('test/corpus/reference.json.gz')).toString('utf8')) as Reference;
const known = JSON.parse(readFileSync('test/corpus/known-differences.json', 'utf8')) as {
  file: string;
  sheet?: string;
  what: string;
  kind: string;
  cause: string;
}[];

describe('the corpus of real-world spreadsheets', () => {
  it('agrees with the reference cell for cell except for the documented differences', async () => {
    const report = await compareCorpus('test/corpus/files', reference);
    const key = (d: { file: string; sheet?: string; what: string }) => `${d.file} [${d.sheet ?? ''}] ${d.what}`;
    expect(report.differences.map(key).sort()).toEqual(known.map(key).sort());
    expect(report.readable).toBe(420);
    // Where the reference itself is wrong the file counts as agreeing; the rest are shed's limitations or deliberate refusals.
    const referenceErrors = known.filter((d) => d.kind === 'reference').length;
    console.info(
      `corpus: ${report.agreeing} of ${report.readable} readable files agree cell for cell (${((100 * report.agreeing) / report.readable).toFixed(1)}%); ` +
        `${report.agreeing + referenceErrors} (${((100 * (report.agreeing + referenceErrors)) / report.readable).toFixed(1)}%) counting the ${referenceErrors} where the reference is wrong`,
    );
    expect(report.agreeing / report.readable).toBeGreaterThanOrEqual(0.955);
    for (const d of known) expect(['reference', 'shed', 'refusal']).toContain(d.kind);
  }, 120_000);
});
