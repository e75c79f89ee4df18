/** The error of a 404: no such record, or one the token cannot see. */
import { HttpError, type HttpAnswer } from './http-error.ts';
import type { RequestTarget } from './request-error.ts';

/**
 * 404: no such record, a record of another organisation, or an organisation the token cannot see
 * (gaps rows 3 and 7: the service does not say which). Code `not_found`, category `input`.
 */
export class NotFoundError extends HttpError {
  constructor(target: RequestTarget, answer: HttpAnswer) {
    super(target, answer, {
      code: 'not_found',
      category: 'input',
      detail: 'No such record, or it belongs to an organisation this token cannot access',
    });
  }
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module './shed-error.ts' {
  interface ErrorCodes {
    NotFoundError: 'not_found';
  }
}
