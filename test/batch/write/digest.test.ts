import { describe, expect, it } from 'vitest';
import { nodeSha256Lines } from '../../../batch/write/digest.ts';
import { sha256Lines } from '../../../shared/hash/digest.ts';

describe('the SHA-256 of many lines', () => {
  it('is the same whether the CLI feeds the lines one by one or Web Crypto hashes them joined', async () => {
    const lines = [
      '["Main Chemical Shed","Glyphosate 540","l","2026-02-04","Opening balance",null,"81"]',
      '["é",1.5]',
      '',
    ];
    expect(await nodeSha256Lines(lines)).toBe(await sha256Lines(lines));
    expect(await nodeSha256Lines([])).toBe(await sha256Lines([]));
    expect(await nodeSha256Lines(['a', 'b'])).not.toBe(await nodeSha256Lines(['ab']));
  });
});
