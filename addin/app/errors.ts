/**
 * Turning any failure into the one line the task pane shows (in its status region, read out by
 * screen readers). The core's typed errors already say what, where and how to fix; this adds what
 * only a browser needs to hear (CORS) and never shows a stack.
 */
import { ShedError } from '../../shared/errors/shed-error.ts';
import { paneText } from './remedy-wording.ts';

/** Where the task pane runs, for hints: its origin (e.g. `https://localhost:3000`). */
export interface ErrorContext {
  origin?: string;
}

/** A failure for the pane: a plain sentence, and the technical line behind a "Details" disclosure. */
export interface Failure {
  text: string;
  detail?: string;
}

/**
 * A failure as a bookkeeper reads it: what happened and what to do, in plain words, for the
 * failures a pane meets (token refused 401, no subscription 403, not found 404, service not
 * reachable, no answer); the core's message, with its request line, goes into `detail`. Other
 * {@link ShedError}s already say what, where and how to fix: their message is the text.
 */
export function describeFailure(error: unknown, context: ErrorContext = {}): Failure {
  if (error instanceof ShedError) {
    const detail = error.message;
    switch (error.code) {
      case 'unauthenticated':
        return { text: 'The service did not accept the API token. Paste it again and connect.', detail };
      case 'no_entitlement':
        return {
          text: 'This organisation has no active shed subscription, so the service refused. Choose another organisation, or ask its owner to subscribe.',
          detail,
        };
      case 'not_found':
        return {
          text: 'The service does not know this organisation or record, or the token cannot see it. Connect again to choose the organisation.',
          detail,
        };
      case 'network_error': {
        const origin = context.origin ? ` (${context.origin})` : '';
        return {
          text: `Cannot reach the service. Check the service address and the internet connection; if the service is up, it may not accept requests from this add-in${origin}.`,
          detail,
        };
      }
      case 'timeout':
        return { text: 'The service did not answer in time. Try again in a moment.', detail };
      default:
        return { text: paneText(error.message, error.remedies) };
    }
  }
  if (error instanceof Error) {
    if (error.name === 'AbortError') return { text: 'Cancelled.' };
    return { text: error.message || 'Something went wrong.' };
  }
  return { text: String(error) };
}

/** {@link describeFailure} as one line (for places with no room for details: a mapping problem). */
export function describeError(error: unknown, context: ErrorContext = {}): string {
  return describeFailure(error, context).text;
}
