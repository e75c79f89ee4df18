import { describe, expect, it } from 'vitest';
import {
  TOKEN_KEY_PREFIX,
  memoryTokenStore,
  tokenKey,
  webTokenStore,
  type KeyValueStorage,
} from '../../../addin/app/token-store.ts';

/** Web Storage over a Map, as localStorage behaves. */
function mapStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
  };
}

/** Storage that refuses every call, as a blocked localStorage does (SecurityError). */
const blocked: KeyValueStorage = {
  getItem: () => {
    throw new DOMException('blocked', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('blocked', 'SecurityError');
  },
};

describe('token store (the add-in storage, never the workbook)', () => {
  it('keeps one token per base URL, a trailing slash making no difference', () => {
    const storage = mapStorage();
    const tokens = webTokenStore(storage);
    tokens.set('https://inputs.example.com/', 'secret-a');
    tokens.set('http://127.0.0.1:4010', 'secret-b');
    expect(tokens.get('https://inputs.example.com')).toBe('secret-a');
    expect(tokens.get('https://inputs.example.com//')).toBe('secret-a');
    expect(tokens.get('http://127.0.0.1:4010/')).toBe('secret-b');
    expect(tokens.get('https://other.example.com')).toBeNull();
    expect([...storage.map.keys()].sort()).toEqual([
      `${TOKEN_KEY_PREFIX}http://127.0.0.1:4010`,
      `${TOKEN_KEY_PREFIX}https://inputs.example.com`,
    ]);
  });

  it('replaces and forgets', () => {
    const storage = mapStorage();
    const tokens = webTokenStore(storage);
    tokens.set('https://a.example', 'one');
    tokens.set('https://a.example', 'two');
    expect(tokens.get('https://a.example')).toBe('two');
    tokens.remove('https://a.example/');
    expect(tokens.get('https://a.example')).toBeNull();
    expect(storage.map.size).toBe(0);
    expect(() => tokens.remove('https://never.example')).not.toThrow();
  });

  it('reads a blocked storage as empty and drops writes, without throwing', () => {
    const tokens = webTokenStore(blocked);
    expect(() => tokens.set('https://a.example', 'x')).not.toThrow();
    expect(tokens.get('https://a.example')).toBeNull();
    expect(() => tokens.remove('https://a.example')).not.toThrow();
  });

  it('tokenKey trims spaces and trailing slashes', () => {
    expect(tokenKey('  https://a.example/shed/ ')).toBe(`${TOKEN_KEY_PREFIX}https://a.example/shed`);
  });

  it('memory store behaves the same', () => {
    const tokens = memoryTokenStore({ 'https://a.example/': 't' });
    expect(tokens.get('https://a.example')).toBe('t');
    tokens.remove('https://a.example');
    expect(tokens.keys()).toEqual([]);
  });
});

describe('webTokenStore under a partition key', () => {
  it('keys start with the partition key Office gives, so partitions never share a token', () => {
    const storage = mapStorage();
    const map = storage.map;
    webTokenStore(storage, 'p-1').set('https://inputs.example.com/', 'secret');
    expect([...map.keys()]).toEqual([tokenKey('https://inputs.example.com', 'p-1')]);
    expect([...map.keys()][0]).toMatch(/^p-1\//);
    expect(webTokenStore(storage, 'p-2').get('https://inputs.example.com')).toBeNull();
    expect(webTokenStore(storage).get('https://inputs.example.com')).toBeNull();
  });
});
