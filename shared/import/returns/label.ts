import type { ReturnDraft } from './build.ts';

/** Names a return in messages: `the return on row 6` (one row per return). */
export function returnLabel(draft: Pick<ReturnDraft, 'rowNumbers'>): string {
  return `the return on row ${draft.rowNumbers[0] ?? '?'}`;
}
