/**
 * The in-memory workbook behind the workbook-backed Excel (model-excel.ts, xlsx-excel.ts): its sheets
 * (values, number formats, shown text, fills, notes, hidden rows, autofilter, merged areas, tables),
 * its settings and date system; the operations the adapter queues and how each lands, as Excel would
 * apply it (a null cell of a values block is left alone, a leading apostrophe is the quote prefix);
 * and the structural edits a user makes while the pane works (insert, delete, sort rows). Node-only
 * test and replay support: never imported by the task pane bundle.
 */
import { columnLetter } from '../../shared/sheet/grid.ts';

/** One queued operation, in the order the adapter queued it. */
export interface ModelOp {
  kind: string;
  sheet?: string;
  /** First row and column (0-based) and size, for range operations. */
  row?: number;
  column?: number;
  rows?: number;
  columns?: number;
  address?: string;
  value?: unknown;
}

/** One `context.sync()` attempt. */
export interface ModelSync {
  ops: ModelOp[];
  /** JSON bytes of the values, formats and settings the ops carried. */
  bytes: number;
  failed?: string;
}

/** A table (ListObject) of a sheet: its A1 address (header row included) and whether it shows headers. */
export interface ModelTable {
  /** Absent for a table the adapter added (Excel names it `Table1`, `Table2`, …). */
  name?: string;
  address: string;
  hasHeaders: boolean;
}

/** One sheet of the workbook. Rows and columns are 0-based indexes (row 1 at index 0). */
export interface ModelSheet {
  name: string;
  visibility: string;
  values: unknown[][];
  formats: unknown[][];
  /** What Excel shows in each cell (`Range.text`), where given; other cells' text is computed. */
  texts?: unknown[][];
  fills: Map<string, string>;
  notes: Map<string, string>;
  bold: string[];
  tables: ModelTable[];
  validations: { address: string; rule?: unknown; errorAlert?: unknown; prompt?: unknown }[];
  frozenRows: number;
  /** Column widths in points by 0-based column, where set. */
  widths: Map<number, number>;
  /** 0-based indexes of the rows hidden (by hand or by the autofilter). */
  hiddenRows: Set<number>;
  /** The autofilter's A1 range (header row included), when the sheet has one. */
  autoFilter?: string;
  /** Merged areas, A1 (`A1:L1`). */
  merges: string[];
  /** Conditional formats (the add-in's marks): id, the range they apply to, the custom rule's formula and fill. */
  conditionalFormats: ModelConditionalFormat[];
  /** Sheet-scoped defined names (`worksheet.names`, ExcelApi 1.4): name → formula (`='S'!$E$3:$J$3`). */
  names?: Map<string, string>;
}

/** One conditional format of a sheet (a custom rule). */
export interface ModelConditionalFormat {
  id: string;
  address: string;
  formula: string;
  color: string;
}

/** The whole workbook. */
export interface WorkbookModel {
  name: string;
  sheets: ModelSheet[];
  settings: Map<string, string>;
  active: string;
  /** The workbook counts dates from 1904 (old Mac workbooks): serials in `values` are in that system. */
  date1904: boolean;
}

/** A1 address of a 0-based rectangle. */
export function a1(row: number, column: number, rows = 1, columns = 1): string {
  const first = `${columnLetter(column)}${row + 1}`;
  return rows === 1 && columns === 1 ? first : `${first}:${columnLetter(column + columns - 1)}${row + rows}`;
}

/** The 0-based rectangle of an A1 address (`C5`, `$B$4:D7`, `Sheet1!A1:B2`). */
export function parseA1(address: string): { row: number; column: number; rows: number; columns: number } {
  const bare = address.includes('!') ? address.slice(address.lastIndexOf('!') + 1) : address;
  const m = /^\$?([A-Z]+)\$?(\d+)(?::\$?([A-Z]+)\$?(\d+))?$/.exec(bare);
  if (!m) throw Object.assign(new Error(`bad address ${address}`), { code: 'InvalidArgument' });
  const col = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  const row = Number(m[2]) - 1;
  const column = col(m[1] ?? 'A');
  const lastRow = m[4] ? Number(m[4]) - 1 : row;
  const lastColumn = m[3] ? col(m[3]) : column;
  return { row, column, rows: lastRow - row + 1, columns: lastColumn - column + 1 };
}

/** An empty sheet. */
export function newSheet(name: string, visibility = 'Visible'): ModelSheet {
  return {
    name,
    visibility,
    values: [],
    formats: [],
    fills: new Map(),
    notes: new Map(),
    bold: [],
    tables: [],
    validations: [],
    frozenRows: 0,
    hiddenRows: new Set(),
    merges: [],
    widths: new Map(),
    conditionalFormats: [],
  };
}

/**
 * The value Excel computes for a formula written through `Range.formulas`, in the workbook's date
 * system: only `=DATE(year, month, day)` (the adapter's date-system probe) is known; text not starting
 * with `=` is a value.
 * @throws an office-js-like `InvalidArgument` error for any other formula (the model computes no others).
 */
export function evaluateFormula(formula: unknown, date1904: boolean): unknown {
  if (typeof formula !== 'string' || !formula.startsWith('=')) return formula;
  const m = /^=DATE\((\d+),\s*(\d+),\s*(\d+)\)$/i.exec(formula.trim());
  if (!m)
    throw Object.assign(new Error(`the workbook-backed Excel computes only =DATE(y,m,d), not ${formula}`), {
      code: 'InvalidArgument',
    });
  const serial = (Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) - Date.UTC(1899, 11, 30)) / 86_400_000;
  return date1904 ? serial - 1462 : serial;
}

/**
 * Applies one sheet operation; `date1904` is the workbook's date system (formulas are computed in it).
 * @throws an office-js-like error for a note added where there is one (Excel refuses it), or a formula
 *   the model does not compute ({@link evaluateFormula}).
 */
export function applyToSheet(sheet: ModelSheet, op: ModelOp, date1904 = false): void {
  const each = (fn: (r: number, c: number, i: number, j: number) => void) => {
    for (let i = 0; i < (op.rows ?? 0); i++)
      for (let j = 0; j < (op.columns ?? 0); j++) fn((op.row ?? 0) + i, (op.column ?? 0) + j, i, j);
  };
  const put = (target: unknown[][], r: number, c: number, v: unknown) => ((target[r] ??= [])[c] = v);
  switch (op.kind) {
    case 'values':
      // Excel keeps a leading apostrophe as the cell's quote prefix, not as part of the value.
      each((r, c, i, j) => {
        const v = (op.value as unknown[][])[i]?.[j];
        if (v === null || v === undefined) return;
        put(sheet.values, r, c, typeof v === 'string' && v.startsWith("'") ? v.slice(1) : v);
        if (sheet.texts?.[r]?.[c] !== undefined) sheet.texts[r]![c] = undefined;
      });
      break;
    case 'formulas':
      each((r, c, i, j) => put(sheet.values, r, c, evaluateFormula((op.value as unknown[][])[i]?.[j], date1904)));
      break;
    case 'numberFormat':
      each((r, c, i, j) => put(sheet.formats, r, c, (op.value as unknown[][])[i]?.[j]));
      break;
    case 'fill':
    case 'fillClear':
      each((r, c) => (op.kind === 'fill' ? sheet.fills.set(a1(r, c), String(op.value)) : sheet.fills.delete(a1(r, c))));
      break;
    case 'bold':
      sheet.bold.push(op.address ?? '');
      break;
    case 'noteAdd':
      if (sheet.notes.has(op.address ?? '')) throw Object.assign(new Error('note exists'), { code: 'InvalidArgument' });
      sheet.notes.set(op.address ?? '', String(op.value));
      break;
    case 'noteDelete':
      sheet.notes.delete(op.address ?? '');
      break;
    case 'tableAdd':
      sheet.tables.push({ address: op.address ?? '', hasHeaders: op.value === true });
      break;
    case 'cfAdd':
    case 'cfFormula':
    case 'cfFill':
    case 'cfDelete':
      applyConditionalFormat(sheet, op);
      break;
    case 'visibility':
      sheet.visibility = String(op.value);
      break;
    case 'freezeRows':
      sheet.frozenRows = Number(op.value);
      break;
    case 'columnWidth':
      each((_r, c) => sheet.widths.set(c, Number(op.value)));
      break;
    case 'validation':
    case 'errorAlert':
    case 'prompt':
      applyValidation(sheet, op);
      break;
  }
}

/** A conditional-format operation (the add-in's marks): add, set its formula or fill, delete. */
function applyConditionalFormat(sheet: ModelSheet, op: ModelOp): void {
  if (op.kind === 'cfAdd') {
    sheet.conditionalFormats.push({ id: String(op.value), address: op.address ?? '', formula: '', color: '' });
    return;
  }
  if (op.kind === 'cfDelete') {
    sheet.conditionalFormats = sheet.conditionalFormats.filter((f) => f.id !== op.address);
    return;
  }
  const format = sheet.conditionalFormats.find((f) => f.id === op.address);
  if (format && op.kind === 'cfFormula') format.formula = String(op.value);
  if (format && op.kind === 'cfFill') format.color = String(op.value);
}

/** A data-validation operation: its rule, error alert or prompt, on the validation of that address. */
function applyValidation(sheet: ModelSheet, op: ModelOp): void {
  const entry = sheet.validations.find((v) => v.address === op.address) ?? { address: op.address ?? '' };
  if (!sheet.validations.includes(entry)) sheet.validations.push(entry);
  if (op.kind === 'validation') entry.rule = op.value;
  else if (op.kind === 'errorAlert') entry.errorAlert = op.value;
  else entry.prompt = op.value;
}
