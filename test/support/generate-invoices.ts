// Writes a workbook of N generated supplier invoices (real .xlsx via exceljs), with what each must become.
import ExcelJS from 'exceljs';
import { catalogue, WILLOW } from './catalogue.ts';
import { EXAMPLE_HEADER } from './example-header.ts';

export interface GeneratedInvoice {
  invoice: string;
  supplier: string;
  date: string; // YYYY-MM-DD
  storage: string;
  lines: { product: string; quantity: number; size: number; unit: string; cost: number }[];
}

const SUPPLIERS = [
  'Farmco Rural Supplies',
  'Southern Cross Fertilisers',
  'Riverina Ag Chemicals',
  'Paddock Seeds Pty Ltd',
];

/** Aliases of Willow Creek whose names resolve to exactly one product. */
function clearAliases(): string[] {
  const names = catalogue.product_aliases.filter((a) => a.organisation_id === WILLOW).map((a) => a.name);
  return [...new Set(names)].filter((n) => names.filter((m) => m === n).length === 1);
}

/**
 * `count` invoices of `linesEach` lines, deterministic (seeded), dated in 2025 (so no two are the
 * same invoice), in Willow Creek's unlocked storages.
 */
export function generateInvoices(count: number, linesEach = 3, seed = 7, prefix = 'GEN-'): GeneratedInvoice[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  const aliases = clearAliases();
  const storages = catalogue.storages
    .filter((s) => s.organisation_id === WILLOW && s.name !== 'Old Shearing Shed')
    .map((s) => s.name);
  return Array.from({ length: count }, (_, i) => ({
    invoice: `${prefix}${String(i + 1).padStart(5, '0')}`,
    supplier: pick(SUPPLIERS),
    date: `2025-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
    storage: pick(storages),
    lines: Array.from({ length: linesEach }, () => ({
      product: pick(aliases),
      quantity: 1 + Math.floor(next() * 40),
      size: pick([1, 5, 10, 20, 1000]),
      unit: pick(['L', 'kg']),
      cost: Math.round(next() * 50000) / 100,
    })),
  }));
}

/** Writes the invoices as a sheet like the example: header on row 1, header fields on each first line. */
export async function writeInvoicesXlsx(path: string, invoices: GeneratedInvoice[]): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Invoices');
  ws.addRow([...EXAMPLE_HEADER]);
  for (const inv of invoices) {
    inv.lines.forEach((line, i) => {
      const [y, m, d] = inv.date.split('-').map(Number);
      const head =
        i === 0
          ? [inv.invoice, inv.supplier, new Date(Date.UTC(y!, m! - 1, d!)), inv.storage]
          : [null, null, null, null];
      ws.addRow([...head, line.product, line.quantity, line.size, line.unit, line.cost]);
    });
  }
  ws.getColumn(3).numFmt = 'dd/mm/yyyy';
  await wb.xlsx.writeFile(path);
}
