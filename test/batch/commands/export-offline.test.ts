import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCommand } from '../../../batch/commands/export/index.ts';
import { syncCommand } from '../../../batch/commands/sync/index.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { startSandbox } from '../../../sandbox/index.ts';

describe('shed export --offline', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  const connection = () => ({ baseUrl: sandbox.url, token: 'demo-token-willow', org: 'Willow Creek Pastoral Co' });
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-offline-'));
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('exports from the mirror of shed sync exactly what the service gives, without a request', async () => {
    await syncCommand({ ...connection(), dir, io: memoryIO() });
    for (const dataset of ['movements', 'receipts', 'returns', 'storages', 'product-aliases', 'products'] as const) {
      await exportCommand({ ...connection(), dataset, out: join(dir, `${dataset}-online.csv`), io: memoryIO() });
      const requests = sandbox.stats.requests;
      await exportCommand({
        ...connection(),
        baseUrl: 'http://127.0.0.1:9',
        dataset,
        out: join(dir, `${dataset}-offline.csv`),
        offline: true,
        dir,
        io: memoryIO(),
      });
      expect(sandbox.stats.requests, dataset).toBe(requests);
      const online = await readFile(join(dir, `${dataset}-online.csv`), 'utf8');
      const offline = await readFile(join(dir, `${dataset}-offline.csv`), 'utf8');
      expect(offline.split('\r\n').sort(), dataset).toEqual(online.split('\r\n').sort());
      expect(online.split('\r\n').length, dataset).toBeGreaterThan(2);
    }
  });
});
