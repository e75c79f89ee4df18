/**
 * What a receipt line's product, pack size and unit cells read as, remembered per distinct trio when
 * they read cleanly: a sheet names the same few products in the same few packs on line after line, so
 * the product is resolved and the pack read (and checked against the product text) once per trio, not
 * once per line. Only a trio whose reading said nothing (no problem, no note) is remembered, so a line
 * read from here is exactly what reading it afresh would give. Pure; one per plan (in its ReadMemo).
 */
import type { Resolver } from '../../resolve/index.ts';
import type { CellValue } from '../../sheet/grid.ts';
import type { PackConventions } from '../../sheet/packs/index.ts';
import type { UnitAliases } from '../../sheet/values/index.ts';

/** A line's product and pack as read from its cells, when that reading said nothing. */
export interface CleanLine {
  productId: string;
  productAliasId: string | null;
  /** The pack size and unit sent (after any conversion the product text asked for). */
  value: string;
  unit: string;
  /** The line item check of these ids, size and unit (fast-bodies.ts `itemPartsPass`): made once, not per line. */
  partsPass: boolean;
}

/** Trios remembered at most (past this, lines are read where they are: memory stays bounded). */
export const CLEAN_LINES_LIMIT = 50_000;

/** Trios remembered per product (its list is scanned on every line naming it: it stays short). */
export const TRIOS_PER_PRODUCT = 32;

/**
 * A product's remembered trios, flat: pack size cell, unit cell, reading, then the next trio's three
 * (a product comes in a few packs: a short scan, no map per product and per size to look through).
 */
type Trios = (string | number | null | undefined | CleanLine)[];

/** Two pack size cells as a Map compares keys (SameValueZero: NaN is NaN; -0 is never a key here). */
function sameKey(a: unknown, b: string | number): boolean {
  return a === b || (a !== a && b !== b);
}

/** A pack size cell a trio is remembered by: text, or a number other than -0 (a Map holds -0 and 0 as one key). */
function isSizeKey(cell: CellValue | undefined): cell is string | number {
  return typeof cell === 'string' || (typeof cell === 'number' && !Object.is(cell, -0));
}

/** The trios of one scope: one resolver, one set of pack conventions, one units table. */
class Scope {
  readonly byProduct = new Map<string, Trios>();
  constructor(
    readonly resolver: Resolver,
    readonly conventions: PackConventions | undefined,
    readonly aliases: UnitAliases | undefined,
  ) {}
}

/**
 * The clean readings of a plan's lines, by scope (the resolver, pack conventions and units table a
 * line is read under: a supplier's recipe may give its invoices their own) and then by the three cells
 * as written. Cells of other kinds (a product that is not text, a date as pack size, a blank pack size)
 * are never remembered.
 */
export class CleanLines {
  private readonly scopes: Scope[] = [];
  private last: Scope | null = null;
  private size = 0;

  /** The scope of a resolver, conventions and units table (made on first use). */
  scope(resolver: Resolver, conventions: PackConventions | undefined, aliases: UnitAliases | undefined): Scope {
    const last = this.last;
    if (last !== null && last.resolver === resolver && last.conventions === conventions && last.aliases === aliases)
      return last;
    let scope = this.scopes.find(
      (s) => s.resolver === resolver && s.conventions === conventions && s.aliases === aliases,
    );
    if (scope === undefined) {
      scope = new Scope(resolver, conventions, aliases);
      this.scopes.push(scope);
    }
    this.last = scope;
    return scope;
  }

  /** The clean reading of these cells in `scope`, if one was remembered. */
  get(
    scope: Scope,
    product: CellValue | undefined,
    packSize: CellValue | undefined,
    unit: CellValue | undefined,
  ): CleanLine | undefined {
    if (typeof product !== 'string' || !isSizeKey(packSize)) return undefined;
    if (typeof unit !== 'string' && unit !== null && unit !== undefined) return undefined;
    const trios = scope.byProduct.get(product);
    if (trios === undefined) return undefined;
    for (let k = 0; k < trios.length; k += 3)
      if (sameKey(trios[k], packSize) && trios[k + 1] === unit) return trios[k + 2] as CleanLine;
    return undefined;
  }

  /**
   * Remembers the clean reading of these cells in `scope`. The caller vouches that reading them said
   * nothing and gave `line`, and that the pack size cell is not blank (then nothing but these three
   * cells and the scope decides the reading).
   */
  set(
    scope: Scope,
    product: CellValue | undefined,
    packSize: CellValue | undefined,
    unit: CellValue | undefined,
    line: CleanLine,
  ): void {
    if (this.size >= CLEAN_LINES_LIMIT || typeof product !== 'string' || !isSizeKey(packSize)) return;
    if (typeof unit !== 'string' && unit !== null && unit !== undefined) return;
    let trios = scope.byProduct.get(product);
    if (trios === undefined) {
      trios = [];
      scope.byProduct.set(product, trios);
    }
    if (trios.length >= TRIOS_PER_PRODUCT * 3) return;
    for (let k = 0; k < trios.length; k += 3) if (sameKey(trios[k], packSize) && trios[k + 1] === unit) return;
    trios.push(packSize, unit, line);
    this.size += 1;
  }
}
