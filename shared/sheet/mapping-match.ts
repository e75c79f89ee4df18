/**
 * Matching header texts to fields by synonym (shared/kinds/field-registry.ts), in three passes of decreasing certainty;
 * each field takes at most one column and each column at most one field:
 * 1. exact: the normalised header is a synonym (`No. of packs` → quantity);
 * 2. without bracketed parts: `Qty (packs)` → `qty` → quantity, `Pack Size [L]` → pack_size; and, for a
 *    field holding money (the pack cost, the line total), also without what the header says of GST
 *    (`Price incl GST` → `price` → pack_cost: price-basis.ts reads the qualifier for the price basis);
 * 3. whole words: a run of the header's words is a synonym, the longest run wins, and it covers at least
 *    half the words (`Supplier name / vendor` → supplier); when no run is, the same without what the header
 *    says of GST, for a field holding money (`Cost Price incl. GST`). A header whose longest runs name two
 *    different fields (`Total Qty`) is left unplaced.
 * Within a pass, a more specific synonym (earlier in the field's list) wins, then the leftmost column:
 * with `Date` and `Date Received` both present, `Date Received` is the date received.
 */
import { kindOf, normaliseHeader, words, type FieldSpec, type ImportKind, type MappedField } from '../kinds/index.ts';
import { withoutGstQualifier } from './price-basis.ts';

export type { MappedField } from '../kinds/index.ts';
/** The header's words as the matching sees them (shared/kinds/field-spec.ts). */
export { words } from '../kinds/index.ts';

/** Columns already decided (by a saved mapping) and fields that must not be guessed. */
export interface PresetColumns {
  columns: ReadonlyMap<MappedField, number>;
  excluded: ReadonlySet<MappedField>;
}

/** The matching's result: field → 0-based column (presets included) and how many matched exactly. */
export interface HeaderMatch {
  columns: Map<MappedField, number>;
  exact: number;
}

interface Candidate {
  column: number;
  field: MappedField;
  /** Lower is better: longer word runs first (pass 3), then the synonym's position in its list. */
  rank: number;
}

type SynonymIndex = ReadonlyMap<string, readonly { field: MappedField; index: number }[]>;
const indexes = new Map<ImportKind, SynonymIndex>();

function synonymIndex(kind: ImportKind): SynonymIndex {
  let index = indexes.get(kind);
  if (!index) {
    const built = new Map<string, { field: MappedField; index: number }[]>();
    const { fields, synonyms } = kindOf(kind);
    for (const field of fields) {
      synonyms[field].forEach((synonym, i) => built.set(synonym, [...(built.get(synonym) ?? []), { field, index: i }]));
    }
    indexes.set(kind, built);
    index = built;
  }
  return index;
}

/**
 * Keeps the candidates for a field holding money (exported as money: the pack cost, the line total): the
 * only fields a header saying inc or ex GST can name, so `Qty inc GST` is no quantity.
 */
function moneyOnly(kind: ImportKind, candidates: Candidate[]): Candidate[] {
  const registry = kindOf(kind).registry as Readonly<Record<string, FieldSpec>>;
  return candidates.filter((c) => registry[c.field]?.export?.type === 'money');
}

/**
 * Matches header texts (by 0-based column; '' for none) to the fields of `kind`, around `preset`.
 * Pure; never throws.
 */
export function matchHeaders(headers: readonly string[], kind: ImportKind, preset?: PresetColumns): HeaderMatch {
  const columns = new Map<MappedField, number>(preset?.columns ?? []);
  const takenFields = new Set<MappedField>([...columns.keys(), ...(preset?.excluded ?? [])]);
  const takenColumns = new Set<number>(columns.values());
  const index = synonymIndex(kind);
  const assign = (candidates: Candidate[]): number => {
    let count = 0;
    candidates.sort((a, b) => a.rank - b.rank || a.column - b.column);
    for (const { column, field } of candidates) {
      if (takenFields.has(field) || takenColumns.has(column)) continue;
      columns.set(field, column);
      takenFields.add(field);
      takenColumns.add(column);
      count += 1;
    }
    return count;
  };
  const free = (column: number): boolean => !takenColumns.has(column) && (headers[column] ?? '') !== '';
  // `all`: taken fields too (a header whose words name a taken field and another is no less two-sided).
  const lookup = (column: number, key: string, rank = 0, all = false): Candidate[] =>
    (index.get(key) ?? [])
      .filter((s) => all || !takenFields.has(s.field))
      .map((s) => ({ column, field: s.field, rank: rank + s.index }));

  const exact = assign(headers.flatMap((h, c) => (free(c) ? lookup(c, normaliseHeader(h)) : [])));
  assign(headers.flatMap((h, c) => (free(c) ? bareCandidates(h, c, lookup, kind) : [])));
  assign(headers.flatMap((h, c) => (free(c) ? wordCandidates(h, c, lookup, takenFields, kind) : [])));
  return { columns, exact };
}

type Lookup = (c: number, key: string, rank?: number, all?: boolean) => Candidate[];

/** Pass 2 for one header: without brackets, and without what it says of GST for a field holding money. */
function bareCandidates(header: string, column: number, lookup: Lookup, kind: ImportKind): Candidate[] {
  const bare = stripBrackets(header);
  const unqualified = withoutGstQualifier(bare);
  const found = lookup(column, normaliseHeader(bare));
  return normaliseHeader(unqualified) === normaliseHeader(bare)
    ? found
    : [...found, ...moneyOnly(kind, lookup(column, normaliseHeader(unqualified)))];
}

/**
 * Pass 3 for one header: the longest word runs that are synonyms, if they agree on one field, counting
 * fields already placed (`Unit Price` beside a placed `Net Price` names the price and the unit: unplaced).
 * The header's words are tried with what it says of GST first (`Price ex GST inc disc` → `priceexgst`),
 * then, when no run of them is a synonym, without it, for a field holding money (`Cost Price incl. GST`).
 */
function wordCandidates(
  header: string,
  column: number,
  lookup: Lookup,
  taken: ReadonlySet<MappedField>,
  kind: ImportKind,
): Candidate[] {
  const outside = stripBrackets(header);
  const text = words(outside).length > 0 ? outside : header;
  const unqualified = runCandidates(words(withoutGstQualifier(text)), column, lookup, taken);
  return runCandidates(words(text), column, lookup, taken) ?? (unqualified && moneyOnly(kind, unqualified)) ?? [];
}

/** The candidates of the longest runs of `tokens` that are synonyms ([] when they disagree), or null when none is. */
function runCandidates(
  tokens: readonly string[],
  column: number,
  lookup: Lookup,
  taken: ReadonlySet<MappedField>,
): Candidate[] | null {
  for (let length = tokens.length; length > 0 && length * 2 >= tokens.length; length -= 1) {
    const found: Candidate[] = [];
    for (let start = 0; start + length <= tokens.length; start += 1) {
      // Longer runs rank first across columns: rank = (words not covered) * 1000 + synonym index.
      found.push(
        ...lookup(column, tokens.slice(start, start + length).join(''), (tokens.length - length) * 1000, true),
      );
    }
    if (found.length === 0) continue;
    if (new Set(found.map((f) => f.field)).size !== 1) return [];
    // Agreeing on one field: a candidate only while that field is free.
    return found.filter((f) => !taken.has(f.field));
  }
  return null;
}

/** The header without `(...)`, `[...]` and `{...}` parts: units and remarks. */
export function stripBrackets(header: string): string {
  return header.replace(/\([^)]*\)|\[[^\]]*]|\{[^}]*}/g, ' ');
}
