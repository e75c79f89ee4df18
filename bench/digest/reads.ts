/**
 * Digest of reading, for speed work on the readers that must not change a cell: `readGrid` over every
 * workbook in the examples, the test fixtures, the public reader corpus (the kit's reader-corpus, when
 * present: scripts/kit.ts) and bench/tmp/gen, whole and forced into batches of 2,048 and 200 bytes, and the read
 * bench's 100,000 lines (refusals and their messages included): one hash per reading in OUT.json.
 *   npx tsx bench/digest/reads.ts bench/tmp/reads-before.json   (then after the change, and compare the `out` maps)
 */
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { readGrid } from '../../batch/read/index.ts';
import { kitPath } from '../../scripts/kit.ts';

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map((name) => join(dir, String(name)))
    .filter((path) => /\.(xlsx|xlsm|xls|ods|xlsb)$/i.test(path) && statSync(path).isFile())
    .sort();
}
const all = [
  ...files('examples'),
  ...files('test/fixtures'),
  ...files(kitPath('reader-corpus', 'files')),
  ...files('bench/tmp/gen'),
];
const big = ['bench/tmp/read-100k.xlsx'];
function replacer(this: Record<string, unknown>, key: string, value: unknown) {
  const orig = this[key];
  if (orig instanceof Date) return { D: Number.isNaN(orig.getTime()) ? 'NaN' : orig.toISOString() };
  if (typeof orig === 'number' && Object.is(orig, -0)) return '-0';
  if (typeof orig === 'number' && !Number.isFinite(orig)) return String(orig);
  if (key === 'snapshot') return undefined;
  return value;
}
async function outcome(path: string, sheetBatchBytes?: number): Promise<string> {
  try {
    const grid = await readGrid(path, sheetBatchBytes === undefined ? {} : { sheetBatchBytes });
    return JSON.stringify(grid, replacer);
  } catch (error) {
    const e = error as { code?: string; message?: string; constructor?: { name?: string } };
    return JSON.stringify({ refused: e.code ?? null, cls: e.constructor?.name, message: e.message ?? String(error) });
  }
}
const out: Record<string, string> = {};
const full: Record<string, string> = {};
for (const path of all) {
  for (const b of [undefined, 2048, 200]) {
    const s = await outcome(path, b);
    const k = `${path}@${b ?? 'default'}`;
    out[k] = createHash('sha1').update(s).digest('hex');
    full[k] = s.length > 4000 ? s.slice(0, 4000) : s;
  }
}
for (const path of big) {
  for (const b of [undefined, 1 << 20]) {
    const s = await outcome(path, b);
    const k = `${path}@${b ?? 'default'}`;
    out[k] = createHash('sha1').update(s).digest('hex');
    full[k] = s.slice(0, 4000);
  }
}
writeFileSync(process.argv[2]!, JSON.stringify({ out, full }, null, 1));
console.log(Object.keys(out).length, 'entries');
