/**
 * The fake workbook's model for the adapter tests (excel-fake.ts): the operations the adapter queues,
 * the sheets they change, and how each change lands (as Excel would: a null cell of a values block is
 * left alone, a leading apostrophe is the quote prefix, not part of the value).
 */
import { columnLetter } from '../../../shared/sheet/grid.ts';

/** One queued operation, in the order the adapter queued it. */
export interface FakeOp {
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
export interface FakeSync {
  ops: FakeOp[];
  /** JSON bytes of the values, formats and settings the ops carried. */
  bytes: number;
  failed?: string;
}

/** One sheet of the fake workbook. */
export interface FakeSheet {
  name: string;
  visibility: string;
  values: unknown[][];
  formats: unknown[][];
  /** What Excel shows in each cell (`Range.text`), where a test gives it. */
  texts?: unknown[][];
  fills: Map<string, string>;
  notes: Map<string, string>;
  bold: string[];
  tables: { address: string; hasHeaders: boolean }[];
  validations: { address: string; rule?: unknown; errorAlert?: unknown }[];
  frozenRows: number;
  /** Conditional formats (the add-in's marks): id, the range they apply to, the custom rule's formula and fill. */
  conditionalFormats: FakeConditionalFormat[];
}

/** One conditional format of a fake sheet (a custom rule). */
export interface FakeConditionalFormat {
  id: string;
  address: string;
  formula: string;
  color: string;
}

/** A1 address of a 0-based rectangle. */
export function a1(row: number, column: number, rows = 1, columns = 1): string {
  const first = `${columnLetter(column)}${row + 1}`;
  return rows === 1 && columns === 1 ? first : `${first}:${columnLetter(column + columns - 1)}${row + rows}`;
}

/** The 0-based rectangle of an A1 address (`C5`, `$B$4:D7`). */
export function parseA1(address: string): { row: number; column: number; rows: number; columns: number } {
  const m = /^\$?([A-Z]+)\$?(\d+)(?::\$?([A-Z]+)\$?(\d+))?$/.exec(address);
  if (!m) throw Object.assign(new Error(`bad address ${address}`), { code: 'InvalidArgument' });
  const col = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  const row = Number(m[2]) - 1;
  const column = col(m[1] ?? 'A');
  const lastRow = m[4] ? Number(m[4]) - 1 : row;
  const lastColumn = m[3] ? col(m[3]) : column;
  return { row, column, rows: lastRow - row + 1, columns: lastColumn - column + 1 };
}

/** An empty sheet. */
export function newSheet(name: string, visibility = 'Visible'): FakeSheet {
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
    conditionalFormats: [],
  };
}

/**
 * Inserts `count` empty rows above sheet row `at` (1-based), as Excel does: values, number formats,
 * fills, notes and conditional formats' ranges below move down with their cells.
 */
export function insertRows(sheet: FakeSheet, at: number, count: number): void {
  const index = at - 1;
  const empty = () => Array.from({ length: count }, () => [] as unknown[]);
  if (sheet.values.length > index) sheet.values.splice(index, 0, ...empty());
  if (sheet.formats.length > index) sheet.formats.splice(index, 0, ...empty());
  const move = (address: string) => {
    const r = parseA1(address);
    return r.row >= index ? a1(r.row + count, r.column, r.rows, r.columns) : address;
  };
  sheet.fills = new Map([...sheet.fills].map(([address, colour]) => [move(address), colour]));
  sheet.notes = new Map([...sheet.notes].map(([address, text]) => [move(address), text]));
  for (const format of sheet.conditionalFormats) format.address = move(format.address);
}

/**
 * Applies one sheet operation.
 * @throws an office-js-like error for a note added where there is one (Excel refuses it).
 */
export function applyToSheet(sheet: FakeSheet, op: FakeOp): void {
  const each = (fn: (r: number, c: number, i: number, j: number) => void) => {
    for (let i = 0; i < (op.rows ?? 0); i++) for (let j = 0; j < (op.columns ?? 0); j++) fn((op.row ?? 0) + i, (op.column ?? 0) + j, i, j);
  };
  const put = (target: unknown[][], r: number, c: number, v: unknown) => ((target[r] ??= [])[c] = v);
  switch (op.kind) {
    case 'values':
      // Excel keeps a leading apostrophe as the cell's quote prefix, not as part of the value.
      each((r, c, i, j) => {
        const v = (op.value as unknown[][])[i]?.[j];
        if (v !== null && v !== undefined) put(sheet.values, r, c, typeof v === 'string' && v.startsWith("'") ? v.slice(1) : v);
      });
      break;
    case 'numberFormat':
      each((r, c, i, j) => put(sheet.formats, r, c, (op.value as unknown[][])[i]?.[j]));
      break;
    case 'fill':
      each((r, c) => sheet.fills.set(a1(r, c), String(op.value)));
      break;
    case 'fillClear':
      each((r, c) => sheet.fills.delete(a1(r, c)));
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
      sheet.conditionalFormats.push({ id: String(op.value), address: op.address ?? '', formula: '', color: '' });
      break;
    case 'cfFormula':
    case 'cfFill': {
      const format = sheet.conditionalFormats.find((f) => f.id === op.address);
      if (format && op.kind === 'cfFormula') format.formula = String(op.value);
      if (format && op.kind === 'cfFill') format.color = String(op.value);
      break;
    }
    case 'cfDelete':
      sheet.conditionalFormats = sheet.conditionalFormats.filter((f) => f.id !== op.address);
      break;
    case 'visibility':
      sheet.visibility = String(op.value);
      break;
    case 'freezeRows':
      sheet.frozenRows = Number(op.value);
      break;
    case 'validation':
    case 'errorAlert': {
      const entry = sheet.validations.find((v) => v.address === op.address) ?? { address: op.address ?? '' };
      if (!sheet.validations.includes(entry)) sheet.validations.push(entry);
      if (op.kind === 'validation') entry.rule = op.value;
      else entry.errorAlert = op.value;
      break;
    }
  }
}
