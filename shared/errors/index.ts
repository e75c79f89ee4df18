/**
 * The core's shared typed errors: the base class `ShedError`, remedies, and the errors of usage and
 * of the service client; see each file for its code, category and message. An error of one module lives
 * beside it (e.g. shared/sheet/mapping-error.ts).
 */
export * from './shed-error.ts';
export * from './usage-error.ts';
export * from './remedy.ts';
export * from './request-error.ts';
export * from './http-error.ts';
export * from './authentication-error.ts';
export * from './entitlement-error.ts';
export * from './not-found-error.ts';
export * from './validation-error.ts';
export * from './rate-limit-error.ts';
export * from './service-error.ts';
export * from './network-error.ts';
export * from './timeout-error.ts';
export * from './outcome-unknown-error.ts';
export * from './response-shape-error.ts';
