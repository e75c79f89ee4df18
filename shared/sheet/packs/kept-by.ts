/**
 * What a product is kept by (litres or kilograms) against the size read: a volume given for a product
 * kept by weight (and the reverse) is refused, unless a density is stated; then it is converted and said.
 */
import { divideDecimals, multiplyDecimals } from '../values/decimal.ts';
import { type Parsed, parsedFail, parsedOk } from '../values/parsed.ts';
import type { PackReading } from './parse.ts';
import type { Dimension } from './vocabulary.ts';

const WORD: Record<Dimension, string> = { volume: 'a volume', mass: 'a weight' };
const KEPT: Record<Dimension, string> = { volume: 'by volume (l)', mass: 'by weight (kg)' };

/**
 * The reading in the dimension the product is kept by. Same dimension: unchanged. Other dimension:
 * with `density` (kg per litre, a canonical decimal string) converted to kg (l × density) or to l
 * (kg ÷ density, to 6 places), the conversion added to the phrase; without it, refused with the reason
 * (never a volume ↔ mass conversion without a stated density). `why` says how the product's dimension
 * is known (`the product text says 25 kg bag`).
 */
export function keepAs(pack: PackReading, keptBy: Dimension, density: string | null, why: string): Parsed<PackReading> {
  if (pack.dimension === keptBy) return parsedOk(pack);
  const given = `${pack.size} ${pack.unit}`;
  if (density === null) {
    return parsedFail(
      `${given} is ${WORD[pack.dimension]} but this product is kept ${KEPT[keptBy]} (${why}): ` +
        `a volume is never turned into a weight, or back, without a stated density; write the size in ` +
        `${keptBy === 'mass' ? 'kg' : 'l'}, or state the product's density (kg per litre) in the supplier's pack conventions`,
    );
  }
  const toMass = keptBy === 'mass';
  const size = toMass
    ? multiplyDecimals(pack.litresOrKilograms, density)
    : divideDecimals(pack.litresOrKilograms, density, 6);
  const unit = toMass ? ('kg' as const) : ('l' as const);
  const phrase = `${pack.phrase}; ${pack.litresOrKilograms} ${toMass ? 'l × ' : 'kg ÷ '}${density} kg/l = ${size} ${unit}`;
  const inner = null;
  return parsedOk({ ...pack, size, unit, litresOrKilograms: size, dimension: keptBy, inner, phrase });
}
