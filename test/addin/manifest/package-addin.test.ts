import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageAddin } from '../../../addin/manifest/package-addin.ts';

describe('npm run addin:package', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('writes one folder to host: the pane, the support page, the icons, and a manifest naming only files in it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-addin-package-'));
    dirs.push(dir);
    const written = await packageAddin('https://addin.example.com/shed', dir);
    expect(written.checked).toBe(true);
    const manifest = await readFile(join(dir, 'manifest.xml'), 'utf8');
    const urls = [...manifest.matchAll(/DefaultValue="(https?:[^"]*)"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThanOrEqual(8);
    for (const url of urls) {
      expect(url.startsWith('https://addin.example.com/shed/'), url).toBe(true);
      expect(existsSync(join(dir, url.slice('https://addin.example.com/shed/'.length))), url).toBe(true);
    }
    expect(manifest).toContain('<SupportUrl DefaultValue="https://addin.example.com/shed/support.html"/>');
  }, 120_000);

  it('refuses a base URL Office cannot load from before building anything', async () => {
    const dir = join(tmpdir(), `shed-addin-package-none-${process.pid}`);
    await expect(packageAddin('http://addin.example.com/shed/', dir)).rejects.toThrow(
      'Office loads add-ins over https only',
    );
    expect(existsSync(dir)).toBe(false);
  });
});
