// A blank pack size with a unit that names no stock: the unit is the reason said (an e-invoice's DAY,
// a sheet's "hours"), never for a unit, count or pack word, nor a unit the mapping's table defines.
import { describe, expect, it } from 'vitest';
import { notStockUnit } from '../../../shared/import/pack-cells.ts';

describe('notStockUnit', () => {
  it('names a unit that is no measure, count or pack of stock', () => {
    for (const unit of ['DAY', 'KWH', 'E99', 'hours', ' HUR ']) {
      expect(notStockUnit(unit, undefined), unit).toMatch(
        new RegExp(`^unit '${unit.trim()}' is no measure or count of stock .*leave the line out`),
      );
    }
  });

  it('says nothing of a blank cell, a unit, a count, a pack kind or a unit of the mapping’s table', () => {
    for (const unit of [
      undefined,
      null,
      '',
      '  ',
      'L',
      'litres',
      'kg',
      'LTR',
      'KGM',
      'EA',
      'C62',
      'each',
      'drum',
      'Bag',
      'IBC',
      'XBG',
    ])
      expect(notStockUnit(unit, undefined), String(unit)).toBeNull();
    expect(notStockUnit('jerry', undefined)).not.toBeNull();
    expect(notStockUnit('jerry', new Map([['jerry', { factor: '20', unit: 'l' }]]))).toBeNull();
    expect(notStockUnit(20, undefined)).toBeNull();
  });
});
