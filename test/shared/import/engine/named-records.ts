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
