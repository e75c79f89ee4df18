/**
 * The time of day a date cell may carry besides its date (a delivery docket stamped 14:30): read so
 * that `received_at` keeps it, in the farm's time zone, instead of dropping it to midnight.
 */
import type { CellValue } from '../grid.ts';
import { cleanText } from './text.ts';

/** A wall-clock time of day: hours 0–23, minutes, seconds (whole). */
export interface TimeOfDay {
  hour: number;
  minute: number;
  second: number;
}

const SECONDS_PER_DAY = 86_400;
/** A time after a date written as text: `14:30`, `2:30 pm`, `14:30:15`, `T14:30:00`. */
const TRAILING_TIME = /[T\s](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([ap])?\.?(?:m\.?)?$/i;
/** An ISO date-time that names its offset (`Z`, `+11:00`, `+1100`): an instant, not a wall-clock time. */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * The time of day of a date field's cell, or null when it has none (or it is midnight):
 * - a Date (a date-time cell): its UTC hours, minutes and seconds (the sheet's wall-clock time);
 * - a number (an Excel serial) or five-digit text: its fraction of a day, to the second;
 * - text with a time after the date: `3/02/2026 14:30`, `3/02/2026 2:30 pm`, `2026-02-03T14:30:00`.
 * An ISO date-time with an offset is an instant: see {@link isoInstant}. Pure.
 */
export function timeOfDay(value: CellValue): TimeOfDay | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return nonZero({ hour: value.getUTCHours(), minute: value.getUTCMinutes(), second: value.getUTCSeconds() });
  }
  if (typeof value === 'number') return fromFraction(value);
  if (typeof value !== 'string') return null;
  const text = cleanText(value);
  if (/^\d{5}\.\d+$/.test(text)) return fromFraction(Number(text));
  if (ISO_WITH_OFFSET.test(text)) return null;
  const m = TRAILING_TIME.exec(text);
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2]);
  const second = Number(m[3] ?? '0');
  const half = m[4]?.toLowerCase();
  if (half !== undefined) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (half === 'p' ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 59) return null;
  return nonZero({ hour, minute, second });
}

/**
 * The instant an ISO date-time with an offset names, as UTC ISO 8601 (`'2026-02-03T14:30:00+11:00'`
 * → `'2026-02-03T03:30:00.000Z'`), or null for anything else (a date, a wall-clock date-time).
 */
export function isoInstant(value: CellValue): string | null {
  if (typeof value !== 'string') return null;
  const text = cleanText(value);
  if (!ISO_WITH_OFFSET.test(text) || /T00:00(:00(\.0+)?)?\s*(Z|[+-]00:?00)$/i.test(text)) return null;
  const instant = new Date(text.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

function fromFraction(serial: number): TimeOfDay | null {
  if (!Number.isFinite(serial)) return null;
  let seconds = Math.round((serial - Math.floor(serial)) * SECONDS_PER_DAY);
  if (seconds >= SECONDS_PER_DAY) seconds = 0;
  return nonZero({ hour: Math.floor(seconds / 3600), minute: Math.floor((seconds % 3600) / 60), second: seconds % 60 });
}

function nonZero(time: TimeOfDay): TimeOfDay | null {
  return time.hour === 0 && time.minute === 0 && time.second === 0 ? null : time;
}
