import { HttpError, type HttpAnswer } from './http-error.ts';
import type { RequestTarget } from './request-error.ts';

/**
 * 401: the token is missing, wrong or revoked (gaps row 2; any body or none is accepted).
 * Code `unauthenticated`, category `authentication` (CLI exit status 3).
 */
export class AuthenticationError extends HttpError {
  constructor(target: RequestTarget, answer: HttpAnswer) {
    super(target, answer, {
      code: 'unauthenticated',
      category: 'authentication',
      detail: 'The API token was refused.',
      // Each face says how to give it again (the CLI's login, the pane's Connect tab).
      remedies: [{ code: 'check_token' }],
    });
  }
}
