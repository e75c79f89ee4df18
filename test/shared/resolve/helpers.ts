/** Narrowing helpers for resolutions, so a test fails with the message when the outcome is not the expected one. */
import type { Resolution, ResolutionFailure } from '../../../shared/resolve/index.ts';

export function resolved<T>(r: Resolution<T>): T {
  if (!r.ok) throw new Error(`expected a resolution, got ${r.code}: ${r.message}`);
  return r.value;
}

export function refused<T>(r: Resolution<T>): ResolutionFailure {
  if (r.ok) throw new Error(`expected a refusal, got ${JSON.stringify(r.value)}`);
  return r;
}
