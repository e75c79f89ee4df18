/**
 * Bench 5, add-in writes: the Excel adapter (addin/excel ExcelWorkbook.addTableSheet) writing a
 * 20,000 rows × 20 columns export into the office-addin-mock fake Excel of the adapter's tests
 * (test/addin/excel/excel-fake.ts), which logs every `context.sync()` with the JSON size of what it
 * carried. Figures: the number of syncs, and the largest payload of one sync against Excel on the
 * web's 5 MB request limit (taken as 5,000,000 bytes, the stricter reading).
 */
import { ExcelWorkbook } from '../addin/excel/excel-workbook.ts';
import type { SyncReport } from '../addin/excel/excel-batch.ts';
import type { TableSheetInput } from '../addin/excel/workbook-port.ts';
import { FakeExcel } from '../test/addin/excel/excel-fake.ts';
import { figure, log, timed, type Figure } from './measure.ts';

export const ADDIN_ROWS = 20_000;
export const ADDIN_COLUMNS = 20;
/** Excel on the web refuses a request (or response) payload above 5 MB. */
export const PAYLOAD_LIMIT_BYTES = 5_000_000;

const TYPES = ['text', 'number', 'money', 'date', 'integer'] as const;

/** A plausible export: text columns of product-like names, numbers, money, dates, whole numbers. */
function exportSheet(): TableSheetInput {
  const columns = Array.from({ length: ADDIN_COLUMNS }, (_v, i) => ({
    header: `Column ${i + 1}`,
    type: TYPES[i % TYPES.length]!,
  }));
  const rows = Array.from({ length: ADDIN_ROWS }, (_v, r) =>
    columns.map((c, i) => {
      switch (c.type) {
        case 'text':
          return `Roundup PowerMAX 20 L drum ${r}-${i}`;
        case 'date':
          return new Date(Date.UTC(2026, 0, 1 + (r % 365)));
        case 'integer':
          return r * 3 + i;
        default:
          return Math.round((r * 1.37 + i) * 100) / 100;
      }
    }),
  );
  return { name: 'Movements', columns, rows };
}

/** Runs bench 5 and returns its figures. */
export async function benchAddin(): Promise<{ figures: Figure[]; details: Record<string, unknown> }> {
  log(`add-in: ${ADDIN_ROWS} rows × ${ADDIN_COLUMNS} columns through the adapter into the fake Excel…`);
  const fake = new FakeExcel({ sheets: [{ name: 'Sheet1' }] });
  const reports: SyncReport[] = [];
  const workbook = new ExcelWorkbook({ excel: fake.host, onSync: (r) => reports.push(r) });
  const { ms } = await timed(() => workbook.addTableSheet(exportSheet()));
  const syncs = fake.okSyncs;
  const largest = Math.max(...syncs.map((s) => s.bytes));
  const estimated = Math.max(...reports.map((r) => r.requestBytes));
  const written = fake.sheet('Movements').values.length - 1;
  if (written !== ADDIN_ROWS) throw new Error(`add-in: ${written} rows written, expected ${ADDIN_ROWS}`);
  const figures: Figure[] = [
    figure({
      bench: 'addin',
      case: `add-in write ${ADDIN_ROWS.toLocaleString('en-AU')}×${ADDIN_COLUMNS}: context.sync calls`,
      measured: syncs.length,
      unit: 'syncs',
      baseline: null,
      baselineLabel: `rows per chunk: ${reports.map((r) => r.rows).join(', ')}`,
      target: null,
      note: `${Math.round(ms).toLocaleString('en-AU')} ms in the mock`,
    }),
    figure({
      bench: 'addin',
      case: `add-in write ${ADDIN_ROWS.toLocaleString('en-AU')}×${ADDIN_COLUMNS}: largest payload of one sync`,
      measured: largest,
      unit: 'bytes',
      baseline: PAYLOAD_LIMIT_BYTES,
      baselineLabel: 'Excel on the web limit 5 MB',
      target: { kind: 'ratio-max', value: 1 },
      note: `JSON size measured by the mock; the adapter's own estimate: ${estimated.toLocaleString('en-AU')} bytes`,
    }),
  ];
  return { figures, details: { ms, syncs: syncs.map((s) => ({ bytes: s.bytes, ops: s.ops.length })), reports } };
}
