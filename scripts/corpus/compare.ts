/**
 * `npm run corpus`: reads every file of the corpus (test/corpus/files) with shed's reader and
 * compares every sheet, cell by cell, with the reference reading (test/corpus/reference.json.gz,
 * made by scripts/corpus/reference.py with readers independent of ours). Prints the agreement and
 * each difference; `--write FILE` saves the differences as JSON (the corpus test's known list).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { compareCorpus } from './corpus.ts';

const ROOT = 'test/corpus';
const reference = JSON.parse(gunzipSync(readFileSync(join(ROOT, 'reference.json.gz'))).toString('utf8'));
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const write = process.argv.indexOf('--write');
const report = await compareCorpus(join(ROOT, 'files'), reference, only ? (file) => file.includes(only) : undefined);
for (const d of report.differences) console.log(`${d.file}${d.sheet ? ` [${d.sheet}]` : ''}: ${d.what}`);
console.log(
  `corpus: ${report.agreeing} of ${report.readable} readable files agree cell for cell (${((100 * report.agreeing) / Math.max(1, report.readable)).toFixed(1)}%); ` +
    `${report.refusedByUs} of them refused by shed; ${report.unreadable} files the reference cannot read either`,
);
if (write > 0) writeFileSync(process.argv[write + 1]!, `${JSON.stringify(report.differences, null, 1)}\n`);
