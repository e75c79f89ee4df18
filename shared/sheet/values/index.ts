/**
 * Turning cell values into the service's values: dates, decimals, units and cell text.
 * Pure functions over `CellValue`; the same in Node and the browser.
 */
export { type Parsed, EMPTY_REASON, parsedFail, parsedOk } from './parsed.ts';
export { cellText, cleanText, describeCell, isCleanAscii, sameSheetText } from './text.ts';
export {
  InvalidDecimalError,
  addDecimals,
  canonicalDecimal,
  compareDecimals,
  divideDecimals,
  multiplyDecimals,
  negateDecimal,
  numberToDecimal,
  subtractDecimals,
} from './decimal.ts';
export { MAX_INTEGER_DIGITS, canonicalPlainText, commaUse, parseDecimalCell } from './decimal-cell.ts';
export {
  type DateOrder,
  type LocalDate,
  DATE_ORDERS,
  PLAUSIBLE_YEARS,
  formatLocalDate,
  isRealDate,
  localDateToUtcDate,
} from './local-date.ts';
export { EXCEL_SERIAL_UNIX_EPOCH, parseDateCell } from './date-cell.ts';
export { type TimeOfDay, isoInstant, timeOfDay } from './time-of-day.ts';
export { type DateOrderCheck, detectDateOrder, isAmbiguousNumericDate } from './date-order.ts';
export {
  DEFAULT_TIME_ZONE,
  InvalidTimeZoneError,
  InvalidTimestampError,
  NonexistentLocalDateError,
  assertTimeZone,
  isLocalMidnight,
  localDateTimeIso,
  localMidnightIso,
  localTimeText,
  timestampToLocalDate,
  wallClockToIso,
} from './time-zone.ts';
export {
  type NormalisedUnit,
  type QuantityWithUnit,
  type UnitAlias,
  type UnitAliases,
  normaliseUnit,
  parseQuantityWithUnit,
  parseUnitAlias,
  unitKey,
} from './units.ts';
