/**
 * What the user can do about a refusal, as data: the core says which remedy applies, and each face
 * words it in its own controls (the CLI names its flags and the mapping file, the task pane its
 * checkboxes and pickers). No core message names a flag or a control.
 */

import type { ImportKind } from '../kinds/kind.ts';

/** The orders a numeric date can be read in (PRODUCT.md, the date order). */
type DateOrderName = 'DMY' | 'MDY' | 'YMD';

/**
 * One remedy, by a stable `code` with the data its wording needs:
 * - `choose_date_order`: read the column's dates in one of `orders`; `reading` says what the first
 *   means for the values at hand (`month-first`), and `otherwise` the order to keep when that is not so.
 * - `allow_duplicates`: send records the service already holds (a second copy is wanted).
 * - `overwrite_changed`: overwrite a record changed in the service since the sheet was exported.
 * - `prices_include_gst`: the price column includes GST, to be taken off (gaps row 28).
 * - `prices_exclude_gst`: undo the claim that prices include GST.
 * - `skip_lines`: leave out lines whose product says `word` (freight, discount).
 * - `map_columns`: place the `fields` by hand (a column header or letter for each).
 * - `give_header_row`: say which row holds the column headers, or place the columns by hand.
 * - `line_total_as_cost`: take the price per pack from the Line Total ÷ Qty.
 * - `pack_cost_per_pack`: say that a pack cost column headed like a line amount holds prices per pack.
 * - `pack_size_from`: read pack sizes from the product text or the quantity text.
 * - `include_hidden`: import rows the workbook hides or filters out.
 * - `choose_organisation`: the token sees several organisations; pick one of `names`.
 * - `lower_concurrency`: the service limits requests; send fewer at once or later.
 * - `rebuild_mirror`: the local mirror is unusable; fetch everything again.
 * - `check_token`: the service refused the API token; give it again, sent the way the service expects.
 * - `give_token`: no API token was given; give one.
 * - `make_stocktake_sheet`: a stocktake sheet lacks its columns; start from the one shed-sheets makes.
 *
 * And the steps a template's instructions leave to each face (shared/template/instructions.ts),
 * each worded as a whole line:
 * - `keep_template_layout`: keep the column headings (and, where it matters, the sheet order);
 * - `find_template_lists`: where the drop-down lists' values are (`sheet`);
 * - `check_template`: check the filled-in `kind` sheet without sending anything;
 * - `send_template`: send it when the check shows no problems;
 * - `read_results`: where each row's outcome is written.
 *
 * And, for a sheet read the wrong way:
 * - `not_line_total`: the column taken as the Line Total is not one (an invoice total, a running
 *   balance): say the sheet has no line total column.
 * - `set_value`: give each of `fields` one value for every row, where the sheet has no column for it.
 * - `other_sheets`: other sheets of the workbook (`sheets`, tab order) have the columns this one lacks:
 *   import one of them (shared/sheet/other-sheets.ts).
 * - `correct_by_record_id`: the service holds the sheet's invoice (record `sequence`, a `kind`) otherwise;
 *   to correct that record, import the change where its Record ID is written (a results file, an export).
 *
 * And, for a service that could not be reached:
 * - `check_base_url`: say where the service's base URL is set, to be checked.
 */
export type Remedy =
  | { code: 'choose_date_order'; orders: DateOrderName[]; reading?: string; otherwise?: DateOrderName }
  | { code: 'allow_duplicates' }
  | { code: 'overwrite_changed' }
  | { code: 'prices_include_gst' }
  | { code: 'prices_exclude_gst' }
  | { code: 'skip_lines'; word: string }
  | { code: 'map_columns'; fields: string[] }
  | { code: 'give_header_row' }
  | { code: 'line_total_as_cost' }
  | { code: 'pack_size_from' }
  | { code: 'include_hidden' }
  | { code: 'choose_organisation'; names: string[] }
  | { code: 'lower_concurrency' }
  | { code: 'rebuild_mirror' }
  | { code: 'check_token' }
  | { code: 'give_token' }
  | { code: 'make_stocktake_sheet' }
  | { code: 'keep_template_layout' }
  | { code: 'find_template_lists'; sheet: string }
  | { code: 'check_template'; kind: ImportKind }
  | { code: 'send_template'; kind: ImportKind }
  | { code: 'read_results' }
  | { code: 'not_line_total' }
  | { code: 'set_value'; fields: string[] }
  | { code: 'pack_cost_per_pack' }
  | { code: 'other_sheets'; sheets: string[] }
  | { code: 'correct_by_record_id'; sequence: string; kind: ImportKind }
  | { code: 'check_base_url' };

/** Each remedy code once; a `Record` over the union, so the compiler says when one is left out. */
const CODES: Readonly<Record<Remedy['code'], true>> = {
  choose_date_order: true,
  allow_duplicates: true,
  overwrite_changed: true,
  prices_include_gst: true,
  prices_exclude_gst: true,
  skip_lines: true,
  map_columns: true,
  give_header_row: true,
  line_total_as_cost: true,
  pack_size_from: true,
  include_hidden: true,
  choose_organisation: true,
  lower_concurrency: true,
  rebuild_mirror: true,
  check_token: true,
  give_token: true,
  make_stocktake_sheet: true,
  keep_template_layout: true,
  find_template_lists: true,
  check_template: true,
  send_template: true,
  read_results: true,
  not_line_total: true,
  set_value: true,
  pack_cost_per_pack: true,
  other_sheets: true,
  correct_by_record_id: true,
  check_base_url: true,
};

/** Every remedy code, for checks that each face words each one. */
export const REMEDY_CODES = Object.keys(CODES) as readonly Remedy['code'][];

/**
 * Words one remedy for a face: a clause in lower case without a full stop, such as
 * "pass --date-order MDY if the column is month-first" or "choose month/day/year under Reading options".
 */
export type RemedyWording = (remedy: Remedy) => string;

/**
 * A message with its remedies worded by `wording`. A message written as sentences (ending in a full
 * stop) gets each remedy as a sentence; a clause (a row's Message) gets them after a semicolon.
 * @example withRemedies("'03/14/2026' can only be read month-first", [dateOrder], cliWording)
 *   // "'03/14/2026' can only be read month-first; pass --date-order MDY if the column is month-first"
 */
export function withRemedies(message: string, remedies: readonly Remedy[] | undefined, wording: RemedyWording): string {
  if (!remedies?.length) return message;
  const clauses = uniqueRemedies(remedies).map(wording).filter(Boolean);
  if (!clauses.length) return message;
  if (/\.\s*$/.test(message))
    return `${message.trimEnd()} ${clauses.map((c) => `${c.charAt(0).toUpperCase()}${c.slice(1)}.`).join(' ')}`;
  return `${message}; ${clauses.join('; ')}`;
}

/** Remedies with repeats left out (the same code and data once), in their first order. */
export function uniqueRemedies(remedies: readonly Remedy[]): Remedy[] {
  const seen = new Set<string>();
  return remedies.filter((r) => {
    const key = JSON.stringify(r);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A warning or refusal about the sheet as a whole, with what the user can do about it. */
export interface Notice {
  message: string;
  remedies?: Remedy[];
}
