import { execFile } from 'node:child_process';
import { access, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  DEV_BASE_URL,
  ManifestUrlError,
  normaliseBaseUrl,
  rewriteManifestBaseUrl,
} from '../../../addin/manifest/manifest-url.ts';
import { findManifestSchemas, validateManifest } from '../../../addin/manifest/validate-manifest.ts';

const run = promisify(execFile);
const manifest = await readFile('manifest.xml', 'utf8');
// The schemas live in the team kit, not in the repository: without it, the checks against them are skipped.
const schemas = findManifestSchemas();
if (!schemas.present) console.warn(`manifest schema checks skipped: the schemas are absent, ${schemas.missing}`);

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ManifestUrlError);
    return (error as ManifestUrlError).code;
  }
  return undefined;
}

describe('normaliseBaseUrl', () => {
  it('adds the trailing slash and keeps a path', () => {
    expect(normaliseBaseUrl('https://addin.example.com/shed')).toBe('https://addin.example.com/shed/');
    expect(normaliseBaseUrl('  https://addin.example.com  ')).toBe('https://addin.example.com/');
    expect(normaliseBaseUrl('https://addin.example.com:8443/a/b/')).toBe('https://addin.example.com:8443/a/b/');
  });

  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['addin.example.com/shed', 'no scheme'],
    ['/shed/', 'relative'],
    ['http://addin.example.com/', 'http'],
    ['ftp://addin.example.com/', 'ftp'],
    ['https://addin.example.com/?v=1', 'query'],
    ['https://addin.example.com/?', 'empty query'],
    ['https://addin.example.com/#x', 'fragment'],
    ['https://user:secret@addin.example.com/', 'credentials'],
  ])('refuses %j (%s)', (text) => {
    expect(codeOf(() => normaliseBaseUrl(text))).toBe('invalid_addin_base_url');
  });

  it('says what was expected', () => {
    expect(() => normaliseBaseUrl('http://x.example/')).toThrow(/https only.*https:\/\/addin\.example\.com/);
  });
});

describe('rewriteManifestBaseUrl', () => {
  const rewritten = rewriteManifestBaseUrl(manifest, 'https://prod.example.net/shed');

  it('rebases every URL attribute and leaves no development URL in one', () => {
    const before = [...manifest.matchAll(/DefaultValue="https:\/\/localhost:3000\/([^"]*)"/g)].map((m) => m[1]);
    const after = [...rewritten.matchAll(/DefaultValue="https:\/\/prod\.example\.net\/shed\/([^"]*)"/g)].map(
      (m) => m[1],
    );
    expect(before.length).toBeGreaterThan(0);
    expect(after).toEqual(before);
    expect(rewritten).not.toMatch(/="https:\/\/localhost:3000/);
    expect(rewritten).toContain('<SourceLocation DefaultValue="https://prod.example.net/shed/taskpane.html"/>');
  });

  it('leaves the documenting comment and everything else as written', () => {
    expect(rewritten).toContain(`Every URL points at the development server, ${DEV_BASE_URL}.`);
    expect(rewritten.replaceAll('https://prod.example.net/shed/', DEV_BASE_URL)).toBe(manifest);
  });

  it('escapes an ampersand in the path for XML', () => {
    const xml = rewriteManifestBaseUrl(manifest, 'https://addin.example.com/a&b/');
    expect(xml).toContain('DefaultValue="https://addin.example.com/a&amp;b/taskpane.html"');
  });

  it.skipIf(!schemas.present)('gives manifests that still validate, with an ampersand in the path too', async () => {
    expect((await validateManifest(rewritten)).valid).toBe(true);
    expect((await validateManifest(rewriteManifestBaseUrl(manifest, 'https://addin.example.com/a&b/'))).valid).toBe(
      true,
    );
  });

  it('refuses a manifest already rewritten, and a bad base URL', () => {
    expect(codeOf(() => rewriteManifestBaseUrl(rewritten, 'https://other.example.com/'))).toBe(
      'manifest_without_dev_url',
    );
    expect(codeOf(() => rewriteManifestBaseUrl(manifest, 'http://addin.example.com/'))).toBe('invalid_addin_base_url');
  });
});

describe('write-manifest CLI', () => {
  const cli = ['tsx', 'addin/manifest/write-manifest.ts'];

  it.skipIf(!schemas.present)('writes the rebased, valid manifest from ADDIN_BASE_URL', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'shed-manifest-')), 'dist', 'manifest.xml');
    const { stdout, stderr } = await run('npx', [...cli, '--out', out], {
      env: { ...process.env, ADDIN_BASE_URL: 'https://addin.example.com/shed/' },
    });
    expect(stdout).toContain('Wrote');
    expect(stderr).not.toContain('NOT checked');
    const xml = await readFile(out, 'utf8');
    expect(xml).toContain('<SourceLocation DefaultValue="https://addin.example.com/shed/taskpane.html"/>');
    expect((await validateManifest(xml)).valid).toBe(true);
  });

  it('without the schemas, still writes the manifest and says plainly it was NOT checked against them', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'shed-manifest-')), 'manifest.xml');
    const { stdout, stderr } = await run('npx', [...cli, '--out', out], {
      env: { ...process.env, ADDIN_BASE_URL: 'https://addin.example.com/shed/', SHED_KIT_DIR: '/nonexistent/kit' },
    });
    expect(stdout).toContain(`Wrote ${out}`);
    expect(stderr.trim()).toBe(
      `${out} was NOT checked against the add-in manifest schemas: they are absent, no /nonexistent/kit/office-manifest-xsd/OfficeAppManifestV1_1.xsd ` +
        '(the team kit is looked for at SHED_KIT_DIR=/nonexistent/kit; set SHED_KIT_DIR to its folder).',
    );
    expect(await readFile(out, 'utf8')).toContain(
      '<SourceLocation DefaultValue="https://addin.example.com/shed/taskpane.html"/>',
    );
  });

  it('lets --base-url beat the environment', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'shed-manifest-')), 'manifest.xml');
    await run('npx', [...cli, '--out', out, '--base-url', 'https://flag.example.com/'], {
      env: { ...process.env, ADDIN_BASE_URL: 'https://env.example.com/' },
    });
    expect(await readFile(out, 'utf8')).toContain('https://flag.example.com/taskpane.html');
  });

  it.each([
    [{}, /Set ADDIN_BASE_URL/],
    [{ ADDIN_BASE_URL: 'http://addin.example.com/' }, /https only/],
  ])('exits 2 and writes nothing for %j', async (extra, message) => {
    const out = join(await mkdtemp(join(tmpdir(), 'shed-manifest-')), 'manifest.xml');
    const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
    if (!('ADDIN_BASE_URL' in extra)) delete env.ADDIN_BASE_URL;
    const failure = await run('npx', [...cli, '--out', out], { env }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toMatch(message);
    await expect(access(out)).rejects.toThrow();
  });
});
