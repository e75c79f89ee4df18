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
import { applyToSheet, evaluateFormula, newSheet, parseA1 } from './workbook-model.ts';
import type { ModelOp, ModelSheet, ModelSync, WorkbookModel } from './workbook-model.ts';

export type { ModelOp, ModelSheet, ModelSync, WorkbookModel } from './workbook-model.ts';
export { officeWith } from './office-stand-in.ts';
import { autoFilterProxy, namesProxy, tablesProxy } from './layout-proxies.ts';
import type { ModelQuirks, ProxyKit } from './proxy-kit.ts';
import { conditionalFormatsOf } from './model-conditional-formats.ts';
import { usedRangeProxy } from './layout-proxies.ts';
import { rangeProxy } from './range-proxy.ts';
import { deleteRows, insertRows, setHidden, sortRows } from './structural-edits.ts';

type Any = any;

/** Excel's grid: rows and columns of a worksheet. */
const GRID_ROWS = 1_048_576;
const GRID_COLUMNS = 16_384;

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
  /** Departures from the documented office-js behaviour a test plays on purpose (see proxy-kit.ts). */
  readonly quirks: ModelQuirks = {};
  /** Return an error to fail this sync (its operations are then lost), e.g. `{ code: 'RequestPayloadSizeLimitExceeded' }`. */
  failSync?: (ops: ModelOp[], attempt: number) => { code: string } | undefined;
  /**
   * What `workbook.functions.date` gives for its formula (`=DATE(2000,1,1)`), for a host that does not
   * answer (e.g. `'#VALUE!'`); default: the serial in the workbook's date system.
   */
  dateFunction?: (formula: string) => unknown;
  private pending: ModelOp[] = [];
  private errors: unknown[] = [];
  private toSync: Any[] = [];
  /** Loaded ranges whose cell contents are read from the model when the sync runs. */
  private readonly refreshers = new WeakMap<object, () => void>();
  /** True while office-addin-mock updates its own properties (load, sync): those are not writes. */
  private internal = false;
  /** What the proxies of range-proxy.ts and layout-proxies.ts are built with. */
  private readonly kit: ProxyKit = this.proxyKit();

  private proxyKit(): ProxyKit {
    return {
      quirks: this.quirks,
      date1904: () => this.model.date1904,
      sheetOf: (name) => this.sheets.find((s) => s.name === name),
      queue: (op) => this.queue(op),
      mock: (data, writes, onLoad) => this.mock(data, writes, onLoad),
      nullObject: (data) => this.nullObject(data),
      intercept: (target, prop, toOp) => this.intercept(target, prop, toOp),
      trackLoads: (m, onLoad) => this.trackLoads(m, onLoad),
      refreshOnSync: (m, refresh) => this.refreshers.set(m, refresh),
      rangeProxy: (sheet, row, column, rows, columns) => this.rangeProxy(sheet, row, column, rows, columns),
      collectionLoad: (collection, items) => this.collectionLoad(collection, items),
      nextId: () => `cf${++this.formatIds}`,
    };
  }

  private formatIds = 0;

  /** A workbook of the sheets given (`init`), or over a model already built (xlsx-excel.ts). */
  constructor(
    init: { sheets: ModelSheetInit[]; active?: string; name?: string; date1904?: boolean } | { model: WorkbookModel },
  ) {
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
      ...args:
        | [(context: Excel.RequestContext) => Promise<T>]
        | [Excel.RunOptions, (context: Excel.RequestContext) => Promise<T>]
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

  /** A mock whose listed properties record writes as operations; `load` schedules it for the next sync. */
  private mock(
    data: object,
    writes: Record<string, (value: unknown) => ModelOp> = {},
    onLoad?: (props: string) => void,
  ): Any {
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
        if (!this.sheets.some((s) => s.name === name))
          this.errors.push(Object.assign(new Error(`ItemNotFound ${name}`), { code: 'ItemNotFound' }));
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
        const setting = this.mock({
          value: this.settings.get(key) ?? '',
          delete: () => this.queue({ kind: 'settingDelete', address: key }),
        });
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
    // Worksheet functions (ExcelApi 1.2): DATE only, computed in the workbook's date system as a cell's =DATE would be.
    context.workbook.functions = {
      date: (year: number, month: number, day: number) => this.functionResult(`=DATE(${year},${month},${day})`),
    };
    const baseLoad = context.workbook.load.bind(context.workbook);
    context.workbook.load = (arg: string) => {
      this.toSync.push(context.workbook);
      return baseLoad(arg);
    };
    return context;
  }

  /** A worksheet function DATE's result: {@link evaluateFormula}'s serial, or what {@link dateFunction} says (text: an error). */
  private functionResult(formula: string): Any {
    const value = this.dateFunction ? this.dateFunction(formula) : evaluateFormula(formula, this.model.date1904);
    return this.mock(typeof value === 'string' ? { value: null, error: value } : { value, error: '' });
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
    const noteItems = [...(stored?.notes ?? new Map<string, string>())].map(([address, content]) =>
      this.noteProxy(name, address, content),
    );
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
        getRangeByIndexes: (row: number, column: number, rows: number, columns: number) => {
          // Excel's grid: 1,048,576 rows by 16,384 columns; a range past it fails the sync, as in Excel.
          if (row < 0 || column < 0 || row + rows > GRID_ROWS || column + columns > GRID_COLUMNS)
            this.errors.push(
              Object.assign(new Error('The argument is invalid or missing or has an incorrect format.'), {
                code: 'InvalidArgument',
              }),
            );
          return this.rangeProxy(name, row, column, rows, columns);
        },
        getCell: (row: number, column: number) => this.rangeProxy(name, row, column, 1, 1),
        getRange: (address?: string) => {
          // No address: the whole sheet, of which the model gives only the conditional formats.
          if (address === undefined) {
            const whole = this.mock({});
            whole.conditionalFormats = conditionalFormatsOf(this.kit, name, null);
            return whole;
          }
          const r = parseA1(address);
          return this.rangeProxy(name, r.row, r.column, r.rows, r.columns);
        },
        getUsedRangeOrNullObject: () => usedRangeProxy(this.kit, name),
        activate: () => this.queue({ kind: 'activate', sheet: name }),
        freezePanes: { freezeRows: (count: number) => this.queue({ kind: 'freezeRows', sheet: name, value: count }) },
      },
      { visibility: (value) => ({ kind: 'visibility', sheet: name, value }) },
    );
    sheet.notes = notes;
    sheet.names = namesProxy(this.kit, name, stored);
    sheet.tables = tablesProxy(this.kit, name, stored, (collection, items) => this.collectionLoad(collection, items));
    sheet.autoFilter = autoFilterProxy(this.kit, name, stored);
    return sheet;
  }

  private rangeProxy(sheet: string, row: number, column: number, rows: number, columns: number): Any {
    return rangeProxy(this.kit, sheet, row, column, rows, columns);
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
    const bytes = ops.reduce(
      (sum, op) => sum + (op.kind === 'load' || op.value === undefined ? 0 : JSON.stringify(op.value).length),
      0,
    );
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
      else if (op.kind === 'nameAdd')
        (this.sheet(op.sheet ?? '').names ??= new Map()).set(op.address ?? '', String(op.value));
      else if (op.kind === 'nameDelete') this.sheet(op.sheet ?? '').names?.delete(op.address ?? '');
      else if (op.kind === 'activate') this.active = op.sheet ?? '';
      else if (op.kind === 'select')
        this.selection = { sheet: op.sheet ?? '', row: Number(op.row), column: Number(op.column) };
      else if (op.sheet !== undefined) applyToSheet(this.sheet(op.sheet), op, this.model.date1904);
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
