/**
 * The sandbox's starting data: empty, the demo catalogue with its generated history, or the caller's data,
 * normalised (ids that repeat made unique).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SandboxDataError } from './errors.ts';
import { generateHistory } from './history.ts';
import type { SeedData } from './types.ts';

/**
 * The sandbox's starting data: the demo catalogue (examples/demo-catalogue.json) with a generated
 * history of receipts and returns, nothing at all, or data the caller gives.
 */

/** Where the demo catalogue lives in the repository. */
export const DEMO_CATALOGUE_PATH = fileURLToPath(new URL('../examples/demo-catalogue.json', import.meta.url));

/** A seed with no organisations, tokens or records: every request is then 401. */
export function emptySeed(): SeedData {
  return { organisations: [], tokens: [], storages: [], products: [], product_aliases: [] };
}

/** A deterministic UUID (version-5 layout) from a record's id and what distinguishes the duplicate. */
function derivedId(id: string, salt: string): string {
  const hex = createHash('sha1').update(`${id}/${salt}`).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/**
 * Gives a derived id to each record whose id repeats an earlier one of the same resource (a seed given
 * with `--data` may; the demo catalogue once gave its two 'Wetter' aliases one id, and now carries the
 * second's derived id itself). The first keeps its id; `warn` is told about each change. Returns a new
 * object; the input is not changed.
 */
export function normaliseSeed(seed: SeedData, warn: (line: string) => void = () => {}): SeedData {
  const copy: SeedData = { ...seed };
  for (const key of ['organisations', 'storages', 'products', 'product_aliases', 'receipts', 'returns'] as const) {
    const list = seed[key] as { id: string; product_id?: string }[] | undefined;
    if (!list) continue;
    const seen = new Set<string>();
    (copy as unknown as Record<string, unknown[]>)[key] = list.map((record, i) => {
      if (!seen.has(record.id)) {
        seen.add(record.id);
        return record;
      }
      const id = derivedId(record.id, record.product_id ?? String(i));
      warn(`sandbox: ${key} id ${record.id} appears twice in the seed; the later record is served as ${id}.`);
      seen.add(id);
      return { ...record, id };
    });
  }
  return copy;
}

/**
 * Reads and normalises the demo catalogue (organisations, tokens, storages, products, product
 * aliases). Throws {@link SandboxDataError} when the file cannot be read or is not a catalogue.
 */
export function readDemoCatalogue(path: string = DEMO_CATALOGUE_PATH, warn?: (line: string) => void): SeedData {
  let data: Partial<SeedData>;
  try {
    data = JSON.parse(readFileSync(path, 'utf8')) as Partial<SeedData>;
  } catch (error) {
    throw new SandboxDataError(`Cannot read the demo catalogue ${path}: ${(error as Error).message}`, { cause: error });
  }
  for (const key of ['organisations', 'tokens', 'storages', 'products', 'product_aliases'] as const) {
    if (!Array.isArray(data[key])) throw new SandboxDataError(`The demo catalogue ${path} has no "${key}" array.`);
  }
  return normaliseSeed(data as SeedData, warn);
}

/** How to build the starting data; see {@link buildSeed}. */
export interface SeedChoice {
  seed: 'demo' | 'empty' | SeedData;
  /** Generate the receipts and returns history (demo only). */
  history: boolean;
  now: () => Date;
  warn?: (line: string) => void;
}

/**
 * The starting data: 'empty'; 'demo' = the catalogue plus (unless `history` is false) a generated
 * history dated over the year before `now()`; or the caller's data, normalised.
 */
export function buildSeed(choice: SeedChoice): SeedData {
  if (choice.seed === 'empty') return emptySeed();
  if (choice.seed !== 'demo') return normaliseSeed(choice.seed, choice.warn);
  const catalogue = readDemoCatalogue(DEMO_CATALOGUE_PATH, choice.warn);
  return choice.history ? { ...catalogue, ...generateHistory(catalogue, choice.now()) } : catalogue;
}
