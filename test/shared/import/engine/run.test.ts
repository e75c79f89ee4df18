import { describe, expect, it } from 'vitest';
import { OutcomeUnknownError } from '../../../../shared/errors/outcome-unknown-error.ts';
import type { JournalEntry } from '../../../../shared/import/engine/journal.ts';
import { JournalIndex } from '../../../../shared/import/engine/journal.ts';
import { fingerprint } from '../../../../shared/import/engine/fingerprint.ts';
import type { ImportOps } from '../../../../shared/import/engine/ops.ts';
import { changedSince, runImport } from '../../../../shared/import/engine/run.ts';
import { type Body, type Draft, type Rec, draft, namedKind } from './named-records.ts';

const lost = (reason: 'server_error' | 'connection_lost') =>
  new OutcomeUnknownError(
    { method: 'POST', url: '/x' },
    { reason, startedAt: new Date(0).toISOString(), explanation: 'the answer was lost' },
  );

function service(options: { loseAnswers?: number; failFirst?: number } = {}) {
  const records: Rec[] = [];
  let lose = options.loseAnswers ?? 0;
  let fail = options.failFirst ?? 0;
  let clock = 0;
  const creates: string[] = [];
  const ops: ImportOps<Draft, Body, Rec> = {
    ...namedKind,
    async create(body) {
      if (fail > 0) {
        fail -= 1;
        throw lost('server_error');
      }
      creates.push(body.name);
      const rec = {
        id: `id-${records.length + 1}`,
        sequence: `REC-${records.length + 1}`,
        updated_at: new Date(Date.UTC(2026, 0, 1, 0, 0, ++clock)).toISOString(),
        name: body.name,
      };
      records.push(rec);
      if (lose > 0) {
        lose -= 1;
        throw lost('connection_lost');
      }
      return rec;
    },
    update: async () => {
      throw new Error('no updates here');
    },
    get: async (id) => records.find((r) => r.id === id)!,
    listSince: async () => [...records],
    diff: () => ({ body: null, changes: [] }),
    results: (d, r, status, message) =>
      d.rowNumbers.map((rowNumber) => ({
        rowNumber,
        status,
        recordId: r.id,
        sequence: r.sequence,
        ...(message ? { message } : {}),
      })),
    underReview: () => false,
  };
  return { ops, records, creates };
}

/** The named kind's diff: a record's name is all there is to change. */
const byName: ImportOps<Draft, Body, Rec>['diff'] = (d, current) =>
  d.body!.name === current.name ? { body: null, changes: [] } : { body: { name: d.body!.name }, changes: ['name'] };

/** While this run creates the record named `when`, another run (or a colleague) enters `theirs` in the same service. */
function enteredMeanwhile(svc: ReturnType<typeof service>, when: string, theirs: Rec): void {
  const create = svc.ops.create;
  svc.ops.create = async (body) => {
    if (body.name === when) svc.records.push(theirs);
    return create(body);
  };
}

const noJournal = () => new JournalIndex([], 'org', 'receipts');
const sink = (into: JournalEntry[] = []) => ({ append: async (e: JournalEntry) => void into.push(e) });

/**
 * An update of record r1 ('A' → 'B') whose every send is lost (answered 500, not applied), the record
 * read through `read(n, svc)` (n: the read's number from 1): what was sent, the reads, and the rows.
 */
async function lostUpdate(read: (n: number, svc: ReturnType<typeof service>, record: Rec) => Promise<Rec>) {
  const svc = service();
  const record: Rec = { id: 'r1', sequence: 'REC-1', updated_at: '2026-01-01T00:00:00Z', name: 'A' };
  svc.records.push({ ...record });
  const sent: string[] = [];
  svc.ops.update = async (_id, body) => {
    sent.push((body as Body).name);
    throw lost('server_error');
  };
  let reads = 0;
  svc.ops.get = async () => read((reads += 1), svc, record);
  svc.ops.diff = byName;
  const results = await runImport(
    [{ ...draft(2, 'B'), recordId: 'r1', updatedAt: record.updated_at }],
    svc.ops,
    [{ ...record }],
    { concurrency: 1, journal: noJournal(), sink: sink(), retryDelayMs: 1 },
  );
  return { svc, sent, reads, results };
}

describe('runImport', () => {
  it('two equal invoices in one sheet (no invoice number): the second is a duplicate of the first, the first sent', async () => {
    const svc = service();
    const results = await runImport([draft(2, 'A'), draft(3, 'A')], svc.ops, [], {
      concurrency: 2,
      journal: noJournal(),
      sink: sink(),
    });
    expect(results.map((r) => [r.rowNumber, r.status])).toEqual([
      [2, 'created'],
      [3, 'duplicate'],
    ]);
    expect(results[1]!.message).toBe('the same as row 2 of this sheet: not sent');
    expect(svc.creates).toEqual(['A']);
  });

  it('two equal invoices in one sheet and one twin in the service: nothing sent', async () => {
    const svc = service();
    svc.records.push({ id: 'old', sequence: 'REC-0', updated_at: '2025-01-01T00:00:00Z', name: 'A' });
    const results = await runImport([draft(2, 'A'), draft(3, 'A')], svc.ops, [...svc.records], {
      concurrency: 2,
      journal: noJournal(),
      sink: sink(),
    });
    expect(results.map((r) => [r.rowNumber, r.status, r.sequence])).toEqual([
      [2, 'duplicate', 'REC-0'],
      [3, 'duplicate', undefined],
    ]);
    expect(svc.creates).toEqual([]);
  });

  it('two equal invoices, duplicates allowed, one twin in the service: both sent', async () => {
    const svc = service();
    svc.records.push({ id: 'old', sequence: 'REC-0', updated_at: '2025-01-01T00:00:00Z', name: 'A' });
    const results = await runImport([draft(2, 'A'), draft(3, 'A')], svc.ops, [...svc.records], {
      concurrency: 2,
      journal: noJournal(),
      sink: sink(),
      allowDuplicates: true,
    });
    expect(results.map((r) => r.status)).toEqual(['created', 'created']);
    expect(svc.creates).toEqual(['A', 'A']);
  });

  it('a lost answer is found in the service and adopted: sent once', async () => {
    const svc = service({ loseAnswers: 1 });
    const entries: JournalEntry[] = [];
    const results = await runImport([draft(2, 'A')], svc.ops, [], {
      concurrency: 1,
      journal: noJournal(),
      sink: sink(entries),
    });
    expect(results[0]).toMatchObject({ status: 'created', recordId: 'id-1' });
    expect(svc.creates).toEqual(['A']);
    expect(entries.map((e) => e.type)).toEqual(['intent', 'created']);
  });

  it('a create that failed before acting is sent again after looking for it', async () => {
    const svc = service({ failFirst: 2 });
    const results = await runImport([draft(2, 'A')], svc.ops, [], {
      concurrency: 1,
      journal: noJournal(),
      sink: sink(),
      retryDelayMs: 1,
    });
    expect(results[0]!.status).toBe('created');
    expect(svc.creates).toEqual(['A']);
  });

  it('creates lost at once look for themselves in shared lists, each begun after its create failed', async () => {
    const svc = service({ failFirst: 8, loseAnswers: 4 });
    let lists = 0;
    const listSince = svc.ops.listSince;
    svc.ops.listSince = async (since) => {
      lists += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return listSince(since);
    };
    const drafts = Array.from({ length: 8 }, (_, i) => draft(i + 2, `N${i}`));
    const results = await runImport(drafts, svc.ops, [], {
      concurrency: 8,
      journal: noJournal(),
      sink: sink(),
      retryDelayMs: 1,
    });
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 8 }, () => 'created'));
    // Every invoice sent until it was created once; the four answers lost after creating are adopted.
    expect([...svc.creates].sort()).toEqual(drafts.map((d) => d.body!.name).sort());
    expect(svc.records).toHaveLength(8);
    // Eight failed creates, then four lost answers: a list each would be twelve (and the sweep after).
    expect(lists).toBeLessThanOrEqual(6);
  });

  it('a lost answer whose look-up list fails is not sent again: failed, outcome unknown, its intent left for the next run', async () => {
    const svc = service({ loseAnswers: 1 });
    const ops = {
      ...svc.ops,
      listSince: async (): Promise<Rec[]> => {
        throw new Error('Request failed with status 503 Service Unavailable: GET /receipts');
      },
    };
    const entries: JournalEntry[] = [];
    const results = await runImport([draft(2, 'A')], ops, [], {
      concurrency: 1,
      journal: noJournal(),
      sink: sink(entries),
      retryDelayMs: 1,
    });
    expect(results[0]).toMatchObject({ status: 'failed' });
    expect(results[0]!.message).toMatch(/^outcome unknown: .*not sent again.* \(Request failed with status 503/);
    expect(svc.creates).toEqual(['A']);
    expect(entries.map((e) => e.type)).toEqual(['intent']);
  });

  it("a stop (Ctrl-C) before an update's turn leaves it unsent, as it does a create", async () => {
    const svc = service();
    for (let k = 1; k <= 5; k++)
      svc.records.push({ id: `id-${k}`, sequence: `REC-${k}`, updated_at: '2026-01-01T00:00:00Z', name: `N${k}` });
    const controller = new AbortController();
    const sent: string[] = [];
    const ops: ImportOps<Draft, Body, Rec> = {
      ...svc.ops,
      diff: (d, r) => (d.body!.name === r.name ? { body: null, changes: [] } : { body: d.body, changes: ['name'] }),
      update: async (id, body) => {
        sent.push(id);
        controller.abort();
        const record = svc.records.find((r) => r.id === id)!;
        record.name = (body as Body).name;
        return record;
      },
    };
    const drafts = [1, 2, 3, 4, 5].map((k) => ({ ...draft(k + 1, `M${k}`), recordId: `id-${k}` }));
    const results = await runImport(drafts, ops, [...svc.records], {
      concurrency: 1,
      journal: noJournal(),
      sink: sink(),
      signal: controller.signal,
    });
    expect(sent).toEqual(['id-1']);
    expect(results.map((r) => r.status)).toEqual(['updated', 'failed', 'failed', 'failed', 'failed']);
    expect(results.slice(1).every((r) => r.notSent && /not sent: the run was interrupted/.test(r.message ?? ''))).toBe(
      true,
    );
  });

  it('gives up with a clear failure after the last attempt, nothing created', async () => {
    const svc = service({ failFirst: 10 });
    const results = await runImport([draft(2, 'A')], svc.ops, [], {
      concurrency: 1,
      journal: noJournal(),
      sink: sink(),
      retryDelayMs: 1,
      maxAttempts: 3,
    });
    expect(results[0]).toMatchObject({ status: 'failed' });
    expect(results[0]!.message).toMatch(/not created: the service failed 3 times and the record is not there/);
    expect(svc.records).toEqual([]);
  });

  it('an intent with no answer from an earlier run: the twin in the service is adopted as created', async () => {
    const svc = service();
    svc.records.push({ id: 'mine', sequence: 'REC-9', updated_at: '2026-01-01T00:00:00Z', name: 'A' });
    const journal = new JournalIndex(
      [
        {
          type: 'intent',
          at: '',
          organisationId: 'org',
          kind: 'receipts',
          fingerprint: await fingerprint('A'),
          rowNumbers: [2],
          cursor: null,
        },
      ],
      'org',
      'receipts',
    );
    const results = await runImport([draft(2, 'A')], svc.ops, [...svc.records], {
      concurrency: 1,
      journal,
      sink: sink(),
    });
    expect(results[0]).toMatchObject({
      status: 'created',
      recordId: 'mine',
      message: 'found after an interrupted run',
    });
    expect(svc.creates).toEqual([]);
  });

  it('a dry run decides everything and sends nothing', async () => {
    const svc = service();
    const entries: JournalEntry[] = [];
    const results = await runImport([draft(2, 'A'), { ...draft(3, 'B'), body: null }], svc.ops, [], {
      concurrency: 1,
      dryRun: true,
      journal: noJournal(),
      sink: sink(entries),
    });
    expect(results.map((r) => r.status)).toEqual(['would create', 'invalid']);
    expect(svc.creates).toEqual([]);
    expect(entries).toEqual([]);
  });
});

describe('runImport updating a record by its Record ID', () => {
  it("refuses an update when a colleague changed the record after the run's snapshot, and sends nothing", async () => {
    const svc = service();
    const sheetVersion = '2026-01-01T00:00:00Z';
    const record: Rec = { id: 'r1', sequence: 'REC-1', updated_at: sheetVersion, name: 'A' };
    const snapshot = [{ ...record }]; // the organisation as listed at the start of the run
    // Edited in the service since: later than the snapshot and the sheet's Updated At.
    svc.records.push({ ...record, updated_at: '2026-01-01T00:05:00Z', name: 'A (edited)' });
    const updates: string[] = [];
    svc.ops.update = async (id) => {
      updates.push(id);
      return svc.records[0]!;
    };
    svc.ops.diff = byName;
    const results = await runImport(
      [{ ...draft(2, 'B'), recordId: 'r1', updatedAt: sheetVersion }],
      svc.ops,
      snapshot,
      {
        concurrency: 1,
        journal: noJournal(),
        sink: sink(),
      },
    );
    expect(results[0]).toMatchObject({ status: 'conflict' });
    expect(results[0]!.message).toMatch(
      /changed in the service at 2026-01-01T00:05:00Z, after this sheet's Updated At/,
    );
    expect(updates).toEqual([]);
  });
  it('does not send an update again after its answer was lost when the record changed since it was read', async () => {
    const svc = service();
    const sheetVersion = '2026-01-01T00:00:00Z';
    const record: Rec = { id: 'r1', sequence: 'REC-1', updated_at: sheetVersion, name: 'A' };
    svc.records.push({ ...record });
    const updates: string[] = [];
    svc.ops.update = async (id) => {
      updates.push(id);
      // Not applied, its answer lost; a colleague changes the record meanwhile.
      svc.records[0] = { ...record, updated_at: '2026-01-01T00:05:00Z', name: 'C' };
      throw lost('connection_lost');
    };
    svc.ops.diff = byName;
    const results = await runImport(
      [{ ...draft(2, 'B'), recordId: 'r1', updatedAt: sheetVersion }],
      svc.ops,
      [{ ...record }],
      { concurrency: 1, journal: noJournal(), sink: sink() },
    );
    expect(results[0]).toMatchObject({ status: 'conflict' });
    expect(results[0]!.message).toMatch(/its answer was lost, and the service changed it at 2026-01-01T00:05:00Z/);
    expect(updates).toEqual(['r1']);
    expect(svc.records[0]!.name).toBe('C');
  });

  it("journals the record as read just before the update as what undo puts back, not the snapshot's", async () => {
    const svc = service();
    const record: Rec = { id: 'r1', sequence: 'REC-1', updated_at: '2026-01-01T00:00:00Z', name: 'A' };
    svc.records.push({ ...record, updated_at: '2026-01-01T00:05:00Z', name: 'C' }); // changed since the snapshot
    svc.ops.update = async () => ({ ...svc.records[0]!, updated_at: '2026-01-01T00:06:00Z', name: 'B' });
    svc.ops.diff = byName;
    const entries: JournalEntry[] = [];
    // A row with no Updated At is not checked for changes (its note says so); undo must still restore 'C'.
    const results = await runImport([{ ...draft(2, 'B'), recordId: 'r1' }], svc.ops, [{ ...record }], {
      concurrency: 1,
      journal: noJournal(),
      sink: sink(entries),
    });
    expect(results[0]).toMatchObject({ status: 'updated' });
    expect(entries.find((e) => e.type === 'updated')).toMatchObject({ previous: { name: 'C' } });
  });

  it('waits the Retry-After of a lost update before reading it back and sending it again; a wait too long ends it', async () => {
    const busy = (retryAfterMs: number) =>
      new OutcomeUnknownError(
        { method: 'PATCH', url: '/x' },
        { reason: 'server_error', startedAt: new Date(0).toISOString(), explanation: '503', retryAfterMs },
      );
    const run = async (retryAfterMs: number) => {
      const svc = service();
      const record: Rec = { id: 'r1', sequence: 'REC-1', updated_at: '2026-01-01T00:00:00Z', name: 'A' };
      svc.records.push({ ...record });
      const sent: number[] = [];
      svc.ops.update = async () => {
        sent.push(performance.now());
        if (sent.length === 1) throw busy(retryAfterMs);
        return { ...svc.records[0]!, updated_at: '2026-01-01T00:06:00Z', name: 'B' };
      };
      svc.ops.diff = byName;
      const results = await runImport(
        [{ ...draft(2, 'B'), recordId: 'r1', updatedAt: record.updated_at }],
        svc.ops,
        [{ ...record }],
        { concurrency: 1, journal: noJournal(), sink: sink() },
      );
      return { results, sent };
    };
    const waited = await run(300);
    expect(waited.results[0]).toMatchObject({ status: 'updated' });
    expect(waited.sent).toHaveLength(2);
    expect(waited.sent[1]! - waited.sent[0]!).toBeGreaterThanOrEqual(290);
    const tooLong = await run(60_000);
    expect(tooLong.results[0]).toMatchObject({ status: 'failed' });
    expect(tooLong.results[0]!.message).toMatch(/^not updated: the service asked to wait 60 s \(Retry-After\)/);
    expect(tooLong.sent).toHaveLength(1);
  });

  it('ends a lost update whose record cannot be read back, sending it no more: a colleague change made meanwhile stays', async () => {
    // The read before sending answers; the read back fails (the service down a while), and meanwhile a colleague renames it.
    const { svc, sent, results } = await lostUpdate(async (n, svc, record) => {
      if (n === 1) return { ...svc.records[0]! };
      svc.records[0] = { ...record, updated_at: '2026-01-01T00:07:00Z', name: 'Colleague' };
      throw new Error('the service answered 500 Internal Server Error');
    });
    expect(sent).toEqual(['B']);
    expect(results[0]).toMatchObject({ status: 'failed' });
    expect(results[0]!.message).toBe(
      'not updated, or not known to be: its answer was lost (the answer was lost) and the record could not be read back (the service answered 500 Internal Server Error), so it was not sent again; run the import again: it reads the record and sends what is still to change',
    );
    expect(svc.records[0]!.name).toBe('Colleague');
  });

  it('reads a lost update again after its back-off: a change made while waiting is not written over', async () => {
    // Read before sending, then read back (not applied, unchanged): a colleague renames it during the back-off.
    const { sent, reads, results } = await lostUpdate(async (n, svc, record) => {
      const now = { ...svc.records[0]! };
      if (n === 2) svc.records[0] = { ...record, updated_at: '2026-01-01T00:07:00Z', name: 'Colleague' };
      return now;
    });
    expect(sent).toEqual(['B']);
    expect(reads).toBe(3);
    expect(results[0]).toMatchObject({ status: 'conflict' });
    expect(results[0]!.message).toMatch(/its answer was lost, and the service changed it at 2026-01-01T00:07:00Z/);
  });

  it('sends no update when the run is stopped while its record is read', async () => {
    const svc = service();
    const record: Rec = { id: 'r1', sequence: 'REC-1', updated_at: '2026-01-01T00:00:00Z', name: 'A' };
    svc.records.push({ ...record });
    const stop = new AbortController();
    svc.ops.get = async () => (stop.abort(), svc.records[0]!);
    const updates: string[] = [];
    svc.ops.update = async (id) => (updates.push(id), svc.records[0]!);
    svc.ops.diff = byName;
    const results = await runImport(
      [{ ...draft(2, 'B'), recordId: 'r1', updatedAt: record.updated_at }],
      svc.ops,
      [{ ...record }],
      { concurrency: 1, journal: noJournal(), sink: sink(), signal: stop.signal },
    );
    expect(results[0]!.message).toMatch(/not sent: the run was interrupted/);
    expect(updates).toEqual([]);
  });

  it('says a row the snapshot holds as it is unchanged without asking the service (a results file imported again)', async () => {
    const svc = service();
    const record: Rec = { id: 'r1', sequence: 'REC-1', updated_at: '2026-01-01T00:00:00Z', name: 'A' };
    svc.records.push({ ...record });
    const gets: string[] = [];
    svc.ops.get = async (id) => (gets.push(id), svc.records[0]!);
    svc.ops.diff = byName;
    const results = await runImport(
      [
        { ...draft(2, 'A'), recordId: 'r1', updatedAt: record.updated_at },
        { ...draft(3, 'B'), recordId: 'r1', updatedAt: record.updated_at },
      ],
      svc.ops,
      [{ ...record }],
      { concurrency: 1, journal: noJournal(), sink: sink(), dryRun: true },
    );
    expect(results.map((r) => r.status)).toEqual(['unchanged', 'would update']);
    expect(gets).toEqual(['r1']); // only the row with something to send reads the record
  });
});

describe('runImport and the journal of an interrupted run', () => {
  const base = { at: '', organisationId: 'org', kind: 'receipts' as const, sheet: 'Invoices' };
  const created = async (row: number, rec: Rec): Promise<JournalEntry> => ({
    ...base,
    type: 'created',
    fingerprint: await fingerprint(rec.name),
    recordId: rec.id,
    sequence: rec.sequence,
    updatedAt: rec.updated_at,
    lineItemIds: [],
    rowNumbers: [row],
  });
  const intent = async (row: number, name: string): Promise<JournalEntry> => ({
    ...base,
    type: 'intent',
    fingerprint: await fingerprint(name),
    rowNumbers: [row],
    cursor: null,
  });

  it('two equal invoices on different rows: the one whose create never got sent is sent after the crash', async () => {
    const svc = service();
    const first: Rec = { id: 'first', sequence: 'REC-1', updated_at: '2026-01-01T00:00:01Z', name: 'A' };
    svc.records.push(first);
    // Row 2 was created; row 3's intent was flushed, then the process died before its create was sent.
    const journal = new JournalIndex(
      [await intent(2, 'A'), await created(2, first), await intent(3, 'A')],
      'org',
      'receipts',
    );
    const results = await runImport([draft(2, 'A'), draft(3, 'A')], svc.ops, [...svc.records], {
      concurrency: 2,
      sheet: 'Invoices',
      journal,
      sink: sink(),
    });
    expect(results.map((r) => [r.rowNumber, r.status, r.recordId])).toEqual([
      [2, 'created', 'first'],
      [3, 'created', 'id-2'],
    ]);
    expect(svc.creates).toEqual(['A']);
  });

  it('rows moved since the crash: each journalled create is matched once, nothing sent again', async () => {
    const svc = service();
    const one: Rec = { id: 'one', sequence: 'REC-1', updated_at: '2026-01-01T00:00:01Z', name: 'A' };
    const two: Rec = { id: 'two', sequence: 'REC-2', updated_at: '2026-01-01T00:00:02Z', name: 'A' };
    svc.records.push(one, two);
    const journal = new JournalIndex([await created(2, one), await created(3, two)], 'org', 'receipts');
    const results = await runImport([draft(5, 'A'), draft(6, 'A')], svc.ops, [...svc.records], {
      concurrency: 2,
      sheet: 'Invoices',
      journal,
      sink: sink(),
    });
    expect(results.map((r) => [r.rowNumber, r.status, r.recordId])).toEqual([
      [5, 'created', 'one'],
      [6, 'created', 'two'],
    ]);
    expect(svc.creates).toEqual([]);
  });

  it('journals the sheet, the rows and the updated_at of what it created', async () => {
    const svc = service();
    const entries: JournalEntry[] = [];
    await runImport([draft(4, 'B')], svc.ops, [], {
      concurrency: 1,
      sheet: 'March',
      journal: noJournal(),
      sink: sink(entries),
    });
    expect(entries.find((e) => e.type === 'created')).toMatchObject({
      sheet: 'March',
      rowNumbers: [4],
      recordId: 'id-1',
      updatedAt: svc.records[0]!.updated_at,
    });
  });
});

describe('the sweep after the last create', () => {
  it('reports a copy another run created meanwhile, with both sequences, and deletes nothing', async () => {
    const svc = service();
    // Another run sends the same invoice while this one does.
    enteredMeanwhile(svc, 'A', { id: 'theirs', sequence: 'REC-77', updated_at: '2026-01-01T00:00:00.5Z', name: 'A' });
    const results = await runImport([draft(2, 'A'), draft(3, 'B')], svc.ops, [], {
      concurrency: 1,
      journal: noJournal(),
      sink: sink(),
    });
    expect(results[0]).toMatchObject({ status: 'created', twinSequences: ['REC-77'] });
    expect(results[0]!.message).toMatch(
      /created as REC-\d+, but the service now also holds REC-77 with the same content/,
    );
    expect(results[1]!.twinSequences).toBeUndefined();
    expect(svc.records.map((r) => r.id)).toContain('theirs');
  });

  it('takes back its own copy when another run created the same invoice first and nobody changed ours since', async () => {
    const svc = service();
    enteredMeanwhile(svc, 'A', { id: 'theirs', sequence: 'REC-77', updated_at: '2026-01-01T00:00:00.5Z', name: 'A' });
    const removed: string[] = [];
    svc.ops.remove = async (id) => {
      removed.push(id);
      svc.records.splice(
        svc.records.findIndex((r) => r.id === id),
        1,
      );
    };
    const entries: JournalEntry[] = [];
    const results = await runImport([draft(2, 'A'), draft(3, 'B')], svc.ops, [], {
      concurrency: 1,
      journal: noJournal(),
      sink: { append: async (e) => void entries.push(e) },
    });
    expect(removed).toHaveLength(1);
    expect(results[0]).toMatchObject({ status: 'unchanged', recordId: 'theirs', sequence: 'REC-77' });
    expect(results[0]!.message).toMatch(
      /the same invoice was created first as REC-77 \(another import at the same time, or this send repeated after a dropped connection\): REC-\d+ taken back/,
    );
    expect(results[0]!.twinSequences).toBeUndefined();
    expect(entries.filter((e) => e.type === 'undone').map((e) => (e as { recordId: string }).recordId)).toEqual(
      removed,
    );
    expect(svc.records.map((r) => r.name).sort()).toEqual(['A', 'B']);
  });

  it('never takes back a copy someone changed after this run created it: reported instead', async () => {
    const svc = service();
    const create = svc.ops.create;
    svc.ops.create = async (body) => {
      const made = await create(body);
      if (body.name === 'A') {
        svc.records.push({ id: 'theirs', sequence: 'REC-77', updated_at: '2025-12-31T00:00:00Z', name: 'A' });
        svc.records.find((r) => r.id === made.id)!.updated_at = '2026-02-01T00:00:00Z'; // a colleague's edit
      }
      return { ...made, updated_at: '2026-01-01T00:00:09Z' };
    };
    let removed = 0;
    svc.ops.remove = async () => void (removed += 1);
    const results = await runImport([draft(2, 'A')], svc.ops, [], {
      concurrency: 1,
      journal: noJournal(),
      sink: sink(),
    });
    expect(removed).toBe(0);
    expect(results[0]).toMatchObject({ status: 'created', twinSequences: ['REC-77'] });
  });

  it('a later run keeps reporting an invoice the service holds twice (unchanged rows, both copies named)', async () => {
    const svc = service();
    svc.ops.invoiceKeyOf = (r) => r.name;
    svc.ops.invoiceDifferences = () => [];
    const held = [
      { id: 'one', sequence: 'REC-1', updated_at: '2026-01-01T00:00:00Z', name: 'A' },
      { id: 'two', sequence: 'REC-2', updated_at: '2026-01-01T00:00:01Z', name: 'A' },
    ];
    svc.records.push(...held);
    const results = await runImport([draft(2, 'A')], svc.ops, held, {
      concurrency: 1,
      journal: noJournal(),
      sink: sink(),
    });
    expect(svc.creates).toEqual([]);
    expect(results[0]).toMatchObject({ status: 'unchanged', sequence: 'REC-1', twinSequences: ['REC-2'] });
    expect(results[0]!.message).toMatch(/the service holds this invoice 2 times \(REC-1, REC-2\): delete the extra/);
  });

  it('says nothing of twins that were there before the run (those were decided on) or that the sheet itself holds', async () => {
    const svc = service();
    svc.records.push({ id: 'old', sequence: 'REC-0', updated_at: '2025-01-01T00:00:00Z', name: 'A' });
    const results = await runImport([draft(2, 'A'), draft(3, 'A')], svc.ops, [...svc.records], {
      concurrency: 1,
      allowDuplicates: true,
      journal: noJournal(),
      sink: sink(),
    });
    expect(results.map((r) => r.status)).toEqual(['created', 'created']);
    expect(results.every((r) => !r.twinSequences)).toBe(true);
  });
});

describe('the sweep after the last create: the same invoice with other content', () => {
  // Invoice keys: the part of a name before ':' (`INV1:ours` and `INV1:theirs` are one invoice, two versions).
  const keyed = () => {
    const svc = service();
    svc.ops.invoiceKeyOf = (bodyOrRecord) => bodyOrRecord.name.split(':')[0] ?? null;
    // Another import (or a colleague in the service) enters the same invoice otherwise while this run sends it.
    enteredMeanwhile(svc, 'INV1:ours', {
      id: 'theirs',
      sequence: 'REC-77',
      updated_at: '2026-01-01T00:00:00.5Z',
      name: 'INV1:theirs',
    });
    return svc;
  };

  it('reports a version of the same invoice another created meanwhile on the rows of its own, and deletes nothing', async () => {
    const svc = keyed();
    const removed: string[] = [];
    svc.ops.remove = async (id) => void removed.push(id);
    const results = await runImport([draft(2, 'INV1:ours'), draft(3, 'INV2:ours')], svc.ops, [], {
      concurrency: 1,
      journal: noJournal(),
      sink: sink(),
    });
    expect(results[0]).toMatchObject({ status: 'created', twinSequences: ['REC-77'] });
    expect(results[0]!.message).toMatch(
      /created as REC-\d+, but the service now also holds REC-77, the same invoice \(the same supplier and invoice number\) but not the same in every detail, created while this run ran .*: check them together: keep the right one, or both if both deliveries are real$/,
    );
    expect(results[1]!.twinSequences).toBeUndefined();
    expect(removed).toEqual([]);
  });

  it("with --allow-duplicates still reports another's version, but never the sheet's own other version", async () => {
    const svc = keyed();
    // The sheet's own INV1:v1 seen again (a late commit of a send of it): not another's version of INV1:ours.
    enteredMeanwhile(svc, 'INV1:ours', {
      id: 'late',
      sequence: 'REC-78',
      updated_at: '2026-01-01T00:00:00.6Z',
      name: 'INV1:v1',
    });
    const results = await runImport([draft(2, 'INV1:v1'), draft(3, 'INV1:ours')], svc.ops, [], {
      concurrency: 1,
      allowDuplicates: true,
      journal: noJournal(),
      sink: sink(),
    });
    const ours = results.find((r) => r.rowNumber === 3)!;
    expect(ours).toMatchObject({ status: 'created', twinSequences: ['REC-77'] });
    expect(ours.message).not.toMatch(/REC-78/);
  });
});

describe('changedSince', () => {
  it('compares at the precision the sheet carries', () => {
    expect(changedSince('2026-03-01T10:00:00.123456Z', '2026-03-01T10:00:00Z')).toBe(false);
    expect(changedSince('2026-03-01T10:00:01.000001Z', '2026-03-01T10:00:00Z')).toBe(true);
    expect(changedSince('2026-03-01T10:00:00.123457Z', '2026-03-01T10:00:00.123456Z')).toBe(true);
    expect(changedSince('2026-03-01T21:00:00.5Z', '2026-03-02T08:00:00.500+11:00')).toBe(false);
    expect(changedSince('2026-03-01T10:00:00Z', 'not a time')).toBe(false);
  });
});
