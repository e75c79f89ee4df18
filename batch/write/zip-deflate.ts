/**
 * Compressing a stored (uncompressed) zip: exceljs writes a workbook's zip through JSZip, whose
 * deflate (pako) is the slowest part of writing a results file; writing it stored and re-packing it
 * at level 1 gives the same entries, names and order, the file about a quarter larger than at level 6.
 * Each entry is deflated by Node's zlib (native: no JavaScript to warm up, which made fflate's own
 * deflate take 40–120 ms in a run's one write against ~5 ms), and the zip is put together by fflate.
 */
import { Zip, unzipSync, type ZipInputFile } from 'fflate';
import * as zlib from 'node:zlib';

/**
 * The zip `stored` with every entry deflated at `level` (1–9), the same names in the same order; or null
 * when `stored` cannot be read as a zip (the caller then writes the workbook its usual way).
 */
export function deflateStoredZip(stored: Uint8Array, level: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 = 1): Buffer | null {
  // zlib.crc32 came in Node 20.15 and 22.2: without it (an early Node 22), the caller's usual way.
  const crc32 = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
  if (typeof crc32 !== 'function') return null;
  let entries: ReturnType<typeof unzipSync>;
  try {
    entries = unzipSync(stored);
  } catch {
    return null;
  }
  const chunks: Uint8Array[] = [];
  let failed = false;
  const zip = new Zip((error, chunk) => {
    if (error) failed = true;
    else chunks.push(chunk);
  });
  for (const [filename, data] of Object.entries(entries)) {
    // A file of the documented shape fflate takes ready compressed (method 8, its size and CRC known).
    const file: ZipInputFile = { filename, size: data.length, crc: crc32(data), compression: 8 };
    zip.add(file);
    file.ondata?.(null, zlib.deflateRawSync(data, { level }), true);
  }
  zip.end();
  return failed ? null : Buffer.concat(chunks);
}
