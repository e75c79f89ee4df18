import { describe, expect, it } from 'vitest';
import type { CellValue, Grid } from '../../../shared/sheet/grid.ts';
import { chooseProfile, headerSignature, type Profile } from '../../../shared/sheet/profiles.ts';

const grid = (rows: CellValue[][]): Grid => ({
  source: 'bills.csv',
  sheet: 'bills',
  rows: rows.map((cells, i) => ({ rowNumber: i + 1, cells })),
});
const profile = (name: string, headers: string[], kind: 'receipts' | 'returns' = 'receipts'): Profile => ({
  name,
  mapping: { kind, columns: {}, signature: headerSignature(headers) },
});

describe('chooseProfile', () => {
  const sheet = grid([
    ['Bills, March'],
    ['Contact', 'Bill Number', 'Bill Date', 'Item Description', 'Quantity', 'Unit Price'],
    ['Farmco', 'B-1'],
  ]);

  it('takes the profile whose headers are all in one row, the most specific when several fit', () => {
    const choice = chooseProfile(sheet, 'receipts', [
      profile('xero', ['Contact', 'Bill Date', 'Quantity']),
      profile('xero-full', ['contact', 'BILL NUMBER', 'Bill Date', 'Item Description', 'Quantity']),
    ]);
    expect(choice).toMatchObject({ profile: { name: 'xero-full' }, rowNumber: 2 });
  });

  it('takes none when a header is missing, the kind differs, or there is no signature', () => {
    const choice = chooseProfile(sheet, 'receipts', [
      profile('other', ['Contact', 'Storage']),
      profile('returns', ['Contact', 'Bill Date'], 'returns'),
      { name: 'bare', mapping: { columns: {} } },
    ]);
    expect(choice).toEqual({ profile: null, reason: 'none_fit' });
  });

  it('chooses neither of two that fit equally', () => {
    const choice = chooseProfile(sheet, 'receipts', [
      profile('a', ['Contact', 'Bill Date']),
      profile('b', ['Quantity', 'Unit Price']),
    ]);
    expect(choice).toEqual({ profile: null, reason: 'tie', names: ['a', 'b'] });
  });
});
