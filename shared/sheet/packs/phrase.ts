/**
 * The words the pack engine puts in a row's Message: what a descriptor was read as
 * (`80 l = 4 × 20 l drums`, `20 l = carton of 4 × 5 l`, `1000 l IBC`).
 */
import { multiplyDecimals } from '../values/decimal.ts';
import type { PackKind, PackUnit } from './vocabulary.ts';

/** The fields of a reading a phrase is made of. */
export interface PhraseParts {
  matched: string;
  packs: string | null;
  inner: { count: string; size: string } | null;
  size: string;
  unit: PackUnit;
  kind: PackKind | null;
  source: 'text' | 'convention';
}

/** A kind in the plural (`drum` → `drums`, `box` → `boxes`, `IBC` → `IBCs`). */
export function plural(kind: PackKind): string {
  return /(x|s|ch)$/.test(kind) ? `${kind}es` : `${kind}s`;
}

/** `20 l drum`, `1000 l IBC`, `25 kg bag`, `20 l` (no kind). */
export function onePack(size: string, unit: PackUnit, kind: PackKind | null): string {
  return kind ? `${size} ${unit} ${kind}` : `${size} ${unit}`;
}

/**
 * The line said whole: `quantity` packs of the reading's size. `80 l = 4 × 20 l drums`;
 * `60 l = 3 × carton of 4 × 5 l`; `20 l = 1 × 20 l drum`.
 */
export function linePhrase(quantity: string, parts: PhraseParts): string {
  const total = multiplyDecimals(quantity, parts.size);
  const pack = parts.inner
    ? `${parts.kind ?? 'pack'} of ${parts.inner.count} × ${parts.inner.size} ${parts.unit}`
    : quantity === '1' || !parts.kind
      ? onePack(parts.size, parts.unit, parts.kind)
      : `${parts.size} ${parts.unit} ${plural(parts.kind)}`;
  return `${total} ${parts.unit} = ${quantity} × ${pack}`;
}

/** What one descriptor says, for its context: a quantity cell's count is said whole, a size alone as one pack. */
export function describePack(parts: PhraseParts, context: 'quantity' | 'size' | 'product'): string {
  const convention = parts.source === 'convention' ? " (this supplier's pack convention)" : '';
  if (context === 'quantity' && parts.packs !== null) return `${linePhrase(parts.packs, parts)}${convention}`;
  if (parts.inner) {
    const total = `${parts.size} ${parts.unit}`;
    return `${total} = ${parts.kind ?? 'pack'} of ${parts.inner.count} × ${parts.inner.size} ${parts.unit}${convention}`;
  }
  return `${onePack(parts.size, parts.unit, parts.kind)}${convention}`;
}
