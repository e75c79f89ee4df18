/**
 * One zip entry inflated and checked as the zip check reads it: its local header against the
 * directory, its size and CRC-32, and the byte limits (the zip's total, a part's packing ratio).
 * Each chunk goes to the caller as it comes (zip-check.ts looks for what it needs in it).
 */
import { Readable } from 'node:stream';
import { createInflateRaw, crc32, inflateRawSync } from 'node:zlib';
import { InputFileError } from './errors.ts';
import type { ReadLimits } from './limits.ts';
import { PACKED_RATIO_FROM, PACKED_RATIO_LIMIT, packedTooTightly, tooManyBytes } from './limits.ts';
import { entryData, localHeaderAgrees, type ZipEntry } from './zip-entries.ts';

/**
 * An entry's stored bytes, refused when the file ends before them or when its local header says
 * otherwise than the directory (zip-entries.ts `localHeaderAgrees`).
 */
export function checkedData(bytes: Uint8Array, entry: ZipEntry, file: string): Uint8Array {
  const data = entryData(bytes, entry);
  if (!data) throw damaged(file, `its part ${entry.name} is cut short`);
  if (!localHeaderAgrees(bytes, entry))
    throw damaged(
      file,
      `its part ${entry.name} is described two ways: its own header and the zip's directory disagree`,
    );
  return data;
}

/** Refuses a zip past the byte limit (`unpacked` in all) or a part past 100 times its `packed` size. */
export function refuseUnpackedPast(
  file: string,
  limits: ReadLimits,
  part: string,
  packed: number,
  partBytes: number,
  unpacked: number,
): void {
  if (unpacked > limits.maxBytes) throw tooManyBytes(file, unpacked, limits, 'unpacks to more than');
  if (partBytes > PACKED_RATIO_FROM && partBytes > PACKED_RATIO_LIMIT * packed)
    throw packedTooTightly(file, part, packed, partBytes);
}

/**
 * A worksheet part the check stopped at the row limit, which turned out not to be the sheet read:
 * inflated whole after all, for its size, checksum and the byte limits (`unpackedElsewhere`: the
 * zip's other parts), nothing looked for in it.
 */
export async function checkRest(
  entry: ZipEntry,
  data: Uint8Array,
  file: string,
  limits: ReadLimits,
  unpackedElsewhere: number,
): Promise<void> {
  let partBytes = 0;
  await checkEntry(data, entry, file, (chunk) => {
    partBytes += chunk.length;
    refuseUnpackedPast(file, limits, entry.name, data.length, partBytes, unpackedElsewhere + partBytes);
    return true;
  });
}

/** Entries that unpack to no more than this (and are stored in no more) are inflated in one call. */
const SMALL_ENTRY = 256 * 1024;

/**
 * Packed size (bytes) past which a part inflates in pieces of 64 KB instead of 1 MB: a sheet far
 * over the row limit (40 MB packed, 263 MB of XML) is then refused at 190 MB instead of 230 MB (in
 * 1.8 s instead of 1.3 s; 256 KB pieces: 185-207 MB), while a sheet of 100,000 lines (4 MB packed)
 * reads faster and lower in 1 MB pieces (2.2 against 2.5 s, 205-225 against 235-270 MB).
 */
const SMALL_PIECES_FROM = 8 * 1024 * 1024;

/**
 * Inflates (or reads) one entry's data, checking size and CRC; each chunk goes to `seen` as it comes.
 * A part inflated in pieces stops where `seen` says false (nothing more is wanted of it), unchecked:
 * false is returned. True: the whole part was seen and checked.
 */
export async function checkEntry(
  data: Uint8Array,
  entry: ZipEntry,
  file: string,
  seen: (chunk: Uint8Array) => boolean,
): Promise<boolean> {
  if (entry.method === 0) {
    seen(data);
    if (data.length !== entry.size || crc32(data) >>> 0 !== entry.crc)
      throw damaged(file, `its part ${entry.name} is damaged`);
    return true;
  }
  if (entry.method !== 8)
    throw damaged(file, `its part ${entry.name} uses a compression this tool does not read (method ${entry.method})`);
  if (entry.size <= SMALL_ENTRY && data.length <= SMALL_ENTRY) {
    // Inflated at once, never past the size its directory declares: a stream (and its 1 MB buffer)
    // for each of a workbook's thousand small parts cost a second, most of it collecting garbage.
    // One that does not inflate so (damaged, or more than declared: a bomb) is streamed below, to say which.
    let inflated: Buffer | undefined;
    try {
      inflated = inflateRawSync(data, { maxOutputLength: entry.size + 1 });
    } catch {
      inflated = undefined;
    }
    if (inflated && inflated.length === entry.size) {
      seen(inflated);
      if (crc32(inflated) >>> 0 !== entry.crc) throw damaged(file, `its part ${entry.name} is damaged`);
      return true;
    }
  }
  let crc = 0;
  let size = 0;
  try {
    for await (const chunk of Readable.from([Buffer.from(data.buffer, data.byteOffset, data.byteLength)]).pipe(
      createInflateRaw({ chunkSize: data.length > SMALL_PIECES_FROM ? 64 * 1024 : 1024 * 1024 }),
    )) {
      if (!seen(chunk as Buffer)) return false;
      crc = crc32(chunk as Buffer, crc);
      size += (chunk as Buffer).length;
    }
  } catch (error) {
    if (error instanceof InputFileError) throw error;
    throw damaged(file, `its part ${entry.name} is damaged`);
  }
  if (size !== entry.size || crc >>> 0 !== entry.crc) throw damaged(file, `its part ${entry.name} is damaged`);
  return true;
}

/** The refusal of a workbook whose zip is damaged, saying `what`. */
export function damaged(file: string, what: string): InputFileError {
  return new InputFileError(
    'corrupt_workbook',
    file,
    `${file} looks like a workbook but cannot be read (${what}): it may be damaged or only partly copied. Copy it again, or open it in Excel and save it again.`,
  );
}
