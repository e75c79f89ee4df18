/** The SHA-256 of a file's bytes, streamed: what the input lock of an import is keyed on. */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { JournalError, fsReason } from './journal-error.ts';

/**
 * The SHA-256 (hex) of a file's bytes, read in chunks (a large workbook is never held whole).
 * @throws JournalError `journal_unreadable` when the file cannot be read (nothing is sent).
 */
export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  } catch (error) {
    throw new JournalError(
      'journal_unreadable',
      path,
      `Cannot read ${path} to take its lock: ${fsReason(error)}. Nothing was sent`,
      { cause: error },
    );
  }
  return hash.digest('hex');
}
