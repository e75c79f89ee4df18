/** The CLI's SHA-256 of many lines: Node's incremental hash, so the whole text is never held at once. */
import { createHash } from 'node:crypto';
import type { LinesDigest } from '../../shared/hash/digest.ts';

/** SHA-256 of `lines` joined by `\n`, fed to the hash one line at a time. */
export const nodeSha256Lines: LinesDigest = async (lines) => {
  const hash = createHash('sha256');
  let first = true;
  for (const line of lines) {
    if (!first) hash.update('\n');
    hash.update(line);
    first = false;
  }
  return hash.digest('hex');
};

/** SHA-256 of bytes, hex: what a file held, to tell whether it changed since. */
export function nodeSha256Bytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
