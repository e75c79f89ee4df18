/**
 * Who a supplier is, whatever the spelling: an ABN (Australia) or NZBN (New Zealand) when the sheet or
 * the e-invoice carries one, else the name with case, punctuation, `&`/`and` and legal suffixes (Pty Ltd,
 * Ltd, Limited, Inc, Co, …) removed. Supplier recipes, duplicate checks and e-invoices key on it.
 */

import { normaliseName } from '../resolve/normalise.ts';

/** How a supplier identity was made: from a business number, or from the name alone. */
export type SupplierIdentityKind = 'abn' | 'nzbn' | 'name';

/** A supplier's identity: `key` is what is compared and stored (`abn:51824753556`, `name:farmco rural`). */
export interface SupplierIdentity {
  readonly kind: SupplierIdentityKind;
  /** Stable key: `abn:` + 11 digits, `nzbn:` + 13 digits, or `name:` + the normalised name. */
  readonly key: string;
  /** The name as normalised (empty when only a number was given). */
  readonly name: string;
}

/** Legal suffixes and forms removed from the end of a name (after punctuation is removed). */
const LEGAL_SUFFIXES = [
  'proprietary limited',
  'pty limited',
  'pty ltd',
  'pty',
  'proprietary',
  'limited',
  'ltd',
  'incorporated',
  'inc',
  'corporation',
  'corp',
  'company',
  'co',
  'llc',
  'plc',
  'nz',
  'australia',
  'aust',
  'aus',
  'the',
];

/** Weights of the ABN check (Australian Business Register's published algorithm). */
const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/**
 * Whether 11 digits are a valid ABN: subtract 1 from the first digit, weight, sum, divisible by 89.
 * @param digits exactly 11 digits, no spaces
 */
export function isValidAbn(digits: string): boolean {
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = [...digits].reduce((total, d, i) => total + (Number(d) - (i === 0 ? 1 : 0)) * ABN_WEIGHTS[i]!, 0);
  return sum % 89 === 0;
}

/**
 * Whether 13 digits are a valid NZBN: a GS1 global location number starting 94, with its GS1 check digit.
 * @param digits exactly 13 digits, no spaces
 */
export function isValidNzbn(digits: string): boolean {
  if (!/^94\d{11}$/.test(digits)) return false;
  const body = [...digits.slice(0, 12)].map(Number);
  const sum = body.reduce((total, d, i) => total + d * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === Number(digits[12]);
}

/**
 * A business number as written (`51 824 753 556`, `ABN 51-824-753-556`, `9429041234567`, a Peppol
 * participant id `0151:51824753556` or `0088:9429041234567`) → its kind and digits, or null when it is
 * not a valid ABN or NZBN (a wrong check digit is not guessed at).
 */
export function parseBusinessNumber(text: string): { kind: 'abn' | 'nzbn'; digits: string } | null {
  const digits = String(text ?? '')
    .replace(/^\s*(?:abn|nzbn|0151|0088)\s*[:#]?\s*/i, '')
    .replace(/[\s\-.]/g, '');
  if (isValidAbn(digits)) return { kind: 'abn', digits };
  if (isValidNzbn(digits)) return { kind: 'nzbn', digits };
  return null;
}

/**
 * A supplier's name as compared between spellings: `normaliseName`, then `&` as `and`, punctuation
 * removed, and legal suffixes stripped from the end (repeatedly: "Farmco Rural Supplies Pty. Ltd." →
 * "farmco rural supplies"). A name that is nothing but a suffix is kept as it was normalised.
 * @example supplierName('FARMCO Rural Supplies Pty. Ltd.') === 'farmco rural supplies'
 */
export function supplierName(name: string): string {
  const plain = normaliseName(name)
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  let words = plain.split(' ').filter(Boolean);
  for (let changed = true; changed && words.length > 1;) {
    changed = false;
    for (const suffix of LEGAL_SUFFIXES) {
      const parts = suffix.split(' ');
      const tail = words.slice(-parts.length).join(' ');
      if (words.length > parts.length && tail === suffix) {
        words = words.slice(0, -parts.length);
        changed = true;
        break;
      }
    }
  }
  return words.join(' ');
}

/**
 * The identity of a supplier from its name and, when known, its business number (ABN/NZBN). A valid
 * number wins; an invalid one is ignored (the name is used), so a typo never merges two suppliers.
 * @param supplier `name` as written; `businessNumber` as written, optional
 * @returns null when there is neither a name nor a valid number
 */
export function supplierIdentity(supplier: {
  name?: string | null;
  businessNumber?: string | null;
}): SupplierIdentity | null {
  const name = supplier.name ? supplierName(supplier.name) : '';
  const number = supplier.businessNumber ? parseBusinessNumber(supplier.businessNumber) : null;
  if (number) return { kind: number.kind, key: `${number.kind}:${number.digits}`, name };
  if (!name) return null;
  return { kind: 'name', key: `name:${name}`, name };
}
