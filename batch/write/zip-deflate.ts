/**
 * Compressing a stored (uncompressed) zip with Node's native deflate: exceljs writes a workbook's zip
 * through JSZip, whose deflate is JavaScript (pako) and the slowest part of writing a results file;
 * writing it stored and compressing here gives the same entries, names and order, deflated natively.
 */
import { deflateRawSync } from 'node:zlib';

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const END_SIZE = 22;
/** General-purpose flags kept on an entry: bit 11 (names in UTF-8). Bit 3 (sizes after the data) is not needed here. */
const KEPT_FLAGS = 0x0800;

/** One entry of a stored zip, as its central directory says (offsets into the input). */
interface StoredEntry {
  name: Buffer;
  flags: number;
  time: number;
  date: number;
  crc: number;
  size: number;
  dataStart: number;
  externalAttributes: number;
}

/**
 * The zip `stored` with every entry deflated (Node's zlib, `level` 1–9), same names, order, dates and
 * CRCs; or null when `stored` is not a plain stored zip this can re-pack (an entry already compressed
 * or encrypted, zip64, several disks, a comment): the caller then writes it its usual way.
 */
export function deflateStoredZip(stored: Uint8Array, level = 6): Buffer | null {
  const input = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
  const entries = storedEntries(input);
  if (entries === null) return null;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = input.subarray(entry.dataStart, entry.dataStart + entry.size);
    const packed = entry.size === 0 ? data : deflateRawSync(data, { level });
    const method = entry.size === 0 ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    writeCommon(local, 6, entry, method, packed.length);
    local.writeUInt16LE(entry.name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL, 0);
    central.writeUInt16LE(20, 4); // made by: MS-DOS attributes, version 2.0
    central.writeUInt16LE(20, 6);
    writeCommon(central, 8, entry, method, packed.length);
    central.writeUInt16LE(entry.name.length, 28);
    central.writeUInt32LE(entry.externalAttributes, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, entry.name, packed);
    centrals.push(central, entry.name);
    offset += local.length + entry.name.length + packed.length;
  }
  const directorySize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(END_SIZE);
  end.writeUInt32LE(END, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/** Flags, method, time, date, CRC and sizes: laid out alike in local and central headers from `at`. */
function writeCommon(header: Buffer, at: number, entry: StoredEntry, method: number, packedSize: number): void {
  header.writeUInt16LE(entry.flags & KEPT_FLAGS, at);
  header.writeUInt16LE(method, at + 2);
  header.writeUInt16LE(entry.time, at + 4);
  header.writeUInt16LE(entry.date, at + 6);
  header.writeUInt32LE(entry.crc, at + 8);
  header.writeUInt32LE(packedSize, at + 12);
  header.writeUInt32LE(entry.size, at + 16);
}

/** The entries of a plain stored zip from its central directory, or null for anything else. */
function storedEntries(input: Buffer): StoredEntry[] | null {
  const endAt = input.length - END_SIZE;
  // No archive comment: the end record is the last 22 bytes (JSZip writes none).
  if (endAt < 0 || input.readUInt32LE(endAt) !== END || input.readUInt16LE(endAt + 20) !== 0) return null;
  const count = input.readUInt16LE(endAt + 10);
  if (input.readUInt16LE(endAt + 4) !== 0 || input.readUInt16LE(endAt + 8) !== count) return null;
  const entries: StoredEntry[] = [];
  let at = input.readUInt32LE(endAt + 16);
  for (let i = 0; i < count; i++) {
    if (at + 46 > endAt || input.readUInt32LE(at) !== CENTRAL) return null;
    const flags = input.readUInt16LE(at + 8);
    const method = input.readUInt16LE(at + 10);
    const packed = input.readUInt32LE(at + 20);
    const size = input.readUInt32LE(at + 24);
    const nameLength = input.readUInt16LE(at + 28);
    const skip = input.readUInt16LE(at + 30) + input.readUInt16LE(at + 32);
    const localAt = input.readUInt32LE(at + 42);
    // Stored, not encrypted, not zip64 (sizes and offsets below 4 GB).
    if (method !== 0 || (flags & 1) !== 0 || packed !== size || size === 0xffffffff || localAt === 0xffffffff)
      return null;
    if (localAt + 30 > endAt || input.readUInt32LE(localAt) !== LOCAL) return null;
    const dataStart = localAt + 30 + input.readUInt16LE(localAt + 26) + input.readUInt16LE(localAt + 28);
    if (dataStart + size > endAt) return null;
    entries.push({
      name: input.subarray(at + 46, at + 46 + nameLength),
      flags,
      time: input.readUInt16LE(at + 12),
      date: input.readUInt16LE(at + 14),
      crc: input.readUInt32LE(at + 16),
      size,
      dataStart,
      externalAttributes: input.readUInt32LE(at + 38),
    });
    at += 46 + nameLength + skip;
  }
  return entries;
}
