/**
 * What kind of failure an error is; the CLI's one top-level catch turns it into an exit status
 * (PRODUCT.md: 2 usage, config or unreadable input; 3 connection, authentication or entitlement).
 */
export type ErrorCategory =
  | 'usage'
  | 'config'
  | 'input'
  | 'connection'
  | 'authentication'
  | 'entitlement'
  | 'service'
  | 'internal';

/**
 * Base of every typed error of shed-sheets: a stable machine `code` (snake_case, never changes once
 * released), a `category` for exit statuses, and a human message that says what, where and how to fix it.
 * Messages never contain the API token.
 */
export class ShedError extends Error {
  readonly code: string;
  readonly category: ErrorCategory;

  constructor(code: string, category: ErrorCategory, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
    this.category = category;
  }
}
