import { describe, expect, it } from 'vitest';
import { describeError, describeFailure } from '../../../addin/app/errors.ts';
import {
  attentionLines,
  problemLine,
  problemLines,
  recordCounts,
  runSummary,
  warningLines,
} from '../../../addin/app/import-report.ts';
import { learnedLines } from '../../../addin/app/import-summary.ts';
import { kindOf } from '../../../shared/kinds/index.ts';
import { AuthenticationError, EntitlementError, NetworkError, ShedError } from '../../../shared/errors/index.ts';
import type { Problem, RowResult } from '../../../shared/import/outcome.ts';

const receipts = kindOf('receipts');
const problem: Problem = {
  code: 'unknown_product',
  rowNumber: 22,
  column: 5,
  header: 'Product',
  message: "no product or alias named 'Glyfos 450'",
};
const draft = (rowNumbers: number[], body: unknown, problems: Problem[] = [], warnings: Problem[] = []) => ({
  key: null,
  rowNumbers,
  body,
  problems,
  warnings,
});

describe('describeError and describeFailure', () => {
  it('shows a typed error as it is; a refused token in plain words, the request line behind Details', () => {
    expect(describeError(new ShedError('no_header_row', 'input', 'Sheet has no header row.'))).toBe(
      'Sheet has no header row.',
    );
    const refused = new AuthenticationError({ method: 'GET', url: '/api/organisations' }, {
      status: 401,
      body: null,
      headers: new Headers(),
    } as never);
    expect(describeFailure(refused)).toEqual({
      text: 'The service did not accept the API token. Paste it again and connect.',
      detail: expect.stringMatching(/^Request failed with status 401.*GET \/api\/organisations/),
    });
  });

  it('a 403 in plain words, no request line in the sentence', () => {
    const forbidden = new EntitlementError({ method: 'GET', url: '/api/shed/organisations/o-1/storages' }, {
      status: 403,
      body: null,
      headers: new Headers(),
    } as never);
    const failure = describeFailure(forbidden);
    expect(failure.text).toBe(
      'This organisation has no active shed subscription, so the service refused. Choose another organisation, or ask its owner to subscribe.',
    );
    expect(failure.text).not.toMatch(/GET|\/api\//);
    expect(failure.detail).toContain('GET /api/shed/organisations/o-1/storages');
  });

  it('a service that cannot be reached: what to check, no CORS lecture; the request behind Details', () => {
    const failure = describeFailure(new NetworkError({ method: 'GET', url: '/api/organisations' }, null), {
      origin: 'https://addin.example.com',
    });
    expect(failure.text).toBe(
      'Cannot reach the service. Check the service address and the internet connection; if the service is up, it may not accept requests from this add-in (https://addin.example.com).',
    );
    expect(failure.detail).toMatch(/^Could not reach the service: GET \/api\/organisations/);
  });

  it('cancellation, plain errors and non-errors', () => {
    expect(describeError(new DOMException('stop', 'AbortError'))).toBe('Cancelled.');
    expect(describeError(new Error('boom'))).toBe('boom');
    expect(describeError(new Error(''))).toBe('Something went wrong.');
    expect(describeError('text')).toBe('text');
  });
});

describe('import report', () => {
  it('puts a problem where it is, and names the record not sent', () => {
    expect(problemLine(problem)).toBe("Row 22, F: Product: no product or alias named 'Glyfos 450'");
    expect(problemLine({ code: 'x', rowNumber: 3, message: 'no columns' })).toBe('Row 3: no columns');
    const drafts = [draft([22, 23], null, [problem])];
    expect(problemLines({ drafts, label: () => 'invoice INV-40412' })).toEqual([
      "Row 22, F: Product: no product or alias named 'Glyfos 450' (invoice INV-40412 not sent)",
    ]);
    const warn: Problem = {
      code: 'unit',
      rowNumber: 5,
      column: 8,
      header: 'Unit',
      message: "unit 'drums' is not one the service knows",
    };
    expect(
      warningLines({ drafts: [draft([5], {}, [], [warn])], warnings: [{ message: 'dates read month first' }] }),
    ).toEqual(['dates read month first', "Row 5, I: Unit: unit 'drums' is not one the service knows"]);
  });

  it('words the core’s remedies with the pane’s own controls, never a command-line flag', () => {
    const hidden = {
      message: 'rows 4, 5 are hidden or filtered out in the sheet and not imported',
      remedies: [{ code: 'include_hidden' as const }],
    };
    const dates: Problem = {
      code: 'ambiguous_date',
      rowNumber: 7,
      column: 1,
      header: 'Date',
      message: "'03/04/2026' could be read day-first or month-first",
      remedies: [{ code: 'choose_date_order', orders: ['MDY'], reading: 'month-first', otherwise: 'DMY' }],
    };
    const lines = [...warningLines({ drafts: [], warnings: [hidden] }), problemLine(dates)];
    expect(lines).toEqual([
      'rows 4, 5 are hidden or filtered out in the sheet and not imported; unhide them, or tick ‘Import hidden and filtered-out rows too’ under Reading options, to import them',
      "Row 7, B: Date: '03/04/2026' could be read day-first or month-first; choose ‘month/day/year’ under Reading options if the column is month-first, or ‘day/month/year’ if it is not",
    ]);
    expect(lines.join('\n')).not.toMatch(/--/);
  });

  it('counts records by their first row, and sums up a run', () => {
    const drafts = [draft([2, 3], {}), draft([4], {}), draft([5, 6], null, [problem]), draft([7], {})];
    const results: RowResult[] = [
      { rowNumber: 2, status: 'created' },
      { rowNumber: 3, status: 'created' },
      { rowNumber: 4, status: 'duplicate', message: 'already in the service as REC-00000001' },
      { rowNumber: 5, status: 'invalid' },
      { rowNumber: 6, status: 'invalid' },
      { rowNumber: 7, status: 'failed', message: 'timeout' },
    ];
    expect([...recordCounts(drafts, results)]).toEqual([
      ['created', 1],
      ['duplicate', 1],
      ['invalid', 1],
      ['failed', 1],
    ]);
    expect(runSummary(receipts, drafts, results, { dryRun: false, cancelled: false })).toBe(
      '4 receipts: 1 created, 1 duplicate, 1 refused (2 rows invalid), 1 failed.',
    );
    expect(runSummary(receipts, drafts, results, { dryRun: true, cancelled: false })).toMatch(
      /^Checked, nothing sent: 4 receipts/,
    );
    expect(runSummary(receipts, drafts, results, { dryRun: false, cancelled: true })).toMatch(/^Cancelled: 4 receipts/);
    expect(runSummary(receipts, [], [], { dryRun: false, cancelled: false })).toBe(
      'No receipts found below the header row.',
    );
    expect(
      runSummary(kindOf('returns'), [draft([2], {})], [{ rowNumber: 2, status: 'created' }], {
        dryRun: false,
        cancelled: false,
      }),
    ).toBe('1 return: 1 created.');
    expect(attentionLines(drafts, results)).toEqual([
      'Row 4: duplicate: already in the service as REC-00000001',
      'Row 7: failed: timeout',
    ]);
  });
});

describe('attentionLines of twins', () => {
  it('lists a record the service now holds twice (the sweep named the copies), whatever its status', () => {
    const note =
      'created as REC-00000085, but the service now also holds REC-00000087 with the same content, created while this run ran (another import at the same time?): check them and delete the extra one';
    const drafts = [draft([2], {}), draft([3], {}), draft([4], {})];
    const results: RowResult[] = [
      { rowNumber: 2, status: 'created', recordId: 'a', message: note, twinSequences: ['REC-00000087'] },
      { rowNumber: 3, status: 'created', recordId: 'b' },
      {
        rowNumber: 4,
        status: 'unchanged',
        recordId: 'c',
        message: 'REC-9 is not the only copy',
        twinSequences: ['REC-10'],
      },
    ];
    expect(attentionLines(drafts, results)).toEqual([
      `Row 2: created: ${note}`,
      'Row 4: unchanged: REC-9 is not the only copy',
    ]);
  });
});

describe('learnedLines', () => {
  const entry = {
    kind: 'product' as const,
    supplier: 'Farmco Rural Supplies',
    supplierName: 'Farmco Rural Supplies',
    text: 'Glyfos 450 20L',
    id: 'p-1',
    name: 'Glyfos 540',
    rowNumber: 22,
  };
  const said = (recipes: { saved: string | null; notSaved?: string }) =>
    learnedLines({ recipes: { applied: [], learned: [entry], ...recipes } });

  it('says where the learning went: kept, would be kept (Validate), or not kept and why', () => {
    expect(said({ saved: 'this workbook' })[0]).toMatch(/^Learned for next time \(Recipes tab\): Farmco/);
    expect(said({ saved: null })[0]).toMatch(/^Would be learned \(Validate: not kept\)/);
    expect(said({ saved: null, notSaved: 'storage is full' })[0]).toMatch(
      /^Learned but not kept \(storage is full\): Farmco Rural Supplies: 'Glyfos 450 20L' → Glyfos 540 \(row 22\)/,
    );
  });
});
