/**
 * Service timestamps at the precision the service writes them (gaps row 15: ISO 8601 in UTC with
 * microseconds, offsets and missing fractions tolerated). `Date` keeps milliseconds only, which would
 * merge two records stamped a few microseconds apart, so cursors are compared as whole microseconds.
 */

const ISO_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::(\d{2})(?:[.,](\d+))?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Microseconds since the epoch of an ISO 8601 timestamp with `Z` or an offset (`+10:00`, `+1000`),
 * any number of fraction digits (beyond six truncated), or null when `text` is not one.
 * `'2026-03-01T10:00:00.123456Z'` → `1772359200123456`.
 */
export function stampMicros(text: string | null | undefined): number | null {
  if (typeof text !== 'string') return null;
  const m = ISO_TIMESTAMP.exec(text.trim());
  if (!m) return null;
  const [, minutes = '', seconds = '00', fraction = '', zone = 'Z'] = m;
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const ms = Date.parse(`${minutes}:${seconds}${offset}`);
  if (Number.isNaN(ms)) return null;
  return ms * 1000 + Number(fraction.slice(0, 6).padEnd(6, '0'));
}

/** ISO 8601 in UTC with exactly six fraction digits, the service's own form: `1772359200123456` → `'2026-03-01T10:00:00.123456Z'`. */
export function formatMicros(us: number): string {
  const ms = Math.floor(us / 1000);
  const sub = us - ms * 1000;
  return `${new Date(ms).toISOString().slice(0, -1)}${String(sub).padStart(3, '0')}Z`;
}

/**
 * The later of two timestamps, as written (the service's own text is kept, not reformatted); a value
 * that does not parse loses to one that does, and null loses to anything.
 */
export function laterStamp(a: string | null | undefined, b: string | null | undefined): string | null {
  const ua = stampMicros(a);
  const ub = stampMicros(b);
  if (ub === null) return ua === null ? null : (a as string);
  if (ua === null) return b as string;
  return ub > ua ? (b as string) : (a as string);
}

/** The newest of many timestamps (see {@link laterStamp}); null when none parses. */
export function newestStamp(stamps: Iterable<string | null | undefined>): string | null {
  let newest: string | null = null;
  for (const stamp of stamps) newest = laterStamp(newest, stamp);
  return newest;
}

/**
 * `stamp` moved back by `marginMicros`, formatted for an `updated_after` / `deleted_after` query.
 * Because those filters are strict (`>`, gaps row 14), `stampBefore(t, 1)` asks for everything at or
 * after `t` whatever the service's precision. Throws TypeError for a stamp that does not parse
 * (cursors are checked by the mirror's schema, so this is a programming error).
 */
export function stampBefore(stamp: string, marginMicros: number): string {
  const us = stampMicros(stamp);
  if (us === null) throw new TypeError(`not an ISO 8601 timestamp: ${JSON.stringify(stamp)}`);
  return formatMicros(us - Math.max(0, Math.round(marginMicros)));
}
