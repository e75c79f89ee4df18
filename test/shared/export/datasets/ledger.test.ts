import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import {
  DIGEST_ITEM,
  createExportNames,
  ledgerLines,
  ledgerTable,
  ledgerText,
  sealLedger,
  tiesOut,
  type ExportRow,
} from '../../../../shared/export/index.ts';
import { addDecimals, subtractDecimals } from '../../../../shared/sheet/values/index.ts';
import * as f from '../fixture.ts';

const names = createExportNames({
  organisationId: f.ORG,
  storages: f.storages,
  productAliases: f.aliases,
  products: f.products,
});
const february = {
  timeZone: 'Australia/Sydney',
  dates: { from: { year: 2026, month: 2, day: 4 }, to: { year: 2026, month: 2, day: 27 } },
};
const context = {
  organisation: 'Willow Creek Pastoral Co',
  storage: null,
  generatedAt: '2026-11-25 08:40 GMT+11',
  producer: 'shed-sheets test',
};

describe('ledger', () => {
  const lines = ledgerLines({ receipts: f.receipts, returns: f.returns, names, filter: february });

  it('opens with everything dated before the period, moves by the period, leaves out what came after', () => {
    const glyphosate = lines.find((l) => l.product === 'Glyphosate 540' && l.unit === 'l')!;
    // 80 l + 1 l received on 3 February (before the period); 40 l returned on 10 February.
    expect(glyphosate).toMatchObject({ opening: '81', in: '0', out: '40', closing: '41' });
    expect(glyphosate.movements.map((m) => m.sequence)).toEqual(['RET-00000001']);
    // The wetter received on 28 February is after the period: not a movement, not in the closing.
    expect(lines.find((l) => l.product === 'Wetting agent A')).toBeUndefined();
    const wheat = lines.find((l) => l.product === 'Wheat seed - Scepter')!;
    expect(wheat).toMatchObject({ opening: '4999.75', in: '0', out: '0', closing: '4999.75' });
  });

  it('every line ties out: opening + in − out = closing, and the running balance ends at the closing', () => {
    for (const line of lines) {
      expect(subtractDecimals(addDecimals(line.opening, line.in), line.out)).toBe(line.closing);
      expect(tiesOut(line)).toBe(true);
    }
    expect(tiesOut({ ...lines[0]!, closing: addDecimals(lines[0]!.closing, '1') })).toBe(false);
  });

  it('writes an opening row, the movements with their running balance, a closing row; a checked summary; an About sheet', () => {
    const table = ledgerTable({ receipts: f.receipts, returns: f.returns, names, filter: february }, context);
    expect(table.sheets.map((s) => s.name)).toEqual(['Ledger', 'Ledger Summary', 'About']);
    const glyphosate = [...table.sheets[0]!.rows].filter((r) => r.product === 'Glyphosate 540' && r.unit === 'l');
    expect(glyphosate.map((r) => [r.entry, r.in, r.out, r.balance])).toEqual([
      ['Opening balance', null, null, '81'],
      ['Return', null, '40', '41'],
      ['Closing balance', null, null, '41'],
    ]);
    expect((glyphosate[0]!.date as Date).toISOString().slice(0, 10)).toBe('2026-02-04');
    expect((glyphosate[2]!.date as Date).toISOString().slice(0, 10)).toBe('2026-02-27');
    expect([...table.sheets[1]!.rows].every((r: ExportRow) => r.check === 'ties out')).toBe(true);
    const about = Object.fromEntries([...table.sheets[2]!.rows].map((r) => [r.item, r.value]));
    expect(about).toMatchObject({
      Organisation: 'Willow Creek Pastoral Co',
      Period: '2026-02-04 to 2026-02-27 (dates in Australia/Sydney)',
      Storage: 'every storage',
      Check: 'every line ties out: opening + in − out = closing',
      'Prepared by': '',
      'Reviewed by': '',
    });
    expect(about['Data cut-off']).toMatch(/^records as changed up to \d{4}-/);
  });

  it('is sealed with the SHA-256 of its Ledger rows; a changed row changes it', async () => {
    const table = ledgerTable({ receipts: f.receipts, returns: f.returns, names, filter: february }, context);
    const sealed = await sealLedger(table);
    const digest = [...sealed.sheets[2]!.rows].find((r) => r.item === DIGEST_ITEM)?.value;
    const text = ledgerText(sealed.sheets[0]!);
    expect(digest).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    expect(text.split('\n')).toContain(
      '["Main Chemical Shed","Glyphosate 540","l","2026-02-04","Opening balance",null,null,null,null,null,null,null,"81",null]',
    );
    const changed = {
      ...table,
      sheets: [
        {
          ...table.sheets[0]!,
          rows: [...table.sheets[0]!.rows].map((r, i) => (i === 0 ? { ...r, balance: '82' } : r)),
        },
        ...table.sheets.slice(1),
      ],
    };
    const other = [...(await sealLedger(changed)).sheets[2]!.rows].find((r) => r.item === DIGEST_ITEM)?.value;
    expect(other).not.toBe(digest);
  });
});
