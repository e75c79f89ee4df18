import { describe, expect, it } from 'vitest';
import {
  DESCRIPTOR,
  NUMBER_THEN_WORD,
  cannotStartAt,
  mayHoldUnit,
  readPack,
} from '../../../../shared/sheet/packs/parse.ts';
import { REFUSED_UNITS, measureOf, wordKey } from '../../../../shared/sheet/packs/vocabulary.ts';

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Pieces product, quantity and size texts are made of, including letters outside the basic plane. */
const PIECES = [
  'Glyfos',
  '540',
  '20L',
  '20 L',
  'DRUM',
  'IBC',
  '1000L',
  'x',
  '×',
  '4',
  ' ',
  '  ',
  ',',
  '.',
  '.5',
  '1,000',
  'kg',
  'KGM',
  'twin pack',
  'CTN',
  '-',
  '–',
  '(',
  ')',
  '/',
  '%',
  'g/L',
  'bag',
  'ml',
  't',
  'gal',
  '𝐋',
  '𝟐𝟎',
  'é',
  'Ω',
  '\u00a0',
  ':',
  '2x',
  '5L',
  'L',
  'litres',
  '25KG',
  'shuttle',
  '*',
  '0',
  'tote',
  'lb',
];

function text(next: () => number): string {
  const n = 1 + Math.floor(next() * 7);
  return Array.from({ length: n }, () => PIECES[Math.floor(next() * PIECES.length)]).join(next() < 0.5 ? ' ' : '');
}

describe('the pack descriptor search skips only starts where no descriptor can match', () => {
  it('never skips a start the full pattern matches at, on 20,000 generated texts', () => {
    const next = random(21);
    const sticky = new RegExp(DESCRIPTOR.source, 'iuy');
    let matches = 0;
    for (let i = 0; i < 20_000; i++) {
      const sample = text(next);
      for (let at = 0; at < sample.length; at++) {
        sticky.lastIndex = at;
        if (!sticky.exec(sample)) continue;
        matches += 1;
        expect(cannotStartAt(sample, at), `${JSON.stringify(sample)} at ${at}`).toBe(false);
        expect(NUMBER_THEN_WORD.test(sample), JSON.stringify(sample)).toBe(true);
      }
    }
    expect(matches).toBeGreaterThan(5_000);
  });

  it('still reads a descriptor after a letter outside the basic plane and after punctuation', () => {
    expect(readPack('Glyfos 540 𝐀 20L DRUM', { context: 'product' })).toMatchObject({
      ok: true,
      value: { size: '20', unit: 'l', kind: 'drum', rest: 'Glyfos 540 𝐀' },
    });
    expect(readPack('Urea (1t bag)', { context: 'product' })).toMatchObject({
      ok: true,
      value: { size: '1', unit: 't' },
    });
    expect(readPack('Glyfos 540', { context: 'product' })).toBeNull();
  });
});

describe('texts with no unit word after a number skip the descriptor search', () => {
  /** The pieces above, and words with dots the pattern may cut a unit word before (`L.`, `Ltr.x`, `kg.5`). */
  const DOTTED = ['L.', 'Ltr.', 'l.x', 'kg.5', 'K.G', 'WG', 'EC', 'CS', 'SC', '900', 'Lt.r', 'gal.', 'ml..'];

  function dottedText(next: () => number): string {
    const pieces = [...PIECES, ...DOTTED];
    const n = 1 + Math.floor(next() * 7);
    return Array.from({ length: n }, () => pieces[Math.floor(next() * pieces.length)]).join(next() < 0.5 ? ' ' : '');
  }

  it('never skips a text in which the full pattern finds a unit word the search keeps, on 30,000 generated texts', () => {
    const next = random(23);
    const sticky = new RegExp(DESCRIPTOR.source, 'iuy');
    let kept = 0;
    for (let i = 0; i < 30_000; i++) {
      const sample = dottedText(next);
      for (let at = 0; at < sample.length; at++) {
        sticky.lastIndex = at;
        const m = sticky.exec(sample);
        if (!m) continue;
        const unit = m[4]!;
        if (measureOf(unit) === null && !Object.hasOwn(REFUSED_UNITS, wordKey(unit))) continue;
        kept += 1;
        expect(mayHoldUnit(sample), JSON.stringify(sample)).toBe(true);
      }
    }
    expect(kept).toBeGreaterThan(5_000);
  });

  it('reads the same packs with the skip as the whole search does', () => {
    expect(mayHoldUnit('AtraMax 900 WG')).toBe(false);
    expect(mayHoldUnit('Lambda 250 CS')).toBe(false);
    expect(readPack('AtraMax 900 WG', { context: 'product' })).toBeNull();
    expect(mayHoldUnit('Glyfos 540 20L.')).toBe(true);
    expect(mayHoldUnit('Wetter 5 Ltr.x')).toBe(true);
    expect(mayHoldUnit('Oil 5 gal')).toBe(true);
    expect(readPack('Oil 5 gal', { context: 'product' })).toMatchObject({ ok: false });
    expect(readPack('Glyfos 540 20L.', { context: 'product' })).toMatchObject({ ok: true, value: { size: '20' } });
  });
});
