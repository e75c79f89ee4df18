/**
 * `npm run corpus`: reads every file of the corpus (test/corpus/files) with shed's reader and
 * compares every sheet, cell by cell, with the reference reading (test/corpus/reference.json.gz,
 * made by scripts/corpus/reference.py with readers independent of ours). Prints the agreement and
 * each difference, judged by test/corpus/known-differences.json; `--write FILE` saves the differences
 * as JSON (to be given their kind and cause in the known list).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { compareCorpus, describeJudgement, judgeCorpus, type KnownDifference } from './corpus.ts';

const ROOT = 'test/corpus';
const reference = JSON.parse(gunzipSync(readFileSync(join(ROOT, 'reference.json.gz'))).toString('utf8'));
const known = JSON.parse(readFileSync(join(ROOT, 'known-differences.json'), 'utf8')) as KnownDifference[];
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const write = process.argv.indexOf('--write');
const report = await compareCorpus(join(ROOT, 'files'), reference, only ? (file) => file.includes(only) : undefined);
for (const d of report.differences) console.log(`${d.file}${d.sheet ? ` [${d.sheet}]` : ''}: ${d.what}`);
console.log(`${describeJudgement(judgeCorpus(report, known))}; ${report.unreadable} files the reference cannot read either`);
if (write > 0) writeFileSync(process.argv[write + 1]!, `${JSON.stringify(report.differences, null, 1)}\n`);
