// A record kind for the runner's tests whose identity is its body's `name`: the body, the record as the
// service answers it, and a one-row draft of it. Enough to drive the runner's decisions without HTTP
// (the sandbox tests cover the real kinds).
import type { ImportDraft, ImportOps } from '../../../../shared/import/engine/ops.ts';

/** What a draft sends: a name. */
export interface Body {
  name: string;
}

/** A record as the in-memory services of these tests answer it. */
export interface Rec {
  id: string;
  sequence: string;
  updated_at: string;
  name: string;
}

export type Draft = ImportDraft<Body>;

/** A valid draft of sheet row `row` creating the record named `name`. */
export const draft = (row: number, name: string): Draft => ({
  rowNumbers: [row],
  body: { name },
  recordId: null,
  updatedAt: null,
  problems: [],
  warnings: [],
});

/** The parts of `ImportOps` that say what the kind is: receipts of organisation `org`, known by name. */
export const namedKind = {
  kind: 'receipts',
  organisationId: 'org',
  label: (d) => `row ${d.rowNumbers[0]}`,
  identityOfBody: (b) => b.name,
  identityOfRecord: (r) => r.name,
} satisfies Pick<
  ImportOps<Draft, Body, Rec>,
  'kind' | 'organisationId' | 'label' | 'identityOfBody' | 'identityOfRecord'
>;

/** A promise and its resolve, for tests that hold an answer or a write until they say. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * Import operations of the named kind for tests of creating: `create` as given; updates and reads
 * throw (none is expected), lists are empty, nothing differs, and each row's result names the record.
 */
export function createOnly(create: (body: Body) => Promise<Rec>): ImportOps<Draft, Body, Rec> {
  return {
    ...namedKind,
    create,
    update: async () => {
      throw new Error('no updates here');
    },
    get: async () => {
      throw new Error('no reads here');
    },
    listSince: async () => [],
    diff: () => ({ body: null, changes: [] }),
    results: (d, r, status, message) =>
      d.rowNumbers.map((rowNumber) => ({ rowNumber, status, recordId: r.id, ...(message ? { message } : {}) })),
    underReview: () => false,
  };
}

/** Creates that answer at once, in the order sent, each recorded by name in `creates`. */
export function quickCreates(creates: string[]): ImportOps<Draft, Body, Rec> {
  let n = 0;
  return createOnly(async (body) => {
    creates.push(body.name);
    n += 1;
    return { id: `id-${n}`, sequence: `REC-${n}`, updated_at: `2026-01-01T00:00:0${n}Z`, name: body.name };
  });
}
