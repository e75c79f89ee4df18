/** The error of a 403: the organisation has no active shed subscription, or the token may not reach it. */
import { HttpError, bodySummary, type HttpAnswer } from './http-error.ts';
import type { RequestTarget } from './request-error.ts';

/**
 * 403: the organisation has no active shed subscription (gaps row 4), or the token may not reach it
 * (gaps row 3 tolerates 403 there). Code `no_entitlement`, category `entitlement` (CLI exit status 3).
 */
export class EntitlementError extends HttpError {
  constructor(target: RequestTarget, answer: HttpAnswer) {
    const said = bodySummary(answer.body);
    super(target, answer, {
      code: 'no_entitlement',
      category: 'entitlement',
      detail:
        'The organisation has no active shed subscription, or this token may not access it' + (said ? `. ${said}` : ''),
    });
  }
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module './shed-error.ts' {
  interface ErrorCodes {
    EntitlementError: 'no_entitlement';
  }
}
