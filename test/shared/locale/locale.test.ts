import { describe, expect, it } from 'vitest';
import { exportNumberFormat } from '../../../shared/export/columns.ts';
import {
  dateExample,
  defaultDateOrder,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatNumber,
  localeFormat,
  localeFromLanguageTag,
  LOCALES,
  officeLocale,
  paneLocale,
  parseLocale,
} from '../../../shared/locale/locale.ts';

describe('the user locale', () => {
  it('is one of four, named exactly (case and _ aside), never a guess', () => {
    expect(parseLocale('en-us')).toBe('en-US');
    expect(parseLocale('EN_NZ')).toBe('en-NZ');
    expect(parseLocale('en')).toBeUndefined();
    expect(parseLocale('fr-FR')).toBeUndefined();
    expect(parseLocale(undefined)).toBeUndefined();
  });

  it("maps Office's language tags: the four as themselves, other English day first, other languages not at all", () => {
    expect(localeFromLanguageTag('en-US')).toBe('en-US');
    expect(localeFromLanguageTag('en-AU')).toBe('en-AU');
    expect(localeFromLanguageTag('en-IE')).toBe('en-GB');
    expect(localeFromLanguageTag('en')).toBe('en-GB');
    expect(localeFromLanguageTag('de-DE')).toBeUndefined();
    expect(localeFromLanguageTag('')).toBeUndefined();
  });

  it('orders dates day first in en-AU, en-NZ and en-GB, month first in en-US', () => {
    expect(['en-AU', 'en-NZ', 'en-GB', 'en-US'].map((l) => localeFormat(parseLocale(l)).dateOrder)).toEqual([
      'DMY',
      'DMY',
      'DMY',
      'MDY',
    ]);
    expect(formatDate('2026-02-03', 'en-AU')).toBe('03/02/2026');
    expect(formatDate('2026-02-03', 'en-US')).toBe('02/03/2026');
    expect(formatLongDate(new Date(Date.UTC(2026, 1, 3, 12)), 'en-US', 'UTC')).toBe('February 3, 2026');
    expect(dateExample('en-NZ')).toBe('day first, for example 03/02/2026 for 3 February 2026');
    expect(dateExample('en-US')).toBe('month first, for example 02/03/2026 for February 3, 2026');
  });

  it('writes numbers with , thousands and . decimals in all four', () => {
    expect(formatNumber(1234567.5, 'en-US', 2)).toBe('1,234,567.50');
    expect(formatNumber(1234567, 'en-GB')).toBe('1,234,567');
  });

  it("gives export date cells the locale's order, and en-AU's when none is chosen", () => {
    expect(exportNumberFormat({ type: 'date' })).toBe('dd/mm/yyyy');
    expect(exportNumberFormat({ type: 'date' }, 'en-US')).toBe('mm/dd/yyyy');
    expect(exportNumberFormat({ type: 'datetime' }, 'en-US')).toBe('mm/dd/yyyy hh:mm');
    expect(exportNumberFormat({ type: 'money' }, 'en-US')).toBe('#,##0.00');
    expect(exportNumberFormat({ type: 'date', numFmt: 'yyyy-mm-dd' }, 'en-US')).toBe('yyyy-mm-dd');
  });
});

describe('defaultDateOrder', () => {
  it('reads ambiguous dates month first in en-US only', () => {
    expect(LOCALES.map((l) => defaultDateOrder(l))).toEqual(['DMY', 'DMY', 'DMY', 'MDY']);
  });
});

describe('paneLocale', () => {
  it("takes the pane's choice, else Office's display language, else its content language, else en-AU", () => {
    expect(paneLocale('en-NZ', { displayLanguage: 'en-US', contentLanguage: 'en-GB' })).toBe('en-NZ');
    expect(paneLocale(null, { displayLanguage: 'en-US', contentLanguage: 'en-AU' })).toBe('en-US');
    expect(paneLocale('', { displayLanguage: 'fr-FR', contentLanguage: 'en-NZ' })).toBe('en-NZ');
    expect(paneLocale('klingon', { displayLanguage: 'de-DE' })).toBe('en-AU');
    expect(paneLocale(undefined, { displayLanguage: 'en-IE' })).toBe('en-GB');
    expect(officeLocale({})).toBe('en-AU');
  });
});

describe('formatDateTime', () => {
  it("writes a day and time in the locale's order, in the zone given", () => {
    const at = new Date('2026-02-02T20:15:00Z'); // 7:15 am on 3 February in Sydney
    expect(formatDateTime(at, 'en-AU', 'Australia/Sydney')).toMatch(/^3 Feb 2026, 7:15\s?am$/i);
    expect(formatDateTime(at, 'en-US', 'Australia/Sydney')).toMatch(/^Feb 3, 2026, 7:15\s?AM$/i);
  });
});
