/**
 * The check of an .xlsb binary part (BIFF12 records) before SheetJS parses it: a record, or a
 * string in one, said to be longer than what holds it is refused as damaged (zip-check.ts), as
 * SheetJS would read past it, taking gigabytes for a file of a few hundred bytes.
 */

/** BIFF12 records that begin with strings (XLWideString: a 32-bit count of UTF-16 units, then them), at this offset. */
const STRING_RECORDS: ReadonlyMap<number, { offset: number; strings: number }> = new Map([
  [0x9c, { offset: 8, strings: 2 }], // BrtBundleSh: hsState, iTabID, strRelID, strName
]);

/**
 * What is wrong with an .xlsb binary part (MS-XLSB 2.1.4: records of a variable-length type and
 * size), or undefined: a record longer than what is left of the part, or a sheet's name said to be
 * longer than its record. SheetJS reads past such lengths, making names of millions of characters
 * and taking gigabytes; checked here in one pass over the part, before it parses anything.
 */
export function brokenBiff12(part: Uint8Array): string | undefined {
  let at = 0;
  const varint = (bytes: number) => {
    let value = 0;
    for (let i = 0; i < bytes; i += 1) {
      const byte = part[at++];
      if (byte === undefined) return -1;
      value += (byte & 0x7f) * 2 ** (7 * i);
      if (!(byte & 0x80)) return value;
    }
    return value;
  };
  while (at < part.length) {
    const type = varint(2);
    const size = varint(4);
    if (type < 0 || size < 0 || at + size > part.length) return `has a record longer than the part (byte ${at})`;
    const strings = STRING_RECORDS.get(type);
    let cursor = at + (strings?.offset ?? 0);
    for (let i = 0; strings && i < strings.strings; i += 1) {
      const units = cursor + 4 <= at + size ? Buffer.from(part.buffer, part.byteOffset).readUInt32LE(cursor) : -1;
      const nullable = units === 0xffffffff && i === 0;
      if (!nullable && (units < 0 || cursor + 4 + units * 2 > at + size))
        return `names a sheet with a text longer than its record (byte ${at})`;
      cursor += 4 + (nullable ? 0 : units * 2);
    }
    at += size;
  }
  return undefined;
}
