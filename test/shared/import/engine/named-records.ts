// A record kind for the runner's tests whose identity is its body's `name`: the body, the record as the
// service answers it, and a one-row draft of it. Enough to drive the runner's decisions without HTTP
// (the sandbox tests cover the real kinds).
import type { ImportDraft } from '../../../../shared/import/engine/ops.ts';

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
