/**
 * The supplier recipes' part of an import (issue 21), between the sheet and the plan: which suppliers
 * a sheet names (their recipes' lines that are not stock and GST join the reading settings, and each
 * invoice's names resolve through its supplier's recipe), and after the run, the corrections the sheet
 * carries (a results file whose refused product or storage name was fixed: recipe-corrections.ts),
 * learned and said.
 */
import { EXTRA_HEADERS } from '../einvoice/to-grid.ts';
import type { Notice } from '../errors/remedy.ts';
import { readPack, type PackConventions } from '../sheet/packs/index.ts';
import { normaliseName, shownText } from '../resolve/normalise.ts';
import type { Resolver } from '../resolve/resolver.ts';
import { isBlank, isRowLeftOut, type Grid } from '../sheet/grid.ts';
import { KINDS } from '../kinds/index.ts';
import type { ColumnMapping } from '../sheet/mapping.ts';
import { cellText } from '../sheet/values/index.ts';
import { findRecipe, isShortSpelling, type SupplierRecipe } from '../suppliers/recipe.ts';
import { recipeReading, recipeResolvers, type RecipeReading } from '../suppliers/recipe-apply.ts';
import { MappingError } from '../sheet/mapping-error.ts';
import { costColumnBasis } from '../sheet/price-basis.ts';
import type { Learned } from '../suppliers/recipe-learn.ts';
import type { ReadSettings } from './cells.ts';
import type { RowResult } from './outcome.ts';
import type { PlannedDraft } from './plan-kind.ts';
import type { RecipePort } from './ports.ts';
import { correctionsOf, learnFromSheet, readingCorrections } from './recipe-corrections.ts';

/** What the recipes did in one run, for the face to say. */
export interface RecipeOutcome {
  /** Display names of the suppliers whose recipes applied. */
  applied: string[];
  /** Entries learned from this sheet's corrections (saved unless a dry run). */
  learned: Learned[];
  /** Where the changed recipes were saved (the face's words), or null when nothing was saved. */
  saved: string | null;
  /**
   * Why the changed recipes could not be saved (the port's error message), when saving failed: the
   * run's records and results stand; what was learned is lost until the sheet is imported again.
   */
  notSaved?: string;
}

/**
 * The distinct Supplier texts of the sheet's lines below the header (blank cells left out), in sheet
 * order. A row with no quantity (a note, `Back order to follow`, typed in the Supplier column) names no
 * supplier, unless no row has one; nor (`includeHidden` false) a row the workbook hides or filters out:
 * it is not imported.
 */
export function suppliersInSheet(grid: Grid, mapping: ColumnMapping, includeHidden = true): string[] {
  const column = mapping.columns.supplier;
  if (column === undefined) return mapping.constants?.supplier ? [mapping.constants.supplier] : [];
  const quantity = (mapping.columns as Partial<Record<string, number>>)[KINDS[mapping.kind].quantityField];
  const ofLines = new Set<string>();
  // Every row's, for a sheet none of whose rows has a quantity (a credit note of fees): its rows are then
  // refused for what they lack, under their supplier's recipe, rather than for a storage it would give.
  const ofRows = new Set<string>();
  for (const row of grid.rows) {
    if (row.rowNumber <= mapping.headerRowNumber) continue;
    if (!includeHidden && isRowLeftOut(row)) continue;
    const text = cellText(row.cells[column] ?? null);
    if (!text) continue;
    ofRows.add(text);
    if (quantity === undefined || !isBlank(row.cells[quantity] ?? null)) ofLines.add(text);
  }
  return [...(ofLines.size > 0 ? ofLines : ofRows)];
}

/**
 * What a sheet says of its suppliers beside the Supplier cell, from the columns an e-invoice's grid
 * carries (shared/einvoice `EXTRA_HEADERS`; a sheet with the same headers gives the same): `numbers`,
 * each Supplier text's ABN/NZBN; `codes`, per Supplier text, the normalised product text → the seller's
 * item code (a text written with two codes is left out: never a guess).
 */
export interface SheetSuppliers {
  names: string[];
  numbers: Map<string, string>;
  codes: Map<string, Map<string, string>>;
}

/** Reads {@link SheetSuppliers} from the grid (headers on the mapping's header row); hidden rows' names only with `includeHidden`. */
export function sheetSuppliers(grid: Grid, mapping: ColumnMapping, includeHidden = true): SheetSuppliers {
  const names = suppliersInSheet(grid, mapping, includeHidden);
  const header = grid.rows.find((r) => r.rowNumber === mapping.headerRowNumber)?.cells ?? [];
  const at = (text: string) => header.findIndex((c) => cellText(c ?? null) === text);
  const [numberAt, codeAt] = [at(EXTRA_HEADERS.businessNumber), at(EXTRA_HEADERS.itemCode)];
  const { supplier, product } = mapping.columns;
  const numbers = new Map<string, string>();
  const codes = new Map<string, Map<string, string>>();
  const clashes = new Set<string>();
  for (const row of grid.rows) {
    if (row.rowNumber <= mapping.headerRowNumber || supplier === undefined) continue;
    const name = cellText(row.cells[supplier] ?? null);
    const number = numberAt < 0 ? '' : cellText(row.cells[numberAt] ?? null);
    if (name && number) numbers.set(name, number);
    const code = codeAt < 0 ? '' : cellText(row.cells[codeAt] ?? null);
    const written = product === undefined ? '' : cellText(row.cells[product] ?? null);
    if (!name || !code || !written) continue;
    const mine = codes.get(name) ?? new Map<string, string>();
    codes.set(name, mine);
    // The text as written, and without the pack size the engine reads off its end (what is resolved then).
    const sized = readPack(written, { context: 'product' });
    for (const text of new Set([normaliseName(written), sized?.ok ? normaliseName(sized.value.rest) : ''])) {
      if (!text) continue;
      if (mine.has(text) && mine.get(text) !== code) clashes.add(`${name}\u0000${text}`);
      mine.set(text, code);
    }
  }
  for (const clash of clashes) {
    const [name, text] = clash.split('\u0000') as [string, string];
    codes.get(name)?.delete(text);
  }
  return { names, numbers, codes };
}

/**
 * What a recipe brings to a whole run, said once: its lines that are not stock, default storage and pack
 * conventions (its GST is said with the prices; each learned entry on the row it resolves). Empty when
 * it brings none of these, so that a recipe of learned names only is not said where it did nothing.
 */
function recipeBrings(recipe: SupplierRecipe): string[] {
  const brings: string[] = [];
  if (recipe.nonStock.length) brings.push(`lines not stock: ${recipe.nonStock.map((t) => `'${t}'`).join(', ')}`);
  if (recipe.storage) brings.push(`default storage ${recipe.storage}`);
  const { each, kinds, density } = recipe.packs;
  const packs = [
    ...(each ? [`each = ${each}`] : []),
    ...Object.entries(kinds ?? {}).map(([kind, size]) => `${kind} = ${size}`),
    ...(density ? [`density ${density} kg/l`] : []),
  ];
  if (packs.length) brings.push(`packs: ${packs.join(', ')}`);
  return brings;
}

/**
 * The reading settings with the recipes of the sheet's suppliers laid in: their lines that are not
 * stock added, their GST when the user and the saved mapping said nothing (`gstFixed`: they did), and
 * each invoice's pack conventions by its Supplier (`packConventionsFor`: its own recipe's, never
 * another supplier's).
 * @param suppliers the sheet's Supplier texts, or {@link SheetSuppliers} (business numbers found too).
 * @returns the settings, the recipes that apply, and warnings to say.
 */
export function withRecipes(
  reading: ReadSettings,
  recipes: readonly SupplierRecipe[],
  suppliers: readonly string[] | SheetSuppliers,
  gstFixed: boolean,
): {
  reading: ReadSettings;
  applied: SupplierRecipe[];
  warnings: Notice[];
  /** The suppliers' GST words when the recipes do not settle the sheet's GST and the user said nothing. */
  gstUnsettled?: NonNullable<RecipeReading['gstUnsettled']>;
} {
  const sheet: { names: readonly string[]; numbers: ReadonlyMap<string, string> } =
    'names' in suppliers ? suppliers : { names: suppliers, numbers: new Map<string, string>() };
  const found = recipeReading(recipes, sheet.names, sheet.numbers);
  if (found.applied.length === 0) return { reading, applied: [], warnings: [] };
  const skip = [...(reading.skipLines ?? []), ...found.skipLines];
  const useGst = !gstFixed && found.gstRate !== undefined;
  const warnings: Notice[] = [];
  for (const recipe of found.applied) {
    const brings = recipeBrings(recipe);
    if (brings.length)
      warnings.push({ message: `the recipe of ${recipe.supplier.displayName} applies: ${brings.join('; ')}` });
  }
  for (const supplier of sheet.names) {
    const recipe = findRecipe(recipes, supplier, sheet.numbers.get(supplier));
    if (recipe && isShortSpelling(recipe, supplier))
      warnings.push({
        message: `'${shownText(supplier)}' taken as ${recipe.supplier.displayName}: a shorter spelling of its name, and no other recipe's`,
      });
  }
  if (useGst) {
    const said = found.gstRate === null ? 'exclude GST' : `include GST at ${Number(found.gstRate) * 100}%`;
    warnings.push({ message: `prices ${said}, as the suppliers' recipes say` });
  }
  const packConventionsFor = conventionsOf(found.applied, sheet.numbers);
  return {
    reading: {
      ...reading,
      ...(skip.length ? { skipLines: [...new Set(skip)] } : {}),
      ...(useGst ? { gstRate: found.gstRate ?? null } : {}),
      ...(packConventionsFor ? { packConventionsFor } : {}),
    },
    applied: found.applied,
    warnings,
    ...(found.gstUnsettled && !gstFixed ? { gstUnsettled: found.gstUnsettled } : {}),
  };
}

/** Each invoice's pack conventions by its Supplier text, from its own recipe; undefined when no applied recipe has any. */
function conventionsOf(
  applied: readonly SupplierRecipe[],
  numbers: ReadonlyMap<string, string>,
): ReadSettings['packConventionsFor'] {
  const has = (p: PackConventions) => Boolean(p.each || p.density || Object.keys(p.kinds ?? {}).length);
  if (!applied.some((r) => has(r.packs))) return undefined;
  return (supplier: string): PackConventions | undefined => {
    const recipe = findRecipe(applied, supplier, numbers.get(supplier));
    return recipe && has(recipe.packs) ? recipe.packs : undefined;
  };
}

/**
 * The resolver for each invoice by its Supplier, for the reading settings (`resolverFor`); `sheet`
 * gives the suppliers' business numbers and item codes the sheet carries.
 */
export function resolversOf(
  base: Resolver,
  applied: readonly SupplierRecipe[],
  sheet?: Pick<SheetSuppliers, 'numbers' | 'codes'>,
  organisationId?: string,
): ReadSettings['resolverFor'] {
  if (!applied.length) return undefined;
  const codes = new Map<string, Map<string, string>>();
  for (const [name, byText] of sheet?.codes ?? []) {
    const recipe = findRecipe(applied, name, sheet?.numbers.get(name));
    if (recipe) codes.set(recipe.supplier.key, new Map([...(codes.get(recipe.supplier.key) ?? []), ...byText]));
  }
  return recipeResolvers(base, applied, sheet?.numbers, codes, organisationId);
}

/** The recipes of one run: all of them as loaded, those that apply, and the settings and warnings they make. */
export interface RecipeRun {
  port: RecipePort | undefined;
  /** The reading settings as the user and the mapping gave them, before the recipes. */
  given: Pick<ReadSettings, 'skipLines' | 'gstRate'>;
  recipes: SupplierRecipe[];
  applied: SupplierRecipe[];
  /** The sheet's suppliers, their business numbers and item codes (for {@link resolversOf}). */
  sheet: SheetSuppliers;
  /**
   * Required fields the recipes give every invoice of the sheet without a column: `['storage']` when
   * each Supplier of the sheet has a recipe with a default storage (an e-invoice names no shed).
   */
  covered: string[];
  reading: ReadSettings;
  warnings: Notice[];
}

/**
 * The refusal of a sheet whose suppliers' recipes do not all say how their prices read (one includes
 * GST, another excludes it or has no rule), the import told nothing: one price column cannot be read
 * two ways, and one supplier's rule is never applied to another's prices. Names each supplier's word
 * and, for one without a rule, the row its first invoice is on.
 */
function gstUnsettledError(
  grid: Grid,
  mapping: ColumnMapping,
  words: NonNullable<RecipeReading['gstUnsettled']>,
): MappingError {
  const column = mapping.columns.supplier;
  const firstRow = (supplier: string) =>
    column === undefined
      ? undefined
      : grid.rows.find(
          (row) =>
            row.rowNumber > mapping.headerRowNumber && shownText(cellText(row.cells[column] ?? null)) === supplier,
        )?.rowNumber;
  const ruled = words.filter((w) => w.said !== null);
  const rest = words.filter((w) => w.said === null);
  const says = ruled.map((w) => `the recipe of ${w.supplier} says its prices ${w.said}`).join(', ');
  const unruled = rest.map((w) => {
    const row = firstRow(w.supplier);
    return `${w.supplier}${row === undefined ? '' : ` (row ${row})`}`;
  });
  const but = unruled.length ? `, but ${unruled.join(', ')} ${unruled.length > 1 ? 'have' : 'has'} no GST rule` : '';
  return new MappingError(
    'gst_basis',
    `${grid.source}, sheet '${grid.sheet}', header row ${mapping.headerRowNumber}: ${says}${but}, and one price ` +
      `column cannot be read both ways: nothing is sent. Import each supplier's invoices from a sheet of their ` +
      `own, or say how every price of this sheet reads.`,
    { remedies: [{ code: 'prices_include_gst' }] },
  );
}

/**
 * Loads the face's recipes and lays those of the sheet's suppliers over the reading settings (see
 * {@link withRecipes}). No port: no recipes, the settings as they were.
 * @param includeHidden the run imports hidden and filtered-out rows: their suppliers count too.
 * @throws MappingError `gst_basis` when the suppliers' recipes do not all say how the prices read and
 *   neither the user, the saved mapping nor the price column's header says (gstUnsettledError).
 */
export async function openRecipes(
  port: RecipePort | undefined,
  grid: Grid,
  mapping: ColumnMapping,
  reading: ReadSettings,
  gstFixed: boolean,
  includeHidden = false,
): Promise<RecipeRun> {
  const recipes = port ? await port.load() : [];
  // The suppliers of the rows imported: one filtered out (the bookkeeper imports one supplier's) is not.
  const sheet = sheetSuppliers(grid, mapping, includeHidden);
  // A price column headed ex GST says how this sheet reads, whatever a recipe says; one headed inc GST
  // takes the recipes' rate when they agree, else the import is asked for it (checkPriceBasis).
  const header = costColumnBasis(mapping);
  const { gstUnsettled, ...laid } = withRecipes(reading, recipes, sheet, gstFixed || header === 'ex');
  if (gstUnsettled && header === null) throw gstUnsettledError(grid, mapping, gstUnsettled);
  const given = {
    ...(reading.skipLines ? { skipLines: reading.skipLines } : {}),
    ...(gstFixed && reading.gstRate ? { gstRate: reading.gstRate } : {}),
  };
  const stored = (name: string) => Boolean(findRecipe(recipes, name, sheet.numbers.get(name))?.storage);
  const covered = sheet.names.length > 0 && sheet.names.every(stored) ? ['storage'] : [];
  return { port, given, recipes, sheet, covered, ...laid };
}

/**
 * After the run: learns the corrections the sheet carries into the recipes and saves those changed
 * (not on a dry run: what would be learned is said all the same).
 * @param today the farm's date, `YYYY-MM-DD`.
 */
export async function learnRecipes(
  run: RecipeRun,
  sheet: { grid: Grid; mapping: ColumnMapping; drafts: readonly PlannedDraft[]; results: readonly RowResult[] },
  base: Resolver,
  options: { dryRun: boolean; today: string; organisationId?: string },
): Promise<RecipeOutcome> {
  const applied = run.applied.map((r) => r.supplier.displayName);
  if (!run.port) return { applied, learned: [], saved: null };
  const corrections = [
    ...correctionsOf(sheet.grid, sheet.mapping, sheet.drafts, sheet.results, base),
    ...readingCorrections(sheet.grid, sheet.mapping, run.given),
  ];
  const from = sheet.grid.source.split(/[\\/]/).pop() ?? sheet.grid.source;
  const { changed, learned } = learnFromSheet(run.recipes, corrections, from, options.today, options.organisationId);
  if (changed.length === 0 || options.dryRun) return { applied, learned, saved: null };
  try {
    return { applied, learned, saved: await run.port.save(changed) };
  } catch (error) {
    // Learning comes after sending: a folder that cannot be written must not hide what was sent.
    return { applied, learned, saved: null, notSaved: error instanceof Error ? error.message : String(error) };
  }
}

/** Today in the farm's time zone, as `YYYY-MM-DD`. */
export function farmToday(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
