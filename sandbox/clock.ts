/**
 * Timestamps in microseconds (gaps row 15): the sandbox writes `2026-03-01T10:00:00.123456Z` and
 * compares instants as integer microseconds since the epoch (exact in a double until the year 2255).
 */

const ISO_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|z|[+-]\d{2}:?\d{2})$/;

/** Formats microseconds since the epoch as ISO 8601 UTC with exactly six fraction digits. */
export function formatMicros(us: number): string {
  const ms = Math.floor(us / 1000);
  const sub = us - ms * 1000;
  return new Date(ms).toISOString().slice(0, -1) + String(sub).padStart(3, '0') + 'Z';
}

/**
 * Parses an ISO 8601 date-time with `Z` or an offset (`+11:00`, `+1100`), fractions of any length
 * (beyond microseconds truncated). Returns microseconds since the epoch, or null when it is not one.
 */
export function parseMicros(text: string): number | null {
  const m = ISO_PATTERN.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '00', frac = '', zone = 'Z'] = m;
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const ms = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`);
  if (Number.isNaN(ms)) return null;
  // Date.parse rolls 31 February over into March; refuse dates that do not exist.
  const check = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d)) return null;
  return ms * 1000 + Number(frac.slice(0, 6).padEnd(6, '0'));
}

/** Like {@link parseMicros} but throws on a value that is not a timestamp (for trusted seed data). */
export function micros(text: string): number {
  const us = parseMicros(text);
  if (us === null) throw new Error(`not an ISO 8601 timestamp: ${JSON.stringify(text)}`);
  return us;
}

/**
 * A logical clock that never goes backwards: each tick is the wall clock in microseconds, or one
 * microsecond after the previous tick, whichever is later. So `updated_at` is strictly increasing
 * across the whole sandbox (hence within an organisation), even for many writes in one millisecond.
 */
export class LogicalClock {
  private last = 0;

  constructor(private readonly now: () => Date) {}

  /** The next timestamp, in microseconds. */
  tick(): number {
    const wall = this.now().getTime() * 1000;
    this.last = wall > this.last ? wall : this.last + 1;
    return this.last;
  }

  /** Makes every later tick greater than `us` (after loading records stamped by an earlier run). */
  observe(us: number): void {
    if (us > this.last) this.last = us;
  }

  /** The wall clock now, in microseconds (no tick). */
  wallMicros(): number {
    return this.now().getTime() * 1000;
  }
}
