/**
 * What the proxies of the workbook-backed Excel (range-proxy.ts, layout-proxies.ts) need of the
 * ModelExcel (model-excel.ts) that builds them: the model's sheets and date system, office-addin-mock objects whose loads and writes it
 * tracks, operations queued for the next sync, and other ranges. Node-only test and replay support.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- office-addin-mock's objects are untyped */
import type { ModelOp, ModelSheet } from './workbook-model.ts';

/** An office-addin-mock object (untyped). */
export type Any = any;

/** Ways a host departs from the documented behaviour, to test that the adapter refuses rather than guess. */
export interface ModelQuirks {
  /** `Range.getVisibleView()` shows every row, hidden ones included. */
  viewShowsHiddenRows?: boolean;
}

/** The services of the workbook-backed Excel its proxies are built with. */
export interface ProxyKit {
  /** Ways a real host departs from the documented behaviour, played on purpose by a test. */
  readonly quirks: ModelQuirks;
  /** Whether the workbook counts dates from 1904 (a cell's shown text depends on it). */
  date1904(): boolean;
  /** The sheet named `name`, or undefined (a sheet the adapter asked for that is not there). */
  sheetOf(name: string): ModelSheet | undefined;
  /** Queues an operation for the next sync. */
  queue(op: ModelOp): void;
  /** A mock whose listed properties record writes as operations; `load` schedules it for the next sync. */
  mock(data: object, writes?: Record<string, (value: unknown) => ModelOp>, onLoad?: (props: string) => void): Any;
  /** A null object (`isNullObject` true) with the given properties. */
  nullObject(data: object): Any;
  /** Makes a property of a mock queue an operation when the adapter sets it. */
  intercept(target: Any, prop: string, toOp: (value: unknown) => ModelOp): void;
  /** Makes `load` on a mock schedule it for the next sync. */
  trackLoads(m: Any, onLoad?: (props: string) => void): void;
  /** Runs `refresh` on the next sync, before `m` reads its loaded values (cell contents as they are then). */
  refreshOnSync(m: object, refresh: () => void): void;
  /** A range of a sheet (0-based first row and column, size). */
  rangeProxy(sheet: string, row: number, column: number, rows: number, columns: number): Any;
  /** Makes `load('items/a,items/b')` on a collection load `items` and each item's properties. */
  collectionLoad(collection: Any, items: Any[]): void;
  /** A new id for a conditional format. */
  nextId(): string;
}
