/**
 * The error of a 422: the service refused a body; its field messages read (tolerantly) into issues that can be
 * pinned to sheet cells.
 */
import { HttpError, type HttpAnswer } from './http-error.ts';
import type { RequestTarget } from './request-error.ts';

/** Messages per field name, e.g. `{ storage_id: ['storage is locked'] }`. */
export type FieldMessages = Record<string, string[]>;

/**
 * The service's field messages from a 422 body (gaps row 6):
 * `{"errors":{"<field>":["message"], "line_items":[{}, {"quantity":["must be greater than 0"]}]}}`.
 */
export interface FieldErrors {
  /** Header fields (nested objects flattened as `a.b`); `base` holds messages not tied to a field. */
  fields: FieldMessages;
  /** One entry per submitted line item, in order; `{}` for an item the service found no fault with. */
  lineItems: FieldMessages[];
}

/** One message, flat: `path` is `['storage_id']` or `['line_items', 1, 'quantity']` (index 0-based). */
export interface ValidationIssue {
  path: (string | number)[];
  message: string;
}

/**
 * 422: the service refused the body (gaps rows 6 and 11). Code `validation_failed`, category `input`.
 * `fieldErrors` and `issues` hold the service's messages; any other 422 body is shown as it is.
 */
export class ValidationError extends HttpError {
  readonly fieldErrors: FieldErrors;
  readonly issues: ValidationIssue[];

  constructor(target: RequestTarget, answer: HttpAnswer) {
    const fieldErrors = parseFieldErrors(answer.body);
    const issues = flattenFieldErrors(fieldErrors);
    super(target, answer, {
      code: 'validation_failed',
      category: 'input',
      detail: issues.length > 0 ? `The service refused: ${describeIssues(issues)}` : 'The service refused the data',
    });
    this.fieldErrors = fieldErrors;
    this.issues = issues;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), fieldErrors: this.fieldErrors, issues: this.issues };
  }
}

/**
 * Reads a 422 body into {@link FieldErrors}. Tolerant (gaps row 6, "any 422 body: show what is there"):
 * a string instead of a message array, nested objects, `errors` as an array or a string, a bare
 * `{error}` / `{message}`, or plain text all end up as messages, under `base` when no field is named.
 */
export function parseFieldErrors(body: unknown): FieldErrors {
  const result: FieldErrors = { fields: {}, lineItems: [] };
  if (typeof body === 'string') {
    if (body.trim()) addMessages(result.fields, 'base', body.trim().slice(0, 300));
    return result;
  }
  if (!isRecord(body)) return result;
  const errors = body.errors;
  if (isRecord(errors)) {
    for (const [field, value] of Object.entries(errors)) {
      if (field === 'line_items' && Array.isArray(value) && value.some((v) => isRecord(v) || v === null)) {
        result.lineItems = value.map(lineItemMessages);
      } else {
        collect(result.fields, field, value);
      }
    }
  } else if (errors !== undefined && errors !== null) {
    collect(result.fields, 'base', errors);
  } else {
    for (const key of ['message', 'error', 'detail']) {
      if (typeof body[key] === 'string' && body[key]) addMessages(result.fields, 'base', body[key]);
    }
  }
  return result;
}

/** Every message of {@link FieldErrors} as a flat list, header fields first, then line items in order. */
export function flattenFieldErrors(fieldErrors: FieldErrors): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const [field, messages] of Object.entries(fieldErrors.fields)) {
    for (const message of messages) issues.push({ path: [field], message });
  }
  fieldErrors.lineItems.forEach((item, index) => {
    for (const [field, messages] of Object.entries(item)) {
      for (const message of messages) issues.push({ path: ['line_items', index, field], message });
    }
  });
  return issues;
}

/** `storage_id: storage is locked; line item 2 quantity: must be greater than 0` (items 1-based). */
export function describeIssues(issues: readonly ValidationIssue[], max = 5): string {
  const parts = issues.slice(0, max).map(({ path, message }) => {
    const [head, index, field] = path;
    if (head === 'line_items' && typeof index === 'number') {
      return `line item ${index + 1}${field === 'base' ? '' : ` ${String(field)}`}: ${message}`;
    }
    return head === 'base' ? message : `${String(head)}: ${message}`;
  });
  const more = issues.length > max ? `; and ${issues.length - max} more` : '';
  return parts.join('; ') + more;
}

function lineItemMessages(value: unknown): FieldMessages {
  const messages: FieldMessages = {};
  if (isRecord(value)) {
    for (const [field, v] of Object.entries(value)) collect(messages, field, v);
  } else if (value !== null && value !== undefined) {
    collect(messages, 'base', value);
  }
  return messages;
}

/** Adds a value's messages under `field`: arrays element by element, objects as `field.key`. */
function collect(into: FieldMessages, field: string, value: unknown): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const v of value) collect(into, field, v);
  } else if (isRecord(value)) {
    for (const [key, v] of Object.entries(value)) collect(into, `${field}.${key}`, v);
  } else {
    addMessages(into, field, String(value));
  }
}

function addMessages(into: FieldMessages, field: string, message: string): void {
  (into[field] ??= []).push(message);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module './shed-error.ts' {
  interface ErrorCodes {
    ValidationError: 'validation_failed';
  }
}
