/** Errors of the sandbox itself: an option out of range, seed or state data that cannot be used. */
import { ShedError } from '../shared/errors/shed-error.ts';

/** An option of the sandbox is out of range (e.g. a failure rate of 2). Code `sandbox_option_invalid`. */
export class SandboxOptionError extends ShedError {
  constructor(message: string) {
    super('sandbox_option_invalid', 'usage', message);
  }
}

/**
 * The seed or the `--data` file cannot be used: unreadable, not JSON, or records that contradict
 * each other (a storage of an unknown organisation, ...). Code `sandbox_data_invalid`.
 */
export class SandboxDataError extends ShedError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('sandbox_data_invalid', 'config', message, options);
  }
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../shared/errors/shed-error.ts' {
  interface ErrorCodes {
    SandboxOptionError: 'sandbox_option_invalid';
    SandboxDataError: 'sandbox_data_invalid';
  }
}
