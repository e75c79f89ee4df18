/**
 * Bench 2c, hostile e-invoices (issue 22): XXE, billion laughs, a 200 MB document and one nested a
 * million deep, each given to `shed import receipts FILE.xml` in a process of its own (bench/child.ts
 * `einvoice-import`), its peak RSS and time measured. Each must be refused (exit 2, nothing sent: the
 * service the child is given is not there) within 200 MB of peak memory.
 *
 *   npx tsx bench/einvoice-limits.ts      (alone; `npm run bench -- --only read` runs it too)
 */
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_TMP, figure, log, runChild, type Figure } from './measure.ts';

/** Peak RSS a hostile e-invoice may cost, in MB (issue 22: "refused within 200 MB of memory"). */
const PEAK_LIMIT_MB = 200;

/** One hostile document's run in its child process. */
export interface EInvoiceLimitRun {
  what: string;
  bytes: number;
  ms: number;
  peakMb: number;
  exit: number | null;
  outcome: string;
}

const UBL = 'xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"';

const XXE = `<?xml version="1.0"?>
<!DOCTYPE Invoice [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<Invoice ${UBL}><ID>&xxe;</ID></Invoice>
`;

/** The classic billion laughs: ten levels of ten references, 10^9 "lol"s (3 GB) once expanded. */
function billionLaughs(): string {
  const levels = ['<!ENTITY lol0 "lol">'];
  for (let i = 1; i <= 9; i++) levels.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
  return `<?xml version="1.0"?>\n<!DOCTYPE Invoice [\n${levels.join('\n')}\n]>\n<Invoice ${UBL}><ID>&lol9;</ID></Invoice>\n`;
}

/** Writes `count` copies of `chunk` between `head` and `tail`, streaming (the bench's own memory stays small). */
async function writeRepeated(path: string, head: string, chunk: string, count: number, tail: string): Promise<void> {
  const out = createWriteStream(path);
  out.write(head);
  const batch = chunk.repeat(Math.max(1, Math.floor(65_536 / chunk.length)));
  const per = batch.length / chunk.length;
  for (let written = 0; written < count; written += per) {
    if (!out.write(count - written >= per ? batch : chunk.repeat(count - written))) await once(out, 'drain');
  }
  await new Promise<void>((resolve, reject) =>
    out.end(tail, (error?: Error | null) => (error ? reject(error) : resolve())),
  );
}

/** Makes the hostile documents in bench/tmp (rewritten each run). */
async function writeHostileDocuments(): Promise<{ file: string; what: string }[]> {
  await mkdir(BENCH_TMP, { recursive: true });
  const xxe = join(BENCH_TMP, 'einvoice-xxe.xml');
  const laughs = join(BENCH_TMP, 'einvoice-billion-laughs.xml');
  const large = join(BENCH_TMP, 'einvoice-200mb.xml');
  const deep = join(BENCH_TMP, 'einvoice-deep.xml');
  const deepUnder = join(BENCH_TMP, 'einvoice-deep-20mb.xml');
  await writeFile(xxe, XXE);
  await writeFile(laughs, billionLaughs());
  log('einvoice limits: writing a 200 MB invoice (a million lines) and documents nested a million deep…');
  const line =
    '<cac:InvoiceLine><cbc:ID>1</cbc:ID><cbc:InvoicedQuantity unitCode="LTR">20</cbc:InvoicedQuantity>' +
    '<cbc:LineExtensionAmount currencyID="AUD">130.00</cbc:LineExtensionAmount><cac:Item><cbc:Name>Glyfos 540</cbc:Name></cac:Item></cac:InvoiceLine>\n';
  const lines = Math.ceil((200 * 2 ** 20) / line.length);
  await writeRepeated(
    large,
    `<?xml version="1.0"?>\n<Invoice ${UBL}>\n<cbc:ID>BIG-1</cbc:ID>\n`,
    line,
    lines,
    '</Invoice>\n',
  );
  const depth = 1_000_000;
  await writeRepeated(
    deep,
    `<?xml version="1.0"?>\n<Invoice ${UBL}>`,
    '<a>',
    depth,
    `${'</a>'.repeat(depth)}</Invoice>\n`,
  );
  // Nested as deep as fits under the size limit (25 MB): the deepest document the parser is given at all.
  const under = 2_500_000;
  await writeRepeated(
    deepUnder,
    `<?xml version="1.0"?>\n<Invoice ${UBL}>`,
    '<a>',
    under,
    `${'</a>'.repeat(under)}</Invoice>\n`,
  );
  return [
    { file: xxe, what: 'XXE (an external entity naming /etc/passwd)' },
    { file: laughs, what: 'billion laughs (10^9 expansions, 3 GB if expanded)' },
    { file: large, what: `200 MB invoice (${lines.toLocaleString('en-AU')} lines)` },
    { file: deep, what: 'nested 1,000,000 deep (7 MB)' },
    { file: deepUnder, what: 'nested 2,500,000 deep (17 MB, under the size limit)' },
  ];
}

/** Runs bench 2c and returns its figures. */
export async function benchEInvoiceLimits(): Promise<{ figures: Figure[]; runs: EInvoiceLimitRun[] }> {
  const runs: EInvoiceLimitRun[] = [];
  for (const { file, what } of await writeHostileDocuments()) {
    const report = await runChild('einvoice-import', { file });
    const d = report.details as { bytes: number; refused?: string; exit?: number; message?: string };
    const outcome = d.refused ? `refused (${d.refused}, exit ${d.exit}): ${d.message}` : 'IMPORTED';
    runs.push({ what, bytes: d.bytes, ms: report.ms, peakMb: report.peakMb, exit: d.exit ?? null, outcome });
    log(
      `einvoice limits: ${what}: ${outcome.slice(0, 160)} in ${Math.round(report.ms)} ms, peak ${Math.round(report.peakMb)} MB`,
    );
  }
  const figures = runs.map((run) =>
    figure({
      bench: 'read',
      case: `hostile e-invoice, ${run.what}: peak memory`,
      // A document read rather than refused fails the case whatever it cost.
      measured: run.exit === 2 ? run.peakMb : Math.max(run.peakMb, PEAK_LIMIT_MB + 1),
      unit: 'MB',
      baseline: null,
      baselineLabel: '',
      target: { kind: 'max', value: PEAK_LIMIT_MB },
      note: `${(run.bytes / 2 ** 20).toFixed(1)} MB file, ${run.outcome.slice(0, run.outcome.indexOf(':') + 1 || undefined)} in ${Math.round(run.ms).toLocaleString('en-AU')} ms`,
    }),
  );
  return { figures, runs };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { runs } = await benchEInvoiceLimits();
  for (const r of runs)
    process.stdout.write(
      `| ${r.what} | ${(r.bytes / 2 ** 20).toFixed(1)} MB | ${Math.round(r.peakMb)} MB | ${Math.round(r.ms)} ms | ${r.outcome.slice(0, 140)} |\n`,
    );
}
