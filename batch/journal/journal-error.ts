/** The error of a journal that cannot be used (a link, unreadable, held by another run): nothing is sent. */
import { ShedError } from '../../shared/errors/shed-error.ts';

/**
 * Stable codes of {@link JournalError}:
 * - `journal_is_link`: the journal (or its lock) is a symbolic link; it is never written through one.
 * - `journal_unreadable`: the journal exists but cannot be read or repaired.
 * - `import_running`: another import holds the lock of this input (its content, in this organisation) or journal.
 * - `lock_unwritable`: the lock cannot be written (disk full, no permission, read-only disk): nothing of
 *   it is left behind, nothing was sent.
 * - `journal_unwritable`: the journal cannot be written while sending (the record is not sent, or its
 *   row says it failed; a re-run checks the service first).
 * - `journal_other_service`: the journal records writes to another service than the one connected to
 *   (organisation ids may be the same on two services): undo and import refuse it, nothing changed.
 */
export type JournalErrorCode =
  | 'journal_is_link'
  | 'journal_unreadable'
  | 'import_running'
  | 'lock_unwritable'
  | 'journal_unwritable'
  | 'journal_other_service';

/** Words for the file-system error codes a user can act on; others are named by their own message. */
const FS_REASONS: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the disk is read-only',
  EACCES: 'permission denied',
  EPERM: 'the operation is not permitted',
  ENOENT: 'the folder does not exist',
  ENOTDIR: 'a part of the path is not a folder',
  EMFILE: 'too many files are open',
  EIO: 'the disk reported an input/output error',
};

/** A file-system error in words: `the disk is full (ENOSPC)`, else its own message. */
export function fsReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const words = code ? FS_REASONS[code] : undefined;
  return words ? `${words} (${code})` : String((error as Error | null)?.message ?? error);
}

/**
 * The journal of an import cannot be used, so nothing is sent (exit status 2). The message names the
 * file and says what to do.
 */
export class JournalError extends ShedError {
  declare readonly code: JournalErrorCode;
  /** The journal or lock file concerned. */
  readonly file: string;

  constructor(code: JournalErrorCode, file: string, message: string, options?: { cause?: unknown }) {
    super(code, 'usage', message, options);
    this.file = file;
  }
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../../shared/errors/shed-error.ts' {
  interface ErrorCodes {
    JournalError: JournalErrorCode;
  }
}
