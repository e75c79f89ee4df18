/** The words of the command tree's help (batch/cli/commands.ts), as `shed … --help` prints them. */
import { describe, expect, it } from 'vitest';
import { main } from '../../../batch/cli/main.ts';
import { memoryIO } from '../../../batch/ui/io.ts';

/** `shed ARGS --help`'s text with its wrapping undone (commander wraps at the terminal's width). */
async function help(args: string[]): Promise<string> {
  const io = memoryIO({});
  expect(await main(['node', 'shed', ...args, '--help'], io)).toBe(0);
  return io.stdout.join('').replace(/\s+/g, ' ');
}

describe('shed import --help', () => {
  it('says what --skip-line leaves out in plain words', async () => {
    for (const kind of ['receipts', 'returns']) {
      const text = await help(['import', kind]);
      expect(text).toContain(
        '--skip-line <text> leave out lines whose product contains this word, in any case (Freight, Discount, Rounding); repeatable',
      );
      expect(text).not.toContain('product names this');
    }
  });
});
