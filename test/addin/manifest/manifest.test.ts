import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DEV_BASE_URL } from '../../../addin/manifest/manifest-url.ts';
import { findManifestSchemas, validateManifest } from '../../../addin/manifest/validate-manifest.ts';

const run = promisify(execFile);
const manifest = await readFile('manifest.xml', 'utf8');
// The schemas are public material kept in the team kit, not in the repository: without the kit the
// tests that need them are skipped, and this one line says what is missing and where.
const schemas = findManifestSchemas();
if (!schemas.present) console.warn(`manifest schema tests skipped: the schemas are absent, ${schemas.missing}`);

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe.skipIf(!schemas.present)('manifest.xml against the add-in manifest schemas (offline, xmllint-wasm)', () => {
  it('is valid', async () => {
    const outcome = await validateManifest(manifest);
    expect(outcome.errors).toEqual([]);
    expect(outcome.valid).toBe(true);
  });

  it('fails without a required element (Permissions)', async () => {
    const broken = manifest.replace(/\s*<Permissions>ReadWriteDocument<\/Permissions>/, '');
    expect(broken).not.toBe(manifest);
    const outcome = await validateManifest(broken);
    expect(outcome.valid).toBe(false);
    expect(outcome.errors.join('\n')).toMatch(/VersionOverrides|Permissions/);
  });

  it('fails without the Id', async () => {
    const outcome = await validateManifest(manifest.replace(/<Id>[^<]*<\/Id>/, ''));
    expect(outcome.valid).toBe(false);
  });

  it('fails on a permission the schema does not know', async () => {
    const outcome = await validateManifest(manifest.replace('>ReadWriteDocument<', '>ReadWriteEverything<'));
    expect(outcome.valid).toBe(false);
    expect(outcome.errors.join('\n')).toContain('ReadWriteEverything');
  });

  it('fails on a malformed Id (not a GUID) and on a bad version number', async () => {
    expect((await validateManifest(manifest.replace(/<Id>[^<]*<\/Id>/, '<Id>shed-sheets</Id>'))).valid).toBe(false);
    expect((await validateManifest(manifest.replace(/<Version>[^<]*</, '<Version>one<'))).valid).toBe(false);
  });

  it('fails on a button without its action, and on elements out of order', async () => {
    const noAction = manifest.replace(/<Action xsi:type="ShowTaskpane">[\s\S]*?<\/Action>/, '');
    expect((await validateManifest(noAction)).valid).toBe(false);
    const swapped = manifest.replace(
      /(\s*<DefaultSettings>[\s\S]*?<\/DefaultSettings>)(\s*<Permissions>[^<]*<\/Permissions>)/,
      '$2$1',
    );
    expect(swapped).not.toBe(manifest);
    expect((await validateManifest(swapped)).valid).toBe(false);
  });

  it('fails on XML that is not well-formed, naming the line', async () => {
    const outcome = await validateManifest(manifest.replace('</DefaultSettings>', '</DefaultSetting>'));
    expect(outcome.valid).toBe(false);
    expect(outcome.errors.some((e) => /^\d+: /.test(e))).toBe(true);
  });

  it('keeps the schemas with their provenance note', async () => {
    const note = await readFile(join(schemas.dir, 'README.md'), 'utf8');
    expect(note).toContain('OfficeDev/office-js-docs-pr');
    expect(note).toContain('CC BY 4.0');
  });
});

describe('manifest.xml', () => {
  it('is an Excel task pane add-in with ReadWriteDocument and ExcelApi 1.8', () => {
    expect(manifest).toMatch(/<OfficeApp[^>]*xsi:type="TaskPaneApp"/);
    expect(manifest).toMatch(/<Hosts>\s*<Host Name="Workbook"\/>\s*<\/Hosts>/);
    expect(manifest).toContain('<Permissions>ReadWriteDocument</Permissions>');
    expect(manifest).toContain('<Set Name="ExcelApi" MinVersion="1.8"/>');
    expect(manifest).toContain(`<SourceLocation DefaultValue="${DEV_BASE_URL}taskpane.html"/>`);
    expect(manifest).toMatch(/<Action xsi:type="ShowTaskpane">[\s\S]*<SourceLocation resid="Shed.Taskpane.Url"\/>/);
  });

  it("has what the store's review checks first: a support page, and Get Started with a Learn more link", async () => {
    expect(manifest).toContain(`<SupportUrl DefaultValue="${DEV_BASE_URL}support.html"/>`);
    expect(manifest).toMatch(
      /<GetStarted>\s*<Title resid="[^"]+"\/>\s*<Description resid="[^"]+"\/>\s*<LearnMoreUrl resid="Shed.Support.Url"\/>/,
    );
    expect(manifest).toContain(`<bt:Url id="Shed.Support.Url" DefaultValue="${DEV_BASE_URL}support.html"/>`);
    // The page the manifest names is one the build serves.
    expect(await readFile('addin/taskpane/support.html', 'utf8')).toContain('Signing in and out');
  });

  it('points every URL at the development server, and every resid at a resource', () => {
    const urls = [...manifest.matchAll(/DefaultValue="(https?:[^"]*)"/g)].map((m) => m[1]);
    expect(urls.length).toBeGreaterThanOrEqual(6);
    for (const url of urls) expect(url?.startsWith(DEV_BASE_URL)).toBe(true);
    const ids = new Set([...manifest.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
    for (const [, resid] of manifest.matchAll(/resid="([^"]+)"/g)) expect(ids.has(resid)).toBe(true);
  });

  it('names icons that exist in addin/assets as PNGs of the stated size', async () => {
    const icons = [...manifest.matchAll(/assets\/icon-(\d+)\.png/g)].map((m) => Number(m[1]));
    expect(new Set(icons)).toEqual(new Set([16, 32, 64, 80]));
    for (const size of [16, 32, 64, 80]) {
      expect(pngSize(await readFile(`addin/assets/icon-${size}.png`))).toEqual({ width: size, height: size });
    }
    // The bt:Image size attribute must match the file it names.
    for (const [, size, id] of manifest.matchAll(/<bt:Image size="(\d+)" resid="([^"]+)"\/>/g)) {
      expect(manifest).toContain(`<bt:Image id="${id}" DefaultValue="${DEV_BASE_URL}assets/icon-${size}.png"/>`);
    }
  });
});

describe('validate-manifest CLI', () => {
  it.skipIf(!schemas.present)('exits 0 for manifest.xml and 1 for a broken copy, naming the problem', async () => {
    const ok = await run('npx', ['tsx', 'addin/manifest/validate-manifest.ts', 'manifest.xml']);
    expect(ok.stdout).toContain('is valid');
    const dir = await mkdtemp(join(tmpdir(), 'shed-manifest-'));
    const file = join(dir, 'broken.xml');
    await writeFile(file, manifest.replace(/<DisplayName [^>]*\/>/, ''));
    const failed = await run('npx', ['tsx', 'addin/manifest/validate-manifest.ts', file]).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(/not a valid add-in manifest[\s\S]*Description|DisplayName/);
  });

  it('exits 2 without the schemas, saying plainly that the manifest was NOT checked and where they were looked for', async () => {
    const failed = await run('npx', ['tsx', 'addin/manifest/validate-manifest.ts', 'manifest.xml'], {
      env: { ...process.env, SHED_KIT_DIR: '/nonexistent/kit' },
    }).then(
      () => null,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failed?.code).toBe(2);
    expect(failed?.stdout).toBe('');
    expect(failed?.stderr.trim()).toBe(
      'manifest.xml was NOT checked against the add-in manifest schemas: they are absent, no /nonexistent/kit/office-manifest-xsd/OfficeAppManifestV1_1.xsd ' +
        '(the team kit is looked for at SHED_KIT_DIR=/nonexistent/kit; set SHED_KIT_DIR to its folder).',
    );
  });
});
