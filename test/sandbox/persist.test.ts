import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxDataError, startSandbox } from '../../sandbox/index.ts';
import { WILLOW, orgPath, receiptBody, request, returnBody } from './helpers.ts';

// `--data FILE`: the state in a JSON file, written atomically, loaded on start.
describe('sandbox state file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'shed-sandbox-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('creates the file from the seed on first start', async () => {
    const file = join(dir, 'fresh.json');
    const sb = await startSandbox({ quiet: true, dataFile: file });
    const saved = JSON.parse(await readFile(file, 'utf8'));
    expect(saved.format).toBe('shed-sandbox-state');
    expect(saved.version).toBe(1);
    expect(saved.organisations).toHaveLength(3);
    expect(saved.receipts.length).toBe(sb.state.receipts.size);
    await sb.close();
  });

  it('keeps changes across restarts: records, deletions, sequences and the clock', async () => {
    const file = join(dir, 'restart.json');
    const first = await startSandbox({ quiet: true, dataFile: file });
    const created = (await request(first.url, 'POST', orgPath(WILLOW, 'receipts'), { body: receiptBody() })).body;
    const doomed = (await request(first.url, 'POST', orgPath(WILLOW, 'returns'), { body: returnBody() })).body;
    await request(first.url, 'DELETE', `${orgPath(WILLOW, 'returns')}/${doomed.id}`);
    await first.close();

    const second = await startSandbox({ quiet: true, dataFile: file, seed: 'empty' }); // the file wins over the seed
    expect(second.state.receipts.get(created.id)).toEqual(created);
    expect(second.state.returns.has(doomed.id)).toBe(false);
    const deleted = await request(second.url, 'GET', `${orgPath(WILLOW, 'returns')}/deleted?ids[]=${doomed.id}`);
    expect(deleted.body.data).toHaveLength(1);
    const next = (await request(second.url, 'POST', orgPath(WILLOW, 'receipts'), { body: receiptBody() })).body;
    expect(Number(next.sequence.slice(4))).toBe(Number(created.sequence.slice(4)) + 1);
    expect(next.updated_at > deleted.body.data[0].deleted_at).toBe(true);
    await second.close();
  });

  it('writes shortly after a change without waiting for close, leaving no temporary files', async () => {
    const file = join(dir, 'live.json');
    const sb = await startSandbox({ quiet: true, dataFile: file, history: false });
    const created = (await request(sb.url, 'POST', orgPath(WILLOW, 'receipts'), { body: receiptBody() })).body;
    await new Promise((resolve) => setTimeout(resolve, 400));
    const saved = JSON.parse(await readFile(file, 'utf8'));
    expect(saved.receipts.map((r: { id: string }) => r.id)).toEqual([created.id]);
    await Promise.all(
      Array.from({ length: 20 }, () => request(sb.url, 'POST', orgPath(WILLOW, 'receipts'), { body: receiptBody() })),
    );
    await sb.close();
    expect(JSON.parse(await readFile(file, 'utf8')).receipts).toHaveLength(21);
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses a file that is not JSON or not a sandbox state, naming the file', async () => {
    const broken = join(dir, 'broken.json');
    await writeFile(broken, '{"format": "shed-sandbox-state", ');
    await expect(startSandbox({ quiet: true, dataFile: broken })).rejects.toThrow(SandboxDataError);
    await expect(startSandbox({ quiet: true, dataFile: broken })).rejects.toThrow(/broken\.json/);
    const other = join(dir, 'other.json');
    await writeFile(other, JSON.stringify({ hello: 'world' }));
    await expect(startSandbox({ quiet: true, dataFile: other })).rejects.toThrow(/not a sandbox state file/);
    expect(await readFile(other, 'utf8')).toBe(JSON.stringify({ hello: 'world' }));
  });

  it('refuses a state whose records contradict each other', async () => {
    const file = join(dir, 'contradict.json');
    const sb = await startSandbox({ quiet: true, dataFile: file, history: false });
    await sb.close();
    const saved = JSON.parse(await readFile(file, 'utf8'));
    saved.storages[0].organisation_id = '00000000-0000-4000-8000-000000000000';
    await writeFile(file, JSON.stringify(saved));
    await expect(startSandbox({ quiet: true, dataFile: file })).rejects.toThrow(/unknown organisation/);
  });
});
