/**
 * The task pane's words for the core's remedies: its own controls (Reading options, Column mapping,
 * Connect), never a command-line flag. The CLI words the same remedies with its flags
 * (batch/cli/remedy-wording.ts).
 */
import { withRemedies, type Notice, type Remedy } from '../../shared/errors/remedy.ts';

/** How the Reading options' date order picker names each order. */
const ORDER_LABELS = { DMY: 'day/month/year', MDY: 'month/day/year', YMD: 'year/month/day' } as const;

/** Names of the pane's controls, as the bookkeeper sees them (taskpane.html). */
export const PANE_CONTROLS = {
  readingOptions: 'Reading options',
  columnMapping: 'Column mapping',
  allowDuplicates: 'Send invoices the service already holds',
  includeHidden: 'Import hidden and filtered-out rows too',
  pricesIncludeGst: 'Prices include GST',
  validate: 'Validate',
  import: 'Import',
  stocktakeDataset: 'Stocktake sheet: expected stock to count',
} as const;

/** One remedy as a clause naming the pane's control that applies it (empty: nothing in the pane does). */
export function paneRemedy(remedy: Remedy): string {
  const { readingOptions, columnMapping } = PANE_CONTROLS;
  switch (remedy.code) {
    case 'choose_date_order': {
      const choose = `choose ${remedy.orders.map((o) => `‘${ORDER_LABELS[o]}’`).join(' or ')} under ${readingOptions}`;
      if (remedy.reading === undefined) return choose;
      const otherwise = remedy.otherwise === undefined ? '' : `, or ‘${ORDER_LABELS[remedy.otherwise]}’ if it is not`;
      return `${choose} if the column is ${remedy.reading}${otherwise}`;
    }
    case 'allow_duplicates':
      return `tick ‘${PANE_CONTROLS.allowDuplicates}’ under ${readingOptions} to send it anyway`;
    case 'overwrite_changed':
      return 'export it again and make the change in the new sheet';
    case 'prices_include_gst':
      return `if its prices include GST, tick ‘${PANE_CONTROLS.pricesIncludeGst}’ under ${readingOptions} (GST is then taken off); if the sheet has a column of prices excluding GST, pick that one for the pack cost under ${columnMapping}`;
    case 'prices_exclude_gst':
      return `untick ‘${PANE_CONTROLS.pricesIncludeGst}’ under ${readingOptions}, or pick a column of prices including GST under ${columnMapping}`;
    case 'skip_lines':
      return `if the line is not stock (${remedy.word}), hide its row or delete it: hidden rows are left out`;
    case 'map_columns':
      return `pick a column for ${remedy.fields.length > 1 ? 'each' : 'it'} under ${columnMapping}`;
    case 'give_header_row':
      return `give the row of the column headers under ${columnMapping}, then pick each field’s column`;
    case 'line_total_as_cost':
      return 'if the sheet has line totals but no price per pack, add a column of prices per pack (Line Total ÷ Qty)';
    case 'pack_cost_per_pack':
      return `if it is the price of one pack, rename its header to say so (such as ‘Price ex GST’) or pick a price per pack column for the pack cost under ${columnMapping}`;
    case 'pack_size_from':
      return 'if pack sizes are written in the product (Glyfos 540 20L), add a Pack Size column';
    case 'include_hidden':
      return `unhide them, or tick ‘${PANE_CONTROLS.includeHidden}’ under ${readingOptions}, to import them`;
    case 'choose_organisation':
      return 'choose one under Connect';
    case 'lower_concurrency':
      return 'wait a minute and try again';
    case 'rebuild_mirror':
      return '';
    case 'check_token':
      return 'paste it again under Connect';
    case 'give_token':
      return 'paste the API token under Connect';
    case 'make_stocktake_sheet':
      return `make the sheet under Export: choose ‘${PANE_CONTROLS.stocktakeDataset}’`;
    // The template's instructions: whole lines.
    case 'keep_template_layout':
      return 'keep the column headings as they are: the import finds each column by its heading.';
    case 'find_template_lists':
      return `they are on the hidden ${remedy.sheet} sheet (right-click a sheet tab and choose Unhide to see it).`;
    case 'check_template':
      return `check the sheet without sending anything: on the Import tab, choose this sheet and ${remedy.kind}, then press ${PANE_CONTROLS.validate}.`;
    case 'send_template':
      return `when ${PANE_CONTROLS.validate} shows no problems, press ${PANE_CONTROLS.import}.`;
    case 'read_results':
      return 'each row’s Status, Record ID and Message are written into new columns right of the sheet’s own, and the cells of a refused row are filled red.';
    case 'not_line_total':
      return `if the column is not a line total (an invoice total, a running balance), choose ‘(not in this sheet)’ for the Line Total under ${PANE_CONTROLS.columnMapping}`;
    case 'other_sheets': {
      const names = remedy.sheets.map((s) => `‘${s}’`).join(', ');
      return `${remedy.sheets.length > 1 ? `the sheets ${names} have them` : `the sheet ${names} has them`}: choose it on the Import tab to import it`;
    }
    case 'correct_by_record_id':
      return `to correct ${remedy.sequence} instead, make the change on its rows where the import wrote its Record ID (or in a sheet of ${remedy.kind} made on the Export tab) and import that sheet`;
    // The pane has no control giving every row one value: the message's own fix (add the column) stands.
    case 'set_value':
      return '';
    case 'check_base_url':
      return 'the service address is the one entered under Connect';
  }
}

/** A core message with its remedies in the pane's words. */
export function paneText(message: string, remedies: readonly Remedy[] | undefined): string {
  return withRemedies(message, remedies, paneRemedy);
}

/** A sheet notice (a warning of the plan) in the pane's words. */
export function paneNotice(notice: Notice): string {
  return paneText(notice.message, notice.remedies);
}
