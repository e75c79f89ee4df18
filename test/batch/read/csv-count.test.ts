// A CSV over the row limit is refused from its bytes exactly when the text reader would refuse it.
import { describe, expect, it } from 'vitest';
import { csvBytesOverLimit } from '../../../batch/read/csv-count.ts';
import { parseCsvText } from '../../../batch/read/csv.ts';
import { InputFileError } from '../../../batch/read/errors.ts';
import { decodeCsvBytes } from '../../../batch/read/text-decode.ts';
import { readGridFromBuffer } from '../../../batch/read/index.ts';
import { lcg } from '../../../bench/seed.ts';
import { expectInputError } from './helpers.ts';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
/** Windows-1252 bytes of text in Latin-1 and the dash. */
const windows1252 = (text: string): Uint8Array =>
  Uint8Array.from([...text].map((ch) => (ch === '—' ? 0x97 : ch.charCodeAt(0))));

/** Whether the text reader refuses `bytes` as holding more than `maxRows` records (the oracle). */
function textReaderRefuses(bytes: Uint8Array, maxRows: number): boolean {
  try {
    parseCsvText(decodeCsvBytes(bytes, 'f.csv').text, 'f.csv', maxRows);
    return false;
  } catch (error) {
    if (error instanceof InputFileError && error.code === 'too_large') return true;
    if (error instanceof InputFileError) return false;
    throw error;
  }
}

/** A random CSV text with one kind of line break: cells plain, quoted (line breaks, quotes, delimiters inside), blank lines. */
function randomCsv(next: () => number, newline: string, delimiter: string): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const cells = ['Urea', 'é', '2,5', '', ' ', `"a${newline}b"`, '"say ""hi"""', `"x${delimiter}y"`, '"ok" ', '—', '""'];
  const lines = Array.from({ length: 1 + Math.floor(next() * 12) }, () =>
    next() < 0.15 ? '' : Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(cells)).join(delimiter),
  );
  const head = next() < 0.1 ? `sep=${delimiter}${newline}` : '';
  return head + lines.join(newline) + (next() < 0.5 ? newline : '');
}

describe('csvBytesOverLimit', () => {
  it('refuses exactly the files the text reader refuses, for each kind of line break, delimiter and BOM', async () => {
    const next = lcg(23);
    let over = 0;
    let under = 0;
    for (let i = 0; i < 1500; i += 1) {
      const newline = ['\n', '\r\n', '\r'][i % 3]!;
      const delimiter = [',', ';', '\t'][Math.floor(i / 3) % 3]!;
      const text = randomCsv(next, newline, delimiter);
      const bytes = i % 7 === 3 ? windows1252(text) : utf8((i % 5 === 0 ? '\uFEFF' : '') + text);
      const maxRows = 1 + Math.floor(next() * 10);
      const expected = textReaderRefuses(bytes, maxRows);
      expect(await csvBytesOverLimit(bytes, maxRows), JSON.stringify({ text, maxRows })).toBe(expected);
      if (expected) over += 1;
      else under += 1;
    }
    // Both answers were asked for often enough to mean something.
    expect(over).toBeGreaterThan(300);
    expect(under).toBeGreaterThan(300);
  });

  it('counts across its 64 KiB pieces: multi-byte letters and quoted line breaks cut between two pieces', async () => {
    const row = (n: number) => `INV-${n},"Note é—${'ü'.repeat(n % 50)}\nsecond line",${n}\n`;
    const text = `Invoice,Note,Qty\n${Array.from({ length: 4000 }, (_, n) => row(n)).join('')}`;
    const bytes = utf8(text);
    expect(bytes.length).toBeGreaterThan(3 * 64 * 1024);
    // 4,001 records over 8,001 line breaks.
    for (const maxRows of [4000, 4001, 5000, 8000]) {
      expect(await csvBytesOverLimit(bytes, maxRows), String(maxRows)).toBe(textReaderRefuses(bytes, maxRows));
    }
    expect(await csvBytesOverLimit(bytes, 4000)).toBe(true);
    expect(await csvBytesOverLimit(bytes, 4001)).toBe(false);
  });

  it('does not count a last record that is an empty quoted value as a blank line, in LF and CR files', async () => {
    for (const text of ['a\nb\nc\n""', 'a\rb\rc\r""', 'a\r\nb\r\nc\r\n""', 'a\nb\nc\n""\n']) {
      const bytes = utf8(text);
      expect(await csvBytesOverLimit(bytes, 3), JSON.stringify(text)).toBe(textReaderRefuses(bytes, 3));
    }
    expect(await csvBytesOverLimit(utf8('a\nb\nc\n""'), 3)).toBe(false);
    expect(await csvBytesOverLimit(utf8('a\nb\nc\nd\n""'), 3)).toBe(true);
  });

  it('counts Windows-1252 text as the text reader decodes it, and leaves it what it refuses for its encoding', async () => {
    const text = `Product;Note\r\n${'Urea;"caf\xe9\r\nlatte \u2014 ok"\r\n'.repeat(30)}`;
    const bytes = windows1252(text);
    expect(await csvBytesOverLimit(bytes, 30)).toBe(true);
    expect(textReaderRefuses(bytes, 30)).toBe(true);
    expect(await csvBytesOverLimit(bytes, 31)).toBe(false);
    expect((await readGridFromBuffer(bytes, 'w.csv', { limits: { maxRows: 31 } })).rows).toHaveLength(31);
    // UTF-8 and Windows-1252 mixed, and a byte Windows-1252 leaves undefined: refused for the encoding.
    const mixed = Uint8Array.from([...utf8('Product,Qty\né,1\n'), ...windows1252('\xe9,2\nb\nc\nd\ne\n')]);
    const undefinedByte = Uint8Array.from([...windows1252('Product,Qty\n\x81,2\nb\nc\nd\ne\n')]);
    for (const [name, bad, words] of [
      ['mixed.csv', mixed, /mixes encodings/],
      ['undefined.csv', undefinedByte, /byte 0x81 on line 2 is not Windows-1252/],
    ] as const) {
      expect(await csvBytesOverLimit(bad, 3), name).toBe(false);
      const error = await expectInputError(
        readGridFromBuffer(bad, name, { limits: { maxRows: 3 } }),
        'unreadable_encoding',
        name,
      );
      expect(error.message).toMatch(words);
    }
  });

  it('counts a file starting with two byte order marks as the text reader does, its head guessed on the same text', async () => {
    // The header's first value is quoted and holds a line break: 21 records, read so.
    const quoted = utf8(`\uFEFF\uFEFF"Pro\nduct",Qty\n${'Urea,1\n'.repeat(20)}`);
    expect(textReaderRefuses(quoted, 20)).toBe(true);
    expect(textReaderRefuses(quoted, 21)).toBe(false);
    expect(await csvBytesOverLimit(quoted, 20)).toBe(true);
    expect(await csvBytesOverLimit(quoted, 21)).toBe(false);
    // A line break first outside quotes at the megabyte papaparse guesses it from: CRLF, not CR.
    const head = `\uFEFF\uFEFFh1,h2\r\nx,"${'f'.repeat(1_048_563)}"\r\n`;
    const guessed = utf8(head + '"a\r\nb",c\r\n'.repeat(10));
    expect(textReaderRefuses(guessed, 12)).toBe(false);
    expect(await csvBytesOverLimit(guessed, 12)).toBe(false);
  });

  it('gives up on a record running over more than a megabyte (a stray quote), which the text reader then reads', async () => {
    // A quoted value of 2 MB, then more records than the limit: counted, it would be refused here.
    const bytes = utf8(`Product,Note\nUrea,"${'x'.repeat(2 * 1024 * 1024)}"\n${'Urea,1\n'.repeat(40)}`);
    expect(await csvBytesOverLimit(bytes, 30)).toBe(false);
    await expectInputError(
      readGridFromBuffer(bytes, 'long-note.csv', { limits: { maxRows: 30 } }),
      'too_large',
      'long-note.csv',
    );
    // A stray quote: the rest of the file reads as one value, refused for its quotes, not counted.
    const stray = utf8(`Invoice,Product,Qty\nINV-1,"Premium" Urea,12\n${'INV-2,Urea,1\n'.repeat(200_000)}`);
    expect(await csvBytesOverLimit(stray, 1000)).toBe(false);
    await expectInputError(
      readGridFromBuffer(stray, 'stray.csv', { limits: { maxRows: 1000 } }),
      'malformed_csv',
      'stray.csv',
    );
  });

  it('leaves to the text reader what it cannot count exactly: mixed line breaks, UTF-16, a NUL byte', async () => {
    const mixed = utf8(`Product,Qty\r\n${'Urea,1\n'.repeat(20)}`);
    const utf16 = Uint8Array.from([
      0xff,
      0xfe,
      ...[...`Product,Qty\n${'Urea,1\n'.repeat(20)}`].flatMap((ch) => [ch.charCodeAt(0), 0]),
    ]);
    // Past the first 64 KiB, which the sniff looks at (it refuses a NUL there as binary).
    // UTF-16 with a byte order mark and no NUL byte (here line breaks only: U+0A0D each).
    const noNul = Uint8Array.from([0xff, 0xfe, ...Array.from({ length: 2000 }, () => [0x0d, 0x0a]).flat()]);
    expect(await csvBytesOverLimit(noNul, 5)).toBe(false);
    const nul = utf8(`Product,Qty\n${'Urea,1\n'.repeat(12_000)}\u0000`);
    for (const [name, bytes] of [
      ['mixed.csv', mixed],
      ['utf16.csv', utf16],
      ['nul.csv', nul],
    ] as const) {
      expect(await csvBytesOverLimit(bytes, 5), name).toBe(false);
    }
    // Still refused, by the text reader, each with its own reason.
    await expectInputError(
      readGridFromBuffer(mixed, 'mixed.csv', { limits: { maxRows: 5 } }),
      'too_large',
      'mixed.csv',
    );
    await expectInputError(
      readGridFromBuffer(utf16, 'utf16.csv', { limits: { maxRows: 5 } }),
      'too_large',
      'utf16.csv',
    );
    await expectInputError(readGridFromBuffer(nul, 'nul.csv', { limits: { maxRows: 5 } }), 'malformed_csv', 'nul.csv');
  });

  it('is the refusal readGrid gives for a CSV far over the limit, with the row limit and what to do', async () => {
    const bytes = utf8(`Product,Qty\n${'Urea,1\n'.repeat(5000)}`);
    const error = await expectInputError(
      readGridFromBuffer(bytes, 'long.csv', { limits: { maxRows: 1000 } }),
      'too_large',
      'long.csv',
    );
    expect(error.message).toMatch(/long.csv has more than 1,000 rows.*Nothing was sent.*--max-rows/);
  });
});
