// The results writer's zip compression (batch/write/zip-deflate.ts): exceljs's stored zip re-packed by
// fflate, checked entry by entry with the reader's own zip parsing and Node's inflate and CRC.
import { crc32, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { centralDirectory, entryData } from '../../../batch/read/zip-entries.ts';
import { deflateStoredZip } from '../../../batch/write/zip-deflate.ts';

/** A workbook with two sheets, a style, a note and non-ASCII text, as exceljs writes it (`compression`). */
async function workbookZip(compression: 'STORE' | 'DEFLATE'): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Invoices');
  sheet.addRow(['Invoice No', 'Supplier', 'Qty', 'Message']);
  for (let i = 1; i <= 300; i++) sheet.addRow([`INV-${i}`, 'Farmco Rural Supplies', i, 'créé → REC-1']);
  sheet.getCell('B2').note = 'shed: a note';
  sheet.getCell('C3').fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } };
  workbook.addWorksheet('Other').addRow(['kept']);
  return new Uint8Array((await workbook.xlsx.writeBuffer({ zip: { compression } })) as unknown as ArrayBuffer);
}

describe('deflateStoredZip', () => {
  it('deflates every entry of a stored zip: same names and order, same bytes and CRC once inflated, smaller', async () => {
    const stored = await workbookZip('STORE');
    const packed = deflateStoredZip(stored)!;
    expect(packed).not.toBeNull();
    const before = centralDirectory(stored)!;
    const after = centralDirectory(packed)!;
    expect(after.map((e) => e.name)).toEqual(before.map((e) => e.name));
    for (const [i, entry] of after.entries()) {
      const original = entryData(stored, before[i]!)!;
      const data = entryData(packed, entry)!;
      const inflated = entry.method === 8 ? inflateRawSync(data) : Buffer.from(data);
      expect(Buffer.compare(inflated, Buffer.from(original)), entry.name).toBe(0);
      expect(entry.crc).toBe(crc32(inflated) >>> 0);
      expect(entry.size).toBe(original.length);
    }
    expect(after.some((e) => e.method === 8)).toBe(true);
    expect(packed.length).toBeLessThan(stored.length / 3);
  });

  it('gives a workbook exceljs reads back with its cells, note and fill', async () => {
    const packed = deflateStoredZip(await workbookZip('STORE'))!;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(packed as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Invoices')!;
    expect(sheet.getCell('A301').value).toBe('INV-300');
    expect(sheet.getCell('D2').value).toBe('créé → REC-1');
    expect(JSON.stringify(sheet.getCell('B2').note)).toContain('shed: a note');
    expect(sheet.getCell('C3').fill).toMatchObject({ fgColor: { argb: 'FFFFC7CE' } });
    expect(workbook.getWorksheet('Other')!.getCell('A1').value).toBe('kept');
  });

  it('gives null for bytes that are not a zip (the workbook is then written its usual way)', () => {
    expect(deflateStoredZip(new TextEncoder().encode('not a zip at all, just some text'))).toBeNull();
    expect(deflateStoredZip(new Uint8Array(0))).toBeNull();
  });
});
