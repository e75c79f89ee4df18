/**
 * Profiles: saved mappings that say which sheets they are for, by the headers of the sheet they were
 * made from (`signature`). An import without a mapping file takes the profile whose headers are all
 * in one of the sheet's first rows, the one with the most headers when several fit; two that fit
 * equally are not chosen between. Pure.
 */
import { RESULT_COLUMNS, markedHeader, normaliseHeader, type ImportKind } from '../kinds/index.ts';
import type { Grid } from './grid.ts';
import { isBlank } from './grid.ts';
import type { SavedMapping } from './saved-mapping.ts';

/** How many rows from the top a profile's headers are looked for in (as the header row is). */
const PROFILE_SEARCH_ROWS = 30;

/** A named saved mapping, as the profiles folder holds them. */
export interface Profile {
  name: string;
  mapping: SavedMapping;
}

/** Which profile an import takes, and why; or why none. */
export type ProfileChoice =
  | { profile: Profile; rowNumber: number }
  | { profile: null; reason: 'none_fit' }
  | { profile: null; reason: 'tie'; names: string[] };

/** Headers of the result columns shed writes: no part of what a sheet is. */
const RESULT_HEADERS = new Set(
  RESULT_COLUMNS.flatMap((name) => [normaliseHeader(name), normaliseHeader(markedHeader(name))]),
);

/**
 * The signature of a header row: its non-empty headers, normalised (`normaliseHeader`, shared/kinds), in
 * order, less the result columns an earlier run wrote (Status, Record ID, …): next month's sheet has none.
 */
export function headerSignature(headers: readonly string[]): string[] {
  return headers.map(normaliseHeader).filter((h) => h !== '' && !RESULT_HEADERS.has(h));
}

/**
 * The profile for `grid`: among the profiles of `kind` that carry a signature, those whose every
 * header is in one row among the first 30; of those, the one with the longest signature.
 */
export function chooseProfile(grid: Grid, kind: ImportKind, profiles: readonly Profile[]): ProfileChoice {
  const rows = grid.rows.slice(0, PROFILE_SEARCH_ROWS).map((row) => ({
    rowNumber: row.rowNumber,
    headers: new Set(row.cells.map((c) => (isBlank(c) ? '' : normaliseHeader(String(c)))).filter((h) => h !== '')),
  }));
  const fits = profiles.flatMap((profile) => {
    const signature = profile.mapping.signature ?? [];
    if (signature.length === 0 || (profile.mapping.kind !== undefined && profile.mapping.kind !== kind)) return [];
    const row = rows.find((r) => signature.every((h) => r.headers.has(h)));
    return row ? [{ profile, rowNumber: row.rowNumber, size: signature.length }] : [];
  });
  if (fits.length === 0) return { profile: null, reason: 'none_fit' };
  fits.sort((a, b) => b.size - a.size);
  const [best, next] = fits;
  if (next && next.size === best!.size)
    return {
      profile: null,
      reason: 'tie',
      names: fits.filter((f) => f.size === best!.size).map((f) => f.profile.name),
    };
  return { profile: best!.profile, rowNumber: best!.rowNumber };
}
