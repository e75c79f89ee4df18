/**
 * UBL's typed values as the e-invoice reader takes them: dates (xsd:date, `2026-02-12`, a time zone
 * allowed) and booleans (xsd:boolean: `true`, `false`, `1`, `0`). Anything else is refused rather than
 * guessed: a date the sheet reader would read day first, a charge read as an allowance.
 */

/**
 * The calendar date of an xsd:date (`2026-02-12`, `2026-02-12Z`, `2026-02-12+10:00`), as `YYYY-MM-DD`;
 * null when it is not one, or names no day of the calendar (`2026-02-30`).
 */
export function ublDate(written: string): string | null {
  const found = /^(\d{4})-(\d{2})-(\d{2})(?:Z|[+-](?:0\d|1[0-4]):[0-5]\d)?$/.exec(written);
  if (!found) return null;
  const [year, month, day] = [Number(found[1]), Number(found[2]), Number(found[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${found[1]}-${found[2]}-${found[3]}`;
}

/** An xsd:boolean (`true`, `false`, `1`, `0`, spaces around allowed), or null when it is none of these. */
export function ublBoolean(written: string): boolean | null {
  const value = written.trim();
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return null;
}
