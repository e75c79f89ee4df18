/**
 * What kind of failure an error is; the CLI's one top-level catch turns it into an exit status
 * (PRODUCT.md: 2 usage, config or unreadable input; 3 connection, authentication or entitlement).
 */
export type ErrorCategory = 'usage' | 'config' | 'input' | 'connection' | 'authentication' | 'entitlement' | 'service' | 'internal';

import type { Remedy } from './remedy.ts';

/**
 * Base of every typed error of shed-sheets: a stable machine `code` (snake_case, never changes once
 * released), a `category` for exit statuses, and a human message that says what, where and how to fix it.
 * Messages never contain the API token.
 */
export class ShedError extends Error {
  readonly code: string;
  readonly category: ErrorCategory;
  /**
   * What the user can do, as data: each face words it with its own flags or controls and appends it
   * to `message`, which never names either (see {@link withRemedies}).
   */
  readonly remedies: readonly Remedy[];

  constructor(code: string, category: ErrorCategory, message: string, options?: { cause?: unknown; remedies?: readonly Remedy[] }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.category = category;
    this.remedies = options?.remedies ?? [];
  }
}
