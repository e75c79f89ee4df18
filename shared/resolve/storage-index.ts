/**
 * The storages of one organisation indexed for resolution: by id and by normalised name.
 */
import type { Storage } from '../schemas/resources.ts';
import { compareNames, normaliseName, quoteList, shownText } from './normalise.ts';
import type { NameMeaning } from './resolution.ts';
import type { NameChoice } from './suggest.ts';

/** Storages by lower-case id, by normalised name, and the unambiguous names (for suggestions and drop-downs). */
export interface StorageIndex {
  byId: Map<string, Storage>;
  byName: Map<string, NameMeaning<Storage>>;
  choices: NameChoice[];
}

/**
 * Indexes storages (already limited to the organisation). Two storages whose names normalise the
 * same make that name ambiguous; the refusal lists both with their ids, and the ids are the candidates.
 * A storage listed twice (same id) is one storage; the first listing wins.
 */
export function buildStorageIndex(storages: readonly Storage[]): StorageIndex {
  const byId = new Map<string, Storage>();
  const groups = new Map<string, Storage[]>();
  for (const storage of storages) {
    const id = storage.id.toLowerCase();
    if (byId.has(id)) continue;
    byId.set(id, storage);
    const key = normaliseName(storage.name);
    if (key === '') continue;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [storage]);
    else group.push(storage);
  }
  const byName = new Map<string, NameMeaning<Storage>>();
  const choices: NameChoice[] = [];
  for (const [key, group] of groups) {
    const [only, ...others] = group;
    if (only !== undefined && others.length === 0) {
      byName.set(key, { ok: true, value: only });
      choices.push({ key, display: shownText(only.name) });
      continue;
    }
    // The names normalise alike, so order by id: stable whatever order the service listed them in.
    const sorted = [...group].sort((a, b) => compareNames(a.id, b.id));
    const labels = sorted.map((s) => `'${shownText(s.name)}' (id ${s.id})`).join(', ');
    byName.set(key, {
      ok: false,
      detail: `it names ${group.length} storages: ${labels}; write the storage's id instead`,
      candidates: sorted.map((s) => s.id),
    });
  }
  return { byId, byName, choices };
}

/** Storages a farm has at most for all of them to be named when none is close to what was written. */
const STORAGES_LISTED = 12;

/**
 * `no storage named 'Main Shed'; closest: 'Main Chemical Shed'`; with no close name, the organisation's
 * storages when they are few (`no storage named 'Nope'; its storages: 'Fertiliser Bunker', ...`), so
 * the bookkeeper sees what to write; else the name alone.
 * @param all the organisation's storage names as shown (from {@link buildStorageIndex}'s choices).
 */
export function unknownStorageMessage(
  shown: string,
  suggestions: readonly string[],
  all: readonly string[] = [],
): string {
  if (suggestions.length > 0) return `no storage named '${shown}'; closest: ${quoteList(suggestions)}`;
  if (all.length > 0 && all.length <= STORAGES_LISTED)
    return `no storage named '${shown}'; its storages: ${quoteList([...all].sort())}`;
  return `no storage named '${shown}'`;
}
