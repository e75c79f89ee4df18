/** SHA-256 through Web Crypto, which the browser and Node both have (no `node:` import in shared/). */

/**
 * SHA-256 (64 lower-case hex digits) of the UTF-8 text made of `lines` joined by `\n`. Web Crypto
 * has no incremental digest, so {@link sha256Lines} joins them first; a face that has an incremental
 * one (Node's `createHash` in the CLI) passes its own and never holds the whole text.
 */
export type LinesDigest = (lines: Iterable<string>) => Promise<string>;

/** {@link LinesDigest} through Web Crypto: the lines joined, then hashed at once. */
export const sha256Lines: LinesDigest = (lines) => sha256Hex([...lines].join('\n'));

/** The SHA-256 of `text` (UTF-8), as 64 lower-case hex digits. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
