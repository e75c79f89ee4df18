// The reader against 446 public fixture files (test/corpus/README.md): every sheet compared cell for
// cell with the reference reading made by readers independent of ours. Every remaining difference is
// listed, with its cause, in known-differences.json: a new one (or one that went away) fails here.
// The files are public material kept in the team kit, not in the repository (scripts/kit.ts): where
// the kit is absent (a user's clone) the test is skipped, and one line says what is missing and where.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  compareCorpus,
  describeJudgement,
  differenceKey,
  judgeCorpus,
  type KnownDifference,
  type Reference,
} from '../../scripts/corpus/corpus.ts';
import { findReaderCorpus } from '../../scripts/kit.ts';

const corpus = findReaderCorpus();
if (!corpus.present) console.warn(`corpus test skipped: the reader corpus is absent, ${corpus.missing}`);

describe.skipIf(!corpus.present)('the corpus of real-world spreadsheets', () => {
  it('agrees with the reference cell for cell except for the documented differences', async () => {
    const reference = JSON.parse(
      gunzipSync(readFileSync(join(corpus.dir, 'reference.json.gz'))).toString('utf8'),
    ) as Reference;
    const known = JSON.parse(readFileSync('test/corpus/known-differences.json', 'utf8')) as KnownDifference[];
    const report = await compareCorpus(join(corpus.dir, 'files'), reference);
    expect(report.differences.map(differenceKey).sort()).toEqual(known.map(differenceKey).sort());
    expect(report.readable).toBe(420);
    for (const d of known) expect(['reference', 'shed', 'refusal']).toContain(d.kind);
    const judgement = judgeCorpus(report, known);
    console.info(describeJudgement(judgement));
    expect(judgement.agreement).toBeGreaterThanOrEqual(0.99);
    expect(judgement.refused).toBe(3);
  }, 120_000);
});
