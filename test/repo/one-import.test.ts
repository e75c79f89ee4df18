// One import in the core, two thin faces (issue: one import use case): both the CLI and the task pane
// call shared/import/import-sheet.ts, and neither imports a mapping, planning or sending step itself.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Steps of the import that only the core's use case may sequence. */
const STEPS = [
  'shared/import/map-sheet.ts',
  'shared/import/plan-kind.ts',
  'shared/import/snapshot.ts',
  'shared/import/engine/run.ts',
  'shared/import/receipts/plan.ts',
  'shared/import/returns/plan.ts',
  'shared/sheet/price-basis.ts',
];
/** `shed undo` takes back a run's records: it reads the service's changes with the engine's own helper, and imports nothing. */
const ALLOWED = new Set(['batch/commands/undo/index.ts → shared/import/engine/run.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Each file's imports as repository paths (`from '../../shared/x.ts'` → `shared/x.ts`). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/from\s+'(\.[^']+)'/g)].map((m) => relative('.', join(file, '..', m[1]!)));
}

const faces = [...sources('addin'), ...sources('batch')];

describe('one import in the core, two thin faces', () => {
  it('neither face imports a mapping, planning or sending step of the import', () => {
    const reaching = faces.flatMap((file) =>
      importsOf(file).flatMap((target) => (STEPS.includes(target) ? [`${file} → ${target}`] : [])),
    );
    expect(reaching.filter((edge) => !ALLOWED.has(edge))).toEqual([]);
    expect(faces.length).toBeGreaterThan(50);
  });

  it('both faces run the core’s one import', () => {
    const callers = faces.filter(
      (file) =>
        importsOf(file).includes('shared/import/import-sheet.ts') && /\bimportSheet\(/.test(readFileSync(file, 'utf8')),
    );
    expect(callers.some((f) => f.startsWith('batch/commands/import/'))).toBe(true);
    expect(callers.some((f) => f.startsWith('addin/app/'))).toBe(true);
  });
});
