import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { DEMO_CATALOGUE_PATH, SandboxDataError, readDemoCatalogue, startSandbox } from '../../sandbox/index.ts';
import { emptySeed, normaliseSeed } from '../../sandbox/seed.ts';
import type { SeedData } from '../../sandbox/types.ts';
import { BANKSIA, RED_GUM, WILLOW, WILLOW_TOKEN, catalogue, request } from './helpers.ts';

const NOW = '2026-04-15T00:00:00Z';
const DAY = 86_400_000;

async function snapshot(options: Parameters<typeof startSandbox>[0]) {
  const sb = await startSandbox({ quiet: true, ...options });
  const data = {
    receipts: [...sb.state.receipts.values()],
    returns: [...sb.state.returns.values()],
    deletions: sb.state.deletions.receipts,
  };
  await sb.close();
  return data;
}

// The demo seed (examples/demo-catalogue.json) and its generated history.
describe('sandbox demo seed', () => {
  it('loads the catalogue: 3 organisations, 2 tokens, storages with one locked, products and aliases', async () => {
    const sb = await startSandbox({ quiet: true, history: false });
    expect([...sb.state.organisations.values()].map((o) => [o.name, o.shed_entitlement])).toEqual([
      ['Willow Creek Pastoral Co', true],
      ['Red Gum Grazing', false],
      ['Banksia Downs Trust', true],
    ]);
    expect([...sb.state.tokens.keys()].sort()).toEqual(['demo-token-banksia', 'demo-token-willow']);
    expect([...sb.state.storages.values()].filter((s) => s.locked_at !== null).map((s) => s.name)).toEqual([
      'Old Shearing Shed',
    ]);
    expect(sb.state.products.size).toBe(62);
    expect(sb.state.productAliases.size).toBe(108);
    expect(sb.state.receipts.size).toBe(0);
    await sb.close();
  });

  it("keeps the alias 'Wetter' ambiguous: two aliases of two products, with distinct ids", async () => {
    for (const orgId of [WILLOW, BANKSIA]) {
      const wetter = readDemoCatalogue(undefined, () => {}).product_aliases.filter(
        (a) => a.organisation_id === orgId && a.name === 'Wetter',
      );
      expect(wetter).toHaveLength(2);
      expect(new Set(wetter.map((a) => a.product_id)).size).toBe(2);
      expect(new Set(wetter.map((a) => a.id)).size).toBe(2);
    }
    const sb = await startSandbox({ quiet: true, history: false });
    const listed = await request(sb.url, 'GET', `/api/shed/organisations/${WILLOW}/product_aliases?page_size=200`);
    expect(listed.body.data.filter((a: { name: string }) => a.name === 'Wetter')).toHaveLength(2);
    await sb.close();
  });

  it('reads the catalogue with no warning: every record of the file has an id of its own', () => {
    const warnings: string[] = [];
    readDemoCatalogue(undefined, (line) => warnings.push(line));
    expect(warnings).toEqual([]);
    const file = JSON.parse(readFileSync(DEMO_CATALOGUE_PATH, 'utf8')) as Record<string, { id: string }[]>;
    for (const key of ['organisations', 'storages', 'products', 'product_aliases']) {
      const ids = file[key]!.map((r) => r.id);
      expect(new Set(ids).size, key).toBe(ids.length);
    }
  });

  it("serves each second 'Wetter' alias under the id it was served as before the file gave it one", () => {
    // The file once repeated the first 'Wetter' alias's id; the sandbox then served the second under an id
    // derived from it. The file now carries that id, so results files written since still name the same alias.
    const file = JSON.parse(readFileSync(DEMO_CATALOGUE_PATH, 'utf8')) as SeedData;
    for (const orgId of [WILLOW, BANKSIA]) {
      const [first, second] = file.product_aliases.filter((a) => a.organisation_id === orgId && a.name === 'Wetter');
      const warnings: string[] = [];
      const old = normaliseSeed({ ...emptySeed(), product_aliases: [first!, { ...second!, id: first!.id }] }, (line) =>
        warnings.push(line),
      );
      expect(warnings).toEqual([
        `sandbox: product_aliases id ${first!.id} appears twice in the seed; the later record is served as ${second!.id}.`,
      ]);
      expect(old.product_aliases.map((a) => a.id)).toEqual([first!.id, second!.id]);
    }
  });

  it('generates a history: a few dozen receipts and some returns per organisation with products, none for Red Gum', async () => {
    const sb = await startSandbox({ quiet: true, now: () => new Date(NOW) });
    for (const orgId of [WILLOW, BANKSIA]) {
      const receipts = [...sb.state.receipts.values()].filter((r) => r.organisation_id === orgId);
      const returns = [...sb.state.returns.values()].filter((r) => r.organisation_id === orgId);
      expect(receipts.length).toBeGreaterThanOrEqual(24);
      expect(receipts.length).toBeLessThanOrEqual(48);
      expect(returns.length).toBeGreaterThanOrEqual(3);
      expect(receipts.filter((r) => r.under_review)).toHaveLength(2);
      expect(receipts.some((r) => r.line_items.some((i) => i.product_alias_id !== null))).toBe(true);
      const products = [...sb.state.products.values()].filter((p) => p.organisation_id === orgId).map((p) => p.id);
      const used = new Set([
        ...receipts.flatMap((r) => r.line_items.map((i) => i.product_id)),
        ...returns.map((r) => r.product_id),
      ]);
      expect(products.filter((id) => !used.has(id))).toEqual([]);
      const sequences = receipts.map((r) => Number(r.sequence.slice(4)));
      expect(new Set(sequences).size).toBe(sequences.length);
      expect(Math.max(...sequences)).toBeLessThanOrEqual(sb.state.sequences.get(orgId)!.receipts);
    }
    expect([...sb.state.receipts.values()].some((r) => r.organisation_id === RED_GUM)).toBe(false);
    await sb.close();
  });

  it('dates the history over the year before the injected clock, with offsets as a client sends them', async () => {
    const { receipts, returns, deletions } = await snapshot({ now: () => new Date(NOW) });
    const now = Date.parse(NOW);
    for (const record of [...receipts, ...returns]) {
      const at = Date.parse('received_at' in record ? record.received_at : record.returned_at);
      expect(at).toBeLessThan(now);
      expect(at).toBeGreaterThan(now - 366 * DAY);
      expect('received_at' in record ? record.received_at : record.returned_at).toMatch(/[+-]1[01]:00$/);
      expect(Date.parse(record.updated_at)).toBeLessThan(now);
      expect(record.updated_at >= record.inserted_at).toBe(true);
    }
    const recent = [...deletions.values()].flat();
    expect(recent.length).toBeGreaterThan(0);
    for (const d of recent) expect(Date.parse(d.deleted_at)).toBeGreaterThan(now - 60 * DAY);
  });

  it('puts a receipt or two in the locked storage, dated before it was locked', async () => {
    const { receipts } = await snapshot({ now: () => new Date(NOW) });
    const locked = receipts.filter((r) => r.storage_id === '66540ae1-ed0e-58f2-becf-4277a82957a8');
    expect(locked.length).toBeGreaterThan(0);
    for (const r of locked) expect(r.updated_at < '2025-11-30T06:00:00.000000Z').toBe(true);
  });

  it('is deterministic for the same clock, and is dated relative to it', async () => {
    const a = await snapshot({ now: () => new Date(NOW) });
    const b = await snapshot({ now: () => new Date(NOW) });
    expect(b).toEqual(a);
    const later = await snapshot({ now: () => new Date(Date.parse(NOW) + 30 * DAY) });
    const latest = (data: typeof a) => data.receipts.map((r) => Date.parse(r.received_at)).sort((x, y) => y - x)[0]!;
    expect(latest(later)).toBeGreaterThan(latest(a));
    expect(latest(later)).toBeLessThan(Date.parse(NOW) + 30 * DAY);
  });

  it("seed 'empty' holds nothing: every token is unknown", async () => {
    const sb = await startSandbox({ quiet: true, seed: 'empty' });
    expect(sb.state.organisations.size).toBe(0);
    expect((await request(sb.url, 'GET', '/api/organisations', { token: WILLOW_TOKEN })).status).toBe(401);
    await sb.close();
  });

  it("accepts the caller's seed data and refuses contradictions with SandboxDataError", async () => {
    const seed = catalogue();
    seed.tokens.push({ token: 'only-banksia', organisation_ids: [BANKSIA] });
    const sb = await startSandbox({ quiet: true, seed });
    expect((await request(sb.url, 'GET', '/api/organisations', { token: 'only-banksia' })).body.data).toHaveLength(1);
    await sb.close();
    const bad = catalogue();
    bad.product_aliases[0] = { ...bad.product_aliases[0]!, product_id: '00000000-0000-4000-8000-000000000000' };
    await expect(startSandbox({ quiet: true, seed: bad })).rejects.toThrow(SandboxDataError);
    const badTime = catalogue();
    badTime.storages[0] = { ...badTime.storages[0]!, updated_at: 'yesterday' };
    await expect(startSandbox({ quiet: true, seed: badTime })).rejects.toThrow(/yesterday/);
  });
});
