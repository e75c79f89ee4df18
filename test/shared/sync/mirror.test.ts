import { describe, expect, it } from 'vitest';
import { createResolver, loadReferenceData } from '../../../shared/resolve/index.ts';
import { emptyMirror, MirrorError, parseMirror } from '../../../shared/sync/mirror.ts';
import { mirrorReferenceData, mirrorReferenceSource } from '../../../shared/sync/reference.ts';
import { syncMirror } from '../../../shared/sync/sync.ts';
import { alias, at, FakeSource, ORG, product, receipt, ret, storage } from './fake-source.ts';

async function syncedMirror() {
  const source = new FakeSource(50);
  const shed = source.put('storages', storage(at(1), { name: 'Main Chemical Shed' }));
  const glyfos = product('Glyfos 540');
  const urea = product('Granular Urea');
  for (const p of [glyfos, urea]) source.products.set(p.id, p);
  const roundup = source.put('product_aliases', alias(glyfos.id, at(2), 'Roundup'));
  source.put('receipts', receipt(at(3), shed.id, glyfos.id));
  source.put('returns', ret(at(4), shed.id, urea.id));
  const { mirror } = await syncMirror(source, null, { organisation: ORG });
  return { mirror, shed, glyfos, urea, roundup };
}

describe('parseMirror', () => {
  it('reads back what JSON.stringify wrote', async () => {
    const { mirror } = await syncedMirror();
    expect(parseMirror(JSON.parse(JSON.stringify(mirror)), 'mirror.json', ORG.id)).toEqual(mirror);
    expect(parseMirror(emptyMirror(ORG), 'x')).toEqual(emptyMirror(ORG));
  });

  it('refuses another format version, saying how to rebuild', () => {
    const error = (() => {
      try {
        parseMirror({ ...emptyMirror(ORG), version: 2 }, 'm.json');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(MirrorError);
    expect(error).toMatchObject({ code: 'mirror_version', category: 'input' });
    expect((error as Error).message).toMatch(/m\.json.*version 2/);
    expect((error as MirrorError).remedies).toEqual([{ code: 'rebuild_mirror' }]);
  });

  it('refuses damaged mirrors, naming the place', async () => {
    const { mirror } = await syncedMirror();
    const receiptId = Object.keys(mirror.receipts)[0]!;
    const cases: unknown[] = [
      null,
      [],
      'mirror',
      {},
      { ...mirror, organisationId: 'not-an-id' },
      { ...mirror, cursors: { ...mirror.cursors, receipts: { updatedAfter: 'yesterday', deletedAfter: null } } },
      { ...mirror, receipts: { [receiptId]: { ...mirror.receipts[receiptId], line_items: 'none' } } },
      { ...mirror, storages: undefined },
    ];
    for (const json of cases) {
      expect(() => parseMirror(json, 'm.json'), JSON.stringify(json)?.slice(0, 60)).toThrow(MirrorError);
    }
    expect(() =>
      parseMirror(
        { ...mirror, cursors: { ...mirror.cursors, receipts: { updatedAfter: 'yesterday', deletedAfter: null } } },
        'm.json',
      ),
    ).toThrow(/cursors\.receipts\.updatedAfter/);
  });

  it("refuses another organisation's mirror", () => {
    expect(() => parseMirror(emptyMirror(ORG), 'm.json', '22222222-2222-4222-8222-222222222222')).toThrow(
      expect.objectContaining({ code: 'mirror_other_organisation' }),
    );
    expect(parseMirror(emptyMirror(ORG), 'm.json', ORG.id.toUpperCase()).organisationId).toBe(ORG.id);
  });
});

describe('the mirror as reference data (--offline)', () => {
  it('resolves storages, products and aliases as the service data would', async () => {
    const { mirror, shed, glyfos, urea, roundup } = await syncedMirror();
    const resolver = createResolver(mirrorReferenceData(mirror));
    expect(resolver.storage('main chemical shed')).toMatchObject({ ok: true, value: { id: shed.id } });
    expect(resolver.product('Roundup')).toMatchObject({
      ok: true,
      value: { productId: glyfos.id, productAliasId: roundup.id },
    });
    expect(resolver.productNames()).toEqual(['Glyfos 540', 'Granular Urea', 'Roundup']);
    expect(resolver.productName(urea.id)).toBe('Granular Urea');
  });

  it('serves loadReferenceData through the ReferenceSource interface', async () => {
    const { mirror } = await syncedMirror();
    const reference = await loadReferenceData(mirrorReferenceSource(mirror), mirror.organisationId);
    const direct = mirrorReferenceData(mirror);
    expect(reference.storages).toEqual(direct.storages);
    expect(reference.productAliases).toEqual(direct.productAliases);
    expect(reference.products.map((p) => p.id).sort()).toEqual(direct.products.map((p) => p.id).sort());
  });
});
