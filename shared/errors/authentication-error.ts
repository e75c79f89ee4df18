/** The error of a 401: the token is missing, wrong or revoked. */
import { HttpError, type HttpAnswer } from './http-error.ts';
import type { RequestTarget } from './request-error.ts';

/**
 * 401: the token is missing, wrong or revoked (gaps row 2; any body or none is accepted).
 * Code `unauthenticated`, category `authentication` (CLI exit status 3); remedy `check_token`, which
 * each face words (the CLI names its login command, the task pane its Connect tab).
 */
export class AuthenticationError extends HttpError {
  constructor(target: RequestTarget, answer: HttpAnswer) {
    super(target, answer, {
      code: 'unauthenticated',
      category: 'authentication',
      detail: 'The API token was refused.',
      remedies: [{ code: 'check_token' }],
    });
  }
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module './shed-error.ts' {
  interface ErrorCodes {
    AuthenticationError: 'unauthenticated';
  }
}
