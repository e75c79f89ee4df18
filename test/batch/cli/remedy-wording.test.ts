/** Each face words every remedy of the core: the CLI with its flags, the pane with its controls. */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paneRemedy } from '../../../addin/app/remedy-wording.ts';
import { cliErrorMessage, cliRemedy } from '../../../batch/cli/remedy-wording.ts';
import type { Remedy } from '../../../shared/errors/remedy.ts';
import { withRemedies } from '../../../shared/errors/remedy.ts';
import { MappingError } from '../../../shared/sheet/mapping-error.ts';

/** One of every remedy code (the switch statements are exhaustive; this list must be too). */
const EVERY: Remedy[] = [
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
];

describe('remedy wording', () => {
  it('the CLI names a flag, a command or a mapping-file key for every remedy', () => {
    for (const remedy of EVERY) expect(cliRemedy(remedy), remedy.code).toMatch(/--[a-z]|"[a-z_]+":|shed /);
  });

  it('the pane never names a flag or the mapping file', () => {
    for (const remedy of EVERY) {
      const words = paneRemedy(remedy);
      expect(words, remedy.code).not.toMatch(/--|mapping file|shed /);
    }
    expect(paneRemedy(EVERY[0]!)).toBe('choose ‘month/day/year’ under Reading options if the column is month-first, or ‘day/month/year’ if it is not');
  });

  it('a sentence gets sentences; a clause gets clauses; repeats once', () => {
    const dup: Remedy = { code: 'allow_duplicates' };
    expect(withRemedies('already in the service as REC-1: not sent', [dup, dup], cliRemedy)).toBe(
      'already in the service as REC-1: not sent; use --allow-duplicates to send it anyway',
    );
    expect(withRemedies('No column for Qty.', [{ code: 'give_header_row' }], cliRemedy)).toBe(
      'No column for Qty. Add a header row above the data, or pass --mapping FILE naming the columns and the "headerRow".',
    );
    expect(withRemedies('as it is', [], cliRemedy)).toBe('as it is');
  });

  it('a typed error prints with its remedies in the CLI’s words', () => {
    const error = new MappingError('gst_basis', 'The column holds prices including GST.', { remedies: [{ code: 'prices_include_gst' }] });
    expect(cliErrorMessage(error)).toMatch(/^The column holds prices including GST\. If its prices include GST, pass --prices-include-gst/);
    expect(error.message).not.toContain('--');
  });

  it('no message of the core names a command-line flag (the faces word remedies)', () => {
    // Said on purpose: the mapping file's JSON schema describes the CLI's flag; the CLI's own template
    // workbook tells how to run the CLI; `--storage` names the export filter only the CLI takes as text.
    const allowed = new Set(['sheet/mapping-json-schema.ts', 'template/instructions.ts', 'export/fetch.ts']);
    const root = join(import.meta.dirname, '../../../shared');
    const offenders: string[] = [];
    for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || allowed.has(file.replaceAll('\\', '/'))) continue;
      const code = readFileSync(join(root, file), 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line));
      for (const line of code) if (/['"`][^'"`]*\s--[a-z][a-z-]+/.test(line)) offenders.push(`${relative(root, join(root, file))}: ${line.trim()}`);
    }
    expect(offenders).toEqual([]);
  });
});
