// `npm run demo` (batch/demo.ts): the quick start's main job, run twice into one folder, as a user
// trying the tool runs it. Each run has a fresh sandbox, so the second must not trip over the first's
// journal (it records another sandbox's address).
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { demo } from '../../batch/demo.ts';
import { memoryIO } from '../../batch/ui/io.ts';

let dir: string | null = null;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = null;
});

describe('the demo', () => {
  it('imports the example invoices and exports the movements and ledger, again on a second run', async () => {
    dir = await mkdtemp(join(tmpdir(), 'shed-demo-'));
    for (const run of [1, 2]) {
      const io = memoryIO();
      await demo(dir, io);
      const said = io.stderr.join('\n');
      expect(said, `run ${run}`).toMatch(/11 receipts created; 6 receipts refused/);
      // The refusals are announced as deliberate, in one line, before the first of them.
      const announced = said.indexOf(
        'The example sheet holds invoices with deliberate mistakes, to show how shed refuses them: the refusals below are expected (see examples/README.md).',
      );
      expect(announced, `run ${run}`).toBeGreaterThan(0);
      expect(announced, `run ${run}`).toBeLessThan(said.indexOf('not sent)'));
      expect(said, `run ${run}`).not.toMatch(/already created by an earlier run/);
    }
    for (const file of ['supplier-invoices.results.xlsx', 'movements.xlsx', 'ledger.xlsx'])
      await expect(access(join(dir, file))).resolves.toBeUndefined();
  });
});
