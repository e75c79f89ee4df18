/**
 * Test helpers for the readers: a temp folder per test file, workbooks written by exceljs, and
 * hand-made container files (an OLE compound file; zips: test/support/zip.ts) for the bad-file cases.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { InputFileError, type InputFileErrorCode } from '../../../batch/read/index.ts';
import { centralDirectory, entryData } from '../../../batch/read/zip-entries.ts';
import { handZip } from '../../support/zip.ts';

/** The example files, by name. */
export const EXAMPLES = new URL('../../../examples/', import.meta.url).pathname;

/** A fresh temp folder and a function that removes it. */
export async function makeTempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'shed-read-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Writes bytes or text (UTF-8) to `dir/name` and returns the path. */
export async function writeTemp(dir: string, name: string, content: Uint8Array | string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

/** An .xlsx written by exceljs after `build` fills a new workbook. */
export async function xlsxBytes(
  build: (workbook: ExcelJS.Workbook) => void,
  options?: { store?: boolean },
): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  const zip = options?.store ? { zip: { compression: 'STORE' } } : {};
  return new Uint8Array(await workbook.xlsx.writeBuffer(zip as ExcelJS.XlsxWriteOptions));
}

/** Asserts `promise` rejects with an InputFileError of `code` naming `file`, and returns it. */
export async function expectInputError(
  promise: Promise<unknown>,
  code: InputFileErrorCode,
  file: string,
): Promise<InputFileError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InputFileError);
  const input = error as InputFileError;
  expect(input.code).toBe(code);
  expect(input.category).toBe('input');
  expect(input.file).toBe(file);
  expect(input.message).toContain(file);
  return input;
}

/**
 * An OLE compound file (MS-CFB version 3) whose directory names `streams` after the root entry:
 * `['Workbook']` looks like an .xls, `['EncryptionInfo', 'EncryptedPackage']` like an encrypted
 * .xlsx. Only the header and one directory sector: enough for a reader that checks the names.
 */
export function oleFile(streams: readonly string[]): Uint8Array {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x003e, 24); // minor version
  header.writeUInt16LE(0x0003, 26); // major version 3
  header.writeUInt16LE(0xfffe, 28); // little-endian
  header.writeUInt16LE(9, 30); // 512-byte sectors
  header.writeUInt16LE(6, 32); // 64-byte mini sectors
  header.writeUInt32LE(0, 48); // first directory sector
  const names = ['Root Entry', ...streams];
  const directory = Buffer.alloc(Math.ceil(names.length / 4) * 512);
  names.forEach((name, i) => {
    const utf16 = Buffer.from(`${name}\u0000`, 'utf16le');
    utf16.copy(directory, i * 128);
    directory.writeUInt16LE(utf16.length, i * 128 + 64);
    directory.writeUInt8(i === 0 ? 5 : 2, i * 128 + 66); // root storage, then streams
  });
  return new Uint8Array(Buffer.concat([header, directory]));
}

/** Deterministic pseudo-random bytes (a linear congruential generator), for "random" files. */
export function pseudoRandomBytes(length: number, seed = 12345): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i += 1) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

/**
 * The stored zip `zip` with every entry deflated (as producers write them): its parts inflate in
 * pieces; `more` entries added (a styles part, so that the workbook needs no repair).
 */
export function deflated(zip: Uint8Array, more: readonly { name: string; content: string }[] = []): Uint8Array {
  const entries = centralDirectory(zip)!.map((entry) => ({ name: entry.name, content: entryData(zip, entry)! }));
  return handZip([...entries, ...more], { deflate: true });
}
