// The import's updates (receipts and returns) go to the client marked not repeatable: a failure comes back
// to the engine, which reads the record back and checks its version before sending it again (engine/run.ts),
// rather than the client repeating the PATCH blindly over a change made meanwhile.
import { describe, expect, it } from 'vitest';
import type { OrgClient } from '../../../shared/client/index.ts';
import { receiptOps } from '../../../shared/import/receipts/ops.ts';
import { returnOps } from '../../../shared/import/returns/ops.ts';

describe('the import sends its updates once', () => {
  it('asks the client not to repeat a receipt or return update', async () => {
    const calls: unknown[][] = [];
    const org = {
      orgId: 'org',
      updateReceipt: async (...args: unknown[]) => (calls.push(['receipt', ...args]), {}),
      updateReturn: async (...args: unknown[]) => (calls.push(['return', ...args]), {}),
    } as unknown as OrgClient;
    await receiptOps(org, 'Australia/Sydney').update('r1', { supplier: 'Elders' });
    await returnOps(org, 'Australia/Sydney').update('t1', { notes: 'x' });
    expect(calls).toEqual([
      ['receipt', 'r1', { supplier: 'Elders' }, { repeatable: false }],
      ['return', 't1', { notes: 'x' }, { repeatable: false }],
    ]);
  });
});
