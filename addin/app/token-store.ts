/**
 * Where the API token is kept: the add-in's own storage (`localStorage` of the add-in's origin),
 * never the workbook, so a shared file never carries it. One token per service base URL. Where
 * Office gives a partition key (`Office.context.partitionKey`: Office on the web and others that
 * partition storage), keys start with it as Microsoft asks; where it gives none (Windows desktop
 * Office), the storage is the origin's, shared with any page of that origin in the same runtime.
 */

/** The part of the Web Storage API the store uses (`window.localStorage` satisfies it). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Tokens by service base URL. Implementations never log or expose the token. */
export interface TokenStore {
  /** The token saved for this base URL, or null. */
  get(baseUrl: string): string | null;
  /** Saves the token for this base URL (replacing any). */
  set(baseUrl: string, token: string): void;
  /** Forgets the token of this base URL. */
  remove(baseUrl: string): void;
}

/** The prefix of every key the add-in writes into its storage. */
export const TOKEN_KEY_PREFIX = 'shed-sheets.token:';

/**
 * The storage key of a base URL's token: the partition key when Office gives one, the prefix, and the
 * URL without a trailing slash, so `https://inputs.example.com/` and `https://inputs.example.com` share one token.
 */
export function tokenKey(baseUrl: string, partitionKey?: string): string {
  return `${partitionKey ? `${partitionKey}/` : ''}${TOKEN_KEY_PREFIX}${baseUrl.trim().replace(/\/+$/, '')}`;
}

/**
 * A {@link TokenStore} over Web Storage, under `partitionKey` when Office gives one. Storage that refuses to work (private mode, full, blocked
 * by policy) reads as empty and drops writes, so the add-in still works for the session: the user
 * then types the token each time.
 */
export function webTokenStore(storage: KeyValueStorage, partitionKey?: string): TokenStore {
  const key = (baseUrl: string) => tokenKey(baseUrl, partitionKey);
  return {
    get(baseUrl) {
      try {
        return storage.getItem(key(baseUrl));
      } catch {
        return null;
      }
    },
    set(baseUrl, token) {
      try {
        storage.setItem(key(baseUrl), token);
      } catch {
        // Storage blocked or full: the token lives only as long as the task pane.
      }
    },
    remove(baseUrl) {
      try {
        storage.removeItem(key(baseUrl));
      } catch {
        // Nothing was stored.
      }
    },
  };
}

/** A {@link TokenStore} in memory (tests, and a fallback when the page has no `localStorage`). */
export function memoryTokenStore(initial: Record<string, string> = {}): TokenStore & { keys(): string[] } {
  const map = new Map<string, string>(Object.entries(initial).map(([url, token]) => [tokenKey(url), token]));
  return {
    get: (baseUrl) => map.get(tokenKey(baseUrl)) ?? null,
    set: (baseUrl, token) => void map.set(tokenKey(baseUrl), token),
    remove: (baseUrl) => void map.delete(tokenKey(baseUrl)),
    keys: () => [...map.keys()],
  };
}
