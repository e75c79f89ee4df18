/**
 * A fake Excel for the adapter's tests, built on office-addin-mock: every worksheet, range, note and
 * setting proxy is an `OfficeMockObject`, so a property read without `load()` and `context.sync()`
 * reads as office-addin-mock's error text, as in Excel. office-addin-mock has no workbook model, so
 * this wrapper adds one: writes are queued as operations and applied at `context.sync()` (or lost,
 * when an injected error fails the sync), and every sync is logged with its operations and the
 * JSON size of what it carried.
 */
import { OfficeMockObject } from 'office-addin-mock';
import { a1, applyToSheet, newSheet, parseA1 } from './fake-store.ts';
import type { FakeOp, FakeSheet, FakeSync } from './fake-store.ts';

export type { FakeOp, FakeSheet, FakeSync } from './fake-store.ts';

type Any = any; // office-addin-mock objects are untyped

/** A sheet to start with: values and number formats (row 1 at index 0), visibility, notes by address. */
export interface FakeSheetInit {
  name: string;
  values?: unknown[][];
  formats?: unknown[][];
  /** What Excel shows in each cell (`Range.text`); '' where not given. */
  texts?: unknown[][];
  visibility?: string;
  notes?: Record<string, string>;
}

/** The fake workbook and its `Excel`-like host. */
export class FakeExcel {
  readonly sheets: FakeSheet[] = [];
  readonly settings = new Map<string, string>();
  readonly syncs: FakeSync[] = [];
  active: string;
  runs = 0;
  /** Return an error to fail this sync (its operations are then lost), e.g. `{ code: 'RequestPayloadSizeLimitExceeded' }`. */
  failSync?: (ops: FakeOp[], attempt: number) => { code: string } | undefined;
  private pending: FakeOp[] = [];
  private errors: unknown[] = [];
  private toSync: Any[] = [];
  /** True while office-addin-mock updates its own properties (load, sync): those are not writes. */
  private internal = false;

  readonly workbookName: string;

  constructor(init: { sheets: FakeSheetInit[]; active?: string; name?: string }) {
    for (const s of init.sheets) {
      const sheet = newSheet(s.name, s.visibility);
      sheet.values = (s.values ?? []).map((r) => [...r]);
      sheet.formats = (s.formats ?? []).map((r) => [...r]);
      sheet.texts = (s.texts ?? []).map((r) => [...r]);
      sheet.notes = new Map(Object.entries(s.notes ?? {}));
      this.sheets.push(sheet);
    }
    this.active = init.active ?? init.sheets[0]?.name ?? 'Sheet1';
    this.workbookName = init.name ?? 'Stock.xlsx';
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
  get okSyncs(): FakeSync[] {
    return this.syncs.filter((s) => s.failed === undefined);
  }

  /** Every operation of the successful syncs, in order. */
  ops(kind?: string): FakeOp[] {
    return this.okSyncs.flatMap((s) => s.ops).filter((op) => kind === undefined || op.kind === kind);
  }

  sheet(name: string): FakeSheet {
    const found = this.sheets.find((s) => s.name === name);
    if (!found) throw new Error(`no fake sheet ${name}`);
    return found;
  }

  /** Value of one cell (1-based row, 0-based column) as stored; `undefined` when empty. */
  cell(sheet: string, rowNumber: number, column: number): unknown {
    return this.sheet(sheet).values[rowNumber - 1]?.[column];
  }

  private queue(op: FakeOp): void {
    this.pending.push(op);
  }

  /** A mock whose listed properties record writes as operations; `load` schedules it for the next sync. */
  private mock(data: object, writes: Record<string, (value: unknown) => FakeOp> = {}, onLoad?: (props: string) => void): Any {
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
          // No address: the whole sheet, of which the fake models only the conditional formats.
          if (address === undefined) {
            const whole = this.mock({});
            whole.conditionalFormats = this.conditionalFormats(name, null);
            return whole;
          }
          const r = parseA1(address);
          return this.rangeProxy(name, r.row, r.column, r.rows, r.columns);
        },
        getUsedRangeOrNullObject: () => this.usedRange(name),
        activate: () => this.queue({ kind: 'activate', sheet: name }),
        tables: {
          add: (range: Any, hasHeaders: boolean) => {
            this.queue({ kind: 'tableAdd', sheet: name, address: (range.where as { address: string }).address, value: hasHeaders });
            return this.mock({ name: 'Table1', rows: { add: () => this.queue({ kind: 'rowsAdd', sheet: name }) } });
          },
        },
        freezePanes: { freezeRows: (count: number) => this.queue({ kind: 'freezeRows', sheet: name, value: count }) },
      },
      { visibility: (value) => ({ kind: 'visibility', sheet: name, value }) },
    );
    sheet.notes = notes;
    return sheet;
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
    if (bottom < 0) {
      const empty = this.mock({ rowIndex: 0, columnIndex: 0, rowCount: 0, columnCount: 0 });
      empty.isNullObject = true;
      return empty;
    }
    const range = this.rangeProxy(name, top, left, bottom - top + 1, right - left + 1);
    range.isNullObject = false;
    return range;
  }

  private rangeProxy(sheet: string, row: number, column: number, rows: number, columns: number): Any {
    const stored = this.sheets.find((s) => s.name === sheet);
    const grid = (source: unknown[][] | undefined, empty: unknown) =>
      Array.from({ length: rows }, (_r, i) => Array.from({ length: columns }, (_c, j) => source?.[row + i]?.[column + j] ?? empty));
    const where = { sheet, row, column, rows, columns, address: a1(row, column, rows, columns) };
    const range = this.mock(
      {
        values: grid(stored?.values, ''),
        numberFormat: grid(stored?.formats, 'General'),
        text: grid(stored?.texts, ''),
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
          autofitColumns: () => this.queue({ kind: 'autofit', ...where }),
        },
        dataValidation: { rule: '', errorAlert: '' },
      },
      {
        values: (value) => ({ kind: 'values', ...where, value }),
        numberFormat: (value) => ({ kind: 'numberFormat', ...where, value }),
      },
      (props) => this.queue({ kind: 'load', ...where, value: props }),
    );
    let formats: Any = null;
    Object.defineProperty(range, 'conditionalFormats', { get: () => (formats ??= this.conditionalFormats(sheet, where)) });
    range.where = where; // for the fake's own bookkeeping; the adapter cannot read it (not an office-js property)
    this.trackLoads(range.format.fill);
    this.intercept(range.format.fill, 'color', (value) => ({ kind: 'fill', ...where, value }));
    this.intercept(range.format.font, 'bold', (value) => ({ kind: 'bold', ...where, value }));
    this.intercept(range.dataValidation, 'rule', (value) => ({ kind: 'validation', ...where, value }));
    this.intercept(range.dataValidation, 'errorAlert', (value) => ({ kind: 'errorAlert', ...where, value }));
    return range;
  }

  /**
   * A range's conditional formats (`where` null: the whole sheet's): `add('Custom')` queues a new one
   * whose rule formula and fill are recorded as they are set; each item can be loaded and deleted.
   */
  private conditionalFormats(sheet: string, where: { row: number; column: number; rows: number; columns: number; address: string } | null): Any {
    const stored = this.sheets.find((s) => s.name === sheet)?.conditionalFormats ?? [];
    const items = stored
      .filter((f) => {
        if (!where) return true;
        const r = parseA1(f.address);
        return r.row < where.row + where.rows && where.row < r.row + r.rows && r.column < where.column + where.columns && where.column < r.column + r.columns;
      })
      .map((f) => this.conditionalFormat(sheet, f.id, f.formula, f.color));
    const collection = this.mock({
      items,
      add: (type: string) => {
        const id = `cf${++this.formatIds}`;
        this.queue({ kind: 'cfAdd', sheet, address: where?.address ?? '', value: id, rows: 0, columns: 0 });
        const format = this.conditionalFormat(sheet, id, '', '', type);
        return format;
      },
    });
    this.collectionLoad(collection, items);
    return collection;
  }

  private formatIds = 0;

  private conditionalFormat(sheet: string, id: string, formula: string, color: string, type = 'Custom'): Any {
    const format = this.mock({
      id,
      type,
      custom: { rule: { formula }, format: { fill: { color } } },
      delete: () => this.queue({ kind: 'cfDelete', sheet, address: id }),
    });
    this.trackLoads(format.custom.rule);
    this.intercept(format.custom.rule, 'formula', (value) => ({ kind: 'cfFormula', sheet, address: id, value }));
    this.intercept(format.custom.format.fill, 'color', (value) => ({ kind: 'cfFill', sheet, address: id, value }));
    return format;
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

  private intercept(target: Any, prop: string, toOp: (value: unknown) => FakeOp): void {
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
      else if (op.sheet !== undefined) applyToSheet(this.sheet(op.sheet), op);
    }
    this.syncs.push({ ops, bytes });
    const loaded = this.toSync;
    this.toSync = [];
    this.internal = true;
    try {
      for (const m of loaded) await m.sync();
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
