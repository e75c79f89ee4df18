/** The error of a journal that cannot be used (a link, unreadable, held by another run): nothing is sent. */
import { ShedError } from '../../shared/errors/shed-error.ts';

/**
 * Stable codes of {@link JournalError}:
 * - `journal_is_link`: the journal (or its lock) is a symbolic link; it is never written through one.
 * - `journal_unreadable`: the journal exists but cannot be read or repaired.
 * - `import_running`: another import holds the lock of this results file and organisation.
 */
export type JournalErrorCode = 'journal_is_link' | 'journal_unreadable' | 'import_running';

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
