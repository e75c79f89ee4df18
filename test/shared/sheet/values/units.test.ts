import { describe, it, expect } from 'vitest';
import { UNIT_SYNONYMS } from '../../../../shared/service/gaps.ts';
import { EMPTY_REASON, normaliseUnit, parseQuantityWithUnit } from '../../../../shared/sheet/values/index.ts';

describe('normaliseUnit', () => {
  it.each([
    ['L', 'l'],
    ['l', 'l'],
    ['Ltr', 'l'],
    ['Ltr.', 'l'],
    ['LTRS', 'l'],
    ['litres', 'l'],
    ['Liters', 'l'],
    ['KG', 'kg'],
    ['kg.', 'kg'],
    ['Kilograms', 'kg'],
    ['T', 't'],
    ['tonnes', 't'],
    ['m.t.', 't'],
    ['ml', 'ml'],
    ['mL', 'ml'],
    ['g', 'g'],
    ['Gms', 'g'],
    [' k g ', 'kg'],
    ['\u00a0L\u00a0', 'l'],
  ])('%j → %s', (text, unit) => {
    expect(normaliseUnit(text)).toEqual({ unit, known: true });
  });

  it('knows every spelling in UNIT_SYNONYMS', () => {
    for (const [spelling, unit] of Object.entries(UNIT_SYNONYMS)) {
      expect(normaliseUnit(spelling.toUpperCase())).toEqual({ unit, known: true });
    }
  });

  it('returns unknown units trimmed as written, marked unknown', () => {
    expect(normaliseUnit(' Drums ')).toEqual({ unit: 'Drums', known: false });
    expect(normaliseUnit('bags\u00a0of\u00a0seed')).toEqual({ unit: 'bags of seed', known: false });
    expect(normaliseUnit('')).toEqual({ unit: '', known: false });
  });

  it('does not take object properties for units', () => {
    expect(normaliseUnit('constructor')).toEqual({ unit: 'constructor', known: false });
    expect(normaliseUnit('__proto__')).toEqual({ unit: '__proto__', known: false });
  });
});

describe('parseQuantityWithUnit', () => {
  it.each([
    ['20 L', '20', 'L'],
    ['20L', '20', 'L'],
    ['20 litres', '20', 'litres'],
    ['1000kg', '1000', 'kg'],
    ['1,000 kg', '1000', 'kg'],
    ['0.5 t', '0.5', 't'],
    ['250 g', '250', 'g'],
    ['10 L', '10', 'L'],
    ['5L', '5', 'L'],
    ['20 Ltr.', '20', 'Ltr.'],
    ['\u00a020\u00a0L\u00a0', '20', 'L'],
    ['12.50 kg', '12.5', 'kg'],
    ['-5 L', '-5', 'L'],
    ['.5 t', '0.5', 't'],
    ['20 Drums', '20', 'Drums'],
  ])('%j → %s %s', (text, number, unit) => {
    expect(parseQuantityWithUnit(text)).toEqual({ ok: true, value: { value: number, unit } });
  });

  it('reads a number alone with no unit', () => {
    expect(parseQuantityWithUnit(20)).toEqual({ ok: true, value: { value: '20', unit: null } });
    expect(parseQuantityWithUnit('20')).toEqual({ ok: true, value: { value: '20', unit: null } });
    expect(parseQuantityWithUnit(' 1,000 ')).toEqual({ ok: true, value: { value: '1000', unit: null } });
    expect(parseQuantityWithUnit(0.1 + 0.2)).toEqual({ ok: true, value: { value: '0.3', unit: null } });
  });

  it('refuses more than one word after the number', () => {
    const parsed = parseQuantityWithUnit('20 L drum');
    expect(parsed).toEqual({
      ok: false,
      reason: "'20 L drum' is not a pack size: expected a number and one unit, like '20 L', '250 g' or '1,000 kg'",
    });
  });

  it('refuses a unit with no number', () => {
    expect(parseQuantityWithUnit('L')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^'L' is not a pack size: it has no number/),
    });
    expect(parseQuantityWithUnit('litres')).toMatchObject({ ok: false });
  });

  it.each(['L 20', '2 x 10 L', '20 - L', '20/L', '20 L 5', '$20 L', '20kg/ha', 'abc', '20 2 L'])(
    'refuses %j',
    (text) => {
      const parsed = parseQuantityWithUnit(text);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.reason).toContain(`'${text}' is not a pack size`);
    },
  );

  it('refuses a decimal comma, suggesting a point', () => {
    expect(parseQuantityWithUnit('12,5 L')).toEqual({
      ok: false,
      reason: "'12,5 L' is not a pack size: use a point for decimals, like 12.5",
    });
  });

  it('says an empty cell is empty', () => {
    expect(parseQuantityWithUnit(null)).toEqual({ ok: false, reason: EMPTY_REASON });
    expect(parseQuantityWithUnit(' \u00a0')).toEqual({ ok: false, reason: EMPTY_REASON });
  });

  it('refuses dates and booleans', () => {
    expect(parseQuantityWithUnit(true)).toMatchObject({ ok: false });
    expect(parseQuantityWithUnit(new Date(Date.UTC(2026, 0, 20)))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('2026-01-20 (date cell)'),
    });
  });
});
