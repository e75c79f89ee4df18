/**
 * What one plan reads once per distinct cell: real sheets repeat the same dates, quantities, pack
 * sizes, units and product texts thousands of times, so each is parsed once and its outcome (a value or
 * the reason it cannot be used, never a problem pinned to a row) reused. One memo per plan: it dies with
 * the plan, so nothing read under one run's settings is seen by another. Pure: each answer depends only
 * on its key, and every setting the parser reads is part of the key (a scope, by identity).
 */
import type { Notice, Remedy } from '../errors/remedy.ts';
import type { CellValue } from '../sheet/grid.ts';
import type { PackConventions } from '../sheet/packs/index.ts';
import type { DateOrder, Parsed } from '../sheet/values/index.ts';

/** Distinct cells remembered per table; past this, answers are computed, not stored (memory stays bounded). */
export const READ_MEMO_LIMIT = 50_000;

/** Lookups after which a table that missed more often than it hit stops remembering (pure: answers are the same). */
const MEMO_TRIAL = 2_000;

/**
 * Answers by cell: text and numbers by value, date cells by their time; booleans, blanks and `-0` are
 * computed each time. `compute` gets the cell back (so callers pass a function made once, not a closure per cell).
 */
export class CellTable<V, A = undefined> {
  private readonly texts = new Map<string, V>();
  private readonly numbers = new Map<number, V>();
  private readonly times = new Map<number, V>();
  /** Lookups and misses so far; a column whose cells rarely repeat (prices) stops being remembered. */
  private lookups = 0;
  private misses = 0;
  private off = false;

  /** The answer for `value` (and `arg`, which must be the same for every call on this table: a scope's setting). */
  get(value: CellValue | undefined, arg: A, compute: (value: CellValue | undefined, arg: A) => V): V {
    if (this.off) return compute(value, arg);
    let map: Map<string | number, V>;
    let key: string | number;
    if (typeof value === 'string') {
      map = this.texts as Map<string | number, V>;
      key = value;
    } else if (typeof value === 'number' && !Object.is(value, -0)) {
      map = this.numbers as Map<string | number, V>;
      key = value;
    } else if (value instanceof Date) {
      map = this.times as Map<string | number, V>;
      key = value.getTime();
    } else {
      return compute(value, arg);
    }
    this.lookups += 1;
    const known = map.get(key);
    if (known !== undefined) return known;
    const answer = compute(value, arg);
    this.misses += 1;
    if (this.lookups >= MEMO_TRIAL && this.misses * 2 > this.lookups) this.off = true;
    else if (map.size < READ_MEMO_LIMIT) map.set(key, answer);
    return answer;
  }
}

/** One {@link CellTable} per scope: anything the parser reads besides the cell, by identity. */
export class Scoped<S, V, A = undefined> {
  private readonly tables = new Map<S, CellTable<V, A>>();

  /** The table of one scope value (made on first use). */
  table(scope: S): CellTable<V, A> {
    let table = this.tables.get(scope);
    if (table === undefined) {
      table = new CellTable<V, A>();
      this.tables.set(scope, table);
    }
    return table;
  }
}

/** The settings a date cell is read under (a plan's `ReadSettings` gives them). */
export interface DateSettings {
  dateOrder: DateOrder;
  timeZone: string;
  refuseAmbiguousDates?: Notice | undefined;
}

/** What a date cell reads as under one plan's settings: the ISO timestamp, or the problem's code, words and remedies. */
export type DateReading =
  { ok: true; value: string } | { ok: false; code: string; message: string; remedies: readonly Remedy[] | undefined };

/** A two-level scope: tables by two settings (by identity), made on first use. */
export class Scoped2<S, T, V, A = undefined> {
  private readonly outer = new Map<S, Scoped<T, V, A>>();
  /** The pair asked for last and its table: a plan asks for the same pair line after line. */
  private last: { first: S; second: T; table: CellTable<V, A> } | null = null;

  /** The table of one pair of scope values. */
  table(first: S, second: T): CellTable<V, A> {
    const last = this.last;
    if (last !== null && last.first === first && last.second === second) return last.table;
    let inner = this.outer.get(first);
    if (inner === undefined) {
      inner = new Scoped<T, V, A>();
      this.outer.set(first, inner);
    }
    const table = inner.table(second);
    this.last = { first, second, table };
    return table;
  }
}

/**
 * The memo of one plan (see the module comment): made by the plan, handed to each record's
 * `CellReader` and to the line readers, dropped with the plan.
 */
export class ReadMemo {
  /** `parseDecimalCell` by cell. */
  readonly decimals = new CellTable<Parsed<string>>();
  /** `CellReader.date` by `date order + time zone`, then the ambiguity notice, then the cell: see {@link dateTable}. */
  readonly dates = new Scoped2<string, unknown, DateReading, DateSettings>();
  private lastDates: { settings: DateSettings; table: CellTable<DateReading, DateSettings> } | null = null;
  /** `readPack` by context, then the pack conventions, then the text. */
  readonly packs = new Scoped2<string, unknown, unknown, PackConventions | undefined>();
  /** `readPackSize` (no pre-read pack) by unit aliases, then pack conventions, then the value cell, then the unit cell. */
  readonly packSizes = new Scoped2<unknown, unknown, Map<string | null | undefined, unknown>>();
  /** `isCountUnit` by text. */
  readonly countUnits = new CellTable<boolean>();

  /** The table of `dates` for one reading's date order, time zone and ambiguity notice. */
  dateTable(settings: DateSettings): CellTable<DateReading, DateSettings> {
    const { dateOrder, timeZone, refuseAmbiguousDates } = settings;
    const last = this.lastDates;
    if (
      last !== null &&
      last.settings.dateOrder === dateOrder &&
      last.settings.timeZone === timeZone &&
      last.settings.refuseAmbiguousDates === refuseAmbiguousDates
    )
      return last.table;
    const table = this.dates.table(`${dateOrder} ${timeZone}`, refuseAmbiguousDates);
    this.lastDates = { settings: { dateOrder, timeZone, refuseAmbiguousDates }, table };
    return table;
  }
}
