/**
 * Reads the cells of one record (a receipt's header and lines, or a return) into service values, with the reading
 * settings (date order, GST, units, time zone) and a problem for each cell that cannot be read.
 */
import type { Notice, Remedy } from '../errors/remedy.ts';
import type { Resolver } from '../resolve/index.ts';
import type { Storage } from '../schemas/resources.ts';
import { isStorageLocked } from '../schemas/resources.ts';
import type { CellValue } from '../sheet/grid.ts';
import type { SavedMapping } from '../sheet/saved-mapping.ts';
import { isBlank } from '../sheet/grid.ts';
import type { PackConventions, PackReading } from '../sheet/packs/index.ts';
import type { DateOrder, Parsed, UnitAliases } from '../sheet/values/index.ts';
import {
  canonicalPlainText,
  cellText,
  describeCell,
  isAmbiguousNumericDate,
  isoInstant,
  localDateTimeIso,
  localMidnightIso,
  parseDateCell,
  parseDecimalCell,
  timeOfDay,
} from '../sheet/values/index.ts';
import type { Problem } from './outcome.ts';
import type { ColumnIndex } from './problems.ts';
import { notStockUnit, readPackSize } from './pack-cells.ts';
import { cellProblem } from './problems.ts';
import { readUpdatedAt } from './updated-at.ts';
import type { DateReading, DateSettings, ReadMemo } from './read-memo.ts';

/**
 * A date cell under `settings` (not blank): the ISO timestamp, or why it cannot be used. See
 * {@link CellReader.date}; pure in the cell, the date order, the time zone and the ambiguity notice.
 */
function readDate(value: CellValue | undefined, settings: DateSettings): DateReading {
  const cell = value as CellValue;
  const ambiguity = settings.refuseAmbiguousDates;
  if (ambiguity !== undefined && isAmbiguousNumericDate(cell)) {
    const message = `${describeCell(cell)} could be read day-first or month-first: ${ambiguity.message}`;
    return { ok: false, code: 'ambiguous_date', message, remedies: ambiguity.remedies };
  }
  const parsed = parseDateCell(cell, settings.dateOrder);
  if (!parsed.ok) return { ok: false, code: 'invalid_date', message: parsed.reason, remedies: parsed.remedies };
  const instant = isoInstant(cell);
  if (instant !== null) return { ok: true, value: instant };
  const time = timeOfDay(cell);
  return {
    ok: true,
    value:
      time === null
        ? localMidnightIso(parsed.value, settings.timeZone)
        : localDateTimeIso(parsed.value, time, settings.timeZone),
  };
}

const decimalOf = (value: CellValue | undefined): Parsed<string> => parseDecimalCell(value as CellValue);

/** `readPackSize` answers by unit cell (text or blank), for one value cell. */
type UnitTable = Map<string | null | undefined, ReturnType<typeof readPackSize>>;
const newUnitTable = (): UnitTable => new Map();
/** Distinct unit cells remembered beside one value cell. */
const UNIT_CELLS_PER_VALUE = 64;

/** Words of an invoice line that is not stock: an unknown product named so is told how to leave such lines out. */
const NOT_STOCK =
  /\b(freight|delivery|cartage|carriage|postage|discount|rebate|rounding|surcharge|levy|handling|fee)\b/i;

/**
 * How cells are read, for every import:
 * - `dateOrder`: the reading of ambiguous numeric dates (`--date-order`, default DMY);
 * - `dateOrderGiven`: the user chose `dateOrder` (a column that proves the other order then does not
 *   make its ambiguous dates invalid);
 * - `timeZone`: the farm's IANA zone, for dates and date-times;
 * - `unitAliases`: the mapping file's `units` table (gaps row 27);
 * - `gstRate`: prices in the sheet include GST at this rate (a decimal string such as `'0.1'`), from
 *   `--prices-include-gst` or the mapping file; absent or null: prices exclude GST (gaps row 28);
 * - `refuseAmbiguousDates`: set by the plan (date-column.ts) when the date column proves the other
 *   order possible: why its ambiguous dates are refused;
 * - `skipLines`: product texts of lines that are not stock (`Freight`, `Discount`): left out (rows.ts `skipLines`);
 * - `packSizeFrom`: `'product'` when the pack size is written at the end of the product text
 *   (`Glyfos 540 20L`) for lines whose sheet has no pack size (`pack_size_from` of the mapping file);
 * - `packCostFrom`: `'line_total'` when each pack cost is the Line Total ÷ the quantity (`pack_cost_from`);
 * - `packCostPerPack`: the pack cost column holds prices per pack although headed like a line amount
 *   (`pack_cost_per_pack`; shared/sheet/line-amount.ts);
 * - `packConventions`: the supplier's pack conventions (shared/packs `PackConventions`: a size for EA,
 *   a kind word → size, a density) for every invoice of the sheet;
 * - `packConventionsFor`: an invoice's pack conventions by its Supplier cell (its supplier recipe's:
 *   shared/import/recipe-step.ts); when given it wins over `packConventions` for that invoice (issue 21).
 */
export interface ReadSettings {
  dateOrder: DateOrder;
  timeZone: string;
  dateOrderGiven?: boolean;
  unitAliases?: UnitAliases;
  gstRate?: string | null;
  refuseAmbiguousDates?: Notice;
  skipLines?: readonly string[];
  packSizeFrom?: 'product';
  packCostFrom?: 'line_total';
  packCostPerPack?: true;
  packConventions?: PackConventions;
  packConventionsFor?: (supplier: string) => PackConventions | undefined;
  /**
   * Today in the farm's time zone (`YYYY-MM-DD`): a date after it is refused (stock not yet received or
   * returned: a typo in the year). Absent: not checked.
   */
  today?: string;
  /**
   * The resolver for an invoice by its Supplier cell (a supplier recipe's: shared/suppliers/recipe-apply.ts);
   * absent: the organisation's names only.
   */
  resolverFor?: (supplier: string) => Resolver;
}

/**
 * What a saved mapping (a mapping file, a profile, a sheet's mapping in the workbook) says about
 * reading cells: GST, the units table, lines left out, where pack sizes and costs are. The faces
 * lay the user's own options over it (the CLI's flags beat the file).
 */
export function mappingReadSettings(saved: SavedMapping | undefined): Omit<ReadSettings, 'dateOrder' | 'timeZone'> {
  return {
    gstRate: saved?.gstRate ?? null,
    ...(saved?.unitAliases ? { unitAliases: saved.unitAliases } : {}),
    ...(saved?.skipLines ? { skipLines: saved.skipLines } : {}),
    ...(saved?.packSizeFrom === 'product' ? { packSizeFrom: 'product' as const } : {}),
    ...(saved?.packCostFrom ? { packCostFrom: saved.packCostFrom } : {}),
    ...(saved?.packCostPerPack ? { packCostPerPack: true as const } : {}),
  };
}

/**
 * Reads the cells of one record (a receipt's header and lines, or a return) into service values,
 * collecting a {@link Problem} for each cell that cannot be read. Shared by receipts and returns.
 */
export class CellReader {
  readonly problems: Problem[] = [];
  readonly warnings: Problem[] = [];

  /**
   * @param memo the plan's memo of cell readings (read-memo.ts): dates, decimals and pack sizes are
   *   then read once per distinct cell; absent, each is read where it is.
   */
  constructor(
    private readonly index: ColumnIndex,
    private readonly settings: ReadSettings,
    private readonly resolver: Resolver,
    private readonly memo?: ReadMemo,
  ) {}

  private fail(
    field: string,
    rowNumber: number,
    code: string,
    message: string,
    value?: CellValue,
    extra?: { suggestion?: string | undefined; remedies?: readonly Remedy[] | undefined },
  ): null {
    this.problems.push(cellProblem(this.index, field, rowNumber, code, message, value, extra));
    return null;
  }

  /** Records a note about a cell that was read and will be sent (a price with GST taken off). */
  warn(field: string, rowNumber: number, code: string, message: string, value?: CellValue): void {
    this.warnings.push(cellProblem(this.index, field, rowNumber, code, message, value));
  }

  /** Records a problem found outside the reading of one cell (a Line Total that does not add up), with what may fix it. */
  problem(
    field: string,
    rowNumber: number,
    code: string,
    message: string,
    value?: CellValue,
    remedies?: readonly Remedy[],
  ): void {
    this.fail(field, rowNumber, code, message, value, { remedies });
  }

  private label(field: string): string {
    const column = this.index.columns[field];
    return (column !== undefined && this.index.headers[column]) || field.replace(/_/g, ' ');
  }

  /** Required text (supplier): trimmed, spaces folded; blank is a problem. */
  requiredText(field: string, value: CellValue | undefined, rowNumber: number): string | null {
    if (value === undefined || isBlank(value)) {
      return this.fail(field, rowNumber, 'required', `${this.label(field)} is empty: fill it in`);
    }
    return cellText(value);
  }

  /** Optional text (order number, notes, reference): null when blank. */
  optionalText(value: CellValue | undefined): string | null {
    return value === undefined || isBlank(value) ? null : cellText(value);
  }

  /**
   * A date cell as an ISO timestamp in the farm's time zone: local midnight for a date, the time as
   * written for a date-time (a docket stamped 14:30 stays 14:30), the instant for an ISO date-time
   * with an offset.
   */
  date(field: string, value: CellValue | undefined, rowNumber: number): string | null {
    if (value === undefined || isBlank(value)) {
      return this.fail(field, rowNumber, 'required', `${this.label(field)} is empty: write the date, e.g. 3/02/2026`);
    }
    const read = this.memo
      ? this.memo.dateTable(this.settings).get(value, this.settings, readDate)
      : readDate(value, this.settings);
    if (!read.ok) return this.fail(field, rowNumber, read.code, read.message, value, { remedies: read.remedies });
    const { today, timeZone, dateOrder } = this.settings;
    if (today !== undefined && Date.parse(read.value) >= tomorrowStarts(today, timeZone)) {
      const shown = `'${cellText(value)}'`;
      return this.fail(
        field,
        rowNumber,
        'future_date',
        `${value instanceof Date || typeof value === 'number' ? describeCell(value) : shown} is after today ` +
          `(${dayAsWritten(today, dateOrder)}): correct the date (a typo in the year?)`,
        value,
      );
    }
    return read.value;
  }

  /** A decimal (packs, dollars, pack size) as a canonical decimal string; the sign is checked by the schema. */
  decimal(field: string, value: CellValue | undefined, rowNumber: number): string | null {
    if (value === undefined || isBlank(value)) {
      return this.fail(field, rowNumber, 'required', `${this.label(field)} is empty: write a number`);
    }
    // Text already a canonical decimal (most prices and quantities) is its own reading: nothing to parse or remember.
    const plain = typeof value === 'string' ? canonicalPlainText(value) : null;
    if (plain !== null) return plain;
    const parsed = this.memo ? this.memo.decimals.get(value, undefined, decimalOf) : parseDecimalCell(value);
    return parsed.ok ? parsed.value : this.fail(field, rowNumber, 'invalid_number', parsed.reason, value);
  }

  /**
   * An amount with its unit, from one cell (`20 L`) or a value cell and a unit cell. Units are
   * normalised (gaps row 10) or converted by the mapping file's `units` table (`2` `drum` → 400 l);
   * a unit it does not know is a problem (gaps row 27): the stock totals would count it apart.
   * The answer may be shared with other lines (the plan's memo): read it, never change it.
   */
  amountWithUnit(
    valueField: string,
    unitField: string,
    value: CellValue | undefined,
    unitCell: CellValue | undefined,
    rowNumber: number,
    pre?: PackReading,
  ): { value: string; unit: string; pack: PackReading | null } | null {
    if (value === undefined || isBlank(value)) {
      // A unit that names no stock (an e-invoice's DAY) is the reason, not the blank size it comes with.
      const notStock = notStockUnit(unitCell, this.settings.unitAliases);
      if (notStock) return this.fail(unitField, rowNumber, 'unknown_unit', notStock, unitCell);
      return this.fail(
        valueField,
        rowNumber,
        'required',
        `${this.label(valueField)} is empty: write a number such as 20 or 20 L`,
      );
    }
    const read =
      pre || !this.memo ? readPackSize(value, unitCell, this.settings, pre) : this.packSizeOnce(value, unitCell);
    if ('cell' in read) {
      const onValue = read.cell === 'value';
      const message =
        read.code === 'required'
          ? `no unit for ${describeCell(value)}: write it in the ${this.label(unitField)} column or in the cell, e.g. '20 L'`
          : read.message;
      return this.fail(onValue ? valueField : unitField, rowNumber, read.code, message, onValue ? value : unitCell);
    }
    if (read.phrase && !pre) this.warn(valueField, rowNumber, 'pack_read', read.phrase, value);
    // The reading itself (the memo's, shared by every line with these cells): read-only.
    return read;
  }

  /** `readPackSize` of a value and unit cell without a pre-read pack, once per distinct pair (the plan's memo). */
  private packSizeOnce(value: CellValue, unitCell: CellValue | undefined): ReturnType<typeof readPackSize> {
    // Unit cells are text (or blank); any other unit cell is read where it is.
    if (typeof unitCell !== 'string' && unitCell !== null && unitCell !== undefined)
      return readPackSize(value, unitCell, this.settings);
    const { unitAliases, packConventions } = this.settings;
    const scope = this.memo!.packSizes.table(unitAliases, packConventions);
    const byUnit = scope.get(value, undefined, newUnitTable) as UnitTable;
    let read = byUnit.get(unitCell);
    if (read === undefined) {
      read = readPackSize(value, unitCell, this.settings);
      if (byUnit.size < UNIT_CELLS_PER_VALUE) byUnit.set(unitCell, read);
    }
    return read;
  }

  /** A storage by name (or id) that is not locked (gaps row 11). */
  storage(field: string, value: CellValue | undefined, rowNumber: number): Storage | null {
    const text = value === undefined ? '' : cellText(value);
    // A blank storage may be the supplier's default (a recipe's), said in the Message.
    const preset = text ? null : this.resolver.storage('');
    if (!text && !(preset?.ok && preset.note))
      return this.fail(field, rowNumber, 'required', `${this.label(field)} is empty: write the storage's name`);
    const found = preset ?? this.resolver.storage(text);
    if (found.ok && found.note) this.warn(field, rowNumber, 'recipe_storage', found.note, value);
    if (!found.ok)
      return this.fail(field, rowNumber, found.code, found.message, value, { suggestion: found.suggestions?.[0] });
    if (isStorageLocked(found.value)) {
      return this.fail(
        field,
        rowNumber,
        'locked_storage',
        `'${found.value.name}' is locked: nothing can be recorded in it; choose another storage`,
        value,
      );
    }
    return found.value;
  }

  /** A product by alias, product name or id: both ids when the name is an alias. */
  product(
    field: string,
    value: CellValue | undefined,
    rowNumber: number,
  ): { productId: string; productAliasId: string | null } | null {
    const text = value === undefined ? '' : cellText(value);
    if (!text)
      return this.fail(field, rowNumber, 'required', `${this.label(field)} is empty: write the product or trade name`);
    const found = this.resolver.product(text);
    if (!found.ok) {
      const word = NOT_STOCK.exec(text)?.[0];
      const remedies: Remedy[] = word && found.code === 'unknown_product' ? [{ code: 'skip_lines', word }] : [];
      return this.fail(field, rowNumber, found.code, found.message, value, {
        suggestion: found.suggestions?.[0],
        remedies,
      });
    }
    if (found.note) this.warn(field, rowNumber, 'learned_product', found.note, value);
    // The resolver's own answer (shared by every line naming it), read only for its two ids.
    return found.value;
  }

  /**
   * `Updated At` as written by an export (exact ISO text), or a date-time a spreadsheet made of it
   * (wall-clock time in the farm's zone; updated-at.ts). Null when blank; a problem on the cell
   * (`invalid_updated_at`) when it is no such time.
   */
  timestamp(value: CellValue | undefined, rowNumber: number): string | null {
    const read = readUpdatedAt(value, this.settings.timeZone);
    return read.ok ? read.value : this.fail('updated_at', rowNumber, 'invalid_updated_at', read.message, value);
  }

  /** An id written back by an earlier run (Record ID, Line Item ID): null when blank; must look like a UUID. */
  id(field: string, value: CellValue | undefined, rowNumber: number): string | null {
    const text = value === undefined ? '' : cellText(value);
    if (!text) return null;
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text)) {
      return this.fail(
        field,
        rowNumber,
        'invalid_id',
        `'${text}' is not an id written by shed: clear the cell to create a new record`,
        value,
      );
    }
    return text.toLowerCase();
  }
}

/** The instant (ms) the day after `today` begins in `timeZone`: a date read at or after it is after today. */
const tomorrows = new Map<string, number>();
function tomorrowStarts(today: string, timeZone: string): number {
  const key = `${today} ${timeZone}`;
  let at = tomorrows.get(key);
  if (at === undefined) {
    const [y, m, d] = today.split('-').map(Number);
    const next = new Date(Date.UTC(y!, m! - 1, d! + 1));
    const day = { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
    at = Date.parse(localMidnightIso(day, timeZone));
    if (tomorrows.size > 64) tomorrows.clear();
    tomorrows.set(key, at);
  }
  return at;
}

/** `2026-11-26` as the sheet's dates are written: `26/11/2026` (DMY), `11/26/2026` (MDY), `2026-11-26` (YMD). */
function dayAsWritten(day: string, order: DateOrder): string {
  const [y, m, d] = day.split('-');
  if (order === 'DMY') return `${d}/${m}/${y}`;
  return order === 'MDY' ? `${m}/${d}/${y}` : day;
}
