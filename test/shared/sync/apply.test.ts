import { describe, expect, it } from 'vitest';
import { applyChanges, diffMirrors, mergeProducts, nextCursor } from '../../../shared/sync/apply.ts';
import { emptyMirror } from '../../../shared/sync/mirror.ts';
import { at, ORG, product, receipt, storage } from './fake-source.ts';

const SHED = storage(at(0));
const GLYFOS = product('Glyfos 540');

describe('applyChanges', () => {
  it('adds new records and replaces older copies, leaving the input mirror alone', () => {
    const first = receipt(at(10), SHED.id, GLYFOS.id);
    const start = applyChanges(emptyMirror(ORG), 'receipts', [first], []);
    const edited = { ...first, supplier: 'Elders', updated_at: at(20) };
    const next = applyChanges(start, 'receipts', [edited], []);
    expect(next.receipts).toEqual({ [first.id]: edited });
    expect(start.receipts).toEqual({ [first.id]: first });
  });

  it('never lets a stale copy (fetched again by the overlap) replace a newer one', () => {
    const newer = receipt(at(20), SHED.id, GLYFOS.id);
    const mirror = applyChanges(emptyMirror(ORG), 'receipts', [newer], []);
    const older = { ...newer, supplier: 'Old name', updated_at: at(19) };
    expect(applyChanges(mirror, 'receipts', [older], []).receipts[newer.id]).toEqual(newer);
  });

  it('takes the fetched copy when the timestamps tie or are missing', () => {
    const a = storage(at(5));
    const mirror = applyChanges(emptyMirror(ORG), 'storages', [a], []);
    const sameStamp = { ...a, name: 'Renamed' };
    expect(applyChanges(mirror, 'storages', [sameStamp], []).storages[a.id]?.name).toBe('Renamed');
    const { updated_at: _u, ...unstamped } = { ...a, name: 'Example fields' };
    expect(applyChanges(mirror, 'storages', [unstamped], []).storages[a.id]?.name).toBe('Example fields');
  });

  it('removes deleted ids after writing the updates, and ignores deletions of unknown ids', () => {
    const keep = receipt(at(1), SHED.id, GLYFOS.id);
    const gone = receipt(at(2), SHED.id, GLYFOS.id);
    const mirror = applyChanges(emptyMirror(ORG), 'receipts', [keep, gone], []);
    const touched = { ...gone, updated_at: at(3) };
    const next = applyChanges(
      mirror,
      'receipts',
      [touched],
      [{ id: gone.id }, { id: '7d8e0000-0000-4000-8000-00000000dead' }],
    );
    expect(Object.keys(next.receipts)).toEqual([keep.id]);
  });

  it('with replace, keeps only the records given (a full list)', () => {
    const a = storage(at(1));
    const b = storage(at(2));
    const mirror = applyChanges(emptyMirror(ORG), 'storages', [a, b], []);
    expect(Object.keys(applyChanges(mirror, 'storages', [b], [], { replace: true }).storages)).toEqual([b.id]);
  });

  it('drops a record-level included key', () => {
    const r = { ...receipt(at(1), SHED.id, GLYFOS.id), included: { products: {} } };
    const stored = applyChanges(emptyMirror(ORG), 'receipts', [r], []).receipts[r.id]!;
    expect('included' in stored).toBe(false);
  });

  it('touches only the resource named', () => {
    const mirror = applyChanges(emptyMirror(ORG), 'storages', [SHED], []);
    const next = applyChanges(mirror, 'receipts', [receipt(at(3), SHED.id, GLYFOS.id)], []);
    expect(next.storages).toBe(mirror.storages);
  });
});

describe('nextCursor', () => {
  it('is the newest updated_at seen, as the service wrote it', () => {
    expect(nextCursor(null, [at(3), at(9), at(1)])).toBe(at(9));
    expect(nextCursor(at(20), [at(3)])).toBe(at(20));
    expect(nextCursor(at(20), [])).toBe(at(20));
    expect(nextCursor('2026-03-01T00:00:00.000009Z', ['2026-03-01T11:00:00.000010+11:00'])).toBe(
      '2026-03-01T11:00:00.000010+11:00',
    );
  });

  it('stays put on ties: records sharing the newest timestamp do not move it', () => {
    expect(nextCursor(at(9), [at(9), at(9)])).toBe(at(9));
  });

  it('is null when a record has no updated_at (that resource is then fetched whole)', () => {
    expect(nextCursor(at(5), [at(6), undefined])).toBeNull();
    expect(nextCursor(null, [])).toBeNull();
  });
});

describe('mergeProducts', () => {
  it('adds products, keeps the newer copy, and with replace keeps only those seen', () => {
    const a = product('Amine 625', at(1));
    const b = product('Bifen 100', at(1));
    const mirror = mergeProducts(emptyMirror(ORG), [a, b]);
    const stale = { ...a, name: 'Old', updated_at: at(0) };
    const renamed = { ...b, name: 'Bifen 100 EC', updated_at: at(2) };
    const next = mergeProducts(mirror, [stale, renamed]);
    expect(next.products).toEqual({ [a.id]: a, [b.id]: renamed });
    expect(mergeProducts(next, [a], { replace: true }).products).toEqual({ [a.id]: a });
  });
});

describe('diffMirrors', () => {
  it('counts records added or changed in any field, and removed', () => {
    const r1 = receipt(at(1), SHED.id, GLYFOS.id);
    const r2 = receipt(at(2), SHED.id, GLYFOS.id);
    const r3 = receipt(at(3), SHED.id, GLYFOS.id);
    const before = mergeProducts(applyChanges(emptyMirror(ORG), 'receipts', [r1, r2], []), [GLYFOS]);
    const lineChanged = { ...r1, line_items: [{ ...r1.line_items[0]!, quantity: '3' }] };
    const after = applyChanges(before, 'receipts', [lineChanged, r3], [{ id: r2.id }]);
    const diff = diffMirrors(before, after);
    expect(diff.resources.receipts).toEqual({ changed: 2, deleted: 1, total: 2 });
    expect(diff.resources.storages).toEqual({ changed: 0, deleted: 0, total: 0 });
    expect(diff.products).toEqual({ changed: 0, total: 1 });
  });
});
