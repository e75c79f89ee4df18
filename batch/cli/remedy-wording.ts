/**
 * The CLI's words for the core's remedies: its flags and the mapping file. The task pane words the
 * same remedies with its own controls (addin/app/remedy-wording.ts).
 */
import { withRemedies, type Remedy } from '../../shared/errors/remedy.ts';
import { ShedError } from '../../shared/errors/shed-error.ts';

/** One remedy as a clause naming the flag or mapping-file key that applies it. */
export function cliRemedy(remedy: Remedy): string {
  switch (remedy.code) {
    case 'choose_date_order': {
      const pass = `pass --date-order ${remedy.orders.join(' or ')}`;
      if (remedy.reading === undefined) return pass;
      const otherwise = remedy.otherwise === undefined ? '' : `, or --date-order ${remedy.otherwise} if it is not`;
      return `${pass} if the column is ${remedy.reading}${otherwise}`;
    }
    case 'allow_duplicates':
      return 'use --allow-duplicates "REASON" to send it anyway (the reason is kept in the journal)';
    case 'overwrite_changed':
      return 'export it again, or use --force to overwrite';
    case 'prices_include_gst':
      return 'if its prices include GST, pass --prices-include-gst (GST is then taken off at 10%, or at the "rate" of "prices_include_gst" in the mapping file); if the sheet has a column of prices excluding GST, map that one instead with --mapping FILE';
    case 'prices_exclude_gst':
      return 'leave out --prices-include-gst (and "prices_include_gst" in the mapping file), or map a column of prices including GST with --mapping FILE';
    case 'skip_lines':
      return `if the line is not stock, leave such lines out with "skip_lines": ["${remedy.word}"] in the mapping file (or --skip-line ${remedy.word})`;
    case 'map_columns': {
      const [first = ''] = remedy.fields;
      // The example names no column of this sheet: a guess would be a suggestion that may save wrong data.
      return `pass --mapping FILE naming the columns, e.g. {"columns": {"${first}": "<its header as written, or its column letter>"}} (--dry-run prints the mapping it used)`;
    }
    case 'give_header_row':
      return 'add a header row above the data, or pass --mapping FILE naming the columns and the "headerRow"';
    case 'line_total_as_cost':
      return 'if the sheet has line totals but no price per pack, set "pack_cost_from": "line_total" in the mapping file';
    case 'pack_cost_per_pack':
      return 'if it is the price of one pack, set "pack_cost_per_pack": true in the mapping file (--mapping FILE)';
    case 'pack_size_from':
      return 'if pack sizes are written in the product (Glyfos 540 20L) or the quantity (2 x 20L), set "pack_size_from": "product" or "quantity" in the mapping file';
    case 'include_hidden':
      return 'include them with --include-hidden';
    case 'choose_organisation':
      return 'choose one with --org NAME or SHED_ORG';
    case 'lower_concurrency':
      return 'try again later or with a lower --concurrency';
    case 'rebuild_mirror':
      return "run 'shed sync --full' to rebuild it";
    case 'check_token':
      return 'check it (shed login) and that it is sent the way the service expects';
    case 'give_token':
      return 'run `shed login` or set SHED_TOKEN';
    case 'make_stocktake_sheet':
      return "make the sheet with 'shed template stocktake'";
    // The template's instructions: whole lines.
    case 'keep_template_layout':
      return 'keep the column headings as they are, and keep this sheet order: the import reads the first sheet.';
    case 'find_template_lists':
      return `they are on the ${remedy.sheet} sheet, where you can also search them.`;
    case 'check_template':
      return `save the workbook, then check it without sending anything: shed import ${remedy.kind} FILE --dry-run`;
    case 'send_template':
      return `when the check shows no problems, send it: shed import ${remedy.kind} FILE`;
    case 'read_results':
      return 'a results file is written beside the workbook, saying for each row whether it was sent or why it was refused.';
    case 'not_line_total':
      return 'if the column is not a line total (an invoice total, a running balance), set "line_total": null in "columns" of the mapping file (--mapping FILE)';
    case 'other_sheets': {
      const [first = ''] = remedy.sheets;
      const names = remedy.sheets.map((s) => `'${s}'`).join(', ');
      const which = remedy.sheets.length > 1 ? `the sheets ${names} have them` : `the sheet ${names} has them`;
      return `${which}: pass --sheet "${first}" to import it, or --all-sheets to import every sheet that has them`;
    }
    case 'correct_by_record_id':
      return (
        `to correct ${remedy.sequence} instead, make the change in the results file of the run that created it ` +
        `(or in shed export ${remedy.kind} --out FILE), where its Record ID is, and import that file`
      );
    case 'check_base_url':
      return 'the base URL is given by --base-url or SHED_BASE_URL, else the one saved by shed login';
    case 'set_value': {
      const sets = remedy.fields.map((f) => `--set ${f}="…"`).join(' ');
      return `if every row has the same ${remedy.fields.join(' and the same ')}, pass ${sets} (or "values" in the mapping file)`;
    }
  }
}

/** A core message with its remedies in the CLI's words. */
export function cliText(message: string, remedies: readonly Remedy[] | undefined): string {
  return withRemedies(message, remedies, cliRemedy);
}

/** An error's message as the CLI prints it: a typed error's remedies in the CLI's words. */
export function cliErrorMessage(error: unknown): string {
  if (error instanceof ShedError) return cliText(error.message, error.remedies);
  return error instanceof Error ? error.message : String(error);
}
