/**
 * Turning any failure into the one line the task pane shows (in its status region, read out by
 * screen readers). The core's typed errors already say what, where and how to fix; this adds what
 * only a browser needs to hear (CORS) and never shows a stack.
 */
import { ShedError } from '../../shared/errors/shed-error.ts';

/** Where the task pane runs, for hints: its origin (e.g. `https://localhost:3000`). */
export interface ErrorContext {
  origin?: string;
}

/**
 * A failure as a sentence for the user.
 * - {@link ShedError}: its message (a refused token: what to do in the task pane); for `connection` errors a hint that a browser also reports a
 *   service that does not allow the add-in's origin (CORS) as unreachable;
 * - an aborted run: "Cancelled.";
 * - anything else: its message, or a generic line.
 */
export function describeError(error: unknown, context: ErrorContext = {}): string {
  if (error instanceof ShedError) {
    // The core's own message points at `shed login`, which a task pane user does not have.
    if (error.code === 'unauthenticated') {
      return 'The service refused the API token (401 Unauthorized): check it, paste it again and connect.';
    }
    if (error.category === 'connection' && error.code === 'network_error') {
      const origin = context.origin ? ` (${context.origin})` : '';
      return `${error.message} In a task pane this also happens when the service does not allow requests from the add-in's origin${origin}: its CORS settings must list it.`;
    }
    return error.message;
  }
  if (error instanceof Error) {
    if (error.name === 'AbortError') return 'Cancelled.';
    return error.message || 'Something went wrong.';
  }
  return String(error);
}
