/**
 * Service timestamps compared exactly. They carry microseconds (gaps row 15) and a JS Date keeps
 * milliseconds, so two updates in one millisecond would look equal: timestamps are compared here as
 * whole microseconds since the epoch (BigInt), offsets applied.
 */
import { ShedError } from '../../errors/shed-error.ts';

const ISO = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Microseconds since 1970 of an ISO 8601 timestamp with `Z` or an offset and any fraction length
 * (digits past the sixth are dropped): `2026-03-01T10:00:00.123456Z` → 1772359200123456n.
 * @throws ShedError `invalid_timestamp` (category `service`) for anything else.
 */
export function timestampMicros(iso: string): bigint {
  const m = ISO.exec(iso.trim());
  const ms = m
    ? Date.parse(`${m[1]}${m[3]!.length === 5 ? `${m[3]!.slice(0, 3)}:${m[3]!.slice(3)}` : m[3]}`)
    : Number.NaN;
  if (!m || Number.isNaN(ms)) {
    throw new ShedError(
      'invalid_timestamp',
      'service',
      `'${iso}' is not an ISO 8601 timestamp with a zone (expected e.g. 2026-03-01T10:00:00.123456Z)`,
    );
  }
  return BigInt(ms) * 1000n + BigInt(((m[2] ?? '') + '000000').slice(0, 6));
}

/** The timestamp of a number of microseconds since 1970, in UTC with six fraction digits. */
export function microsToIso(micros: bigint): string {
  const ms = micros / 1000n - (micros % 1000n < 0n ? 1n : 0n);
  const fraction = micros - ms * 1000n;
  const base = new Date(Number(ms)).toISOString(); // 2026-03-01T10:00:00.123Z
  return `${base.slice(0, 23)}${String(fraction).padStart(3, '0')}Z`;
}

/** The instant one microsecond before `iso`: an `updated_after` (strict `>`, gaps row 14) that still includes `iso`. */
export function justBefore(iso: string): string {
  return microsToIso(timestampMicros(iso) - 1n);
}

/** The newest `updated_at` of the records (an array, or any iterable read once), or undefined when there is none. */
export function newestUpdatedAt(records: Iterable<{ updated_at?: string | undefined }>): string | undefined {
  let newest: { iso: string; at: bigint } | undefined;
  for (const record of records) {
    if (!record.updated_at) continue;
    const at = timestampMicros(record.updated_at);
    if (newest === undefined || at > newest.at) newest = { iso: record.updated_at, at };
  }
  return newest?.iso;
}

/** The oldest `updated_at` of the records, or undefined when there is none. */
export function oldestUpdatedAt(records: readonly { updated_at?: string | undefined }[]): string | undefined {
  let oldest: { iso: string; at: bigint } | undefined;
  for (const record of records) {
    if (!record.updated_at) continue;
    const at = timestampMicros(record.updated_at);
    if (oldest === undefined || at < oldest.at) oldest = { iso: record.updated_at, at };
  }
  return oldest?.iso;
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../../errors/shed-error.ts' {
  interface ErrorCodes {
    'shared/export/paging/timestamps.ts': 'invalid_timestamp';
  }
}
