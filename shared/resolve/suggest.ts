/**
 * "Closest" suggestions for a name that matched nothing (PRODUCT.md, "Every refusal explained":
 * `no product or alias named 'Roundup Powermax 2'; closest: 'Roundup PowerMAX'`).
 */
import { distance } from 'fastest-levenshtein';
import { compareNames } from './normalise.ts';

/** A known name: its normalised form (the comparison key) and how it is shown. */
export interface NameChoice {
  key: string;
  display: string;
}

/** At most this many suggestions. */
export const SUGGESTION_LIMIT = 3;

/** A spelling is "near" when at most this share of the longer name's characters differ (at least one edit). */
const NEAR_SHARE = 0.34;

interface Prepared extends NameChoice {
  first: string;
  words: ReadonlySet<string>;
}

const LETTER = /\p{L}/u;

/** Words that identify a name: letters in them, three characters or more (not `540`, `g`, `wg`). */
function distinctiveWords(key: string): Set<string> {
  return new Set(key.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3 && LETTER.test(w)));
}

function firstWord(key: string): string {
  const space = key.indexOf(' ');
  return space < 0 ? key : key.slice(0, space);
}

/** Same start: one name begins the other, or both start with the same word (brand names come first). */
function sameStart(query: string, queryFirst: string, choice: Prepared): boolean {
  if (query.length >= 3 && choice.key.startsWith(query)) return true;
  if (choice.key.length >= 3 && query.startsWith(`${choice.key} `)) return true;
  return queryFirst.length >= 3 && LETTER.test(queryFirst) && queryFirst === choice.first;
}

function isNear(query: string, key: string, d: number): boolean {
  return d <= Math.max(1, Math.floor(Math.max(query.length, key.length) * NEAR_SHARE));
}

/**
 * Builds a suggester over known names (keys unique, already normalised). For an unknown normalised
 * name it returns up to three display names, best first, memoised per distinct name:
 * 1. names that start the same way (same first word, or one is a prefix of the other) or are
 *    spelled nearly the same (Levenshtein distance at most a third of the length), by distance;
 * 2. only when there are none: names sharing a distinctive word (`'Bulk Urea'` → `'Urea (bulk)'`),
 *    most shared words first, then by distance.
 * Names further off are not suggested at all: an empty list means nothing is close.
 */
export function createSuggester(choices: readonly NameChoice[]): (queryKey: string) => readonly string[] {
  // Prepared on the first name asked about: most plans name no unknown storage or product.
  let prepared: Prepared[] | null = null;
  const memo = new Map<string, readonly string[]>();
  return (query) => {
    const known = memo.get(query);
    if (known !== undefined) return known;
    prepared ??= choices.map((c) => ({ ...c, first: firstWord(c.key), words: distinctiveWords(c.key) }));
    const result = Object.freeze(rank(prepared, query));
    memo.set(query, result);
    return result;
  };
}

function rank(prepared: readonly Prepared[], query: string): string[] {
  const queryFirst = firstWord(query);
  const queryWords = distinctiveWords(query);
  const close: { c: Prepared; d: number }[] = [];
  const related: { c: Prepared; d: number; shared: number }[] = [];
  for (const c of prepared) {
    const d = distance(query, c.key);
    if (isNear(query, c.key, d) || sameStart(query, queryFirst, c)) {
      close.push({ c, d });
    } else if (close.length === 0) {
      let shared = 0;
      for (const w of queryWords) if (c.words.has(w)) shared += 1;
      if (shared > 0) related.push({ c, d, shared });
    }
  }
  const byDisplay = (a: { c: Prepared }, b: { c: Prepared }) => compareNames(a.c.display, b.c.display);
  if (close.length > 0) {
    close.sort((a, b) => a.d - b.d || byDisplay(a, b));
    return close.slice(0, SUGGESTION_LIMIT).map((x) => x.c.display);
  }
  related.sort((a, b) => b.shared - a.shared || a.d - b.d || byDisplay(a, b));
  return related.slice(0, SUGGESTION_LIMIT).map((x) => x.c.display);
}
