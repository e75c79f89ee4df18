/** Each face words every remedy of the core: the CLI with its flags, the pane with its controls. */
import { describe, expect, it } from 'vitest';
import { paneRemedy } from '../../../addin/app/remedy-wording.ts';
import { cliErrorMessage, cliRemedy } from '../../../batch/cli/remedy-wording.ts';
import type { Remedy } from '../../../shared/errors/remedy.ts';
import { REMEDY_CODES, withRemedies } from '../../../shared/errors/remedy.ts';
import { EVERY } from '../../support/remedies.ts';
import { MappingError } from '../../../shared/sheet/mapping-error.ts';
import { CLI_WORDS, stringLiterals } from '../../support/string-literals.ts';

/** The template's instruction lines: worded per face, but not all of them name a command. */
const INSTRUCTION_LINES = new Set<Remedy['code']>(['keep_template_layout', 'find_template_lists', 'read_results']);

describe('remedy wording', () => {
  it('has a sample of every remedy code', () => {
    expect(EVERY.map((r) => r.code)).toEqual(REMEDY_CODES);
  });

  it('the CLI names a flag, a command or a mapping-file key for every remedy', () => {
    for (const remedy of EVERY.filter((r) => !INSTRUCTION_LINES.has(r.code)))
      expect(cliRemedy(remedy), remedy.code).toMatch(/--[a-z]|"[a-z_]+":|shed /);
  });

  it('the CLI says the token, stocktake and template remedies as it always has', () => {
    const words = EVERY.map((r) => cliRemedy(r));
    expect(words.slice(14, 17)).toEqual([
      'check it (shed login) and that it is sent the way the service expects',
      'run `shed login` or set SHED_TOKEN',
      "make the sheet with 'shed template stocktake'",
    ]);
    expect(words.slice(19, 21)).toEqual([
      'save the workbook, then check it without sending anything: shed import receipts FILE --dry-run',
      'when the check shows no problems, send it: shed import returns FILE',
    ]);
  });

  it('the pane never names a flag or the mapping file', () => {
    for (const remedy of EVERY) {
      const words = paneRemedy(remedy);
      expect(words, remedy.code).not.toMatch(/--|mapping file|shed |\bFILE\b/);
    }
    expect(paneRemedy(EVERY[0]!)).toBe(
      'choose ‘month/day/year’ under Reading options if the column is month-first, or ‘day/month/year’ if it is not',
    );
  });

  it('a sentence gets sentences; a clause gets clauses; repeats once', () => {
    const dup: Remedy = { code: 'allow_duplicates' };
    expect(withRemedies('already in the service as REC-1: not sent', [dup, dup], cliRemedy)).toBe(
      'already in the service as REC-1: not sent; use --allow-duplicates "REASON" to send it anyway (the reason is kept in the journal)',
    );
    expect(withRemedies('No column for Qty.', [{ code: 'give_header_row' }], cliRemedy)).toBe(
      'No column for Qty. Add a header row above the data, or pass --mapping FILE naming the columns and the "headerRow".',
    );
    expect(withRemedies('as it is', [], cliRemedy)).toBe('as it is');
  });

  it('a typed error prints with its remedies in the CLI’s words', () => {
    const error = new MappingError('gst_basis', 'The column holds prices including GST.', {
      remedies: [{ code: 'prices_include_gst' }],
    });
    expect(cliErrorMessage(error)).toMatch(
      /^The column holds prices including GST\. If its prices include GST, pass --prices-include-gst/,
    );
    expect(error.message).not.toContain('--');
  });

  it('no message of the core names a command-line flag or a shed command (the faces word remedies)', () => {
    const offenders = stringLiterals('shared')
      .filter((l) => CLI_WORDS.test(l.text))
      .map((l) => `${l.file}:${l.line}: ${l.text}`);
    expect(offenders).toEqual([]);
  });
});
