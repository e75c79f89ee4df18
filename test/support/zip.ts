/**
 * Zip files built by hand, for the reader's tests and the bench: laid out byte by byte so that a
 * test can make one that lies (a directory that understates what an entry inflates to).
 */
import { once } from 'node:events';
import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';

/** An entry of a hand-made zip: its name and its content (text as UTF-8). */
export interface HandZipEntry {
  name: string;
  content: string | Uint8Array;
}

/**
 * A zip built by hand: local headers, central directory and end record, each entry STORE (no
 * compression) or, with `deflate`, deflated (as producers write them, so its parts inflate in pieces).
 */
export function handZip(entries: readonly HandZipEntry[], options: { deflate?: boolean } = {}): Uint8Array {
  const method = options.deflate ? 8 : 0;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const content = typeof entry.content === 'string' ? Buffer.from(entry.content, 'utf8') : Buffer.from(entry.content);
    const data = options.deflate ? deflateRawSync(content) : content;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc32(content), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc32(content), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** A zip with STORE entries (no compression), built by hand ({@link handZip}). */
export function storedZip(entries: readonly HandZipEntry[]): Uint8Array {
  return handZip(entries);
}

/** `megabytes` of zeros, deflated: about a thousandth of the size. */
export async function deflatedZeros(megabytes: number): Promise<{ data: Buffer; crc: number }> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const zeros = Buffer.alloc(1024 * 1024);
  let crc = 0;
  for (let i = 0; i < megabytes; i += 1) {
    crc = crc32(zeros, crc);
    if (!deflate.write(zeros)) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return { data: Buffer.concat(chunks), crc };
}

/** A zip of one deflated entry, declaring `declaredSize` as its unpacked size. */
export function zipOf(name: string, data: Buffer, crc: number, declaredSize: number): Uint8Array {
  // A stored zip with the right layout, then the entry's method and sizes patched to deflate.
  const bytes = Buffer.from(
    storedZip([
      { name: 'xl/workbook.xml', content: '<workbook/>' },
      { name, content: data },
    ]),
  );
  const local = bytes.indexOf(Buffer.from(name)) - 30;
  const central = bytes.lastIndexOf(Buffer.from(name)) - 46;
  for (const [at, sizeAt] of [
    [local, 18],
    [central, 20],
  ] as const) {
    bytes.writeUInt16LE(8, at + (at === local ? 8 : 10));
    bytes.writeUInt32LE(crc >>> 0, at + (at === local ? 14 : 16));
    bytes.writeUInt32LE(data.length, at + sizeAt);
    bytes.writeUInt32LE(declaredSize >>> 0, at + sizeAt + 4);
  }
  return new Uint8Array(bytes);
}
