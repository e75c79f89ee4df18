import { describe, expect, it } from 'vitest';
import { SYNC_RESOURCES, MirrorError, emptyMirror, type Mirror } from '../../../shared/sync/mirror.ts';
import { syncMirror, type SyncOptions } from '../../../shared/sync/sync.ts';
import { formatMicros, stampMicros } from '../../../shared/sync/timestamps.ts';
import { alias, asMap, at, BASE_US, FakeSource, ORG, product, receipt, ret, storage } from './fake-source.ts';

const DAY_US = 24 * 60 * 60 * 1_000_000;
/** The local clock: the fake's service time plus `offsetDays` (local and service clocks need not agree). */
const localAt = (us: number) => () => new Date(us / 1000);

function seeded(pageSize = 3) {
  const source = new FakeSource(pageSize);
  const shed = source.put('storages', storage(at(1)));
  const locked = source.put('storages', storage(at(2), { locked_at: at(2) }));
  const glyfos = product('Glyfos 540', at(1));
  const amine = product('Amine 625', at(1));
  for (const p of [glyfos, amine]) source.products.set(p.id, p);
  source.put('product_aliases', alias(glyfos.id, at(3), 'Roundup'));
  const receipts = [10, 11, 12, 13].map((n) =>
    source.put('receipts', receipt(at(n), shed.id, n % 2 ? glyfos.id : amine.id)),
  );
  const returns = [20].map((n) => source.put('returns', ret(at(n), shed.id, amine.id)));
  return { source, shed, locked, glyfos, amine, receipts, returns };
}

function expectMirrorsSource(mirror: Mirror, source: FakeSource): void {
  expect(mirror.storages).toEqual(asMap(source, 'storages'));
  expect(mirror.productAliases).toEqual(asMap(source, 'product_aliases'));
  expect(mirror.receipts).toEqual(asMap(source, 'receipts'));
  expect(mirror.returns).toEqual(asMap(source, 'returns'));
}

const options = (extra: Partial<SyncOptions> = {}): SyncOptions => ({
  organisation: ORG,
  now: localAt(BASE_US + 1000),
  ...extra,
});

describe('syncMirror', () => {
  it('first sync: full, everything mirrored, cursors at the newest timestamps seen', async () => {
    const { source, glyfos, amine } = seeded();
    const { mirror, report } = await syncMirror(source, null, options());
    expectMirrorsSource(mirror, source);
    expect(mirror.products).toEqual({ [glyfos.id]: glyfos, [amine.id]: amine });
    expect(mirror.cursors).toEqual({
      storages: { updatedAfter: at(2), deletedAfter: null },
      product_aliases: { updatedAfter: at(3), deletedAfter: null },
      receipts: { updatedAfter: at(13), deletedAfter: null },
      returns: { updatedAfter: at(20), deletedAfter: null },
    });
    expect(report).toMatchObject({ mode: 'full', reason: 'no_mirror', requests: source.requests.length });
    expect(report.resources.receipts).toEqual({ changed: 4, deleted: 0, total: 4 });
    expect(report.products).toEqual({ changed: 2, total: 2 });
    expect(mirror.syncedAt).toBe(new Date((BASE_US + 1000) / 1000).toISOString());
  });

  it('a second sync with no changes asks each list once from the cursor minus the overlap, and changes nothing', async () => {
    const { source } = seeded(200);
    const first = await syncMirror(source, null, options());
    source.requests.length = 0;
    const second = await syncMirror(source, first.mirror, options({ overlapMs: 5000 }));
    expect(second.report).toMatchObject({ mode: 'incremental', reason: null, requests: 8 });
    for (const resource of SYNC_RESOURCES)
      expect(second.report.resources[resource]).toMatchObject({ changed: 0, deleted: 0 });
    expect({ ...second.mirror, syncedAt: null }).toEqual({ ...first.mirror, syncedAt: null });
    const receiptsAsk = source.requests.find((r) => r.kind === 'page' && r.resource === 'receipts');
    expect(stampMicros(receiptsAsk!.updatedAfter)).toBe(stampMicros(at(13))! - 5_000_000);
    // Deletions are asked after every update (spec "Recommended sync loop").
    const kinds = source.requests.map((r) => r.kind);
    expect(kinds.lastIndexOf('page')).toBeLessThan(kinds.indexOf('deleted'));
  });

  it('finds a record written after the sync with the same updated_at as the cursor (ties, gaps row 14)', async () => {
    const { source, shed, glyfos } = seeded();
    const first = await syncMirror(source, null, options());
    const twin = source.put('receipts', receipt(at(13), shed.id, glyfos.id));
    const lateCommit = source.put('receipts', receipt(at(13 - 1_000_000), shed.id, glyfos.id));
    const { mirror, report } = await syncMirror(source, first.mirror, options());
    expect(mirror.receipts[twin.id]).toEqual(twin);
    expect(mirror.receipts[lateCommit.id]).toEqual(lateCommit);
    expect(report.resources.receipts).toEqual({ changed: 2, deleted: 0, total: 6 });
  });

  it('still finds an exact tie with no overlap configured (one microsecond at least)', async () => {
    const { source, shed, glyfos } = seeded();
    const first = await syncMirror(source, null, options({ overlapMs: 0 }));
    const twin = source.put('receipts', receipt(at(13), shed.id, glyfos.id));
    const { mirror } = await syncMirror(source, first.mirror, options({ overlapMs: 0 }));
    expect(mirror.receipts[twin.id]).toEqual(twin);
  });

  it('applies edits and deletions, and advances the deletion cursor to the newest deleted_at', async () => {
    const { source, receipts, returns } = seeded();
    const first = await syncMirror(source, null, options());
    const edited = source.put('receipts', { ...receipts[1]!, supplier: 'Elders', updated_at: at(30) });
    source.remove('receipts', receipts[0]!.id, at(31));
    source.remove('returns', returns[0]!.id, at(32));
    const { mirror, report } = await syncMirror(source, first.mirror, options());
    expectMirrorsSource(mirror, source);
    expect(mirror.receipts[edited.id]?.supplier).toBe('Elders');
    expect(mirror.cursors.receipts).toEqual({ updatedAfter: at(30), deletedAfter: at(31) });
    expect(mirror.cursors.returns.deletedAfter).toBe(at(32));
    expect(report.resources.receipts).toEqual({ changed: 1, deleted: 1, total: 3 });
    expect(report.resources.returns).toEqual({ changed: 0, deleted: 1, total: 0 });
  });

  it('removes a record deleted between the update request and the deletion request', async () => {
    const { source, receipts } = seeded();
    const first = await syncMirror(source, null, options());
    const touched = source.put('receipts', { ...receipts[2]!, notes: 'checked', updated_at: at(40) });
    const listDeleted = source.listDeleted.bind(source);
    source.listDeleted = async (resource, q) => {
      if (resource === 'receipts' && source.records.receipts.has(touched.id))
        source.remove('receipts', touched.id, at(41));
      return listDeleted(resource, q);
    };
    const { mirror } = await syncMirror(source, first.mirror, options());
    expect(mirror.receipts[touched.id]).toBeUndefined();
    expectMirrorsSource(mirror, source);
  });

  it('rebuilds the mirror when the last sync is older than the retention by the local clock', async () => {
    const { source, receipts } = seeded();
    const first = await syncMirror(source, null, options());
    // A deletion whose record has expired: only a full re-sync can notice the receipt is gone.
    source.records.receipts.delete(receipts[0]!.id);
    const { mirror, report } = await syncMirror(source, first.mirror, options({ now: localAt(BASE_US + 61 * DAY_US) }));
    expect(report).toMatchObject({ mode: 'full', reason: 'retention' });
    expect(report.resources.receipts).toMatchObject({ deleted: 1, total: 3 });
    expectMirrorsSource(mirror, source);
  });

  it('rebuilds when the service clock has moved on more than the retention though the local clock says not', async () => {
    const { source, receipts, shed, glyfos } = seeded();
    const first = await syncMirror(source, null, options());
    source.records.receipts.delete(receipts[0]!.id);
    const later = source.put('receipts', receipt(formatMicros(BASE_US + 61 * DAY_US), shed.id, glyfos.id));
    const { mirror, report } = await syncMirror(source, first.mirror, options());
    expect(report).toMatchObject({ mode: 'full', reason: 'retention_service' });
    expect(mirror.receipts[later.id]).toEqual(later);
    expectMirrorsSource(mirror, source);
  });

  it('stays incremental when only old cursors are old: a quiet storage list does not trigger a rebuild', async () => {
    const { source, shed, glyfos } = seeded();
    const first = await syncMirror(source, null, options());
    source.put('receipts', receipt(formatMicros(BASE_US + 30 * DAY_US), shed.id, glyfos.id));
    const second = await syncMirror(source, first.mirror, options({ now: localAt(BASE_US + 30 * DAY_US) }));
    source.put('receipts', receipt(formatMicros(BASE_US + 65 * DAY_US), shed.id, glyfos.id));
    const third = await syncMirror(source, second.mirror, options({ now: localAt(BASE_US + 65 * DAY_US) }));
    expect([second.report.mode, third.report.mode]).toEqual(['incremental', 'incremental']);
    expectMirrorsSource(third.mirror, source);
  });

  it('rebuilds on request, counting what differs from the old mirror', async () => {
    const { source, receipts } = seeded();
    const first = await syncMirror(source, null, options());
    source.records.receipts.delete(receipts[3]!.id);
    const { mirror, report } = await syncMirror(source, first.mirror, options({ full: true }));
    expect(report).toMatchObject({ mode: 'full', reason: 'requested' });
    expect(report.resources.receipts).toEqual({ changed: 0, deleted: 1, total: 3 });
    expectMirrorsSource(mirror, source);
  });

  it('fetches a resource whole on every sync when its records carry no updated_at (gaps row 20)', async () => {
    const source = new FakeSource(2);
    const plain = () => {
      const { updated_at: _u, inserted_at: _i, ...s } = storage(at(0));
      return source.put('storages', s);
    };
    const [a] = [plain(), plain(), plain()];
    const first = await syncMirror(source, null, options());
    expect(first.mirror.cursors.storages.updatedAfter).toBeNull();
    source.records.storages.delete(a!.id); // gone without a deletion record
    source.requests.length = 0;
    const { mirror } = await syncMirror(source, first.mirror, options());
    expect(
      source.requests
        .filter((r) => r.resource === 'storages' && r.kind === 'page')
        .every((r) => r.updatedAfter === undefined),
    ).toBe(true);
    expect(mirror.storages).toEqual(asMap(source, 'storages'));
  });

  it('refreshes a product seen again with a newer version, and keeps products no longer referenced', async () => {
    const { source, receipts, glyfos } = seeded();
    const first = await syncMirror(source, null, options());
    const renamed = { ...glyfos, name: 'Glyfos 540 SL', updated_at: at(50) };
    source.products.set(glyfos.id, renamed);
    source.put('receipts', { ...receipts[1]!, updated_at: at(52) }); // a Glyfos line: the product comes sideloaded
    const { mirror, report } = await syncMirror(source, first.mirror, options());
    expect(mirror.products[glyfos.id]).toEqual(renamed);
    expect(report.products).toEqual({ changed: 1, total: 2 });
  });

  it('refuses a mirror of another organisation, and does not change the mirror it is given', async () => {
    const { source } = seeded();
    const first = await syncMirror(source, null, options());
    const frozen = structuredClone(first.mirror);
    await expect(
      syncMirror(
        source,
        first.mirror,
        options({ organisation: { id: '11111111-1111-4111-8111-111111111111', name: 'Other' } }),
      ),
    ).rejects.toBeInstanceOf(MirrorError);
    source.put('receipts', receipt(at(99), source.records.storages.keys().next().value!, product('X').id));
    await syncMirror(source, first.mirror, options());
    expect(first.mirror).toEqual(frozen);
  });

  it('stops on an abort and returns nothing', async () => {
    const { source } = seeded();
    const controller = new AbortController();
    source.beforePage = ({ signal }) => {
      controller.abort(new Error('Interrupted'));
      signal?.throwIfAborted();
    };
    await expect(syncMirror(source, emptyMirror(ORG), options({ signal: controller.signal }))).rejects.toThrow(
      'Interrupted',
    );
  });

  it('ends equal to the service after one more sync, whatever a concurrent writer did (ties included)', async () => {
    for (let seedNumber = 1; seedNumber <= 40; seedNumber++) {
      const { source, shed, glyfos } = seeded(3);
      const random = prng(seedNumber);
      let clock = 1000;
      const tick = () => (clock += random() < 0.3 ? 0 : 1 + Math.floor(random() * 3)); // ties on purpose
      const write = () => {
        const live = [...source.records.receipts.values()];
        const roll = random();
        if (roll < 0.4 || live.length === 0) source.put('receipts', receipt(at(tick()), shed.id, glyfos.id));
        else if (roll < 0.75) {
          const r = live[Math.floor(random() * live.length)]!;
          source.put('receipts', { ...r, supplier: `S${clock}`, updated_at: at(tick()) });
        } else source.remove('receipts', live[Math.floor(random() * live.length)]!.id, at(tick()));
        if (random() < 0.2) source.put('returns', ret(at(tick()), shed.id, glyfos.id));
      };
      let concurrent = 0;
      source.beforePage = () => {
        for (let i = Math.floor(random() * 3); i > 0; i--, concurrent++) write();
      };
      // The tightest overlap (one microsecond): the fake's clock never goes back, ties aside.
      const tight = options({ overlapMs: 0 });
      const during = await syncMirror(source, null, tight);
      for (let i = 0; i < 10; i++) write();
      const alsoDuring = await syncMirror(source, during.mirror, tight);
      source.beforePage = null;
      expect(concurrent).toBeGreaterThan(0);
      const after = await syncMirror(source, alsoDuring.mirror, tight);
      expectMirrorsSource(after.mirror, source);
    }
  });
});

/** A small seeded PRNG (mulberry32), so a failing seed can be replayed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
