import { describe, expect, it } from 'vitest';
import {
  isValidAbn,
  isValidNzbn,
  parseBusinessNumber,
  supplierIdentity,
  supplierName,
} from '../../../shared/suppliers/identity.ts';

describe('supplierName', () => {
  it.each([
    ['Farmco Rural Supplies Pty Ltd', 'farmco rural supplies'],
    ['FARMCO RURAL SUPPLIES PTY. LTD.', 'farmco rural supplies'],
    ['Farmco Rural Supplies Proprietary Limited', 'farmco rural supplies'],
    ['Smith & Sons Co.', 'smith and sons'],
    ['Smith and Sons Co', 'smith and sons'],
    ['Agri-Chem (Aust) Pty Ltd', 'agri chem'],
    ['Nutrien Ag Solutions Limited', 'nutrien ag solutions'],
    ['  Elders\u00A0Rural  Services ', 'elders rural services'],
    ['Ltd', 'ltd'],
    ['The Co', 'the'],
  ])('%j → %j', (name, expected) => {
    expect(supplierName(name)).toBe(expected);
  });

  it('keeps different suppliers apart', () => {
    expect(supplierName('Farmco Rural')).not.toBe(supplierName('Farmco Rural Supplies'));
  });
});

describe('business numbers', () => {
  it('checks ABNs by their check digits', () => {
    expect(isValidAbn('51824753556')).toBe(true);
    expect(isValidAbn('51824753557')).toBe(false);
    expect(isValidAbn('5182475355')).toBe(false);
  });

  it('checks NZBNs by their GS1 check digit', () => {
    expect(isValidNzbn('9429041535134')).toBe(true);
    expect(isValidNzbn('9429041535135')).toBe(false);
    expect(isValidNzbn('1429041535134')).toBe(false);
  });

  it.each([
    ['51 824 753 556', { kind: 'abn', digits: '51824753556' }],
    ['ABN: 51-824-753-556', { kind: 'abn', digits: '51824753556' }],
    ['0151:51824753556', { kind: 'abn', digits: '51824753556' }],
    ['9429041535134', { kind: 'nzbn', digits: '9429041535134' }],
    ['0088:9429041535134', { kind: 'nzbn', digits: '9429041535134' }],
    ['51 824 753 557', null],
    ['n/a', null],
  ])('%j', (text, expected) => {
    expect(parseBusinessNumber(text)).toEqual(expected);
  });
});

describe('supplierIdentity', () => {
  it('prefers a valid business number over the name', () => {
    expect(supplierIdentity({ name: 'Farmco', businessNumber: '51 824 753 556' })).toEqual({
      kind: 'abn',
      key: 'abn:51824753556',
      name: 'farmco',
    });
  });

  it('falls back to the name when the number is invalid', () => {
    expect(supplierIdentity({ name: 'Farmco Pty Ltd', businessNumber: '123' })?.key).toBe('name:farmco');
  });

  it('makes spelling variants one supplier', () => {
    const a = supplierIdentity({ name: 'Farmco Rural Supplies Pty Ltd' });
    const b = supplierIdentity({ name: 'FARMCO RURAL SUPPLIES' });
    expect(a?.key).toBe(b?.key);
  });

  it('is null with neither name nor number', () => {
    expect(supplierIdentity({ name: '  ' })).toBeNull();
  });
});
