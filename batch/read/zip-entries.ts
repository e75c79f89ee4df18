/**
 * A zip's entries read from its central directory and their stored bytes through their local
 * headers: what the zip check, the batched read and the slimmed workbook look up by name, without
 * inflating anything.
 */

/** One entry of a zip's central directory. */
export interface ZipEntry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localHeader: number;
}

/** The entries of a zip's central directory, or null when there is none (a truncated file). */
export function centralDirectory(bytes: Uint8Array): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // End of central directory: signature 0x06054b50 within the last 64 KiB + 22 bytes.
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 65_557); at -= 1) {
    if (view.getUint32(at, true) !== 0x06054b50) continue;
    const count = view.getUint16(at + 10, true);
    let offset = view.getUint32(at + 16, true);
    const entries: ZipEntry[] = [];
    for (let i = 0; i < count; i += 1) {
      if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) return null;
      const nameLength = view.getUint16(offset + 28, true);
      entries.push({
        name: new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
        method: view.getUint16(offset + 10, true),
        crc: view.getUint32(offset + 16, true),
        compressedSize: view.getUint32(offset + 20, true),
        size: view.getUint32(offset + 24, true),
        localHeader: view.getUint32(offset + 42, true),
      });
      offset += 46 + nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
    }
    return entries;
  }
  return null;
}

/** An entry's stored bytes, found through its local header; null when the file ends before them. */
export function entryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeader;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== 0x04034b50) return null;
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  return end > bytes.length ? null : bytes.subarray(start, end);
}

/**
 * Whether an entry's local header says what the directory says of it: its method, and (unless its
 * sizes follow its data, flag bit 3, or are ZIP64's) its CRC and sizes. SheetJS unzips by the local
 * headers, the zip check by the directory: a header that disagrees has SheetJS inflate bytes the
 * check never inflated (a stored entry whose local header said deflated took 30 s to read from a
 * 3 MB file). True when the header cannot be read ({@link entryData} says so).
 */
export function localHeaderAgrees(bytes: Uint8Array, entry: ZipEntry): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeader;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== 0x04034b50) return true;
  if (view.getUint16(at + 8, true) !== entry.method) return false;
  if ((view.getUint16(at + 6, true) & 0x08) !== 0) return true;
  const compressedSize = view.getUint32(at + 18, true);
  const size = view.getUint32(at + 22, true);
  if (compressedSize === 0xffffffff || size === 0xffffffff) return true;
  return view.getUint32(at + 14, true) === entry.crc && compressedSize === entry.compressedSize && size === entry.size;
}
