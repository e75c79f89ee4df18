/** One remedy of every code, with sample data, for the checks that each face words each one. */
import type { Remedy } from '../../shared/errors/remedy.ts';

/** One of every remedy code (the switch statements are exhaustive; this list must be too). */
export const EVERY: Remedy[] = [
  { code: 'choose_date_order', orders: ['MDY'], reading: 'month-first', otherwise: 'DMY' },
  { code: 'allow_duplicates' },
  { code: 'overwrite_changed' },
  { code: 'prices_include_gst' },
  { code: 'prices_exclude_gst' },
  { code: 'skip_lines', word: 'Freight' },
  { code: 'map_columns', fields: ['pack_cost'] },
  { code: 'give_header_row' },
  { code: 'line_total_as_cost' },
  { code: 'pack_size_from' },
  { code: 'include_hidden' },
  { code: 'choose_organisation', names: ['Willow Creek', 'Red Gum'] },
  { code: 'lower_concurrency' },
  { code: 'rebuild_mirror' },
  { code: 'check_token' },
  { code: 'give_token' },
  { code: 'make_stocktake_sheet' },
  { code: 'keep_template_layout' },
  { code: 'find_template_lists', sheet: 'Lists' },
  { code: 'check_template', kind: 'receipts' },
  { code: 'send_template', kind: 'returns' },
  { code: 'read_results' },
  { code: 'not_line_total' },
  { code: 'set_value', fields: ['storage'] },
  { code: 'pack_cost_per_pack' },
  { code: 'other_sheets', sheets: ['Lines', 'March'] },
  { code: 'correct_by_record_id', sequence: 'REC-00000038', kind: 'receipts' },
  { code: 'check_base_url' },
];
