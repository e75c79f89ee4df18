/**
 * One measured case in a process of its own (started by `runChild` in measure.ts), so that its
 * peak memory is its own: `node --import tsx bench/child.ts CASE 'JSON ARGS'`. Prints one line of
 * JSON, a {@link ChildReport}: the wall time of the work (module loading excluded), the process's
 * peak RSS, and details (row counts, checks) the parent verifies.
 */
import { limitHeapGrowth } from '../batch/cli/heap.ts';
import { now, peakRssMb, type ChildReport } from './measure.ts';

type Args = Record<string, unknown>;
/** Loads what the case needs (not timed), then returns the work to time. */
type Case = (args: Args) => Promise<() => Promise<Record<string, unknown>>>;

const TIME_ZONE = 'Australia/Sydney';

/**
 * The reading part of read-ours and read-floor, loaded (not timed): then, timed, a resolver of the demo
 * catalogue, `file` read by readGrid and mapped as receipts (headers, then values).
 */
async function mappedReading(file: string) {
  const { readGrid } = await import('../batch/read/index.ts');
  const { mapSheet, mapWithNames } = await import('../shared/import/map-sheet.ts');
  const { createResolver } = await import('../shared/resolve/index.ts');
  const { willowReference } = await import('./catalogue.ts');
  const reference = willowReference();
  return async () => {
    const resolver = createResolver(reference);
    const grid = await readGrid(file);
    const { mapping } = mapWithNames(grid, mapSheet(grid, 'receipts', undefined), resolver);
    return { grid, mapping, resolver };
  };
}

const cases: Record<string, Case> = {
  /** Nothing: the RSS of a Node process with tsx loaded, for scale. */
  idle: async () => async () => ({}),

  /** The import's reading: readGrid, the mapping (headers, then values), then plan (cells read, names resolved, bodies validated). */
  'read-ours': async (args) => {
    const { planReceiptImport } = await import('../shared/import/receipts/plan.ts');
    const mapped = await mappedReading(String(args.file));
    return async () => {
      const { grid, mapping, resolver } = await mapped();
      const plan = planReceiptImport(grid, mapping, resolver, { dateOrder: 'DMY', timeZone: TIME_ZONE });
      const valid = plan.drafts.filter((d) => d.body).length;
      const firstProblem = plan.drafts.find((d) => !d.body)?.problems[0];
      return {
        rows: grid.rows.length,
        drafts: plan.drafts.length,
        valid,
        firstProblem: firstProblem ? JSON.stringify(firstProblem) : null,
      };
    };
  },

  /** readGrid with the default limits, a refusal caught: what a hostile file comes to. */
  'read-limited': async (args) => {
    const { readGrid, InputFileError } = await import('../batch/read/index.ts');
    const { stat } = await import('node:fs/promises');
    return async () => {
      const bytes = (await stat(String(args.file))).size;
      try {
        return { bytes, rows: (await readGrid(String(args.file))).rows.length };
      } catch (error) {
        if (!(error instanceof InputFileError)) throw error;
        return { bytes, refused: error.code, message: error.message };
      }
    };
  },

  /**
   * `shed import receipts FILE.xml --set storage=…` run in this process against a service that is not
   * there (a refused document must be refused before anything connects): the refusal's code and words.
   */
  'einvoice-import': async (args) => {
    const { importCommand } = await import('../batch/commands/import/index.ts');
    const { memoryIO } = await import('../batch/ui/io.ts');
    const { exitStatusFor } = await import('../batch/cli/exit-status.ts');
    const { stat } = await import('node:fs/promises');
    return async () => {
      const file = String(args.file);
      const bytes = (await stat(file)).size;
      try {
        await importCommand({
          kind: 'receipts',
          file,
          set: ['storage=Main Chemical Shed'],
          baseUrl: 'http://127.0.0.1:9',
          token: 'bench',
          org: 'Willow Creek Pastoral Co',
          io: memoryIO(),
          profilesDir: '/nonexistent/shed-bench-profiles',
          recipesDir: '/nonexistent/shed-bench-recipes',
          settleMs: 0,
        });
        return { bytes, imported: true };
      } catch (error) {
        const { code, message } = error as { code?: string; message?: string };
        return { bytes, refused: code ?? 'error', exit: exitStatusFor(error), message: String(message).slice(0, 200) };
      }
    };
  },

  /**
   * read-ours with the floor of a plan in place of the real one (bench/plan-floor.ts): readGrid, the
   * mapping, then each cell a body needs read once and one body per invoice. For scale only.
   */
  'read-floor': async (args) => {
    const { floorPlan } = await import('./plan-floor.ts');
    const mapped = await mappedReading(String(args.file));
    return async () => {
      const { grid, mapping, resolver } = await mapped();
      const drafts = floorPlan(grid, mapping, resolver);
      return { rows: grid.rows.length, drafts: drafts.length, valid: drafts.length, firstProblem: null };
    };
  },

  /** readGrid alone (no mapping, no validation): the reading part of read-ours. */
  'read-grid': async (args) => {
    const { readGrid } = await import('../batch/read/index.ts');
    return async () => ({ rows: (await readGrid(String(args.file))).rows.length });
  },

  /**
   * Bare exceljs streaming read, every row's values touched. exceljs's WorkbookReader can drop zip
   * entries at random (exceljs issue #3064): a failed or short read is retried, up to 3 attempts.
   */
  'read-exceljs': async (args) => {
    const { default: ExcelJS } = await import('exceljs');
    return async () => {
      const errors: string[] = [];
      for (let attempt = 1; attempt <= 3; attempt++) {
        try {
          let rows = 0;
          let cells = 0;
          const reader = new ExcelJS.stream.xlsx.WorkbookReader(String(args.file), {});
          for await (const worksheet of reader) {
            for await (const row of worksheet) {
              rows++;
              cells += (row.values as unknown[]).length;
            }
          }
          if (rows !== Number(args.expectRows))
            throw new Error(`read ${rows} rows, expected ${String(args.expectRows)}`);
          return { rows, cells, attempts: attempt, errors };
        } catch (error) {
          errors.push((error as Error).message);
        }
      }
      throw new Error(`exceljs streaming read failed 3 times: ${errors.join('; ')}`);
    };
  },

  /** Bare papaparse: the file read as UTF-8 and parsed to arrays. */
  'read-papaparse': async (args) => {
    const { default: Papa } = await import('papaparse');
    const { readFile } = await import('node:fs/promises');
    return async () => {
      const text = await readFile(String(args.file), 'utf8');
      const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
      return { rows: parsed.data.length, errors: parsed.errors.length };
    };
  },

  /** `shed export DATASET` (default movements, .xlsx) against a running sandbox, the whole command. */
  'export-movements': async (args) => {
    const { exportCommand } = await import('../batch/commands/export/index.ts');
    const { memoryIO } = await import('../batch/ui/io.ts');
    const { WILLOW_NAME, WILLOW_TOKEN } = await import('./catalogue.ts');
    return async () => {
      const summary = await exportCommand({
        dataset: String(args.dataset ?? 'movements'),
        ...(args.from ? { from: String(args.from), to: String(args.to) } : {}),
        format: args.format === 'csv' ? 'csv' : 'xlsx',
        out: String(args.out),
        baseUrl: String(args.url),
        token: WILLOW_TOKEN,
        org: WILLOW_NAME,
        pageConcurrency: 8,
        io: memoryIO({ SHED_CONFIG: `${String(args.out)}.no-config.json` }),
      });
      return { rows: summary.rows, sheets: summary.sheets };
    };
  },

  /**
   * The writer alone: 100,000 movement rows (the movements dataset's own columns and row shaping,
   * from N receipts of L lines made one at a time) streamed into the export's .xlsx writer, so that
   * nothing but the writer holds memory: its peak is the streaming writer's.
   */
  'write-movements': async (args) => {
    const { writeXlsxTables } = await import('../batch/write/xlsx-writer.ts');
    const { toTableSheet } = await import('../batch/commands/export/write.ts');
    const { MOVEMENT_COLUMNS, MOVEMENTS_SHEET, buildMovements, createExportNames, movementRow } =
      await import('../shared/export/index.ts');
    const { Receipt } = await import('../shared/schemas/resources.ts');
    const { WILLOW, willowReference } = await import('./catalogue.ts');
    const { bulkReceipts } = await import('./seed.ts');
    const reference = willowReference();
    const names = createExportNames({
      organisationId: WILLOW,
      storages: reference.storages,
      productAliases: reference.productAliases,
      products: reference.products,
    });
    const filter = { timeZone: TIME_ZONE, dates: { from: null, to: null } };
    function* rows() {
      for (const record of bulkReceipts(Number(args.receipts), Number(args.lines))) {
        yield* buildMovements({ receipts: [Receipt.parse(record)], returns: [], names, filter }).map(movementRow);
      }
    }
    return async () => {
      const sheet = { ...toTableSheet({ name: MOVEMENTS_SHEET, columns: MOVEMENT_COLUMNS, rows: [] }), rows: rows() };
      const { rows: written } = await writeXlsxTables(String(args.out), [sheet], { timeZone: TIME_ZONE });
      return { sheets: [{ name: MOVEMENTS_SHEET, rows: written }] };
    };
  },
};

// Every case runs as the `shed` process does, with its heap growth limited (batch/cli/heap.ts).
limitHeapGrowth();
const [name, json] = process.argv.slice(2);
const run = cases[name ?? ''];
if (!run) {
  process.stderr.write(`unknown bench case '${name}'; expected one of ${Object.keys(cases).join(', ')}\n`);
  process.exit(2);
}
const work = await run(JSON.parse(json ?? '{}') as Args);
const start = now();
const details = await work();
const report: ChildReport = { ms: now() - start, peakMb: peakRssMb(), details };
process.stdout.write(`${JSON.stringify(report)}\n`);
