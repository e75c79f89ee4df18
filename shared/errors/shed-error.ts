/**
 * What kind of failure an error is; the CLI's one top-level catch turns it into an exit status
 * (PRODUCT.md: 2 usage, config or unreadable input; 3 connection, authentication or entitlement).
 */
export type ErrorCategory =
  'usage' | 'config' | 'input' | 'connection' | 'authentication' | 'entitlement' | 'service' | 'internal';

import type { Remedy } from './remedy.ts';

/**
 * The catalogue of error codes: one entry per error class (or per module that throws a plain
 * {@link ShedError}), its name mapped to the union of the codes it throws. Each registers its own
 * entry beside its declaration, by module augmentation:
 *
 *     declare module '../errors/shed-error.ts' {
 *       interface ErrorCodes { MappingError: MappingErrorCode }
 *     }
 *
 * so the core lists no face's codes, imports none of them, and still {@link ErrorCode} is every code
 * the program can throw: a constructor given a code no entry lists fails to compile, and so does a
 * `case` of a `switch` over `ShedError.code` (the pane's describeFailure) naming a code that is gone.
 * Adding a code is adding it to its entry's union.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation, entry by entry
export interface ErrorCodes {}

/** Every error code of shed-sheets (snake_case, stable once released): the union of {@link ErrorCodes}. */
export type ErrorCode = ErrorCodes[keyof ErrorCodes];

/**
 * Base of every typed error of shed-sheets: a stable machine `code` (snake_case, never changes once
 * released), a `category` for exit statuses, and a human message that says what, where and how to fix it.
 * Messages never contain the API token.
 */
export class ShedError extends Error {
  readonly code: ErrorCode;
  readonly category: ErrorCategory;
  /**
   * What the user can do, as data: each face words it with its own flags or controls and appends it
   * to `message`, which never names either (see {@link withRemedies}).
   */
  readonly remedies: readonly Remedy[];

  constructor(
    code: ErrorCode,
    category: ErrorCategory,
    message: string,
    options?: { cause?: unknown; remedies?: readonly Remedy[] },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.category = category;
    this.remedies = options?.remedies ?? [];
  }
}
