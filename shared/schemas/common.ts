/** The zod building blocks of the service's records: ids, timestamps, decimal strings, units. */
import { z } from 'zod';
import { DECIMAL_PATTERN, MAX_LENGTH, UNIT_MAX_LENGTH } from '../service/gaps.ts';

/** zod's message for a missing or mistyped value, in the words of gaps row 6. */
const expected = (what: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? "can't be blank" : `must be ${what}`;

/** Any 8-4-4-4-12 hex id (the service's ids are UUIDs; the version nibble is not checked). */
export const Id = z.guid({ error: expected('an id (UUID)') });

/**
 * A timestamp as the service returns it (gaps row 15): ISO 8601, UTC `Z` or an offset such as
 * `+10:00`, with or without fractions of a second.
 */
export const Timestamp = z.iso.datetime({ offset: true });

/** A timestamp the client sends: ISO 8601 with `Z` or an offset (gaps row 15). */
export const TimestampInput = z.iso.datetime({
  offset: true,
  error: expected('an ISO 8601 time with a zone, e.g. 2026-03-01T00:00:00+11:00'),
});

/** A decimal string in a response; a JSON number is tolerated and turned into its string (gaps row 9). */
export const DecimalOut = z
  .union([z.string().regex(DECIMAL_PATTERN), z.number().finite()])
  .transform((v) => (typeof v === 'number' ? String(v) : v));

/** A decimal string the client sends (gaps row 9): `^-?\d+(\.\d+)?$`, never a JSON number. */
export const DecimalString = z.string({ error: expected('a decimal string such as "12.50"') }).regex(DECIMAL_PATTERN, {
  message: 'must be a decimal string such as "12.50"',
});

/** A decimal string greater than zero (gaps row 9: quantity, pack_size_value, amount_value). */
export const PositiveDecimal = DecimalString.refine((v) => Number(v) > 0, { message: 'must be greater than 0' });

/** A decimal string of zero or more (gaps row 9: pack_cost). */
export const NonNegativeDecimal = DecimalString.refine((v) => Number(v) >= 0, {
  message: 'must be greater than or equal to 0',
});

/** A unit such as `l` or `kg`: any non-empty string up to 20 characters (gaps row 10). */
export const Unit = z
  .string({ error: expected('text such as l or kg') })
  .trim()
  .min(1, { message: "can't be blank" })
  .max(UNIT_MAX_LENGTH, {
    message: `should be at most ${UNIT_MAX_LENGTH} characters`,
  });

/** A required name-like string (supplier): non-blank, at most 255 characters. */
export const RequiredName = z
  .string({ error: expected('text') })
  .trim()
  .min(1, { message: "can't be blank" })
  .max(MAX_LENGTH.name, {
    message: `should be at most ${MAX_LENGTH.name} characters`,
  });

/** An optional short text (order number, reference): at most 255 characters. */
export const OptionalShortText = z.string().max(MAX_LENGTH.name, {
  message: `should be at most ${MAX_LENGTH.name} characters`,
});

/** Optional notes: at most 2000 characters. */
export const Notes = z.string().max(MAX_LENGTH.notes, { message: `should be at most ${MAX_LENGTH.notes} characters` });
