/**
 * Where the API token is kept: the add-in's own storage (`localStorage` of the add-in's origin,
 * which Office partitions per add-in), never the workbook, so a shared file never carries it.
 * One token per service base URL.
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
 * The storage key of a base URL's token: the prefix and the URL without a trailing slash, so
 * `https://inputs.example.com/` and `https://inputs.example.com` share one token.
 */
export function tokenKey(baseUrl: string): string {
  return `${TOKEN_KEY_PREFIX}${baseUrl.trim().replace(/\/+$/, '')}`;
}

/**
 * A {@link TokenStore} over Web Storage. Storage that refuses to work (private mode, full, blocked
 * by policy) reads as empty and drops writes, so the add-in still works for the session: the user
 * then types the token each time.
 */
export function webTokenStore(storage: KeyValueStorage): TokenStore {
  return {
    get(baseUrl) {
      try {
        return storage.getItem(tokenKey(baseUrl));
      } catch {
        return null;
      }
    },
    set(baseUrl, token) {
      try {
        storage.setItem(tokenKey(baseUrl), token);
      } catch {
        // Storage blocked or full: the token lives only as long as the task pane.
      }
    },
    remove(baseUrl) {
      try {
        storage.removeItem(tokenKey(baseUrl));
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
