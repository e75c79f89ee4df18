import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recipesImportCommand } from '../../../../batch/commands/recipes/import/index.ts';
import { exitStatusFor } from '../../../../batch/cli/exit-status.ts';
import { memoryIO } from '../../../../batch/ui/io.ts';

describe('shed recipes import FILE that cannot be read', () => {
  it.each([
    ['a missing file', (dir: string) => join(dir, 'missing.json'), /there is no such file \(ENOENT\)/],
    ['a folder', (dir: string) => dir, /it is a folder, not a file \(EISDIR\)/],
  ])('%s: a typed error in plain words (exit 2), nothing written', async (_, pathOf, why) => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-recipes-import-'));
    const recipes = join(dir, 'recipes');
    const file = pathOf(dir);
    const failure = await recipesImportCommand({ file, dir: recipes, io: memoryIO() }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: 'recipe_file_unreadable' });
    expect(exitStatusFor(failure)).toBe(2);
    expect((failure as Error).message).toMatch(new RegExp(`^Cannot read the recipes file ${file}: `));
    expect((failure as Error).message).toMatch(why);
    expect(await readdir(dir)).not.toContain('recipes');
  });
});
