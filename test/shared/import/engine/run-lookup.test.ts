// Where a create whose answer was lost is looked for: among the records changed since the newest create
// answered before it was sent (less the margin), not the whole run's records again.
import { describe, expect, it } from 'vitest';
import { OutcomeUnknownError } from '../../../../shared/errors/outcome-unknown-error.ts';
import { JournalIndex } from '../../../../shared/import/engine/journal.ts';
import type { ImportOps } from '../../../../shared/import/engine/ops.ts';
import { RECONCILE_MARGIN_MS, runImport } from '../../../../shared/import/engine/run.ts';
import { RETRY_AFTER_MAX_MS } from '../../../../shared/import/engine/retry-after.ts';
import { type Body, type Draft, type Rec, draft, namedKind } from './named-records.ts';

const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();

/** A service stamping each create 10 s after the last; the creates named in `lose` lose their answer once, after it acted. */
function service(existing: Rec[], lose: Set<string>) {
  const records = [...existing];
  let second = 100;
  const asked: (string | null)[] = [];
  const expected: (number | undefined)[] = [];
  const ops: ImportOps<Draft, Body, Rec> = {
    ...namedKind,
    async create(body) {
      second += 10;
      const rec = { id: `id-${body.name}`, sequence: `REC-${body.name}`, updated_at: at(second), name: body.name };
      records.push(rec);
      if (lose.delete(body.name)) {
        throw new OutcomeUnknownError(
          { method: 'POST', url: '/x' },
          { reason: 'connection_lost', startedAt: at(0), explanation: 'the answer was lost' },
        );
      }
      return rec;
    },
    update: async () => {
      throw new Error('no updates here');
    },
    get: async () => {
      throw new Error('no reads here');
    },
    // `updated_after` is strict (gaps row 14).
    listSince: async (since, expectedRecords) => {
      asked.push(since);
      expected.push(expectedRecords);
      return records.filter((r) => since === null || Date.parse(r.updated_at) > Date.parse(since));
    },
    diff: () => ({ body: null, changes: [] }),
    results: (d, r, status, message) =>
      d.rowNumbers.map((rowNumber) => ({ rowNumber, status, recordId: r.id, ...(message ? { message } : {}) })),
    underReview: () => false,
  };
  return { ops, records, asked, expected };
}

const options = () => ({
  concurrency: 1,
  journal: new JournalIndex([], 'org', 'receipts'),
  sink: { append: async () => {} },
  retryDelayMs: 1,
});

describe('runImport looks for a lost create', () => {
  it('since the newest create answered before it was sent, less the margin; the first since the run’s cursor', async () => {
    const old = { id: 'id-old', sequence: 'REC-old', updated_at: at(50), name: 'old' };
    const svc = service([old], new Set(['A', 'C']));
    const results = await runImport([draft(2, 'A'), draft(3, 'B'), draft(4, 'C')], svc.ops, [old], options());
    expect(results.map((r) => [r.rowNumber, r.status])).toEqual([
      [2, 'created'],
      [3, 'created'],
      [4, 'created'],
    ]);
    // A (stamped 110 s) was sent before any answer: looked for since the run's cursor (the old record,
    // 50 s). C (130 s) was sent after B's answer (120 s): looked for since then, less the margin.
    const less = (second: number) => new Date(Date.parse(at(second)) - RECONCILE_MARGIN_MS).toISOString();
    expect(svc.asked.slice(0, 2)).toEqual([less(50), less(120)]);
    // Each list is told how many of the run's own creates it holds at least (B's for C's), so their
    // pages are asked for at once.
    expect(svc.expected.slice(0, 2)).toEqual([0, 1]);
    // The final sweep likewise, of every create answered (B; A and C were found, their answers lost).
    expect(svc.asked).toHaveLength(3);
    expect(svc.expected[2]).toBe(1);
    // Each created once, found rather than sent again.
    expect(svc.records.map((r) => r.name)).toEqual(['old', 'A', 'B', 'C']);
  });

  it('in an empty organisation, the first lost create is looked for among every record', async () => {
    const svc = service([], new Set(['A']));
    const results = await runImport([draft(2, 'A')], svc.ops, [], options());
    expect(results[0]).toMatchObject({ status: 'created' });
    expect(svc.asked[0]).toBeNull();
    expect(svc.records).toHaveLength(1);
  });
});

describe('runImport looks for a create lost again', () => {
  it('since its first send: a first attempt that committed late is found, not sent a third time', async () => {
    // A's first send times out and commits late (after the first look-up's list, before B's create);
    // its second send fails before the service acts; B's answer (stamped after A's late record)
    // came meanwhile. The second look-up must still cover the first send.
    const records: Rec[] = [];
    let second = 100;
    let bCreated = () => {};
    const bDone = new Promise<void>((resolve) => (bCreated = resolve));
    let sendsOfA = 0;
    let lateA: (() => void) | null = null;
    const lost = () =>
      new OutcomeUnknownError(
        { method: 'POST', url: '/x' },
        { reason: 'timeout', startedAt: at(0), explanation: 'no answer in time' },
      );
    const stamp = (name: string) => {
      second += 10;
      const rec = { id: `id-${name}-${second}`, sequence: `REC-${second}`, updated_at: at(second), name };
      records.push(rec);
      return rec;
    };
    const { ops } = service([], new Set());
    ops.create = async (body) => {
      if (body.name === 'B') {
        const rec = stamp('B');
        bCreated();
        return rec;
      }
      sendsOfA += 1;
      if (sendsOfA === 1) {
        lateA = () => stamp('A');
        throw lost();
      }
      if (sendsOfA === 2) throw lost();
      return stamp('A');
    };
    ops.listSince = async (since) => {
      const listed = records.filter((r) => since === null || Date.parse(r.updated_at) > Date.parse(since));
      if (lateA) {
        lateA();
        lateA = null;
        await bDone;
      }
      return listed;
    };
    const results = await runImport([draft(2, 'A'), draft(3, 'B')], ops, [], options());
    expect(results.map((r) => [r.rowNumber, r.status])).toEqual([
      [2, 'created'],
      [3, 'created'],
    ]);
    expect(records.map((r) => r.name).sort()).toEqual(['A', 'B']);
    expect(sendsOfA).toBe(2);
  });
});

describe('runImport reports the copies beside a lost create it adopted', () => {
  it('a younger one too: its own copy, when the one it found first was another run’s', async () => {
    // Another run creates the same invoice just before this one's create, whose answer is lost.
    const svc = service([], new Set(['A']));
    const create = svc.ops.create.bind(svc.ops);
    svc.ops.create = async (body) => {
      svc.records.push({ id: 'other-A', sequence: 'REC-other', updated_at: at(105), name: 'A' });
      return create(body);
    };
    const results = await runImport([draft(2, 'A')], svc.ops, [], options());
    // The older copy is adopted (it may be this run's own); the younger one is named on the row, not left unsaid.
    expect(results[0]).toMatchObject({ rowNumber: 2, status: 'created', recordId: 'other-A' });
    expect(results[0]?.message ?? '').toContain('REC-A');
  });
});

describe('runImport sends a lost create again', () => {
  it('as urgent, so it goes ahead of the creates that have not started; a first send is not', async () => {
    const svc = service([], new Set());
    const asked: string[] = [];
    const create = svc.ops.create.bind(svc.ops);
    let failOnce = true;
    svc.ops.create = async (body, how) => {
      asked.push(`${body.name}${how?.urgent ? ' urgent' : ''}`);
      if (body.name === 'A' && failOnce) {
        // Refused before it acted (nothing committed): the look-up finds nothing and A is sent again.
        failOnce = false;
        throw new OutcomeUnknownError(
          { method: 'POST', url: '/x' },
          { reason: 'connection_lost', startedAt: at(0), explanation: 'the answer was lost' },
        );
      }
      return create(body);
    };
    const results = await runImport([draft(2, 'A'), draft(3, 'B')], svc.ops, [], options());
    expect(results.map((r) => r.status)).toEqual(['created', 'created']);
    expect(asked.filter((a) => a.startsWith('A'))).toEqual(['A', 'A urgent']);
    expect(asked).toContain('B');
    expect(svc.records.map((r) => r.name).sort()).toEqual(['A', 'B']);
  });
});

describe('runImport waits out a lost create’s Retry-After', () => {
  const lost = (retryAfterMs: number | null) =>
    new OutcomeUnknownError(
      { method: 'POST', url: '/x' },
      { reason: 'server_error', status: 503, retryAfterMs, startedAt: at(0), explanation: 'the service answered 503' },
    );

  it('before looking for it and sending it again, counted from the answer; other records go on meanwhile', async () => {
    const svc = service([], new Set());
    const create = svc.ops.create.bind(svc.ops);
    const listSince = svc.ops.listSince.bind(svc.ops);
    const listedAt: number[] = [];
    svc.ops.listSince = async (since, expected) => {
      listedAt.push(performance.now());
      return listSince(since, expected);
    };
    const sentAt: [string, number][] = [];
    let failOnce = true;
    svc.ops.create = async (body, how) => {
      sentAt.push([body.name, performance.now()]);
      if (body.name === 'A' && failOnce) {
        failOnce = false;
        throw lost(300);
      }
      return create(body, how);
    };
    const results = await runImport([draft(2, 'A'), draft(3, 'B')], svc.ops, [], options());
    expect(results.map((r) => r.status)).toEqual(['created', 'created']);
    const [first, b, again] = sentAt;
    expect([first?.[0], b?.[0], again?.[0]]).toEqual(['A', 'B', 'A']);
    // Not looked for, nor sent again, before the 300 ms the service asked for (lower bounds only, less
    // a timer's millisecond or so): the look-up sees the service as it is just before the next send.
    expect(listedAt[0]! - first![1]).toBeGreaterThanOrEqual(295);
    expect(again![1] - first![1]).toBeGreaterThanOrEqual(295);
  });

  it('gives up on the record when the service asks for longer than a run waits', async () => {
    const svc = service([], new Set());
    let sends = 0;
    svc.ops.create = async () => {
      sends += 1;
      throw lost(RETRY_AFTER_MAX_MS + 1_000);
    };
    const results = await runImport([draft(2, 'A')], svc.ops, [], options());
    expect(results[0]).toMatchObject({ rowNumber: 2, status: 'failed' });
    expect(sends).toBe(1);
    // Says why: the wait asked for, not a count of failures that did not happen.
    expect(results[0]?.message).toContain('Retry-After');
    expect(results[0]?.message).not.toMatch(/failed \d+ times/);
  });
});

describe('runImport stopped while a lost create waits out its Retry-After', () => {
  it('leaves it unsent, at once, and sends nothing more', async () => {
    const svc = service([], new Set());
    const controller = new AbortController();
    let sends = 0;
    svc.ops.create = async () => {
      sends += 1;
      setTimeout(() => controller.abort(), 20);
      throw new OutcomeUnknownError(
        { method: 'POST', url: '/x' },
        { reason: 'server_error', status: 503, retryAfterMs: 20_000, startedAt: at(0), explanation: 'answered 503' },
      );
    };
    const results = await runImport([draft(2, 'A')], svc.ops, [], { ...options(), signal: controller.signal });
    expect(results[0]).toMatchObject({ rowNumber: 2, status: 'failed', notSent: true });
    expect(results[0]?.message).toContain('interrupted');
    // Sent once; and not after the 20 s asked for (the test's own time limit is 5 s): the stop ends the wait.
    expect(sends).toBe(1);
  });
});
