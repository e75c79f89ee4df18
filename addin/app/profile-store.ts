/**
 * Mappings kept on this computer for sheets with given headers (the pane's profiles,
 * shared/sheet/profiles.ts): after an import, the mapping used is kept under its sheet's header
 * signature, so next month's workbook with the same headers maps as this one did, with nothing
 * to set. Kept in the add-in's own storage (as the token is); one per signature.
 */
import type { Profile } from '../../shared/sheet/profiles.ts';
import { parseSavedMapping, type MappingFile } from '../../shared/sheet/saved-mapping.ts';
import type { KeyValueStorage } from './token-store.ts';

/** The prefix of every profile key. */
export const PROFILE_KEY_PREFIX = 'shed-sheets.profile:';

/** Profiles of the pane. */
export interface ProfileStore {
  /** Every profile kept; one that no longer parses is left out. */
  list(): Profile[];
  /** Keeps `mapping` (with the `signature` of its sheet's headers), replacing one of the same signature. */
  save(mapping: MappingFile & { signature: string[] }): void;
}

/**
 * A {@link ProfileStore} over Web Storage that can list its keys (`localStorage`), under Office's
 * partition key where it gives one. Storage that refuses reads as empty and drops writes.
 */
export function webProfileStore(
  storage: KeyValueStorage & { readonly length: number; key(index: number): string | null },
  partitionKey?: string,
): ProfileStore {
  const prefix = `${partitionKey ? `${partitionKey}/` : ''}${PROFILE_KEY_PREFIX}`;
  return {
    list() {
      const profiles: Profile[] = [];
      try {
        for (let i = 0; i < storage.length; i += 1) {
          const key = storage.key(i);
          if (!key?.startsWith(prefix)) continue;
          try {
            profiles.push({
              name: key.slice(prefix.length),
              mapping: parseSavedMapping(storage.getItem(key) ?? '', key),
            });
          } catch {
            // A profile written by another version that no longer parses is passed over.
          }
        }
      } catch {
        return [];
      }
      return profiles;
    },
    save(mapping) {
      try {
        storage.setItem(`${prefix}${mapping.signature.join('|')}`, JSON.stringify(mapping));
      } catch {
        // Storage blocked or full: the workbook still keeps this sheet's mapping.
      }
    },
  };
}

/** Profiles in memory (tests, storage blocked). */
export function memoryProfileStore(): ProfileStore {
  const kept = new Map<string, string>();
  return webProfileStore({
    getItem: (key) => kept.get(key) ?? null,
    setItem: (key, value) => void kept.set(key, value),
    removeItem: (key) => void kept.delete(key),
    get length() {
      return kept.size;
    },
    key: (index) => [...kept.keys()][index] ?? null,
  });
}
