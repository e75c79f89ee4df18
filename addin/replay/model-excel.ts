/**
 * An Excel for the adapter to run on outside Excel: the office-js surface `addin/excel/` uses, over
 * the workbook model of workbook-model.ts, built on office-addin-mock. Every worksheet, range, note
 * and setting proxy is an `OfficeMockObject`, so a property read without `load()` and
 * `context.sync()` reads as office-addin-mock's error text, as in Excel. Writes are queued as
 * operations and applied at `context.sync()` (or lost, when an injected error fails the sync), and
 * every sync is logged with its operations and the JSON size of what it carried. It knows hidden
 * rows, the autofilter, merged areas, tables and the 1904 date system (a cell's shown text is
 * formatted in it). Node-only (tests, `addin:replay`); xlsx-excel.ts loads it from a real .xlsx.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- office-addin-mock's objects are untyped */
import { OfficeMockObject } from 'office-addin-mock';
import { a1, applyToSheet, newSheet, parseA1 } from './workbook-model.ts';
import type { ModelOp, ModelSheet, ModelSync, WorkbookModel } from './workbook-model.ts';

export type { ModelOp, ModelSheet, ModelSync, WorkbookModel } from './workbook-model.ts';
import { cellText } from './cell-text.ts';
import { areasAddress, overlaps, rowRuns } from './range-areas.ts';
import type { Rect } from './range-areas.ts';
import { deleteRows, insertRows, setHidden, sortRows } from './structural-edits.ts';
import { conditionalFormatsOf, type ModelHooks } from './model-conditional-formats.ts';

type Any = any;

/** A sheet to start with: values and number formats (row 1 at index 0), visibility, notes by address. */
export interface ModelSheetInit {
  name: string;
  values?: unknown[][];
  formats?: unknown[][];
  /** What Excel shows in each cell (`Range.text`); computed from value and format where not given. */
  texts?: unknown[][];
  visibility?: string;
  notes?: Record<string, string>;
  /** 1-based numbers of the rows hidden. */
  hiddenRows?: number[];
  autoFilter?: string;
  merges?: string[];
  tables?: { name: string; address: string; hasHeaders: boolean }[];
}

/** The workbook and its `Excel`-like host. */
export class ModelExcel {
  readonly model: WorkbookModel;
  readonly syncs: ModelSync[] = [];
  /** The cell `Range.select()` last selected (0-based row and column), null before any. */
  selection: { sheet: string; row: number; column: number } | null = null;
  runs = 0;
  /** Return an error to fail this sync (its operations are then lost), e.g. `{ code: 'RequestPayloadSizeLimitExceeded' }`. */
  failSync?: (ops: ModelOp[], attempt: number) => { code: string } | undefined;
  private pending: ModelOp[] = [];
  private errors: unknown[] = [];
  private toSync: Any[] = [];
  /** Loaded ranges whose cell contents are read from the model when the sync runs. */
  private readonly refreshers = new WeakMap<object, () => void>();
  /** True while office-addin-mock updates its own properties (load, sync): those are not writes. */
  private internal = false;

  /** A workbook of the sheets given (`init`), or over a model already built (xlsx-excel.ts). */
  constructor(init: { sheets: ModelSheetInit[]; active?: string; name?: string; date1904?: boolean } | { model: WorkbookModel }) {
    if ('model' in init) {
      this.model = init.model;
      return;
    }
    const sheets = init.sheets.map((s) => {
      const sheet = newSheet(s.name, s.visibility);
      sheet.values = (s.values ?? []).map((r) => [...r]);
      sheet.formats = (s.formats ?? []).map((r) => [...r]);
      if (s.texts) sheet.texts = s.texts.map((r) => [...r]);
      sheet.notes = new Map(Object.entries(s.notes ?? {}));
      sheet.hiddenRows = new Set((s.hiddenRows ?? []).map((n) => n - 1));
      sheet.autoFilter = s.autoFilter;
      sheet.merges = [...(s.merges ?? [])];
      sheet.tables = (s.tables ?? []).map((t) => ({ ...t }));
      return sheet;
    });
    this.model = {
      name: init.name ?? 'Stock.xlsx',
      sheets,
      settings: new Map(),
      active: init.active ?? init.sheets[0]?.name ?? 'Sheet1',
      date1904: init.date1904 ?? false,
    };
  }

  get sheets(): ModelSheet[] {
    return this.model.sheets;
  }

  get settings(): Map<string, string> {
    return this.model.settings;
  }

  get active(): string {
    return this.model.active;
  }

  set active(name: string) {
    this.model.active = name;
  }

  get workbookName(): string {
    return this.model.name;
  }

  /** The user inserts `count` empty rows before 1-based row `at` (between syncs, as in Excel). */
  insertRows(sheet: string, at: number, count: number): void {
    insertRows(this.sheet(sheet), at, count);
  }

  /** The user deletes `count` rows from 1-based row `at`. */
  deleteRows(sheet: string, at: number, count: number): void {
    deleteRows(this.sheet(sheet), at, count);
  }

  /** The user sorts 1-based rows `fromRow`..`toRow` by the 0-based column `byColumn`, ascending. */
  sortRows(sheet: string, fromRow: number, toRow: number, byColumn: number): void {
    sortRows(this.sheet(sheet), fromRow, toRow, byColumn);
  }

  /** The user hides (or shows) one 1-based row. */
  setHidden(sheet: string, rowNumber: number, hidden: boolean): void {
    setHidden(this.sheet(sheet), rowNumber, hidden);
  }

  /** The options of each `Excel.run`, in order (`{}` when none were given). */
  readonly runOptions: Excel.RunOptions[] = [];

  /** The `Excel` namespace stand-in: `run` builds a fresh request context of mock objects. */
  readonly host = {
    run: async <T>(
      ...args: [(context: Excel.RequestContext) => Promise<T>] | [Excel.RunOptions, (context: Excel.RequestContext) => Promise<T>]
    ): Promise<T> => {
      const [options, batch] = args.length === 1 ? [{}, args[0]] : args;
      this.runOptions.push(options);
      this.runs++;
      this.pending = [];
      this.errors = [];
      return batch(this.context() as Excel.RequestContext);
    },
  };

  /** Successful syncs only. */
  get okSyncs(): ModelSync[] {
    return this.syncs.filter((s) => s.failed === undefined);
  }

  /** Every operation of the successful syncs, in order. */
  ops(kind?: string): ModelOp[] {
    return this.okSyncs.flatMap((s) => s.ops).filter((op) => kind === undefined || op.kind === kind);
  }

  sheet(name: string): ModelSheet {
    const found = this.sheets.find((s) => s.name === name);
    if (!found) throw new Error(`no sheet ${name} in the workbook`);
    return found;
  }

  /** Value of one cell (1-based row, 0-based column) as stored; `undefined` when empty. */
  cell(sheet: string, rowNumber: number, column: number): unknown {
    return this.sheet(sheet).values[rowNumber - 1]?.[column];
  }

  private queue(op: ModelOp): void {
    this.pending.push(op);
  }

  private formatIds = 0;

  /** What the conditional formats' module (model-conditional-formats.ts) uses of this Excel. */
  private hooks(): ModelHooks {
    return {
      sheet: (name) => this.sheets.find((s) => s.name === name),
      mock: (data) => this.mock(data),
      queue: (op) => this.queue(op),
      trackLoads: (m) => this.trackLoads(m),
      intercept: (target, prop, toOp) => this.intercept(target, prop, toOp),
      collectionLoad: (collection, items) => this.collectionLoad(collection, items),
      nextId: () => `cf${++this.formatIds}`,
    };
  }

  /** A mock whose listed properties record writes as operations; `load` schedules it for the next sync. */
  private mock(data: object, writes: Record<string, (value: unknown) => ModelOp> = {}, onLoad?: (props: string) => void): Any {
    const m: Any = new OfficeMockObject(data as Any);
    this.trackLoads(m, onLoad);
    for (const [prop, toOp] of Object.entries(writes)) this.intercept(m, prop, toOp);
    return m;
  }

  private context(): Any {
    const sheetItems = this.sheets.map((s) => this.sheetProxy(s.name));
    const worksheets = this.mock({
      items: sheetItems,
      getActiveWorksheet: () => this.sheetProxy(this.active),
      getItem: (name: string) => {
        if (!this.sheets.some((s) => s.name === name)) this.errors.push(Object.assign(new Error(`ItemNotFound ${name}`), { code: 'ItemNotFound' }));
        return this.sheetProxy(name);
      },
      add: (name: string) => {
        this.queue({ kind: 'sheetAdd', sheet: name });
        return this.sheetProxy(name);
      },
    });
    this.collectionLoad(worksheets, sheetItems);
    const settings = this.mock({
      getItemOrNullObject: (key: string) => {
        const setting = this.mock({ value: this.settings.get(key) ?? '', delete: () => this.queue({ kind: 'settingDelete', address: key }) });
        setting.isNullObject = !this.settings.has(key);
        return setting;
      },
      add: (key: string, value: unknown) => this.queue({ kind: 'settingAdd', address: key, value }),
    });
    const context = new OfficeMockObject({
      workbook: { name: this.workbookName },
      application: { suspendApiCalculationUntilNextSync: () => this.queue({ kind: 'suspendCalc' }) },
      sync: () => this.sync(),
    }) as Any;
    context.workbook.worksheets = worksheets;
    context.workbook.settings = settings;
    const baseLoad = context.workbook.load.bind(context.workbook);
    context.workbook.load = (arg: string) => {
      this.toSync.push(context.workbook);
      return baseLoad(arg);
    };
    return context;
  }

  /** `load('items/a,items/b')` on a collection: loads `items` and each item's properties. */
  private collectionLoad(collection: Any, items: Any[]): void {
    const baseLoad = OfficeMockObject.prototype.load;
    collection.load = (arg: string) => {
      this.internal = true;
      try {
        baseLoad.call(collection, 'items');
      } finally {
        this.internal = false;
      }
      const props = arg.split(',').map((p) => p.trim().replace(/^items\//, ''));
      for (const item of items) item.load(props.join(','));
      this.toSync.push(collection);
      return collection;
    };
  }

  private sheetProxy(name: string): Any {
    const stored = this.sheets.find((s) => s.name === name);
    const noteItems = [...(stored?.notes ?? new Map<string, string>())].map(([address, content]) => this.noteProxy(name, address, content));
    const notes = this.mock({
      items: noteItems,
      add: (address: string, content: string) => this.queue({ kind: 'noteAdd', sheet: name, address, value: content }),
      getItemOrNullObject: (address: string) => {
        const content = this.sheets.find((s) => s.name === name)?.notes.get(address);
        const note = this.noteProxy(name, address, content ?? '');
        note.isNullObject = content === undefined;
        return note;
      },
    });
    this.collectionLoad(notes, noteItems);
    const sheet = this.mock(
      {
        name,
        visibility: stored?.visibility ?? 'Visible',
        getRangeByIndexes: (row: number, column: number, rows: number, columns: number) => this.rangeProxy(name, row, column, rows, columns),
        getCell: (row: number, column: number) => this.rangeProxy(name, row, column, 1, 1),
        getRange: (address?: string) => {
          // No address: the whole sheet, of which the model gives only the conditional formats.
          if (address === undefined) {
            const whole = this.mock({});
            whole.conditionalFormats = conditionalFormatsOf(this.hooks(), name, null);
            return whole;
          }
          const r = parseA1(address);
          return this.rangeProxy(name, r.row, r.column, r.rows, r.columns);
        },
        getUsedRangeOrNullObject: () => this.usedRange(name),
        activate: () => this.queue({ kind: 'activate', sheet: name }),
        freezePanes: { freezeRows: (count: number) => this.queue({ kind: 'freezeRows', sheet: name, value: count }) },
      },
      { visibility: (value) => ({ kind: 'visibility', sheet: name, value }) },
    );
    sheet.notes = notes;
    sheet.tables = this.tablesProxy(name, stored);
    sheet.autoFilter = this.autoFilterProxy(name, stored);
    return sheet;
  }

  /** `worksheet.tables`: the sheet's tables (name, showHeaders, getRange) and `add`. */
  private tablesProxy(name: string, stored: ModelSheet | undefined): Any {
    const items = (stored?.tables ?? []).map((t, i) => {
      const r = parseA1(t.address);
      return this.mock({
        name: t.name ?? `Table${i + 1}`,
        showHeaders: t.hasHeaders,
        getRange: () => this.rangeProxy(name, r.row, r.column, r.rows, r.columns),
      });
    });
    const tables = this.mock({
      items,
      add: (range: Any, hasHeaders: boolean) => {
        this.queue({ kind: 'tableAdd', sheet: name, address: (range.where as { address: string }).address, value: hasHeaders });
        return this.mock({ name: `Table${items.length + 1}`, rows: { add: () => this.queue({ kind: 'rowsAdd', sheet: name }) } });
      },
    });
    this.collectionLoad(tables, items);
    return tables;
  }

  /** `worksheet.autoFilter` (ExcelApi 1.9): whether the sheet has one, and its range. */
  private autoFilterProxy(name: string, stored: ModelSheet | undefined): Any {
    const address = stored?.autoFilter;
    return this.mock({
      enabled: address !== undefined,
      isDataFiltered: address !== undefined && [...(stored?.hiddenRows ?? [])].some((row) => row > parseA1(address).row),
      getRangeOrNullObject: () => {
        if (address === undefined) return this.nullObject({ address: '', rowIndex: 0, columnIndex: 0, rowCount: 0, columnCount: 0 });
        const r = parseA1(address);
        const range = this.rangeProxy(name, r.row, r.column, r.rows, r.columns);
        range.isNullObject = false;
        return range;
      },
    });
  }

  /** A null object (`isNullObject` true) with the given properties. */
  private nullObject(data: object): Any {
    const empty = this.mock(data);
    empty.isNullObject = true;
    return empty;
  }

  private noteProxy(sheet: string, address: string, content: string): Any {
    const note = this.mock({ content, delete: () => this.queue({ kind: 'noteDelete', sheet, address }) });
    note.isNullObject = false;
    return note;
  }

  private usedRange(name: string): Any {
    const values = this.sheets.find((s) => s.name === name)?.values ?? [];
    let top = Infinity,
      left = Infinity,
      bottom = -1,
      right = -1;
    values.forEach((line, r) =>
      line?.forEach((v, c) => {
        if (v === undefined || v === '' || v === null) return;
        top = Math.min(top, r);
        bottom = Math.max(bottom, r);
        left = Math.min(left, c);
        right = Math.max(right, c);
      }),
    );
    if (bottom < 0) return this.nullObject({ rowIndex: 0, columnIndex: 0, rowCount: 0, columnCount: 0 });
    const range = this.rangeProxy(name, top, left, bottom - top + 1, right - left + 1);
    range.isNullObject = false;
    return range;
  }

  private rangeProxy(sheet: string, row: number, column: number, rows: number, columns: number): Any {
    const stored = this.sheets.find((s) => s.name === sheet);
    const where = { sheet, row, column, rows, columns, address: a1(row, column, rows, columns) };
    const loaded = new Set<string>();
    const range = this.mock(
      {
        values: [],
        numberFormat: [],
        text: [],
        rowIndex: row,
        columnIndex: column,
        rowCount: rows,
        columnCount: columns,
        address: `${sheet}!${where.address}`,
        format: {
          // A cell's own fill as stored (the bookkeeper's colours); no fill reads as white with pattern None, as in Excel.
          fill: {
            color: stored?.fills.get(where.address) ?? '#FFFFFF',
            pattern: stored?.fills.has(where.address) ? 'Solid' : 'None',
            clear: () => this.queue({ kind: 'fillClear', ...where }),
          },
          font: { bold: false },
          columnWidth: 0,
          autofitColumns: () => this.queue({ kind: 'autofit', ...where }),
        },
        dataValidation: { rule: '', errorAlert: '', prompt: '' },
        select: () => this.queue({ kind: 'select', ...where }),
        getSpecialCellsOrNullObject: (type: string) => this.specialCells(sheet, where, type),
        getMergedAreasOrNullObject: () => this.mergedAreas(sheet, where),
      },
      {
        values: (value) => ({ kind: 'values', ...where, value }),
        numberFormat: (value) => ({ kind: 'numberFormat', ...where, value }),
      },
      (props) => {
        this.queue({ kind: 'load', ...where, value: props });
        for (const prop of props.split(',')) loaded.add(prop.trim());
        // Cell contents are read as they are when the sync runs (after this batch's writes), as in Excel.
        this.refreshers.set(range, () => this.refreshCells(range, where, loaded));
      },
    );
    let formats: Any = null;
    Object.defineProperty(range, 'conditionalFormats', { get: () => (formats ??= conditionalFormatsOf(this.hooks(), sheet, where)) });
    range.where = where; // for the model's own bookkeeping; the adapter cannot read it (not an office-js property)
    this.trackLoads(range.format.fill);
    this.intercept(range.format.fill, 'color', (value) => ({ kind: 'fill', ...where, value }));
    this.intercept(range.format.font, 'bold', (value) => ({ kind: 'bold', ...where, value }));
    this.intercept(range.dataValidation, 'rule', (value) => ({ kind: 'validation', ...where, value }));
    this.intercept(range.dataValidation, 'errorAlert', (value) => ({ kind: 'errorAlert', ...where, value }));
    this.intercept(range.dataValidation, 'prompt', (value) => ({ kind: 'prompt', ...where, value }));
    this.intercept(range.format, 'columnWidth', (value) => ({ kind: 'columnWidth', ...where, value }));
    return range;
  }

  /** Sets a loaded range's `values`, `numberFormat` and `text` from the model as it is now. */
  private refreshCells(range: Any, where: Rect & { sheet: string }, loaded: Set<string>): void {
    const stored = this.sheets.find((s) => s.name === where.sheet);
    const grid = (cell: (r: number, c: number) => unknown) =>
      Array.from({ length: where.rows }, (_r, i) => Array.from({ length: where.columns }, (_c, j) => cell(where.row + i, where.column + j)));
    const value = (r: number, c: number) => stored?.values[r]?.[c] ?? '';
    const format = (r: number, c: number) => stored?.formats[r]?.[c] ?? 'General';
    const set = (prop: string, data: unknown) => {
      const property = range._properties.get(prop);
      if (property) property._valueBeforeLoaded = data;
    };
    const all = loaded.has('*');
    if (all || loaded.has('values')) set('values', grid(value));
    if (all || loaded.has('numberFormat')) set('numberFormat', grid(format));
    if (all || loaded.has('text')) {
      set(
        'text',
        grid((r, c) => stored?.texts?.[r]?.[c] ?? cellText(value(r, c), format(r, c), this.model.date1904)),
      );
    }
  }

  /** `getSpecialCellsOrNullObject('Visible')`: the rows of the range not hidden, as areas (other types: a null object). */
  private specialCells(sheet: string, where: Rect, type: string): Any {
    const stored = this.sheets.find((s) => s.name === sheet);
    const shown = Array.from({ length: where.rows }, (_v, i) => where.row + i).filter((row) => !stored?.hiddenRows.has(row));
    if (type !== 'Visible' || shown.length === 0) return this.nullObject({ address: '', areaCount: 0, cellCount: 0 });
    const areas = rowRuns(shown, where.column, where.columns);
    const found = this.mock({ address: areasAddress(sheet, areas), areaCount: areas.length, cellCount: shown.length * where.columns });
    found.isNullObject = false;
    return found;
  }

  /** `getMergedAreasOrNullObject()` (ExcelApi 1.13): the merged areas that touch the range. */
  private mergedAreas(sheet: string, where: Rect): Any {
    const stored = this.sheets.find((s) => s.name === sheet);
    const areas = (stored?.merges ?? []).map((m) => parseA1(m)).filter((m) => overlaps(m, where));
    if (areas.length === 0) return this.nullObject({ address: '', areaCount: 0 });
    const found = this.mock({ address: areasAddress(sheet, areas), areaCount: areas.length });
    found.isNullObject = false;
    return found;
  }

  /** Makes `load` on a mock schedule it for the next sync (office-addin-mock's own updates are not writes). */
  private trackLoads(m: Any, onLoad?: (props: string) => void): void {
    const baseLoad = m.load.bind(m);
    m.load = (arg?: string | string[]) => {
      onLoad?.(Array.isArray(arg) ? arg.join(',') : (arg ?? '*'));
      this.toSync.push(m);
      this.internal = true;
      try {
        baseLoad(arg);
      } finally {
        this.internal = false;
      }
      return m;
    };
  }

  private intercept(target: Any, prop: string, toOp: (value: unknown) => ModelOp): void {
    let backing: unknown = target[prop];
    Object.defineProperty(target, prop, {
      configurable: true,
      enumerable: true,
      get: () => backing,
      set: (value: unknown) => {
        backing = value;
        if (!this.internal) this.queue(toOp(value));
      },
    });
  }

  private async sync(): Promise<void> {
    const ops = this.pending;
    const errors = this.errors;
    this.pending = [];
    this.errors = [];
    const bytes = ops.reduce((sum, op) => sum + (op.kind === 'load' || op.value === undefined ? 0 : JSON.stringify(op.value).length), 0);
    const injected = this.failSync?.(ops, this.syncs.length);
    const failure = errors[0] ?? (injected ? Object.assign(new Error(injected.code), injected) : undefined);
    if (failure) {
      this.syncs.push({ ops, bytes, failed: (failure as { code: string }).code });
      this.toSync = [];
      throw failure;
    }
    for (const op of ops) {
      if (op.kind === 'sheetAdd') this.sheets.push(newSheet(op.sheet ?? ''));
      else if (op.kind === 'settingAdd') this.settings.set(op.address ?? '', String(op.value));
      else if (op.kind === 'settingDelete') this.settings.delete(op.address ?? '');
      else if (op.kind === 'activate') this.active = op.sheet ?? '';
      else if (op.kind === 'select') this.selection = { sheet: op.sheet ?? '', row: Number(op.row), column: Number(op.column) };
      else if (op.sheet !== undefined) applyToSheet(this.sheet(op.sheet), op);
    }
    this.syncs.push({ ops, bytes });
    const loaded = this.toSync;
    this.toSync = [];
    this.internal = true;
    try {
      for (const m of loaded) {
        this.refreshers.get(m)?.();
        await m.sync();
      }
      await Promise.resolve(); // office-addin-mock finishes its updates in microtasks
    } finally {
      this.internal = false;
    }
  }
}

/** An `Office` stand-in (office-addin-mock) whose requirements report ExcelApi up to `version`. */
export function officeWith(version: string): Any {
  const minor = (v: string) => Number(v.split('.')[1] ?? 0);
  return new OfficeMockObject({
    context: {
      requirements: {
        isSetSupported: (name: string, v?: string) => name === 'ExcelApi' && minor(v ?? '1.1') <= minor(version),
      },
    },
  });
}
