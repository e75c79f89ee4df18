/**
 * A supplier's pack conventions (issue 21: supplier recipes pass them): what one counted item or one
 * kind of pack holds when the text does not say, and a density that allows a volume ↔ mass conversion.
 * Plain data, so a recipe's JSON can carry it as is.
 */
import { z } from 'zod';
import { canonicalDecimal, compareDecimals, multiplyDecimals } from '../values/decimal.ts';
import { type PackKind, type PackUnit, kindOf, measureOf, wordKey } from './vocabulary.ts';

/**
 * Pack conventions, all optional; sizes are written like a pack size cell (`'20 l'`, `'1000L'`, `'1 t'`):
 * - `each`: what one counted item holds (a unit code EA, C62, H87, NAR, or `each`) when the product
 *   text names no size: `{ each: '20 l' }`;
 * - `kinds`: a pack kind word → what one holds: `{ drum: '200 l', IBC: '1000 l', 'bulk bag': '1 t' }`
 *   (any spelling the engine knows for the kind, or any other word: `{ shuttle: '1000 l', jumbo: '500 kg' }`);
 * - `density`: kilograms per litre (a decimal string, `'1.32'`) of this supplier's product: only with
 *   it is a volume turned into a mass or back, and the conversion is said in the Message.
 */
export interface PackConventions {
  each?: string;
  kinds?: Readonly<Record<string, string>>;
  density?: string;
}

/** A size a convention states, as a pack size cell would (`'20 l'`, `'1000L'`, `'1 t'`); checked by {@link conventionSize}. */
const SizeText = z
  .string()
  .refine((text) => conventionSize(text) !== null, 'a size and a volume or mass unit, such as 20 l or 25 kg');

/**
 * The zod schema of {@link PackConventions}: the one shape of pack conventions, for the import's
 * reading settings and a supplier recipe's `packs` alike. Unknown keys are refused (a misspelt `eachh`
 * must not pass as no convention).
 */
export const PackConventionsSchema = z
  .object({
    each: SizeText.optional(),
    kinds: z.record(z.string().min(1), SizeText).optional(),
    density: z
      .string()
      .regex(/^(?:\d+(?:\.\d+)?|\.\d+)$/, 'kilograms per litre, a decimal such as 1.32')
      .refine((text) => compareDecimals(canonicalDecimal(text), '0') > 0, 'a density above 0')
      .optional(),
  })
  .strict();

/** A size a convention states, read: a decimal string in a service unit. */
export interface ConventionSize {
  size: string;
  unit: PackUnit;
  written: string;
}

const SIZE = /^((?:[1-9]\d{0,2}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)\s*(\p{L}[\p{L}.]*)$/u;

/**
 * A convention's size text (`'200 l'`, `'1,000 L'`, `'25kg'`) read, or null when it is not a positive
 * number and a volume or mass unit (the convention is then ignored, never guessed).
 */
export function conventionSize(text: string): ConventionSize | null {
  const m = SIZE.exec(text.trim());
  if (!m) return null;
  const measure = measureOf(m[2]!);
  if (!measure) return null;
  const size = multiplyDecimals(canonicalDecimal(m[1]!.replace(/,/g, '')), measure.factor);
  if (compareDecimals(size, '0') <= 0) return null;
  return { size, unit: measure.unit, written: text.trim() };
}

/** What the conventions say one `word` (a kind word, or any word a convention names) holds; null when they are silent. */
export function conventionForKind(
  conventions: PackConventions | undefined,
  word: string,
): (ConventionSize & { kind: PackKind | null }) | null {
  const kinds = conventions?.kinds;
  if (!kinds) return null;
  const kind = kindOf(word);
  const key = wordKey(word);
  for (const [name, size] of Object.entries(kinds)) {
    if (wordKey(name) === key || (kind !== null && kindOf(name) === kind)) {
      const read = conventionSize(size);
      return read ? { ...read, kind } : null;
    }
  }
  return null;
}

/** What the conventions say one counted item holds, or null. */
export function conventionForEach(conventions: PackConventions | undefined): ConventionSize | null {
  return conventions?.each === undefined ? null : conventionSize(conventions.each);
}

/** The stated density (kg per litre) as a canonical positive decimal, or null when none or not a positive number. */
export function conventionDensity(conventions: PackConventions | undefined): string | null {
  const text = conventions?.density?.trim();
  if (!text || !/^(?:\d+(?:\.\d+)?|\.\d+)$/.test(text)) return null;
  const density = canonicalDecimal(text);
  return compareDecimals(density, '0') > 0 ? density : null;
}
