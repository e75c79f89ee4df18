import { describe, expect, it } from 'vitest';
import { SandboxOptionError, startSandbox } from '../../sandbox/index.ts';
import { MAIN_SHED, OLD_SHEARING_SHED, WILLOW, client, orgPath, useSandbox } from './helpers.ts';

// gaps row 20 (storage field sets) and row 21 (count name): switches for what a client must tolerate.
describe('sandbox variants', () => {
  const ctx = useSandbox({ variants: { storageFields: 'example', countName: 'both' } });
  const api = client(ctx);

  it('serves the example storage fields: id, name, active, and activated_at in lists only', async () => {
    const list = await api.get(orgPath(WILLOW, 'storages'));
    for (const storage of list.body.data)
      expect(Object.keys(storage).sort()).toEqual(['activated_at', 'active', 'id', 'name']);
    expect(list.body.data.find((s: { id: string }) => s.id === OLD_SHEARING_SHED).active).toBe(false);
    expect(list.body.data.find((s: { id: string }) => s.id === MAIN_SHED).active).toBe(true);
    const single = await api.get(`/api/shed/storages/${MAIN_SHED}`);
    expect(single.body).toEqual({ id: MAIN_SHED, name: 'Main Chemical Shed', active: true });
  });

  it('uses the same field set for sideloaded storages', async () => {
    const answer = await api.get(`${orgPath(WILLOW, 'receipts')}?include=storage&page_size=3`);
    for (const storage of Object.values(answer.body.included.storages))
      expect(Object.keys(storage as object).sort()).toEqual(['active', 'id', 'name']);
  });

  it('puts both count names in meta when asked to', async () => {
    const answer = await api.get(orgPath(WILLOW, 'receipts'));
    expect(answer.body.meta.total_count).toBe(answer.body.meta.total_entries);
    expect(answer.body.meta.total_count).toBeGreaterThan(0);
  });

  it('switches at run time; omitted switches go back to their defaults', async () => {
    ctx.sb.setVariants({ storageFields: 'mixed', countName: 'none' });
    const mixed = await api.get(orgPath(WILLOW, 'storages'));
    expect(Object.keys(mixed.body.data[0]).sort()).toEqual([
      'activated_at',
      'active',
      'id',
      'inserted_at',
      'locked_at',
      'name',
      'organisation_id',
      'updated_at',
    ]);
    expect(Object.keys(mixed.body.meta).sort()).toEqual(['page', 'page_size', 'total_pages']);
    const single = await api.get(`/api/shed/storages/${OLD_SHEARING_SHED}`);
    expect(single.body).toMatchObject({ active: false, locked_at: '2025-11-30T06:00:00.000000Z' });

    ctx.sb.setVariants({ countName: 'total_entries' });
    for (const resource of ['storages', 'product_aliases', 'receipts', 'returns']) {
      const answer = await api.get(orgPath(WILLOW, resource));
      expect(Object.keys(answer.body.meta).sort(), resource).toEqual([
        'page',
        'page_size',
        'total_entries',
        'total_pages',
      ]);
    }
    const table = await api.get(orgPath(WILLOW, 'storages'));
    expect('active' in table.body.data[0]).toBe(false);

    ctx.sb.setVariants({ countName: 'total_count' });
    expect(Object.keys((await api.get(orgPath(WILLOW, 'storages'))).body.meta)).toContain('total_count');

    ctx.sb.setVariants({});
    expect((await api.get(orgPath(WILLOW, 'storages'))).body.meta.total_entries).toBe(5);
    expect((await api.get(orgPath(WILLOW, 'returns'))).body.meta.total_count).toBeDefined();
  });

  it('refuses unknown switch values', async () => {
    expect(() => ctx.sb.setVariants({ countName: 'count' as never })).toThrow(SandboxOptionError);
    await expect(startSandbox({ quiet: true, variants: { storageFields: 'tables' as never } })).rejects.toThrow(
      /storageFields/,
    );
  });
});
