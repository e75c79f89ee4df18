import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { pendingSheetBytes, sheetDrained } from '../../../batch/write/xlsx-drain.ts';

const MiB = 1024 * 1024;

/** A stand-in for exceljs's worksheet writer: its XML buffer piped into a PassThrough, as archiver does. */
function worksheetWith(target: PassThrough): object {
  return { _stream: { pipes: [target] } };
}

describe('sheetDrained', () => {
  it('measures what waits in the pipe to deflate', () => {
    const target = new PassThrough();
    // exceljs writes 64 KiB batches; the one being passed through is counted on both sides.
    for (let i = 0; i < 48; i++) target.write(Buffer.alloc(64 * 1024));
    expect(pendingSheetBytes(worksheetWith(target))).toBeGreaterThanOrEqual(3 * MiB);
    expect(pendingSheetBytes(worksheetWith(target))).toBeLessThanOrEqual(3 * MiB + 64 * 1024);
    expect(pendingSheetBytes({})).toBe(0);
  });

  it('waits while more than 4 MiB are pending and resumes once the consumer has read them', async () => {
    const target = new PassThrough();
    for (let i = 0; i < 6; i++) target.write(Buffer.alloc(MiB));
    let resumed = false;
    const waiting = sheetDrained(worksheetWith(target), () => undefined).then(() => {
      resumed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(resumed).toBe(false);
    target.resume(); // the zip starts reading
    await waiting;
    expect(resumed).toBe(true);
    expect(pendingSheetBytes(worksheetWith(target))).toBeLessThanOrEqual(4 * MiB);
  });

  it('stops waiting with the output error when the output has failed', async () => {
    const target = new PassThrough();
    for (let i = 0; i < 6; i++) target.write(Buffer.alloc(MiB));
    let failed = false;
    const check = (): void => {
      if (failed) throw new Error('ENOSPC: no space left on device');
    };
    const waiting = sheetDrained(worksheetWith(target), check);
    failed = true;
    await expect(waiting).rejects.toThrow('ENOSPC');
  });

  it('resolves at once for a writer whose internals it cannot see', async () => {
    await expect(sheetDrained({}, () => undefined)).resolves.toBeUndefined();
  });
});
