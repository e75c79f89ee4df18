/**
 * A sheet's `Updated At` cell, the version an update is checked against (engine/versions.ts): the
 * export's exact ISO text, or a date-time a spreadsheet made of it (farm wall-clock time). Anything
 * else is refused, not ignored: an unreadable version would let the update through unchecked and
 * overwrite a colleague's later change. Pure.
 */
import type { CellValue } from '../sheet/grid.ts';
import { cellText, wallClockToIso } from '../sheet/values/index.ts';

/** An instant with its zone, as the service and the exports write it (`2026-03-01T10:00:00.123456Z`, `+11:00`). */
const WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:?\d{2})$/i;
/** A wall-clock date-time to the second, as a spreadsheet may rewrite it (`2026-03-01 21:00:00`). */
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3})\d*)?$/;

/** What an `Updated At` cell says: the version as ISO text (null: blank), or why it cannot be one. */
export type UpdatedAtReading = { ok: true; value: string | null } | { ok: false; message: string };

/**
 * Reads an `Updated At` cell: blank → null; a date-time cell (a Date whose UTC parts are the wall
 * clock) or wall-clock text to the second → the instant in `timeZone`; ISO text with a zone → as
 * written (its precision is what the version check compares at).
 * @returns `ok: false` with the message for anything else (`unknown`, a date alone, a time to the minute).
 * @throws InvalidTimeZoneError for an unknown zone.
 */
export function readUpdatedAt(value: CellValue | undefined, timeZone: string): UpdatedAtReading {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
    return { ok: true, value: null };
  if (value instanceof Date) return { ok: true, value: wallClockToIso(value, timeZone) };
  const text = cellText(value).trim();
  if (WITH_ZONE.test(text) && !Number.isNaN(Date.parse(text))) return { ok: true, value: text };
  const clock = WALL_CLOCK.exec(text);
  if (clock) {
    const [year, month, day, hour, minute, second] = clock.slice(1, 7).map(Number);
    const ms = Number((clock[7] ?? '0').padEnd(3, '0'));
    const wall = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second!, ms));
    if (wall.getUTCDate() === day) return { ok: true, value: wallClockToIso(wall, timeZone) };
  }
  return {
    ok: false,
    message:
      `'${text}' is not a time shed wrote: the record's version cannot be checked against it. Copy the ` +
      `Updated At from the export or results file, or clear the cell to update without the check`,
  };
}
