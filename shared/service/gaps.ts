/**
 * Every assumption this project makes where the service interface is silent, one named constant
 * per row of `spec/gaps.md` (copied to `docs/spec/gaps.md`). Change the service's behaviour here,
 * in one edit; the client and the sandbox both read these.
 */

/** gaps row 1: how the token is sent. The client accepts another header name and scheme. */
export const AUTH_HEADER = { name: 'Authorization', scheme: 'Bearer' } as const;

/** gaps row 2: missing or invalid token. */
export const UNAUTHORIZED = { status: 401, body: { error: 'unauthorized' } } as const;

/** gaps rows 3 and 7: an organisation the token cannot see, an unknown id, or another organisation's id. */
export const NOT_FOUND = { status: 404, body: { error: 'not_found' } } as const;

/** gaps row 4: the organisation has no shed entitlement. */
export const FORBIDDEN = {
  status: 403,
  body: { error: 'forbidden', message: 'This organisation has no active shed subscription.' },
} as const;

/** gaps row 6: invalid input on create or update: 422 `{errors: {field: [message]}}`. */
export const VALIDATION_STATUS = 422;

/** gaps row 5: paths of the receipt operations the spec lists by payload only (by analogy with returns). */
export const RECEIPT_PATHS = {
  get: (id: string) => `/api/shed/receipts/${id}`,
  create: (orgId: string) => `/api/shed/organisations/${orgId}/receipts`,
  update: (orgId: string, id: string) => `/api/shed/organisations/${orgId}/receipts/${id}`,
  delete: (orgId: string, id: string) => `/api/shed/organisations/${orgId}/receipts/${id}`,
} as const;

/** gaps row 9: a decimal string as the service carries it. */
export const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

/** gaps row 10: units are any non-empty string up to this many characters. */
export const UNIT_MAX_LENGTH = 20;

/**
 * gaps row 10: spellings the client normalises (lower-cased, dots and spaces removed before lookup).
 * Anything else is refused (row 27), unless the mapping file's `units` table converts it.
 */
export const UNIT_SYNONYMS: Readonly<Record<string, string>> = {
  l: 'l',
  lt: 'l',
  lts: 'l',
  ltr: 'l',
  ltrs: 'l',
  litre: 'l',
  litres: 'l',
  liter: 'l',
  liters: 'l',
  ml: 'ml',
  millilitre: 'ml',
  millilitres: 'ml',
  milliliter: 'ml',
  milliliters: 'ml',
  kg: 'kg',
  kgs: 'kg',
  kilo: 'kg',
  kilos: 'kg',
  kilogram: 'kg',
  kilograms: 'kg',
  kilogramme: 'kg',
  kilogrammes: 'kg',
  g: 'g',
  gm: 'g',
  gms: 'g',
  gram: 'g',
  grams: 'g',
  gramme: 'g',
  grammes: 'g',
  t: 't',
  tonne: 't',
  tonnes: 't',
  ton: 't',
  tons: 't',
  mt: 't',
};

/** gaps row 11: the 422 message for a receipt or return in a locked storage. */
export const LOCKED_STORAGE_MESSAGE = 'storage is locked';

/** gaps row 13: page size default and maximum; page below 1 is clamped to 1. */
export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 200;

/** Deletion records are retained this long (spec section 8); an older cursor needs a full re-sync. */
export const DELETION_RETENTION_DAYS = 60;

/** gaps row 18: rate limiting answers 429 (or 503) with `Retry-After` in seconds. */
export const RETRY_AFTER_HEADER = 'Retry-After';

/** gaps row 21: the names the total-record count may carry in `meta`. */
export const COUNT_NAMES = ['total_entries', 'total_count'] as const;

/**
 * Not in gaps.md (spec section 2 is silent): the keys under which `included` carries products.
 * Receipts sideload `products`; for returns (`include=product`) the spec shows no key, so both the
 * plural and the singular are read.
 */
export const PRODUCT_INCLUDED_KEYS = ['products', 'product'] as const;

/**
 * Not in gaps.md (row 14 says only that ties exist): how long after its `updated_at` a write may
 * still commit. Incremental reads (sync, reconciliation) ask from the cursor minus this margin so a
 * late-committing record with an older stamp is not skipped.
 */
export const LATE_COMMIT_MARGIN_MS = 5_000;

/**
 * Not in gaps.md (project row 29; row 14 orders lists by `updated_at` and says only that ties exist): the service
 * stamps a write no earlier than, less this margin, every write it answered before that write was
 * sent. An import looks for a create whose answer was lost among the records changed since the newest
 * create of the run answered before it was sent, less this margin (shared/import/engine/lost-lookup.ts),
 * and sweeps from the run's cursor less it: a service whose servers' clocks differ by more would
 * need it wider (wider costs only longer look-up lists).
 */
export const STAMP_ORDER_MARGIN_MS = 1000;

/**
 * Not in gaps.md (project row 30): one answer of a list page is one moment's view of the records it
 * holds, and the page size asked (200) is the limit the service applies (gaps row 13). A list whose
 * page 1 says it is the only page (`total_pages` 1, or 0 when empty), whose count matches its records,
 * and which has room to spare (fewer records than the page size asked and its `meta.page_size`) held
 * every record of the list at that moment: no limit cut it, so no record slid off it. A catch-up
 * read after it could only find what changed after that moment, one round trip later; so the
 * consistent read asks none after such a page (shared/export/paging/consistent.ts). Skipping it moves
 * an import's snapshot one round trip earlier and opens no new kind of gap: whatever changes after
 * the snapshot (before or after a catch-up) is not in it. An update's version is checked against the
 * snapshot, and a copy of an invoice created meanwhile is found by the sweep after the run only when
 * it is the same content (shared/import/engine/sweep.ts). A full page still gets a catch-up: a record
 * stamped earlier than its neighbours (a server whose clock is behind) could push an unchanged record
 * off its end. A service that built one page from reads at different moments, or that held fewer
 * records per page than it says, would need this `false` (one more round trip per list).
 */
export const ONE_PAGE_IS_ONE_MOMENT = true;

/**
 * Not in gaps.md: maximum string lengths are "not shown" by the spec. The sandbox refuses longer
 * values; the client checks the same limits before sending, so a refusal names the cell.
 */
export const MAX_LENGTH = { name: 255, notes: 2000 } as const;

/**
 * Not in gaps.md (project row 27): the units the service's stock totals add up (litres and
 * kilograms, and their multiples). The service stores any unit string (row 10), but a pack of
 * 'gal' or 'drum' would be totalled as a unit of its own, so the client refuses other units
 * unless the mapping file's `units` table says what they are (`"drum": "200 l"`).
 */
export const KNOWN_UNITS = ['l', 'ml', 'kg', 'g', 't'] as const;

/**
 * Not in gaps.md (project row 28): the service keeps a line item's `pack_cost` in dollars excluding
 * GST (the demo sheets say "Price ex GST"). Prices that include GST are refused unless the import
 * says so; then GST is taken off at this rate (Australia 10%; New Zealand is 15%: the mapping file
 * sets its own) and the result rounded half away from zero to the cent.
 */
export const GST_RATE_DEFAULT = '0.1';
