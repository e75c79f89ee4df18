/**
 * The memory host: the task pane running outside Excel on an in-memory workbook (MemoryWorkbook,
 * behind the same WorkbookPort), for the browser tests, the screenshots, and trying the pane in a
 * plain browser. Explicit only: the page uses it when opened as `taskpane.html?host=memory`
 * (docs/addin.md). The workbook is the sample below unless the page was given one before it loaded
 * (`window.__shedMemoryInit`, a {@link MemoryInit}) or a real workbook's URL (`&workbook=URL`, read by
 * memory-xlsx.ts); the live workbook is `window.__shedMemoryWorkbook`.
 */
import type { CellArea, CellValue, Grid, SheetTable } from '../../shared/sheet/grid.ts';
import { MemoryWorkbook } from '../excel/memory-workbook.ts';

/** A cell as JSON carries it: a date as `{ "date": ISO 8601 }` (JSON has no dates). */
export type SerialCell = string | number | boolean | null | { date: string };

/**
 * One sheet as JSON: rows (row 1 first, column A first) and, for a sheet read from a real workbook
 * (memory-xlsx.ts), what the workbook model holds besides cells (shared/sheet/grid.ts).
 */
export interface MemorySheetInit {
  name: string;
  rows: SerialCell[][];
  /** The sheet's tab is hidden. */
  hidden?: boolean;
  /** 1-based numbers of the rows hidden (by hand or by a filter). */
  hiddenRows?: number[];
  autoFilter?: CellArea;
  merges?: CellArea[];
  tables?: SheetTable[];
}

/** A workbook as JSON: sheets, the active sheet, its settings, its date system. */
export interface MemoryInit {
  name?: string;
  active?: string;
  sheets: MemorySheetInit[];
  /** Workbook settings it was saved with (e.g. `shed.baseUrl`). */
  settings?: Record<string, string>;
  /** The date system of the workbook it was read from (its dates are already Dates). */
  dateSystem?: 1900 | 1904;
}

/** The query parameter and value that select the memory host. */
export const MEMORY_HOST_QUERY = { name: 'host', value: 'memory' } as const;

/** The query parameter naming a workbook (.xlsx, URL relative to the page) for the memory host to open: `?host=memory&workbook=book.xlsx`. */
export const MEMORY_WORKBOOK_QUERY = 'workbook';

/** Whether a page URL asks for the memory host (`?host=memory`). */
export function wantsMemoryHost(url: string): boolean {
  try {
    return new URL(url).searchParams.get(MEMORY_HOST_QUERY.name) === MEMORY_HOST_QUERY.value;
  } catch {
    return false;
  }
}

/** A cell for JSON. */
export function serialiseCell(cell: CellValue): SerialCell {
  return cell instanceof Date ? { date: cell.toISOString() } : cell;
}

/**
 * A cell from JSON; anything that is not a cell (an object without a valid `date`, undefined) is empty.
 */
export function reviveCell(cell: unknown): CellValue {
  if (cell === null || typeof cell === 'string' || typeof cell === 'boolean') return cell;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  if (typeof cell === 'object' && typeof (cell as { date?: unknown }).date === 'string') {
    const date = new Date((cell as { date: string }).date);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

/** A grid (rows by row number, blank rows left out) as dense rows for a {@link MemoryInit} sheet. */
export function gridRows(grid: Grid): SerialCell[][] {
  const last = grid.rows.reduce((n, r) => Math.max(n, r.rowNumber), 0);
  const rows: SerialCell[][] = Array.from({ length: last }, () => []);
  for (const row of grid.rows) rows[row.rowNumber - 1] = row.cells.map(serialiseCell);
  return rows;
}

/** The memory workbook of an init (the sample when none is given). */
export function createMemoryWorkbook(init: MemoryInit = SAMPLE_WORKBOOK): MemoryWorkbook {
  const workbook = new MemoryWorkbook({ sheets: [] });
  openMemoryInit(workbook, init);
  return workbook;
}

/** Replaces what `workbook` holds by the workbook of `init` (the memory host's file picker keeps the pane's workbook object). */
export function openMemoryInit(workbook: MemoryWorkbook, init: MemoryInit): void {
  workbook.open({
    ...(init.name ? { name: init.name } : {}),
    ...(init.active ? { active: init.active } : {}),
    ...(init.dateSystem ? { dateSystem: init.dateSystem } : {}),
    sheets: init.sheets.map((s) => ({ ...s, rows: s.rows.map((r) => r.map(reviveCell)) })),
  });
  for (const [key, value] of Object.entries(init.settings ?? {})) workbook.settings.set(key, String(value));
}

/** Where the memory host keeps a workbook's settings between reloads of the page (sessionStorage). */
export function memorySettingsKey(workbookName: string): string {
  return `shed-sheets.memory-settings:${workbookName}`;
}

/**
 * Keeps the memory workbook's settings (its identity, mappings, marks) in `storage` across a reload of
 * the page, as Excel keeps a workbook's settings while its task pane is closed and opened again:
 * loads those kept for this workbook's name, and writes each change through. Storage that refuses is
 * ignored (the settings then last the page).
 */
export function keepSettingsAcrossReloads(
  workbook: MemoryWorkbook,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
): void {
  const key = memorySettingsKey(workbook.name);
  try {
    for (const [name, value] of Object.entries(JSON.parse(storage.getItem(key) ?? '{}') as Record<string, string>))
      workbook.settings.set(name, value);
  } catch {
    // Unreadable or blocked: start from the workbook's own settings.
  }
  const set = workbook.setSetting.bind(workbook);
  workbook.setSetting = async (name, value) => {
    await set(name, value);
    try {
      storage.setItem(key, JSON.stringify(Object.fromEntries(workbook.settings)));
    } catch {
      // Blocked storage: the setting lasts the page.
    }
  };
}

const day = (iso: string): SerialCell => ({ date: `${iso}T00:00:00.000Z` });

/**
 * The sample workbook: a few of examples/supplier-invoices.xlsx's invoices for Willow Creek (the
 * sandbox's demo organisation), INV-40412 naming an unknown product, and a few returns.
 */
export const SAMPLE_WORKBOOK: MemoryInit = {
  name: 'Sample invoices.xlsx',
  active: 'Invoices',
  sheets: [
    {
      name: 'Invoices',
      rows: [
        ['Willow Creek Pastoral Co — supplier invoices (sample)'],
        [],
        [
          'Invoice No',
          'Supplier',
          'Date Received',
          'Deliver To',
          'PO Number',
          'Product',
          'Qty',
          'Pack Size',
          'Unit',
          'Price ex GST',
          'Notes',
        ],
        [
          'INV-40211',
          'Farmco Rural Supplies',
          day('2026-01-06'),
          'Main Chemical Shed',
          'PO-1001',
          'Glyfos 540',
          4,
          20,
          'L',
          185,
          null,
        ],
        [null, null, null, null, null, 'Amine 625', 2, 20, 'L', 142.5, null],
        [
          'INV-88310',
          'Southern Cross Fertilisers',
          day('2026-01-20'),
          'Fertiliser Bunker',
          null,
          'Granular Urea',
          24,
          1,
          't',
          785,
          'Bulk delivery',
        ],
        [
          'INV-40412',
          'Farmco Rural Supplies',
          day('2026-02-17'),
          'Main Chemical Shed',
          'PO-1018',
          'Glyfos 450',
          4,
          20,
          'L',
          185,
          null,
        ],
        [null, null, null, null, null, 'Sprayquat 250', 4, '20 L', null, 132, null],
        [
          'S-2291',
          'Paddock Seeds Pty Ltd',
          '3/02/2026',
          'Seed Shed',
          'PO-1012',
          'Scepter Wheat',
          40,
          50,
          'kg',
          62.5,
          null,
        ],
      ],
    },
    {
      name: 'Returns',
      rows: [
        ['Date', 'Return To', 'From Shed', 'Product', 'Amount', 'Unit', 'Credit Note', 'Comments'],
        [
          '12/02/2026',
          'Farmco Rural Supplies',
          'Main Chemical Shed',
          'Glyfos 540',
          20,
          'L',
          'CN-7781',
          'Unopened drum, over-ordered',
        ],
        [
          '28/02/2026',
          'Southern Cross Fertilisers',
          'Fertiliser Bunker',
          'MAP Granular',
          '1000 kg',
          null,
          'CN-3310',
          'Caked bag',
        ],
        [
          '20/03/2026',
          'Farmco Rural Supplies',
          'Main Chemical Shed',
          'Metsul 600 WG',
          0,
          'g',
          'CN-7790',
          'Entered twice',
        ],
      ],
    },
  ],
};
