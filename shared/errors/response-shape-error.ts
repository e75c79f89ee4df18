/** The error of a 2xx body that is not JSON or does not match the resource's schema. */
import { RequestError, describeRequest, type RequestTarget } from './request-error.ts';

/** One way the body differed from the schema: where (`data.3.received_at`) and what was expected. */
export interface ShapeIssue {
  path: string;
  message: string;
}

/**
 * A 2xx body that is not JSON or does not match the resource's zod schema (spec section 2, with the
 * tolerances of gaps.md). Not retried. Code `unexpected_response`, category `service`. The message
 * names the method, URL and the first issues. On a create (POST, 201) the record WAS created: the
 * caller must not send it again.
 */
export class ResponseShapeError extends RequestError {
  readonly status: number;
  readonly issues: ShapeIssue[];

  constructor(target: RequestTarget, status: number, issues: ShapeIssue[], options?: { cause?: unknown }) {
    const shown = issues
      .slice(0, 3)
      .map((i) => (i.path ? `${i.path}: ${i.message}` : i.message))
      .join('; ');
    const more = issues.length > 3 ? `; and ${issues.length - 3} more` : '';
    const created =
      target.method === 'POST' && status >= 200 && status < 300 ? '. The record was created: do not send it again' : '';
    super(
      'unexpected_response',
      'service',
      `Unexpected response from the service (status ${status}) to ${describeRequest(target)}: ${shown}${more}${created}`,
      target,
      options,
    );
    this.status = status;
    this.issues = issues;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), status: this.status, issues: this.issues };
  }
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module './shed-error.ts' {
  interface ErrorCodes {
    ResponseShapeError: 'unexpected_response';
  }
}
