/** SHA-256 through Web Crypto, which the browser and Node both have (no `node:` import in shared/). */

/** The SHA-256 of `text` (UTF-8), as 64 lower-case hex digits. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
