// The pack engine's table test: pack descriptors in size, quantity and product text (descriptors.json beside this
// file, each expected result written by hand), Rec 20 unit codes, and the kept-by refusals and conversions.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type PackConventions,
  type PackContext,
  type PackReading,
  eachPack,
  keepAs,
  linePhrase,
  readPack,
  sizePack,
  unitFromRec20,
} from '../../../../shared/sheet/packs/index.ts';

interface Row {
  context: PackContext;
  text: string;
  expect: string | null;
  conventions?: PackConventions;
}

const rows = JSON.parse(readFileSync(new URL('./descriptors.json', import.meta.url), 'utf8')) as Row[];

/** A reading in short: `4 × 20 l drum`, `20 l carton (4 × 5) | Roundup`. */
function short(r: PackReading): string {
  const packs = r.packs === null ? '' : `${r.packs} × `;
  const kind = r.kind ? ` ${r.kind}` : '';
  const inner = r.inner ? ` (${r.inner.count} × ${r.inner.size})` : '';
  const rest = r.rest ? ` | ${r.rest}` : '';
  return `${packs}${r.size} ${r.unit}${kind}${inner}${rest}`;
}

describe('readPack: the descriptor table', () => {
  it('holds at least 300 descriptors, refusals among them', () => {
    expect(rows.length).toBeGreaterThanOrEqual(300);
    expect(rows.filter((r) => r.expect?.startsWith('refused')).length).toBeGreaterThanOrEqual(25);
  });

  it.each(rows.map((r) => [r.context, r.text, r.expect, r.conventions] as const))(
    '%s %j → %j',
    (context, text, expected, conventions) => {
      const read = readPack(text, { context, conventions });
      if (expected === null) expect(read).toBeNull();
      else if (expected.startsWith('refused: ')) {
        expect(read).toMatchObject({ ok: false });
        expect(read && !read.ok ? read.reason : '').toContain(expected.slice('refused: '.length));
      } else {
        expect(read).toMatchObject({ ok: true });
        expect(read?.ok ? short(read.value) : read).toBe(expected);
      }
    },
  );
});

describe('readPack: what it says in the Message', () => {
  it.each([
    ['quantity', '4 x 20L drums', '80 l = 4 × 20 l drums'],
    ['quantity', '1 x 200L drum', '200 l = 1 × 200 l drum'],
    ['quantity', '2 x 1000 L IBC', '2000 l = 2 × 1000 l IBCs'],
    ['quantity', '10 × 5 L boxes', '50 l = 10 × 5 l boxes'],
    ['quantity', '4 x 20L', '80 l = 4 × 20 l'],
    ['size', 'CTN 4x5L', '20 l = carton of 4 × 5 l'],
    ['size', '2 x 10 L twin pack', '20 l = twin pack of 2 × 10 l'],
    ['size', '20L DRUM', '20 l drum'],
    ['product', 'Urea (1t bag)', '1 t bag'],
  ] as const)('%s %j: %j', (context, text, phrase) => {
    const read = readPack(text, { context });
    expect(read?.ok ? read.value.phrase : read).toBe(phrase);
  });

  it('says a convention was used, and the line whole with its quantity', () => {
    const read = readPack('4 drums', { context: 'quantity', conventions: { kinds: { drum: '200 l' } } });
    expect(read?.ok ? read.value.phrase : read).toBe("800 l = 4 × 200 l drums (this supplier's pack convention)");
    const carton = readPack('Roundup CTN 4x5L', { context: 'product' });
    expect(carton?.ok ? linePhrase('3', carton.value) : carton).toBe('60 l = 3 × carton of 4 × 5 l');
  });

  it('keeps decimals exact: no floating point in sizes or totals', () => {
    const read = readPack('3 x 0.1 L', { context: 'quantity' });
    expect(read?.ok ? [read.value.size, read.value.phrase] : read).toEqual(['0.1', '0.3 l = 3 × 0.1 l']);
    const ml = readPack('500ML', { context: 'size' });
    expect(ml?.ok ? ml.value.litresOrKilograms : ml).toBe('0.5');
  });
});

describe('unitFromRec20', () => {
  it.each([
    ['LTR', 'l', '1'],
    ['ltr', 'l', '1'],
    [' KGM ', 'kg', '1'],
    ['MLT', 'ml', '1'],
    ['GRM', 'g', '1'],
    ['TNE', 't', '1'],
    ['MTQ', 'l', '1000'],
    ['HLT', 'l', '100'],
    ['CLT', 'l', '0.01'],
    ['DLT', 'l', '0.1'],
    ['DMQ', 'l', '1'],
    ['CMQ', 'ml', '1'],
    ['DTN', 'kg', '100'],
  ])('%j is a measure: one is %s × %s', (code, unit, factor) => {
    expect(unitFromRec20(code)).toMatchObject({ type: 'measure', unit, factor });
  });

  it.each([
    ['EA', null],
    ['C62', null],
    ['H87', null],
    ['NAR', null],
    ['SET', null],
    ['XBG', 'bag'],
    ['XDR', 'drum'],
    ['XCT', 'carton'],
    ['XWA', 'IBC'],
    ['xjb', 'bulk bag'],
  ])('%j counts (kind %s): the size must come from the product text or the conventions', (code, kind) => {
    expect(unitFromRec20(code)).toMatchObject({ type: 'count', kind });
  });

  it.each(['LBR', 'GLL', 'ONZ', 'HUR', 'KWH', '', 'L', 'litre'])('%j is not a code a receipt uses: null', (code) => {
    expect(unitFromRec20(code)).toBeNull();
  });
});

describe('eachPack: a counted item sized by the conventions', () => {
  it('EA with { each: "20 l" } is a 20 l pack; without conventions, nothing', () => {
    expect(eachPack({ each: '20 l' }, 'EA')).toMatchObject({ size: '20', unit: 'l', source: 'convention' });
    expect(eachPack({ each: '1,000 kg' }, 'C62')).toMatchObject({ size: '1000', unit: 'kg' });
    expect(eachPack(undefined, 'EA')).toBeNull();
    expect(eachPack({ each: 'twenty litres' }, 'EA')).toBeNull();
  });
});

describe('keepAs: never a volume ↔ mass conversion without a stated density', () => {
  it.each([
    ['20', 'l', 'mass', null, 'refused: 20 l is a volume but this product is kept by weight (kg)'],
    ['25', 'kg', 'volume', null, 'refused: 25 kg is a weight but this product is kept by volume (l)'],
    ['1', 't', 'volume', null, 'refused: 1 t is a weight'],
    ['500', 'ml', 'mass', null, 'refused: 500 ml is a volume'],
    ['20', 'l', 'volume', null, '20 l'],
    ['25', 'kg', 'mass', null, '25 kg'],
    ['20', 'l', 'mass', '1.2', '24 kg'],
    ['500', 'ml', 'mass', '1.1', '0.55 kg'],
    ['25', 'kg', 'volume', '1.25', '20 l'],
    ['1', 't', 'volume', '1.32', '757.575758 l'],
  ] as const)('%s %s for a product kept by %s, density %s: %s', (size, unit, kept, density, expected) => {
    const kept2 = keepAs(sizePack(size, unit), kept, density, "the product text says '25KG BAG'");
    if (expected.startsWith('refused: ')) {
      expect(kept2.ok ? kept2.value : kept2.reason).toContain(expected.slice('refused: '.length));
      expect(kept2.ok ? '' : kept2.reason).toContain('without a stated density');
    } else {
      expect(kept2.ok ? `${kept2.value.size} ${kept2.value.unit}` : kept2.reason).toBe(expected);
    }
  });

  it('says the conversion', () => {
    const kept = keepAs(sizePack('20', 'l'), 'mass', '1.2', 'x');
    expect(kept.ok ? kept.value.phrase : kept.reason).toBe('20 l; 20 l × 1.2 kg/l = 24 kg');
  });
});
