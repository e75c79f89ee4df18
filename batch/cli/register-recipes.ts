/** Declares `shed recipes list|show|forget|undo|export|import` (supplier recipes, issue 21) on the command tree. */
import type { Command } from 'commander';
import type { CommandIO } from '../ui/io.ts';

/**
 * Declares the recipes commands; each loads its module only when it runs. `--dir` moves the recipes
 * folder (default: `recipes/` beside the config, which `SHED_CONFIG` moves).
 */
export function registerRecipes(program: Command, io: CommandIO): void {
  const dir = 'the recipes folder (default: recipes/ beside the config)';
  const recipes = program
    .command('recipes')
    .description("suppliers' recipes: what imports learned per supplier (products, storages, lines not stock, GST)");
  recipes
    .command('list')
    .description('the recipes kept, one line each')
    .option('--dir <dir>', dir)
    .option('--json', 'print JSON')
    .action(async (opts: { dir?: string; json?: boolean }) => {
      const { recipesListCommand } = await import('../commands/recipes/list/index.ts');
      await recipesListCommand({ ...opts, io });
    });
  recipes
    .command('show')
    .description("one supplier's recipe: each learned entry, when and from which file")
    .argument('<supplier>', 'the supplier as written on its invoices (or its key)')
    .option('--dir <dir>', dir)
    .option('--json', 'print the recipe as its file holds it')
    .action(async (supplier: string, opts: { dir?: string; json?: boolean }) => {
      const { recipesShowCommand } = await import('../commands/recipes/show/index.ts');
      await recipesShowCommand({ ...opts, supplier, io });
    });
  recipes
    .command('forget')
    .description('forget one learned name of a supplier, or its whole recipe (undo brings it back)')
    .argument('<supplier>', 'the supplier as written on its invoices (or its key)')
    .argument('[text]', 'the learned text to forget (default: the whole recipe)')
    .option('--dir <dir>', dir)
    .action(async (supplier: string, text: string | undefined, opts: { dir?: string }) => {
      const { recipesForgetCommand } = await import('../commands/recipes/forget/index.ts');
      await recipesForgetCommand({ ...opts, supplier, ...(text === undefined ? {} : { text }), io });
    });
  recipes
    .command('undo')
    .description("take back the last edit of a supplier's recipe (again: put it back)")
    .argument('<supplier>', 'the supplier as written on its invoices (or its key)')
    .option('--dir <dir>', dir)
    .action(async (supplier: string, opts: { dir?: string }) => {
      const { recipesUndoCommand } = await import('../commands/recipes/undo/index.ts');
      await recipesUndoCommand({ ...opts, supplier, io });
    });
  recipes
    .command('export')
    .description('recipes as one JSON file (for the pane or another machine)')
    .argument('[suppliers...]', 'suppliers to export (default: all)')
    .option('--out <file.json>', 'the file to write (default: standard output)')
    .option('--dir <dir>', dir)
    .action(async (suppliers: string[], opts: { out?: string; dir?: string }) => {
      const { recipesExportCommand } = await import('../commands/recipes/export/index.ts');
      await recipesExportCommand({ ...opts, suppliers, io });
    });
  recipes
    .command('import')
    .description('recipes from an export or a recipe file, replacing those kept (undo restores each)')
    .argument('<file>', 'the export or recipe file')
    .option('--dir <dir>', dir)
    .action(async (file: string, opts: { dir?: string }) => {
      const { recipesImportCommand } = await import('../commands/recipes/import/index.ts');
      await recipesImportCommand({ ...opts, file, io });
    });
}
