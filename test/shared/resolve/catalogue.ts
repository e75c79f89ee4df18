/**
 * Test fixture: the demo catalogue (examples/demo-catalogue.json) as one organisation's reference
 * data, parsed with the real response schemas.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { Organisation, Product, ProductAlias, Storage } from '../../../shared/schemas/resources.ts';
import type { ReferenceData } from '../../../shared/resolve/index.ts';

const CATALOGUE_PATH = fileURLToPath(new URL('../../../examples/demo-catalogue.json', import.meta.url));

const Catalogue = z.object({
  organisations: z.array(Organisation),
  storages: z.array(Storage),
  products: z.array(Product),
  product_aliases: z.array(ProductAlias),
});
export type Catalogue = z.infer<typeof Catalogue>;

/** The whole demo catalogue, all three organisations. */
export const catalogue: Catalogue = Catalogue.parse(JSON.parse(readFileSync(CATALOGUE_PATH, 'utf8')));

/** The id of the organisation with this name. */
export function orgId(name: string): string {
  const org = catalogue.organisations.find((o) => o.name === name);
  if (org === undefined) throw new Error(`no organisation ${name} in the demo catalogue`);
  return org.id;
}

export const WILLOW = orgId('Willow Creek Pastoral Co');
export const RED_GUM = orgId('Red Gum Grazing');
export const BANKSIA = orgId('Banksia Downs Trust');

/** One organisation's storages, aliases and products, as loadReferenceData would give them. */
export function referenceFor(organisationId: string): ReferenceData {
  const mine = <T extends { organisation_id?: string | undefined }>(rows: T[]) =>
    rows.filter((r) => r.organisation_id === organisationId);
  return {
    organisationId,
    storages: mine(catalogue.storages),
    productAliases: mine(catalogue.product_aliases),
    products: mine(catalogue.products),
  };
}

/** A record of the catalogue found by name within one organisation (throws when absent). */
export function named<T extends { name: string; organisation_id?: string | undefined }>(
  rows: T[],
  name: string,
  organisationId = WILLOW,
): T {
  const found = rows.filter((r) => r.name === name && r.organisation_id === organisationId);
  if (found.length !== 1) throw new Error(`expected one '${name}' in the catalogue, found ${found.length}`);
  return found[0] as T;
}
