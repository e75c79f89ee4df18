/**
 * A workbook's zip without the parts of the sheets not being read, for SheetJS to parse. SheetJS
 * looks each sheet's part up by name among all the zip's entries, even the sheets it is told not to
 * read: a workbook of 1,000 sheets cost a million name comparisons per parse (about 0.4 s, twice per
 * read). The parts left out are only worksheet parts and their relationships: the workbook part,
 * its relationships (so each sheet keeps its part's name), styles and shared strings stay.
 */
import { centralDirectory, entryData } from './zip-entries.ts';
import { normalPath, relationshipsPartOf } from './zip-sheets.ts';

/**
 * Workbooks with more sheets than this are parsed without the parts of the sheets not read; below it
 * the lookups cost less than the copy.
 */
export const SLIM_FROM_SHEETS = 32;

/**
 * The zip `bytes` without the entries named in `parts` ({@link normalPath}s) nor their relationships
 * parts: every other entry copied as it is stored (not inflated again), under a new directory.
 * `bytes` itself when it has no such entry or its directory cannot be read.
 */
export function withoutParts(bytes: Uint8Array, parts: ReadonlySet<string>): Uint8Array {
  const entries = centralDirectory(bytes);
  if (!entries) return bytes;
  const drop = new Set([...parts].flatMap((part) => [part, relationshipsPartOf(part)]));
  const kept = entries.filter((entry) => !drop.has(normalPath(entry.name)));
  if (kept.length === entries.length) return bytes;
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of kept) {
    const data = entryData(bytes, entry);
    if (!data) return bytes;
    const name = new TextEncoder().encode(entry.name);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(6, 0x0800, true); // names in UTF-8
    local.setUint16(8, entry.method, true);
    local.setUint32(14, entry.crc, true);
    local.setUint32(18, entry.compressedSize, true);
    local.setUint32(22, entry.size, true);
    local.setUint16(26, name.length, true);
    const central = new DataView(new ArrayBuffer(46));
    central.setUint32(0, 0x02014b50, true);
    central.setUint16(4, 20, true);
    central.setUint16(6, 20, true);
    central.setUint16(8, 0x0800, true);
    central.setUint16(10, entry.method, true);
    central.setUint32(16, entry.crc, true);
    central.setUint32(20, entry.compressedSize, true);
    central.setUint32(24, entry.size, true);
    central.setUint16(28, name.length, true);
    central.setUint32(42, offset, true);
    locals.push(new Uint8Array(local.buffer), name, data);
    centrals.push(new Uint8Array(central.buffer), name);
    offset += 30 + name.length + data.length;
  }
  const directorySize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, kept.length, true);
  end.setUint16(10, kept.length, true);
  end.setUint32(12, directorySize, true);
  end.setUint32(16, offset, true);
  return concat([...locals, ...centrals, new Uint8Array(end.buffer)]);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
