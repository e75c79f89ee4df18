/**
 * The user's locale: how the pane and the CLI show dates and numbers (issue 25). One of the four
 * English locales shed's users work in; chosen by each face (the CLI's `--locale`, `SHED_LOCALE` or
 * saved config; the pane's Office language or its own choice) and never the machine's default by
 * accident: every formatter here names its locale, none calls `Intl` without one. The locale also
 * gives the default reading of ambiguous dates in an import (its date order).
 */
import type { DateOrder } from '../sheet/values/local-date.ts';

/** The locales shed shows values in. */
export const LOCALES = ['en-AU', 'en-NZ', 'en-GB', 'en-US'] as const;
/** One of {@link LOCALES}. */
export type Locale = (typeof LOCALES)[number];
/** The locale when nothing chooses one: the product's users are mostly in Australia. */
export const DEFAULT_LOCALE: Locale = 'en-AU';

/** How a locale writes dates and numbers. */
export interface LocaleFormat {
  locale: Locale;
  /** Order of a date's parts as written (`3/2/2026` is 3 February in DMY, March 2 in MDY). */
  dateOrder: Extract<DateOrder, 'DMY' | 'MDY'>;
  /** Excel number format of a date cell, e.g. `dd/mm/yyyy`. */
  dateFormat: string;
  /** Excel number format of a date-and-time cell, e.g. `dd/mm/yyyy hh:mm`. */
  dateTimeFormat: string;
  /** Excel number format of an amount in dollars with cents (all four group thousands with `,`, decimals with `.`). */
  moneyFormat: string;
}

const DAY_FIRST = { dateOrder: 'DMY', dateFormat: 'dd/mm/yyyy', dateTimeFormat: 'dd/mm/yyyy hh:mm' } as const;
const MONTH_FIRST = { dateOrder: 'MDY', dateFormat: 'mm/dd/yyyy', dateTimeFormat: 'mm/dd/yyyy hh:mm' } as const;

const FORMATS: Readonly<Record<Locale, LocaleFormat>> = Object.freeze({
  'en-AU': { locale: 'en-AU', ...DAY_FIRST, moneyFormat: '#,##0.00' },
  'en-NZ': { locale: 'en-NZ', ...DAY_FIRST, moneyFormat: '#,##0.00' },
  'en-GB': { locale: 'en-GB', ...DAY_FIRST, moneyFormat: '#,##0.00' },
  'en-US': { locale: 'en-US', ...MONTH_FIRST, moneyFormat: '#,##0.00' },
});

/** The date order and Excel formats of `locale`. */
export function localeFormat(locale: Locale = DEFAULT_LOCALE): LocaleFormat {
  return FORMATS[locale];
}

/**
 * `text` as one of {@link LOCALES} when it names one exactly, case and `_`/`-` aside
 * (`en-us`, `en_US`, `EN-AU`); `undefined` otherwise (the caller says so, or falls back).
 */
export function parseLocale(text: string | undefined | null): Locale | undefined {
  if (!text) return undefined;
  const wanted = text.trim().replace('_', '-').toLowerCase();
  return LOCALES.find((locale) => locale.toLowerCase() === wanted);
}

/**
 * A language tag of the host's (the pane's display or content language: `en-US`, `en-AU`,
 * `en-IE`, `fr-FR`, ...) as the nearest of {@link LOCALES}: one of the four as itself; any other
 * English but the United States' (`en-IE`, `en-ZA`, `en-IN`) as en-GB, which writes dates day first as
 * they do; anything else (another language, an empty tag) `undefined`, for the caller's default.
 */
export function localeFromLanguageTag(tag: string | undefined | null): Locale | undefined {
  const exact = parseLocale(tag?.split(/[.@]/)[0]);
  if (exact) return exact;
  return /^en([-_]|$)/i.test(tag?.trim() ?? '') ? 'en-GB' : undefined;
}

/** A count or amount as `locale` writes it: `12,345`; `fractionDigits` fixes the decimals (2 for dollars). */
export function formatNumber(value: number, locale: Locale, fractionDigits?: number): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: fractionDigits ?? 0,
    maximumFractionDigits: fractionDigits ?? 20,
  }).format(value);
}

/**
 * A calendar date (`YYYY-MM-DD`, or a `Date` read by its UTC parts) as `locale` writes it in short
 * form: `03/02/2026` in en-AU, `02/03/2026` in en-US. Throws a RangeError on a date that is not one.
 */
export function formatDate(date: string | Date, locale: Locale): string {
  const day = typeof date === 'string' ? new Date(`${date.slice(0, 10)}T00:00:00Z`) : date;
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    day,
  );
}

/**
 * How the template's instructions describe a date cell in `locale`: `day first, for example
 * 03/02/2026 for 3 February 2026` (en-AU), `month first, for example 02/03/2026 for February 3, 2026` (en-US).
 */
export function dateExample(locale: Locale): string {
  const day = new Date(Date.UTC(2026, 1, 3));
  const order = localeFormat(locale).dateOrder === 'DMY' ? 'day first' : 'month first';
  return `${order}, for example ${formatDate(day, locale)} for ${formatLongDate(day, locale, 'UTC')}`;
}

/**
 * A day in long form, as a template's instructions show it: `3 February 2026` (en-AU), `February 3,
 * 2026` (en-US); the day in `timeZone` (an IANA name), or in the running machine's when none is given.
 */
export function formatLongDate(date: Date, locale: Locale, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

/**
 * How an import reads an ambiguous date (`03/04/2026`) when the user chose no order: the locale's
 * order (en-US month first, the others day first). Both faces call this; an order the user chose
 * (`--date-order`, the pane's Reading options, a workbook's saved choice) always wins over it.
 */
export function defaultDateOrder(locale: Locale): LocaleFormat['dateOrder'] {
  return localeFormat(locale).dateOrder;
}

/** The language tags the host gives the pane: its display language and its content language. */
export interface OfficeLanguages {
  displayLanguage?: string | null;
  contentLanguage?: string | null;
}

/**
 * The pane's locale: the one the user chose in the pane when it names one of {@link LOCALES}, else
 * Office's display language, else its content language (each through {@link localeFromLanguageTag}),
 * else {@link DEFAULT_LOCALE}. Never the browser's or the machine's default.
 */
export function paneLocale(chosen: string | null | undefined, languages: OfficeLanguages): Locale {
  return parseLocale(chosen) ?? officeLocale(languages);
}

/** The locale Office's languages name (display first, then content), else {@link DEFAULT_LOCALE}. */
export function officeLocale(languages: OfficeLanguages): Locale {
  return (
    localeFromLanguageTag(languages.displayLanguage) ??
    localeFromLanguageTag(languages.contentLanguage) ??
    DEFAULT_LOCALE
  );
}

/**
 * An instant as `locale` writes a day and time in short form, in `timeZone` (an IANA name; the
 * running machine's when none is given): `3 Feb 2026, 7:15 am` (en-AU), `Feb 3, 2026, 7:15 AM` (en-US).
 * For summaries the pane shows.
 */
export function formatDateTime(date: Date, locale: Locale, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
