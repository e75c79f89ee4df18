import { describe, expect, it } from 'vitest';
import { decideRetry, networkErrorCode, parseRetryAfter, queryString } from '../../../shared/client/index.ts';

describe('decideRetry: which failures are retried per method', () => {
  it.each([
    ['GET', { kind: 'status', status: 429 }, 'retry'],
    ['GET', { kind: 'status', status: 500 }, 'retry'],
    ['GET', { kind: 'status', status: 503 }, 'retry'],
    ['GET', { kind: 'status', status: 404 }, 'fail'],
    ['GET', { kind: 'timeout' }, 'retry'],
    ['GET', { kind: 'network', code: 'UND_ERR_SOCKET' }, 'retry'],
    ['GET', { kind: 'network', code: null }, 'retry'],
    ['PATCH', { kind: 'status', status: 502 }, 'retry'],
    ['PATCH', { kind: 'timeout' }, 'retry'],
    ['PATCH', { kind: 'status', status: 422 }, 'fail'],
    ['DELETE', { kind: 'network', code: 'ECONNRESET' }, 'retry'],
    ['POST', { kind: 'status', status: 429 }, 'retry'],
    ['POST', { kind: 'status', status: 500 }, 'outcome_unknown'],
    ['POST', { kind: 'status', status: 502 }, 'outcome_unknown'],
    ['POST', { kind: 'status', status: 503 }, 'outcome_unknown'],
    ['POST', { kind: 'status', status: 504 }, 'outcome_unknown'],
    ['POST', { kind: 'status', status: 422 }, 'fail'],
    ['POST', { kind: 'status', status: 401 }, 'fail'],
    ['POST', { kind: 'timeout' }, 'outcome_unknown'],
    ['POST', { kind: 'network', code: 'ECONNREFUSED' }, 'retry'],
    ['POST', { kind: 'network', code: 'ENOTFOUND' }, 'retry'],
    ['POST', { kind: 'network', code: 'UND_ERR_CONNECT_TIMEOUT' }, 'retry'],
    ['POST', { kind: 'network', code: 'ECONNRESET' }, 'outcome_unknown'],
    ['POST', { kind: 'network', code: 'UND_ERR_SOCKET' }, 'outcome_unknown'],
    ['POST', { kind: 'network', code: 'EPIPE' }, 'outcome_unknown'],
    ['POST', { kind: 'network', code: null }, 'outcome_unknown'],
    ['post', { kind: 'timeout' }, 'outcome_unknown'],
  ] as const)('%s %j → %s', (method, failure, expected) => {
    expect(decideRetry(method, failure)).toBe(expected);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-03-01T10:00:00Z');
  it.each([
    ['120', 120_000],
    ['0', 0],
    [' 3 ', 3_000],
    ['1.5', 1_500],
    ['Sun, 01 Mar 2026 10:00:30 GMT', 30_000],
    ['Sun, 01 Mar 2026 09:00:00 GMT', 0],
    ['', null],
    ['soon', null],
    ['-5', null],
    [null, null],
    [undefined, null],
  ])('%j → %j ms', (header, expected) => {
    expect(parseRetryAfter(header, now)).toBe(expected);
  });
});

describe('networkErrorCode', () => {
  it('finds the code on the cause chain and in an AggregateError', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    expect(networkErrorCode(new TypeError('fetch failed', { cause: refused }))).toBe('ECONNREFUSED');
    const aggregate = new AggregateError([new Error('x'), refused], 'all failed');
    expect(networkErrorCode(new TypeError('fetch failed', { cause: aggregate }))).toBe('ECONNREFUSED');
    expect(networkErrorCode(new TypeError('Failed to fetch'))).toBeNull();
    expect(networkErrorCode('text')).toBeNull();
  });
});

describe('queryString', () => {
  it('repeats array keys, leaves undefined out and encodes offsets', () => {
    expect(
      queryString({ 'ids[]': ['a', 'b'], page: 2, updated_after: '2026-03-01T10:00:00+10:00', x: undefined }),
    ).toBe('?ids%5B%5D=a&ids%5B%5D=b&page=2&updated_after=2026-03-01T10%3A00%3A00%2B10%3A00');
    expect(queryString({})).toBe('');
    expect(queryString(undefined)).toBe('');
  });
});
