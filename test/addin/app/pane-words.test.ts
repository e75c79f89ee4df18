/**
 * No command-line words reach the task pane: its own wording, its words for every remedy, and what it
 * shows (text and details) for every error class it can meet name no flag, no `shed` command and no
 * FILE placeholder.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeFailure, type Failure } from '../../../addin/app/errors.ts';
import { paneRemedy, paneText } from '../../../addin/app/remedy-wording.ts';
import { WorkbookError } from '../../../addin/excel/workbook-port.ts';
import { resolveOptions } from '../../../shared/client/options.ts';
import * as coreErrors from '../../../shared/errors/index.ts';
import { readStocktake, StocktakeError } from '../../../shared/export/datasets/stocktake.ts';
import { UnknownStorageError } from '../../../shared/export/fetch.ts';
import { createResolver, ReferenceDataError } from '../../../shared/resolve/index.ts';
import { MappingError } from '../../../shared/sheet/mapping-error.ts';
import { TemplateError } from '../../../shared/template/index.ts';
import { EVERY } from '../../support/remedies.ts';
import { CLI_WORDS, stringLiterals } from '../../support/string-literals.ts';
import { templateReference } from '../../support/template-reference.ts';

const target = { method: 'GET', url: '/api/organisations' };
const answer = (status: number) => ({ status, body: { message: 'refused' } });

/** What the pane shows for `error`: its line and its details, remedies in the pane's words. */
function shown(error: unknown): string {
  const failure: Failure = describeFailure(error, { origin: 'https://localhost:3000' });
  return [failure.text, failure.detail ?? ''].join('\n');
}

/** The error the core throws for a missing token, a stocktake sheet without its columns, and so on. */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

/** One error of every class of shared/errors (checked against its exports), then the others the pane meets. */
function everyError(): { name: string; error: coreErrors.ShedError }[] {
  const errors: coreErrors.ShedError[] = [
    new coreErrors.ShedError('invalid_argument', 'internal', 'Something went wrong.'),
    new coreErrors.UsageError('Expected a date.'),
    new coreErrors.RequestError('network_error', 'connection', 'The request failed.', target),
    new coreErrors.HttpError(target, answer(409)),
    new coreErrors.AuthenticationError(target, answer(401)),
    new coreErrors.EntitlementError(target, answer(403)),
    new coreErrors.NotFoundError(target, answer(404)),
    new coreErrors.ValidationError(target, { status: 422, body: { errors: { name: ['is taken'] } } }),
    new coreErrors.RateLimitError(target, answer(429), 2_000),
    new coreErrors.ServiceError(target, answer(503)),
    new coreErrors.NetworkError(target, 'ECONNREFUSED'),
    new coreErrors.TimeoutError(target, 30_000),
    new coreErrors.OutcomeUnknownError(target, {
      reason: 'timeout',
      startedAt: '2026-03-01T00:00:00Z',
      explanation: 'no answer came',
    }),
    new coreErrors.ResponseShapeError(target, 200, [{ path: 'data.0.id', message: 'Required' }]),
  ];
  const classes = Object.values(coreErrors).filter(
    (v) => typeof v === 'function' && (v === coreErrors.ShedError || v.prototype instanceof coreErrors.ShedError),
  );
  expect(new Set(errors.map((e) => e.constructor))).toEqual(new Set(classes));
  const grid = { source: 'count.xlsx', sheet: 'Stocktake', rows: [{ rowNumber: 1, cells: ['Where', 'What'] }] };
  const others: coreErrors.ShedError[] = [
    thrown(() => resolveOptions({ baseUrl: 'http://127.0.0.1:1', token: ' ' })) as coreErrors.ShedError,
    thrown(() => readStocktake(grid, createResolver(templateReference(['Shed'], ['Urea'])), [])) as StocktakeError,
    new UnknownStorageError("no storage named 'Seed Shedd'; closest: 'Seed Shed'"),
    new TemplateError("A template is for receipts or returns, not 'stock'."),
    new ReferenceDataError('The reference data has no organisation id.'),
    new MappingError('missing_fields', 'No column for Qty.', {
      remedies: [{ code: 'map_columns', fields: ['quantity'] }],
    }),
    new WorkbookError('sheet_not_found', "There is no sheet named 'Nope'."),
  ];
  return [...errors, ...others].map((error) => ({ name: `${error.constructor.name} ${error.code}`, error }));
}

describe('what the pane can show', () => {
  it("the pane's own wording (addin/app, addin/taskpane, addin/excel and the page) names no flag, shed command or FILE", () => {
    const literals = stringLiterals('addin/app', 'addin/taskpane', 'addin/excel').filter((l) => CLI_WORDS.test(l.text));
    expect(literals.map((l) => `${l.file}:${l.line}: ${l.text}`)).toEqual([]);
    const page = readFileSync(new URL('../../../addin/taskpane/taskpane.html', import.meta.url), 'utf8').replace(
      /<!--[\s\S]*?-->/g,
      '',
    );
    expect(page).not.toMatch(CLI_WORDS);
  });

  it('every remedy in the pane’s words', () => {
    for (const remedy of EVERY) expect(paneRemedy(remedy), remedy.code).not.toMatch(CLI_WORDS);
  });

  it('every error class the pane can meet, its text and its details', () => {
    for (const { name, error } of everyError()) {
      expect(shown(error), name).not.toMatch(CLI_WORDS);
      expect(paneText(error.message, error.remedies), name).not.toMatch(CLI_WORDS);
    }
  });

  it('a refused token says what to do in the pane; a stocktake sheet without its columns says where to make one', () => {
    const errors = everyError();
    const refused = errors.find((e) => e.error.code === 'unauthenticated')!.error;
    expect(shown(refused)).toBe(
      'The service did not accept the API token. Paste it again and connect.\nRequest failed with status 401 Unauthorized: GET /api/organisations. The API token was refused.',
    );
    const stocktake = errors.find((e) => e.error.code === 'stocktake_invalid')!.error;
    expect(shown(stocktake)).toBe(
      'count.xlsx, sheet Stocktake: no header row with Storage, Product and Counted columns in the first 10 rows. Make the sheet under Export: choose ‘Stocktake sheet: expected stock to count’.\n',
    );
    const missing = errors.find((e) => e.error.code === 'missing_token')!.error;
    expect(shown(missing)).toBe('No API token given. Paste the API token under Connect.\n');
  });
});
