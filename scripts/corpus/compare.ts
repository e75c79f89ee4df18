/**
 * `npm run corpus`: reads every file of the reader corpus (`reader-corpus/files` in the team kit,
 * scripts/kit.ts) with shed's reader and compares every sheet, cell by cell, with the reference
 * reading (the kit's `reader-corpus/reference.json.gz`, made by scripts/corpus/reference.py with
 * readers independent of ours). Prints the agreement and each difference, judged by
 * test/corpus/known-differences.json; `--write FILE` saves the differences as JSON (to be given their
 * kind and cause in the known list). Exit status 2 when the kit is absent.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { findReaderCorpus } from '../kit.ts';
import { compareCorpus, describeJudgement, judgeCorpus, type KnownDifference } from './corpus.ts';

const corpus = findReaderCorpus();
if (!corpus.present) {
  console.error(`Nothing compared: the reader corpus is absent, ${corpus.missing}`);
  process.exit(2);
}
const reference = JSON.parse(gunzipSync(readFileSync(join(corpus.dir, 'reference.json.gz'))).toString('utf8'));
const known = JSON.parse(readFileSync('test/corpus/known-differences.json', 'utf8')) as KnownDifference[];
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const write = process.argv.indexOf('--write');
const report = await compareCorpus(
  join(corpus.dir, 'files'),
  reference,
  only ? (file) => file.includes(only) : undefined,
);
for (const d of report.differences) console.log(`${d.file}${d.sheet ? ` [${d.sheet}]` : ''}: ${d.what}`);
console.log(
  `${describeJudgement(judgeCorpus(report, known))}; ${report.unreadable} files the reference cannot read either`,
);
if (write > 0) writeFileSync(process.argv[write + 1]!, `${JSON.stringify(report.differences, null, 1)}\n`);
